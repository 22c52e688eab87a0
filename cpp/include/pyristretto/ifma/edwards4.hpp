// One edwards25519 point in four 256-bit lanes (field4.hpp): the parallel form of edwards8.hpp's group law, where
// the four products of each step of Hisil-Wong-Carter-Dawson (a = -1) run as one four-lane product:
//   Point4  lanes (X, Y, Z, T)
//   Cached4 lanes (Y - X, Y + X, 2d T, 2Z), up to a common factor (to_cached4's is 121666): the second operand of
//           an addition.
// Doubling: (X, Y, Z, X + Y)^2 = (xx, yy, zz, s), then cy = yy + xx, cz = yy - xx, cx = s - cy, ct = 2 zz - cz and
// (cx, cy, cz, cx) * (ct, cz, ct, cy): 1 four-lane square + 1 four-lane product (the serial code: 4S + 4M). The
// square is left wide (field4.hpp) and the four sums are one carried step (dbl4_terms); in mul_by_pow2_4 the
// product of every doubling but the last is left wide too (the next doubling's first sums carry it).
// Addition: (Y1 - X1, Y1 + X1, T1, Z1) * Cached4 = (A, B, C, D), then e = B - A, h = B + A, f = D - C, g = D + C
// and (e, h, g, e) * (f, g, f, h): 2 four-lane products (serial: 8M, edwards8.hpp's add_from_terms). The first
// product is left wide and carried once, after the sums (addsub4_wide).
// Every lane move is a permute, an in-half shuffle or a blend with an immediate; constant-time.
#pragma once
#include "pyristretto/edwards.hpp"
#include "pyristretto/ifma/field4.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

struct Point4 {
    F4 c;
};
struct Cached4 {
    F4 c;
};

PYR_IFMA_INLINE Point4 load_point4(const EdwardsPoint& p) { return Point4{lanes4(p.X, p.Y, p.Z, p.T)}; }

PYR_IFMA_INLINE EdwardsPoint store_point4(const Point4& p) {
    EdwardsPoint r;
    unlanes4(p.c, r.X, r.Y, r.Z, r.T);
    return r;
}

PYR_IFMA_INLINE Point4 identity4() { return load_point4(EdwardsPoint::identity()); }

PYR_IFMA_INLINE Cached4 cached_identity4() {
    const FieldElement one = FieldElement::one();
    return Cached4{lanes4(one, one, FieldElement::zero(), one + one)};
}

// The doubling's (cx, cy, cz, ct) = (s - yy - xx, yy + xx, yy - xx, 2 zz - yy + xx) from v = (xx, yy, zz, s) with
// limbs < WIDE_P_0 (square4_wide's), in one carried sum: (s, 0, 0, 2 zz) + (-xx, xx, -xx, xx) + (-yy, yy, yy, -yy),
// each -t as 2^10 p - t (field4.hpp's WIDE_P): at most four terms < 2^61 each, < 2^63.
PYR_IFMA_INLINE F4 dbl4_terms(const F4& v) {
    // Constant expressions even unoptimised (-O0 builds the intrinsics as macros).
    constexpr int s_s_s_zz = 3 | (3 << 2) | (3 << 4) | (2 << 6), lane0 = blend_imm(0x1), lane3 = blend_imm(0x8),
                  lanes02 = blend_imm(0x5), lanes03 = blend_imm(0x9);
    __m256i w[5];
    _Pragma("GCC unroll 10") for (int i = 0; i < 5; ++i) {
        const __m256i pk = splat4(i == 0 ? WIDE_P_0 : WIDE_P_N), zi = _mm256_setzero_si256();
        const __m256i g = _mm256_permute4x64_epi64(v.v[i], s_s_s_zz);  // (s, s, s, zz)
        // (s, 0, 0, 2 zz)
        const __m256i a = _mm256_blend_epi32(_mm256_blend_epi32(zi, _mm256_add_epi64(g, g), lane3), g, lane0);
        const __m256i xx = _mm256_permute4x64_epi64(v.v[i], 0), yy = _mm256_permute4x64_epi64(v.v[i], 0x55);
        const __m256i sx = _mm256_blend_epi32(xx, _mm256_sub_epi64(pk, xx), lanes02);  // (-xx, xx, -xx, xx)
        const __m256i sy = _mm256_blend_epi32(yy, _mm256_sub_epi64(pk, yy), lanes03);  // (-yy, yy, yy, -yy)
        w[i] = _mm256_add_epi64(a, _mm256_add_epi64(sx, sy));
    }
    return carry4(w);
}

// 2P on coordinates with limbs < WIDE4_BOUND (a Point4's, or this function's wide result): (X, Y, Z, X + Y) sums
// < 2^61.1, carried; the result carried (a Point4's limbs) or, WideOut, left wide for the next doubling.
template <bool WideOut>
PYR_IFMA_INLINE F4 dbl4_lanes(const F4& c) {
    // (X, Y, Z, X) + (0, 0, 0, Y)
    const F4 in = add4(perm4<0, 1, 2, 0>(c), blend4<0x8>(zero4(), perm4<1, 1, 1, 1>(c)));
    const F4 w = dbl4_terms(square4_wide(in));  // square4_wide: (xx, yy, zz, s), not carried
    const F4 l = perm4<0, 1, 2, 0>(w), r = perm4<3, 2, 3, 1>(w);
    return WideOut ? mul4_wide(l, r) : mul4(l, r);
}

// 2P, T included (the four-lane product computes it anyway).
PYR_IFMA_INLINE Point4 dbl4(const Point4& p) { return Point4{dbl4_lanes<false>(p.c)}; }

// 2^k P (k public; P itself when k = 0): the doublings between the first and the last pass wide coordinates (one
// carry round fewer each).
PYR_IFMA_INLINE Point4 mul_by_pow2_4(const Point4& p, unsigned k) {
    if (k == 0) return p;
    F4 c = p.c;
    for (unsigned i = 1; i < k; ++i) c = dbl4_lanes<true>(c);
    return Point4{dbl4_lanes<false>(c)};
}

PYR_IFMA_INLINE Point4 add4(const Point4& p, const Cached4& q) {
    // (Y, X, T, Z) -+ (X, Y, 0, 0): lane 0 subtracts -> (Y - X, Y + X, T, Z)
    const F4 l = addsub4<0x1>(shuf4<1, 0, 3, 2>(p.c), blend4<0xc>(p.c, zero4()));
    const F4 m = mul4_wide(l, q.c);                                              // (A, B, C, D), not carried
    const F4 u = addsub4_wide<0x5>(shuf4<1, 1, 3, 3>(m), shuf4<0, 0, 2, 2>(m));  // (e, h, f, g)
    return Point4{mul4(perm4<0, 1, 3, 0>(u), perm4<2, 3, 2, 1>(u))};
}

// 121666 (Y - X, Y + X, 2d T, 2Z): d = -121665/121666, so the factor makes every constant small, (121666, 121666,
// 243330, 121666) times (Y - X, Y + X, -T, 2Z), and mul_small4 costs about a third of a four-lane product (dalek's
// vector backends scale their cached points the same way). An addition's result is then 121666^2 times the sum's
// coordinates: the same projective point. Entries scaled and unscaled (cached_identity4, msm_table.cpp's) mix freely.
PYR_IFMA_INLINE Cached4 to_cached4(const Point4& p) {
    const F4 swapped = shuf4<1, 0, 3, 2>(p.c);  // (Y, X, T, Z)
    // (Y, X, 0, Z) -+ (X, Y, T, Z): lanes 0 and 2 subtract
    const F4 l = addsub4<0x5>(blend4<0x4>(swapped, zero4()), blend4<0xc>(p.c, swapped));
    return Cached4{mul_small4(l, _mm256_setr_epi64x(121666, 121666, 243330, 121666))};
}

// -Q = (Y + X, Y - X, -2d T, 2Z): the first two lanes swapped, the third as 2p - 2d T, with no carry round. A
// Cached4's limbs are at most 2p's (2^52 - 38 for limb 0, 2^52 - 2 for the others: carried limbs are below 2^51 +
// 19 * 2^13), so 2p - t lies in [0, 2^52), a product's operand, and at most 2p's again (-(-Q) included).
PYR_IFMA_INLINE Cached4 neg4(const Cached4& q) {
    const F4 s = perm4<1, 0, 2, 3>(q.c);
    Cached4 r;
    _Pragma("GCC unroll 10") for (int i = 0; i < 5; ++i)  // lane 2 only
        r.c.v[i] = _mm256_mask_sub_epi64(s.v[i], 0x4, splat4(i == 0 ? detail::TWO_P_0 : detail::TWO_P_N), s.v[i]);
    return r;
}

// -Q in the lanes where bit j of mask (derived from a secret; all four bits or none) is set, else Q; no branch.
PYR_IFMA_INLINE Cached4 conditional_neg4(__mmask8 mask, const Cached4& q) {
    return Cached4{select4(mask, q.c, neg4(q).c)};
}

}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
