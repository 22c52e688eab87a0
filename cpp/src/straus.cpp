// Straus (interleaved) multiplication: constant-time with signed radix-16 digits, variable-time with width-5
// NAF digits; and the single-point constant-time multiplication, which is the one-point case of the former.
#include <sodium.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "pyristretto/avx2/straus.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/ifma/scalar_mul.hpp"
#include "pyristretto/ifma/straus.hpp"
#include "pyristretto/ifma/straus_vartime.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scalar_mul.hpp"

namespace pyristretto {

namespace {

// Constant-time Straus works on blocks of this many points (tables: 8 * 120 bytes per point, ~480 KiB).
constexpr size_t kCtBlock = 512;
// Its tables go to affine Niels form this many points at a time, with one inversion each (about 1% of a full chunk's
// work), from kCtAffineFrom points a block: below, the inversion costs more than the form saves, and the tables stay
// in cached form (portable, one thread, through Python, with the affine form at every size: 1 point 24.9 -> 26.9 us,
// 2 points 32.4 -> 34.2, 4 the same within 1%; with this switch: 1-7 points the same within 1%, 8 points 78.6 ->
// 76.0, 16 140.8 -> 133.1, 128 1015 -> 986).
constexpr size_t kCtAffineChunk = 32;
constexpr size_t kCtAffineFrom = 8;

constexpr unsigned kNafWidth = 5;
constexpr unsigned kNafTable = 1u << (kNafWidth - 2);  // P, 3P, ..., 15P

// t[j - 1] = j * p, j = 1..8: 3 additions and 4 doublings.
void multiples_1_to_8(const EdwardsPoint& p, EdwardsPoint t[8]) noexcept {
    const CachedPoint c1 = p.to_cached();
    t[0] = p;
    t[1] = p.dbl();
    t[2] = t[1] + c1;
    t[3] = t[1].dbl();
    t[4] = t[3] + c1;
    t[5] = t[2].dbl();
    t[6] = t[5] + c1;
    t[7] = t[3].dbl();
}

// t[j] = j * p in cached form, j = 0..8.
void multiples_0_to_8(const EdwardsPoint& p, CachedPoint t[9]) noexcept {
    EdwardsPoint m[8];
    multiples_1_to_8(p, m);
    t[0] = CachedPoint::identity();
    for (int j = 0; j < 8; ++j) t[j + 1] = m[j].to_cached();
}

// d * P for a secret signed digit d in [-8, 8], with t = multiples_0_to_8(P): the whole table is read and the
// sign applied by a conditional negation, so neither the address nor a branch depends on d.
CachedPoint signed_multiple(const CachedPoint t[9], int8_t d) noexcept {
    uint32_t abs;
    uint8_t negative;
    ct::split_digit(d, abs, negative);
    CachedPoint r = ct::select(t, 9, abs);
    r.conditional_negate(negative);
    return r;
}

}  // namespace

bool point_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) noexcept {
    EdwardsPoint P;
    if (!ristretto_decode(P, p)) return false;
    ristretto_encode(out, point_mul_decoded(s, P));
    return true;
}

EdwardsPoint point_mul_decoded(const uint8_t s[32], const EdwardsPoint& P) noexcept {
    // The same algorithm on the four-lane IFMA formulas (ifma/scalar_mul.cpp): 35.1 -> 12.7 us per call.
    if (backend() == Backend::Ifma) return ifma::mul_ct_one(s, P);
    if (backend() == Backend::Avx2) return avx2::point_mul(s, P);  // one point's coordinates in the four lanes
    CachedPoint table[9];
    multiples_0_to_8(P, table);
    int8_t digits[64];  // secret: wiped below
    signed_radix16(s, digits);
    // acc = 16 (acc + d_k P) from the top digit down, the sum feeding the doublings without its T (as dalek's
    // variable-base multiplication does), and d_0 P added last.
    EdwardsPoint acc = EdwardsPoint::identity();
    for (int k = 63; k >= 1; --k) acc = acc.add_mul_by_pow2(signed_multiple(table, digits[k]), 4);
    acc = acc + signed_multiple(table, digits[0]);
    sodium_memzero(digits, sizeof digits);
    return acc;
}

EdwardsPoint Straus::mul_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    // On IFMA, up to ifma::kOneAccumulatorMax points one point on four lanes with one accumulator (the doublings
    // shared; 0.88x the eight lanes at n = 64, 0.95x at 128), and the eight-lane constant-time Straus from there (the
    // two are within 1-2% of each other from 256 to 512 points). Their constant-time property is checked by
    // tests/test_constant_time.py on the emulated build (ifma/emulate.hpp), their results by test_ifma.cpp. n is
    // public.
    if (backend() == Backend::Ifma)
        return n <= ifma::kOneAccumulatorMax ? ifma::straus_ct_one_accumulator(scalars, points, n)
                                             : ifma::straus_ct(scalars, points, n);
    if (backend() == Backend::Avx2) return avx2::straus_ct(scalars, points, n);
    if (n == 0) return EdwardsPoint::identity();
    // Blocks of at most kCtBlock points, each with its own doublings (252 per block: < 0.5 per point), so the
    // tables stay in L2 and memory stays bounded for any n.
    const size_t block = std::min(n, kCtBlock);
    // tables[8 i + j] = (j + 1) * points[i] in affine Niels form (public): an addition is 7 multiplications instead
    // of the cached form's 8, and a scan reads 8 entries of 120 bytes instead of 9 of 160. A block of fewer than
    // kCtAffineFrom points (n small, or the last block) uses cached[9 i + j] = j * points[i] instead.
    std::vector<AffineNielsPoint> tables(block < kCtAffineFrom ? 0 : 8 * block);
    std::vector<EdwardsPoint> multiples(block < kCtAffineFrom ? 0 : 8 * std::min(block, kCtAffineChunk));
    std::vector<CachedPoint> cached(9 * std::min(block, kCtAffineFrom - 1));
    const std::unique_ptr<int8_t[]> digits(new int8_t[64 * block]);  // secret: wiped below
    EdwardsPoint total = EdwardsPoint::identity();
    for (size_t first = 0; first < n; first += block) {
        const size_t m = std::min(block, n - first);  // public: which form the block's tables take
        for (size_t i = 0; i < m; ++i) signed_radix16(scalars + 32 * (first + i), &digits[64 * i]);
        EdwardsPoint acc;
        if (m < kCtAffineFrom) {
            for (size_t i = 0; i < m; ++i) multiples_0_to_8(points[first + i], &cached[9 * i]);
            acc = straus_ct_columns(digits.get(), m, [&](const EdwardsPoint& a, size_t i, int8_t d) {
                return a + signed_multiple(&cached[9 * i], d);
            });
        } else {
            for (size_t c = 0; c < m; c += kCtAffineChunk) {
                const size_t count = std::min(kCtAffineChunk, m - c);
                for (size_t i = 0; i < count; ++i) multiples_1_to_8(points[first + c + i], &multiples[8 * i]);
                batch_to_affine_niels(multiples.data(), 8 * count, &tables[8 * c]);
            }
            acc = straus_ct_columns(digits.get(), m, [&](const EdwardsPoint& a, size_t i, int8_t d) {
                return a + ct::select_signed(&tables[8 * i], 8, d);
            });
        }
        total = first == 0 ? acc : total + acc;  // branch on the public block index only
    }
    sodium_memzero(digits.get(), 64 * block);
    return total;
}

namespace {

// Variable-time Straus on blocks of this many points (NAF digits and tables: ~1.5 KiB per point, ~390 KiB),
// so a direct call on a large input stays bounded too; above the Pippenger crossover (128) msm_vartime does not
// use it, and the 256 doublings per block cost < 1 per point here.
constexpr size_t kVartimeBlock = 256;

// t[k] = (2k + 1) p, cached form.
void odd_multiples(const EdwardsPoint& p, CachedPoint* t, unsigned count) {
    const CachedPoint p2 = p.dbl().to_cached();
    EdwardsPoint q = p;
    t[0] = q.to_cached();
    for (unsigned k = 1; k < count; ++k) {
        q = q + p2;
        t[k] = q.to_cached();
    }
}

struct BasepointTable {
    CachedPoint t[kBasepointTable];  // G, 3G, ..., 127G: 10 KiB
};

const BasepointTable& basepoint_table() {
    static const BasepointTable table = [] {  // built once, thread-safe (C++11 function-local static)
        BasepointTable g;
        odd_multiples(EdwardsPoint::basepoint(), g.t, kBasepointTable);
        return g;
    }();
    return table;
}

EdwardsPoint straus_vartime_block(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    BasepointDigits g;
    const NafSchedule s = build_naf_schedule_apart_from_g(scalars, points, n, kNafWidth, g);
    const std::vector<size_t>& live = s.live;
    const size_t m = live.size();
    if (m == 0 && g.top == 0) return EdwardsPoint::identity();
    std::vector<CachedPoint> tables(kNafTable * m);  // tables[kNafTable j + k] = (2k + 1) * points[live[j]]
    for (size_t j = 0; j < m; ++j) odd_multiples(points[live[j]], &tables[kNafTable * j], kNafTable);
    const CachedPoint* gt = g.top ? basepoint_table().t : nullptr;
    // Runs of all-zero columns are crossed with doublings that skip T. A column's last addition is held back and
    // made with the doublings that follow it (add_mul_by_pow2), which skips its T too. Every marked column has a
    // digit, so an addition is held whenever doublings are owed.
    EdwardsPoint acc = EdwardsPoint::identity();
    const CachedPoint* held = nullptr;  // the true sum so far is acc + *held (acc - *held when held_negative)
    bool held_negative = false;
    const auto add_held = [&] { acc = held_negative ? acc - *held : acc + *held; };
    const auto add = [&](const CachedPoint* t, int d) {  // the sum += d t[...]: the held addition made, this one held
        if (held) add_held();
        held = &t[(d > 0 ? d : -d) >> 1];
        held_negative = d < 0;
    };
    unsigned owed = 0;  // doublings not yet applied to acc + *held
    for (size_t b = s.top; b-- > 0;) {
        if (held) ++owed;
        if (!s.column[b]) continue;
        if (owed) {
            acc = acc.add_mul_by_pow2(*held, owed, held_negative);
            held = nullptr;
            owed = 0;
        }
        for (size_t j = 0; j < m; ++j)
            if (const int d = s.digit(j, b)) add(&tables[kNafTable * j], d);
        if (g.naf[b]) add(gt, g.naf[b]);
    }
    if (held && owed) return acc.add_mul_by_pow2(*held, owed, held_negative);
    if (held) add_held();
    return acc;
}

}  // namespace

NafSchedule build_naf_schedule(const uint8_t* scalars, size_t n, unsigned width) {
    NafSchedule s;
    s.naf.resize(kNafDigits * n);
    s.live.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        int8_t* d = &s.naf[kNafDigits * s.live.size()];
        const size_t t = width_naf(scalars + 32 * i, width, d);
        if (t == 0) continue;
        for (size_t b = 0; b < t; ++b) s.column[b] |= static_cast<uint8_t>(d[b] != 0);
        s.live.push_back(i);
        s.top = std::max(s.top, t);
    }
    return s;
}

namespace {

// G as the decoder returns it from its encoding: the same Ristretto point as EdwardsPoint::basepoint(), but another
// representative (measured: other limbs, and not even projectively equal).
const EdwardsPoint& decoded_basepoint() {
    static const EdwardsPoint g = [] {
        uint8_t b[32];
        ristretto_encode(b, EdwardsPoint::basepoint());
        EdwardsPoint p;
        ristretto_decode(p, b);
        return p;
    }();
    return g;
}

// Whether p is G as a Ristretto point (public data). The limbs of X first, which differ for every other point (a
// false "no", from a G made some other way, only loses the wide table), then Ristretto equality: p may be another
// representative than the tables', which changes the sum by a 4-torsion point only, the same Ristretto point.
bool is_basepoint(const EdwardsPoint& p) {
    const EdwardsPoint& g = EdwardsPoint::basepoint();
    const bool candidate = std::memcmp(&p.X, &g.X, sizeof p.X) == 0 ||
                           std::memcmp(&p.X, &decoded_basepoint().X, sizeof p.X) == 0;
    return candidate && ristretto_ct_eq(p, g);
}

}  // namespace

NafSchedule build_naf_schedule_apart_from_g(const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                                            unsigned width, BasepointDigits& g) {
    size_t at = n;
    for (size_t i = 0; i < n && at == n; ++i)
        if (is_basepoint(points[i])) at = i;
    if (at == n) return build_naf_schedule(scalars, n, width);
    std::vector<uint8_t> copy(scalars, scalars + 32 * n);  // public scalars: G's is zeroed in a copy
    std::memset(&copy[32 * at], 0, 32);
    NafSchedule s = build_naf_schedule(copy.data(), n, width);
    g.top = width_naf(scalars + 32 * at, kBasepointNafWidth, g.naf);
    for (size_t b = 0; b < g.top; ++b) s.column[b] |= static_cast<uint8_t>(g.naf[b] != 0);
    s.top = std::max(s.top, g.top);
    return s;
}

EdwardsPoint Straus::mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    if (backend() == Backend::Ifma) return ifma::straus_vartime4(scalars, points, n);  // one point on four lanes
    if (backend() == Backend::Avx2) return avx2::straus_vartime(scalars, points, n);
    return sum_of_blocks(n, kVartimeBlock, [&](size_t first, size_t m) {
        return straus_vartime_block(scalars + 32 * first, points + first, m);
    });
}

}  // namespace pyristretto
