// Constant-time Straus on the IFMA backend: the points are dealt to the eight lanes (point i to lane i mod 8), each
// lane keeps its own accumulator with its own doublings, and every step of the portable loop (straus.cpp: signed
// radix-16 digits, tables 0P..8P, 4 doublings per digit) runs on eight points at once. The doublings are no
// longer shared by all points but by the eight lanes (252 eight-lane doublings per block, as the portable code has
// 252 one-point ones); the additions, 64 per point, run eight at a time. The lanes are summed at the end.
#include <sodium.h>

#include <algorithm>
#include <memory>

#include "pyristretto/ifma/edwards8.hpp"
#include "pyristretto/ifma/straus.hpp"
#include "pyristretto/scalar.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

// A group of eight costs the same however many of its lanes are used: one point is a draw with the portable
// multiplication, a last group pays from 2 (docs/backends.md).
const size_t kScaleMin = 2;

namespace {

// Points per block, as the portable kCtBlock: tables of 8 Cached8 (10 KiB) per eight points, 640 KiB in all.
constexpr size_t kBlock = 512;
// Entries of a group's table: 1P..8P.
constexpr size_t kEntries = 8;

// The group law out of line for multiples_1_to_8: inlined there, g++ kept every temporary of all seven operations
// in one 15 KB frame, which with straus_ct's overflowed a 32 KiB thread stack (MSMTable.msm in a Python thread
// started after threading.stack_size(32768): tests/test_threads.py). Seven calls per eight points cost nothing.
PYR_IFMA_FN __attribute__((noinline)) void doubled(const Point8& p, Point8& out, Cached8& out_cached) {
    out = dbl(p, true);
    out_cached = to_cached(out);
}
PYR_IFMA_FN __attribute__((noinline)) void added(const Point8& p, const Cached8& q, Point8& out, Cached8& out_cached) {
    out = add(p, q);
    out_cached = to_cached(out);
}

// t[j - 1] = j P on every lane, j = 1..8: 3 additions and 4 doublings (as straus.cpp). No entry for 0: select_signed
// starts from the identity in registers, which saves a ninth of its reads (the tables of a large call sit in L2).
PYR_IFMA_FN void multiples_1_to_8(const Point8& p, Cached8 t[kEntries]) {
    Point8 p2, p3, p4, other;
    t[0] = to_cached(p);
    doubled(p, p2, t[1]);
    added(p2, t[0], p3, t[2]);
    doubled(p2, p4, t[3]);
    added(p4, t[0], other, t[4]);
    doubled(p3, other, t[5]);
    added(other, t[0], other, t[6]);
    doubled(p4, other, t[7]);
}

PYR_IFMA_INLINE void blend_into(Cached8& r, __mmask8 m, const Cached8& t) {
    r.YpX = select(m, r.YpX, t.YpX);
    r.YmX = select(m, r.YmX, t.YmX);
    r.Z = select(m, r.Z, t.Z);
    r.T2d = select(m, r.T2d, t.T2d);
}

// Lane j gets d[j] * P_j from its table, d[j] in [-8, 8] secret: all eight entries are read and blended under
// compare masks over the identity (for 0), and the sign applied by blends (-Q = (Y-X, Y+X, Z, -2dT)); no branch or
// address depends on d.
PYR_IFMA_FN Cached8 select_signed(const Cached8 t[kEntries], const int8_t d[8]) {
    __mmask8 negative;
    const __m512i magnitude = digit_magnitudes(d, negative);
    Cached8 r = cached_identity8();
    for (size_t e = 1; e <= kEntries; ++e) blend_into(r, _mm512_cmpeq_epi64_mask(magnitude, splat(e)), t[e - 1]);
    return Cached8{select(negative, r.YpX, r.YmX), select(negative, r.YmX, r.YpX), r.Z,
                   select(negative, r.T2d, neg(r.T2d))};
}

// One group of up to eight points on the lanes (straus_ct, scale_ct): table[j - 1] = j * (point of each lane), and
// digits[8 k + lane] = digit k of the lane's scalar; lanes past `count` hold the identity with digit 0 (`count` is
// public). `one` is the caller's scratch for one scalar's digits, wiped by the caller like `digits`.
PYR_IFMA_FN void load_group(const EdwardsPoint* points, const uint8_t* scalars, size_t count, Cached8 table[kEntries],
                            int8_t digits[64 * 8], int8_t one[64]) {
    EdwardsPoint lanes[8];
    for (size_t j = 0; j < 8; ++j) {
        if (j < count) {
            lanes[j] = points[j];
            signed_radix16(scalars + 32 * j, one);
        } else {
            lanes[j] = EdwardsPoint::identity();
            std::fill(one, one + 64, int8_t(0));
        }
        for (size_t k = 0; k < 64; ++k) digits[8 * k + j] = one[k];
    }
    multiples_1_to_8(load_points(lanes), table);
}

}  // namespace

PYR_IFMA_FN EdwardsPoint straus_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    if (n == 0) return EdwardsPoint::identity();
    const size_t block = std::min(n, kBlock);
    const size_t max_groups = (block + 7) / 8;
    const auto table_memory = aligned_array<Cached8>(kEntries * max_groups);
    Cached8* const tables = table_memory.get();  // tables[8 g + j - 1] = j * (the eight points of group g); public
    // digits[(64 g + k) * 8 + lane]: digit k of the lane's scalar, eight lanes side by side. Secret: wiped below.
    const std::unique_ptr<int8_t[]> digits(new int8_t[64 * 8 * max_groups]);
    int8_t one[64];  // secret
    EdwardsPoint total = EdwardsPoint::identity();
    for (size_t first = 0; first < n; first += block) {
        const size_t m = std::min(block, n - first);
        const size_t groups = (m + 7) / 8;
        for (size_t g = 0; g < groups; ++g) {
            const size_t begin = first + 8 * g;
            load_group(points + begin, scalars + 32 * begin, std::min<size_t>(8, first + m - begin),
                       &tables[kEntries * g], &digits[64 * 8 * g], one);
        }
        Point8 acc = identity8();
        for (int k = 63; k >= 0; --k) {
            if (k != 63) acc = mul_by_pow2(acc, 4);
            for (size_t g = 0; g < groups; ++g)
                acc = add(acc, select_signed(&tables[kEntries * g], &digits[(64 * g + k) * 8]));
        }
        EdwardsPoint lanes[8];
        store_points(acc, lanes);
        EdwardsPoint sum = lanes[0];
        for (int j = 1; j < 8; ++j) sum = sum + lanes[j].to_cached();
        total = first == 0 ? sum : total + sum.to_cached();  // branch on the public block index only
    }
    sodium_memzero(digits.get(), 64 * 8 * max_groups);
    sodium_memzero(one, sizeof one);
    return total;
}

PYR_IFMA_FN void scale_ct(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    // Allocated before anything is written: if it throws, out (which may alias points) is untouched.
    const auto table_memory = aligned_array<Cached8>(kEntries);
    Cached8* const table = table_memory.get();  // table[j - 1] = j * (the group's eight points); public
    int8_t digits[64 * 8];  // digits[8 k + lane]: digit k of the lane's scalar. Secret: wiped below.
    int8_t one[64];         // secret
    for (size_t first = 0; first < n; first += 8) {
        const size_t m = std::min<size_t>(8, n - first);
        load_group(points + first, scalars + 32 * first, m, table, digits, one);
        Point8 acc = identity8();
        for (int k = 63; k >= 0; --k) {
            if (k != 63) acc = mul_by_pow2(acc, 4);
            acc = add(acc, select_signed(table, &digits[8 * k]));
        }
        EdwardsPoint lanes[8];
        store_points(acc, lanes);  // the group's points were read by load_group: out may alias them
        std::copy(lanes, lanes + m, out + first);
    }
    sodium_memzero(digits, sizeof digits);
    sodium_memzero(one, sizeof one);
}

}  // namespace ifma
}  // namespace pyristretto

#else

#include <cstdlib>

namespace pyristretto {
namespace ifma {
EdwardsPoint straus_ct(const uint8_t*, const EdwardsPoint*, size_t) { std::abort(); }
const size_t kScaleMin = 0;
void scale_ct(EdwardsPoint*, const uint8_t*, const EdwardsPoint*, size_t) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
