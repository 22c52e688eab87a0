// Lane-wise exponentiation and SQRT_RATIO_M1 on the four-lane AVX2 field (field4.hpp), for the batch decode, encode
// and one-way map (avx2/batch.cpp). Internal: included by cpp/src/avx2/ only.
//
// G groups of four elements go through the chains side by side (F4G): a single four-lane squaring chain waits on
// each product's latency, two independent ones fill the pipeline (measured in avx2/batch.cpp).
// The sign and equality tests are the portable code's (FieldElement::is_negative / ct_eq) lane by lane: they cost a
// few percent of a square root and give the portable results exactly. Lane masks are all ones (true) or zero per
// 64-bit slot; nothing branches on lane values.
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

PYR_AVX2_FN inline unsigned is_negative_bits(const F4& x) {  // x reduced
    FieldElement l[4];
    to_lanes(x, l);
    return l[0].is_negative() | l[1].is_negative() << 1 | l[2].is_negative() << 2 | l[3].is_negative() << 3;
}

PYR_AVX2_FN inline unsigned is_zero_bits(const F4& x) {  // x reduced
    FieldElement l[4];
    to_lanes(x, l);
    return l[0].is_zero() | l[1].is_zero() << 1 | l[2].is_zero() << 2 | l[3].is_zero() << 3;
}

// |x| (the non-negative one of x, -x), reduced; x reduced.
PYR_AVX2_FN inline F4 abs(const F4& x) {
    return weak_reduce(select(x, neg(x), lane_mask(is_negative_bits(x))));
}

// -|x|, reduced; x reduced.
PYR_AVX2_FN inline F4 neg_abs(const F4& x) {
    return weak_reduce(select(neg(x), x, lane_mask(is_negative_bits(x))));
}

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
    F4G<G> t0 = pow2k(x, 1);                    // x^2
    F4G<G> t1 = mul(pow2k(t0, 2), x);           // x^9
    t0 = mul(t0, t1);                           // x^11
    t1 = mul(t1, pow2k(t0, 1));                 // 2^5 - 1
    F4G<G> t2 = mul(pow2k(t1, 5), t1);          // 2^10 - 1
    F4G<G> t3 = mul(pow2k(t2, 10), t2);         // 2^20 - 1
    t3 = mul(pow2k(t3, 20), t3);                // 2^40 - 1
    t2 = mul(pow2k(t3, 10), t2);                // 2^50 - 1
    t3 = mul(pow2k(t2, 50), t2);                // 2^100 - 1
    t3 = mul(pow2k(t3, 100), t3);               // 2^200 - 1
    t3 = mul(pow2k(t3, 50), t2);                // 2^250 - 1
    return mul(pow2k(t3, 2), x);                // 2^252 - 3
}

// RFC 9496 SQRT_RATIO_M1 lane by lane, the case analysis of FieldElement::sqrt_ratio_i: r (reduced, non-negative)
// and the bits of the lanes where u/v was square (group j's lanes at bits 4j..4j+3). u, v reduced.
template <int G>
PYR_AVX2_FN inline unsigned sqrt_ratio_i(const F4G<G>& u, const F4G<G>& v, F4G<G>& r) {
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
        const F4 neg_u_i = mul(neg(u.g[j]), sqrt_m1);
        FieldElement c[4], ul[4], ui[4];
        to_lanes(check, c);
        to_lanes(u.g[j], ul);
        to_lanes(neg_u_i, ui);
        unsigned correct = 0, flipped = 0, flipped_i = 0;
        for (int k = 0; k < 4; ++k) {
            correct |= static_cast<unsigned>(c[k].ct_eq(ul[k])) << k;
            flipped |= static_cast<unsigned>(c[k].ct_eq(-ul[k])) << k;
            flipped_i |= static_cast<unsigned>(c[k].ct_eq(ui[k])) << k;
        }
        rr = select(rr, mul(rr, sqrt_m1), lane_mask(flipped | flipped_i));
        r.g[j] = abs(rr);
        was_square |= (correct | flipped) << (4 * j);
    }
    return was_square;
}

}  // namespace avx2
}  // namespace pyristretto

#endif  // PYRISTRETTO_AVX2
