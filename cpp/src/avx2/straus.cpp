// Scalar multiplication on the AVX2 backend: the algorithms of straus.cpp (signed radix 16 with constant-time
// lookups, width-5 NAF for public scalars) over the four-lane point formulas of avx2/edwards4.hpp.
#include "pyristretto/avx2/straus.hpp"

#include <sodium.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "pyristretto/avx2/edwards4.hpp"
#include "pyristretto/avx2/msm_table.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {
namespace avx2 {

#if PYRISTRETTO_AVX2

namespace {

// Constant-time Straus on blocks of this many points: 9 cached points of 160 bytes each per point (360 KiB).
constexpr size_t kCtBlock = 256;
// Variable-time Straus on blocks of this many points: 8 cached points and 256 digits per point (384 KiB).
constexpr size_t kVartimeBlock = 256;

constexpr unsigned kNafWidth = 5;
constexpr unsigned kNafTable = 1u << (kNafWidth - 2);  // P, 3P, ..., 15P

// t[j] = j * p, j = 0..8 (3 additions, 4 doublings).
PYR_AVX2_FN void multiples_0_to_8(const EdwardsPoint& point, C4 t[9]) noexcept {
    const P4 p = from_point(point);
    const C4 c1 = to_cached(p);
    const P4 p2 = dbl(p), p3 = add(p2, c1), p4 = dbl(p2), p6 = dbl(p3);
    t[0] = cached_identity4();
    t[1] = c1;
    t[2] = to_cached(p2);
    t[3] = to_cached(p3);
    t[4] = to_cached(p4);
    t[5] = to_cached(add(p4, c1));
    t[6] = to_cached(p6);
    t[7] = to_cached(add(p6, c1));
    t[8] = to_cached(dbl(p4));
}

// sum d_i * points[i] for the signed radix-16 digits d_i (digits[64 i ..]) over the points' tables of 0P..8P
// (tables[9 i + j] = j points[i]), i < m: 4 doublings a digit position, shared by the points; every entry of a table
// read for each digit.
PYR_AVX2_FN EdwardsPoint straus_ct_on_tables(const C4* tables, const int8_t* digits, size_t m) {
    P4 acc = identity4();
    for (int k = 63; k >= 0; --k) {
        if (k != 63) acc = mul_by_pow2_inlined(acc, 4);
        for (size_t i = 0; i < m; ++i) acc = add_signed_multiple_inlined(acc, &tables[9 * i], digits[64 * i + k]);
    }
    return to_point(acc);
}

// t[k] = (2k + 1) p: MSMTable's kernel (avx2/msm_table.cpp), whose entries are C4s as they sit in registers.
PYR_AVX2_FN void odd_multiples(const EdwardsPoint& point, C4* t, unsigned count) noexcept {
    static_assert(sizeof(C4) == kTableEntryBytes, "a table entry is one C4");
    build_odd_multiples(&point, 1, count, reinterpret_cast<uint8_t*>(t));
}

struct BasepointTable {
    C4 t[kBasepointTable];  // G, 3G, ..., 127G (msm_algorithms.hpp): 10 KiB
};

PYR_AVX2_FN const BasepointTable& basepoint_table() {
    static const BasepointTable table = [] {  // built once, thread-safe (C++11 function-local static)
        BasepointTable g;
        odd_multiples(EdwardsPoint::basepoint(), g.t, kBasepointTable);
        return g;
    }();
    return table;
}

// acc +- t[|d| >> 1] for a nonzero public digit d: the sign picks the cached point or its negation, one inlined add.
PYR_AVX2_FN inline __attribute__((always_inline)) P4 add_digit(const P4& acc, const C4* t, int d) {
    const C4& q = t[(d > 0 ? d : -d) >> 1];
    return add_inlined(acc, d > 0 ? q : negate(q));
}

PYR_AVX2_FN EdwardsPoint straus_vartime_block(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    BasepointDigits g;
    const NafSchedule s = build_naf_schedule_apart_from_g(scalars, points, n, kNafWidth, g);
    const std::vector<size_t>& live = s.live;
    const size_t m = live.size();
    if (m == 0 && g.top == 0) return EdwardsPoint::identity();
    std::vector<C4> tables(kNafTable * m);  // tables[kNafTable j + k] = (2k + 1) * points[live[j]]
    for (size_t j = 0; j < m; ++j) odd_multiples(points[live[j]], &tables[kNafTable * j], kNafTable);
    const C4* gt = g.top ? basepoint_table().t : nullptr;
    P4 acc = identity4();
    bool started = false;
    for (size_t b = s.top; b-- > 0;) {
        if (started) acc = dbl_inlined(acc);
        if (!s.column[b]) continue;
        for (size_t j = 0; j < m; ++j)
            if (const int d = s.digit(j, b)) acc = add_digit(acc, &tables[kNafTable * j], d);
        if (g.naf[b]) acc = add_digit(acc, gt, g.naf[b]);
        started = true;
    }
    return to_point(acc);
}

}  // namespace

PYR_AVX2_FN EdwardsPoint point_mul(const uint8_t s[32], const EdwardsPoint& P) noexcept {
    C4 table[9];
    int8_t digits[64];  // secret: wiped below
    multiples_0_to_8(P, table);
    signed_radix16(s, digits);
    // straus_ct_on_tables' loop for one point, written apart: GCC compiled that loop, with its loop over the points,
    // 10-30% slower for one point (docs/backends.md).
    P4 acc = identity4();
    for (int k = 63; k >= 0; --k) {
        if (k != 63) acc = dbl_inlined(dbl_inlined(dbl_inlined(dbl_inlined(acc))));
        acc = add_signed_multiple_inlined(acc, table, digits[k]);
    }
    sodium_memzero(digits, sizeof digits);
    return to_point(acc);
}

PYR_AVX2_FN EdwardsPoint add_one(const EdwardsPoint& P, const EdwardsPoint& Q, bool subtract) noexcept {
    const C4 q = to_cached(from_point(Q));
    return to_point(add_inlined(from_point(P), subtract ? negate(q) : q));
}

EdwardsPoint straus_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    std::vector<C4> tables(9 * std::min(n, kCtBlock));  // public multiples of a block's points
    return straus_ct_blocks(scalars, n, kCtBlock, [&](size_t first, size_t m, const int8_t* digits) {
        for (size_t i = 0; i < m; ++i) multiples_0_to_8(points[first + i], &tables[9 * i]);
        return straus_ct_on_tables(tables.data(), digits, m);
    });
}

PYR_AVX2_FN void build_multiples_0_to_8(const EdwardsPoint* points, size_t n, uint8_t* tables) noexcept {
    C4* t = reinterpret_cast<C4*>(tables);
    for (size_t i = 0; i < n; ++i) multiples_0_to_8(points[i], &t[9 * i]);
}

EdwardsPoint straus_ct_tables(const uint8_t* tables, const uint8_t* scalars, size_t n) {
    const C4* t = reinterpret_cast<const C4*>(tables);
    return straus_ct_blocks(scalars, n, kCtBlock, [&](size_t first, size_t m, const int8_t* digits) {
        return straus_ct_on_tables(&t[9 * first], digits, m);
    });
}

EdwardsPoint straus_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    return sum_of_blocks(n, kVartimeBlock, [&](size_t first, size_t m) {
        return straus_vartime_block(scalars + 32 * first, points + first, m);
    });
}

#else  // no AVX2 in this build: never called (avx2_available() is false)

EdwardsPoint point_mul(const uint8_t*, const EdwardsPoint&) noexcept { return EdwardsPoint::identity(); }
EdwardsPoint add_one(const EdwardsPoint&, const EdwardsPoint&, bool) noexcept { return EdwardsPoint::identity(); }
EdwardsPoint straus_ct(const uint8_t*, const EdwardsPoint*, size_t) { return EdwardsPoint::identity(); }
EdwardsPoint straus_vartime(const uint8_t*, const EdwardsPoint*, size_t) { return EdwardsPoint::identity(); }
void build_multiples_0_to_8(const EdwardsPoint*, size_t, uint8_t*) noexcept {}
EdwardsPoint straus_ct_tables(const uint8_t*, const uint8_t*, size_t) { return EdwardsPoint::identity(); }

#endif

}  // namespace avx2
}  // namespace pyristretto
