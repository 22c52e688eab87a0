// Lane-wise exponentiation and SQRT_RATIO_M1 on the four-lane AVX2 field (field4.hpp), for the batch decode, encode
// and one-way map (avx2/batch.cpp). Internal: included by cpp/src/avx2/ only.
//
// G groups of four elements go through the chains side by side (F4G): a single four-lane squaring chain waits on
// each product's latency, two independent ones fill the pipeline (measured in avx2/batch.cpp).
// The sign and equality tests reduce the four lanes to canonical form at once (canonical_limbs). Lane masks are all
// ones (true) or zero per 64-bit slot; nothing branches on lane values.
//
// Bounds: the functions here take and return R or "W out" values (field4.hpp's table). A W out is, like an R, at
// most 2p limb by limb (so sub / neg may take it), an M (so mul / square may), and to_lanes reads it into limbs
// < 2^52; so below both count as reduced, and anything else (a sum, a difference, a negation) goes through
// weak_reduce before it is reused.
#pragma once
#include <cstdint>

#include "pyristretto/avx2/field4.hpp"

#if PYRISTRETTO_AVX2

namespace pyristretto {
namespace avx2 {

template <int G>
struct F4G {
    F4 g[G];
};

PYR_AVX2_FN inline F4 splat(const FieldElement& c) { return from_lanes(c, c, c, c); }

// Lane k all ones iff bit k of m (m from the portable 0/1 results, shifted together: no branch, no table).
PYR_AVX2_FN inline __m256i lane_mask(unsigned m) {
    const __m256i bits = _mm256_and_si256(_mm256_set1_epi64x(m), _mm256_set_epi64x(8, 4, 2, 1));
    return _mm256_cmpeq_epi64(bits, _mm256_set_epi64x(8, 4, 2, 1));
}

// The ten limbs of x mod p, fully reduced, one per 64-bit slot (x reduced): two carry passes bring every limb in
// range and the value below 2^255; then q = 1 iff value + 19 >= 2^255 (the value is >= p), and value + 19 q with
// bit 255 dropped is the canonical one. Lane-wise and branch-free (the portable to_bytes' method, on four lanes).
PYR_AVX2_FN inline void canonical_limbs(const F4& x, __m256i l[10]) {
    const __m256i low32 = _mm256_set1_epi64x(0xffffffff);
    for (int i = 0; i < 5; ++i) {
        l[2 * i] = _mm256_and_si256(x.v[i], low32);
        l[2 * i + 1] = _mm256_srli_epi64(x.v[i], 32);
    }
    for (int pass = 0; pass < 2; ++pass) {
        for (int k = 0; k < 9; ++k) {
            l[k + 1] = _mm256_add_epi64(l[k + 1], _mm256_srli_epi64(l[k], k & 1 ? 25 : 26));
            l[k] = _mm256_and_si256(l[k], _mm256_set1_epi64x(k & 1 ? (1 << 25) - 1 : (1 << 26) - 1));
        }
        l[0] = _mm256_add_epi64(l[0], times19(_mm256_srli_epi64(l[9], 25)));
        l[9] = _mm256_and_si256(l[9], _mm256_set1_epi64x((1 << 25) - 1));
    }
    __m256i q = _mm256_srli_epi64(_mm256_add_epi64(l[0], _mm256_set1_epi64x(19)), 26);
    for (int k = 1; k < 10; ++k) q = _mm256_srli_epi64(_mm256_add_epi64(l[k], q), k & 1 ? 25 : 26);
    l[0] = _mm256_add_epi64(l[0], times19(q));
    for (int k = 0; k < 9; ++k) {
        l[k + 1] = _mm256_add_epi64(l[k + 1], _mm256_srli_epi64(l[k], k & 1 ? 25 : 26));
        l[k] = _mm256_and_si256(l[k], _mm256_set1_epi64x(k & 1 ? (1 << 25) - 1 : (1 << 26) - 1));
    }
    l[9] = _mm256_and_si256(l[9], _mm256_set1_epi64x((1 << 25) - 1));  // drops 2^255
}

// The sign bits of a lane mask (lane k at bit k).
PYR_AVX2_FN inline unsigned mask_bits(__m256i m) {
    return static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(m)));
}

PYR_AVX2_FN inline __m256i is_negative_mask(const F4& x) {  // x reduced
    __m256i l[10];
    canonical_limbs(x, l);
    const __m256i one = _mm256_set1_epi64x(1);
    return _mm256_cmpeq_epi64(_mm256_and_si256(l[0], one), one);
}

PYR_AVX2_FN inline __m256i is_zero_mask(const F4& x) {  // x reduced
    __m256i l[10];
    canonical_limbs(x, l);
    __m256i acc = l[0];
    for (int k = 1; k < 10; ++k) acc = _mm256_or_si256(acc, l[k]);
    return _mm256_cmpeq_epi64(acc, _mm256_setzero_si256());
}

PYR_AVX2_FN inline unsigned is_negative_bits(const F4& x) { return mask_bits(is_negative_mask(x)); }
PYR_AVX2_FN inline unsigned is_zero_bits(const F4& x) { return mask_bits(is_zero_mask(x)); }

// a == b lane by lane (a, b reduced).
PYR_AVX2_FN inline __m256i eq_mask(const F4& a, const F4& b) { return is_zero_mask(weak_reduce(sub(a, b))); }

// |x| (the non-negative one of x, -x), reduced; x reduced.
PYR_AVX2_FN inline F4 abs(const F4& x) { return weak_reduce(select(x, neg(x), is_negative_mask(x))); }

// -|x|, reduced; x reduced.
PYR_AVX2_FN inline F4 neg_abs(const F4& x) { return weak_reduce(select(neg(x), x, is_negative_mask(x))); }

// x^(2^k), k >= 1, on every group; always inlined so the groups' squarings interleave in one loop body.
template <int G>
PYR_AVX2_FN inline __attribute__((always_inline)) F4G<G> pow2k(F4G<G> x, unsigned k) {
    for (unsigned i = 0; i < k; ++i)
        for (int j = 0; j < G; ++j) x.g[j] = square(x.g[j]);
    return x;
}

template <int G>
PYR_AVX2_FN inline __attribute__((always_inline)) F4G<G> mul(const F4G<G>& x, const F4G<G>& y) {
    F4G<G> r;
    for (int j = 0; j < G; ++j) r.g[j] = mul(x.g[j], y.g[j]);
    return r;
}

// x^((p - 5) / 8) on every lane of every group: the addition chain of FieldElement::pow_p58 (field.cpp),
// 252 squarings and 12 products.
template <int G>
PYR_AVX2_FN inline F4G<G> pow_p58(const F4G<G>& x) {
    F4G<G> t0 = pow2k(x, 1);             // x^2
    F4G<G> t1 = mul(pow2k(t0, 2), x);    // x^9
    t0 = mul(t0, t1);                    // x^11
    t1 = mul(t1, pow2k(t0, 1));          // 2^5 - 1
    F4G<G> t2 = mul(pow2k(t1, 5), t1);   // 2^10 - 1
    F4G<G> t3 = mul(pow2k(t2, 10), t2);  // 2^20 - 1
    t3 = mul(pow2k(t3, 20), t3);         // 2^40 - 1
    t2 = mul(pow2k(t3, 10), t2);         // 2^50 - 1
    t3 = mul(pow2k(t2, 50), t2);         // 2^100 - 1
    t3 = mul(pow2k(t3, 100), t3);        // 2^200 - 1
    t3 = mul(pow2k(t3, 50), t2);         // 2^250 - 1
    return mul(pow2k(t3, 2), x);         // 2^252 - 3
}

// RFC 9496 SQRT_RATIO_M1 lane by lane, the case analysis of FieldElement::sqrt_ratio_i: r (reduced, non-negative)
// and the bits of the lanes where u/v was square (group j's lanes at bits 4j..4j+3). u, v reduced.
// Never inlined: decoding, encoding and the map share one copy per group count (a call per ~250 squarings costs
// nothing measurable; three inlined copies made avx2/batch.cpp the slowest file of the core to compile, ~3x the next).
template <int G>
PYR_AVX2_FN __attribute__((noinline)) unsigned sqrt_ratio_i(const F4G<G>& u, const F4G<G>& v, F4G<G>& r) {
    const F4 sqrt_m1 = splat(constants::SQRT_M1);
    F4G<G> uv3, uv7;
    for (int j = 0; j < G; ++j) {
        const F4 v3 = mul(square(v.g[j]), v.g[j]);
        uv3.g[j] = mul(u.g[j], v3);
        uv7.g[j] = mul(u.g[j], mul(square(v3), v.g[j]));
    }
    const F4G<G> p = pow_p58(uv7);
    unsigned was_square = 0;
    for (int j = 0; j < G; ++j) {
        F4 rr = mul(uv3.g[j], p.g[j]);
        const F4 check = mul(v.g[j], square(rr));
        const __m256i correct = eq_mask(check, u.g[j]);
        const __m256i flipped = is_zero_mask(weak_reduce(add(check, u.g[j])));  // check == -u
        const __m256i flipped_i = eq_mask(check, mul(neg(u.g[j]), sqrt_m1));
        rr = select(rr, mul(rr, sqrt_m1), _mm256_or_si256(flipped, flipped_i));
        r.g[j] = abs(rr);
        was_square |= mask_bits(_mm256_or_si256(correct, flipped)) << (4 * j);
    }
    return was_square;
}

}  // namespace avx2
}  // namespace pyristretto

#endif  // PYRISTRETTO_AVX2
