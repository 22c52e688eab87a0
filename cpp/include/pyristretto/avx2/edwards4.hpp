// One Edwards point in the four lanes of an F4 (AVX2 backend, internal): the parallel extended-coordinate formulas of
// Hisil, Wong, Carter and Dawson (2008) as dalek's docs/parallel-formulas.md lays them out, lane k holding one
// coordinate, so each of the formulas' four independent products is one lane of one vector product.
//   P4  (X, Y, Z, T), an R (field4.hpp's bound classes);
//   C4  the cached form 121666 (Y - X, Y + X, 2Z, -2dT): d = -121665/121666, so the constants are small
//       (121666, 2 * 121666, 2 * 121665) and one small multiplication makes it; the common factor is projective.
//       Lane D holds -2dT, not 2dT: the addition absorbs the sign in the sums that follow its first product, and
//       making the cached form needs no negation. Lanes A to C an R, lane D an R or 2p minus an R (negations flip
//       between the two), so an M either way.
#pragma once
#include "pyristretto/avx2/field4.hpp"
#include "pyristretto/edwards.hpp"

#if PYRISTRETTO_AVX2

namespace pyristretto {
namespace avx2 {

struct P4 {
    F4 f;
};
struct C4 {
    F4 f;
};

PYR_AVX2_FN inline P4 from_point(const EdwardsPoint& p) { return P4{from_lanes(p.X, p.Y, p.Z, p.T)}; }

PYR_AVX2_FN inline EdwardsPoint to_point(const P4& p) {
    FieldElement c[4];
    to_lanes(p.f, c);
    return EdwardsPoint{c[0], c[1], c[2], c[3]};
}

PYR_AVX2_FN inline P4 identity4() {
    P4 r;
    for (int i = 0; i < F4::kVectors; ++i) r.f.v[i] = _mm256_setzero_si256();
    r.f.v[0] = _mm256_set_epi64x(0, 1, 1, 0);  // (0, 1, 1, 0) in limb 0
    return r;
}

// The linear steps between the products are written vector by vector (PYR_AVX2_PAIRS: two limbs each, 32-bit sums),
// each vector's whole chain of shuffles, blends and sums in registers. Bounds: field4.hpp's table.
// (Plain constant expressions, not the constexpr helpers: at -O0 the intrinsics are macros that need literals.)
#define PYR_AVX2_PERM(x, a, b, c, d) _mm256_permute4x64_epi64(x, (a) | (b) << 2 | (c) << 4 | (d) << 6)
#define PYR_AVX2_BLEND(x, y, lanes) /* y in lanes, x elsewhere */ \
    _mm256_blend_epi32(                                           \
        x, y,                                                     \
        ((lanes) & 1 ? 0x03 : 0) | ((lanes) & 2 ? 0x0c : 0) | ((lanes) & 4 ? 0x30 : 0) | ((lanes) & 8 ? 0xc0 : 0))

// (Y - X, Y + X, Z, T).
PYR_AVX2_FN inline F4 diff_sum_xy(const F4& p) {
    F4 r;
#define M(i)                                                                                                 \
    {                                                                                                        \
        const __m256i x = p.v[i], sw = PYR_AVX2_PERM(x, 1, 0, 3, 2); /* (Y, X, T, Z) */                      \
        r.v[i] = PYR_AVX2_BLEND(PYR_AVX2_BLEND(x, PYR_AVX2_SUB(sw, x, i), kA), _mm256_add_epi32(x, sw), kB); \
    }
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

// The cached form from diff_sum_xy(p) (the addition's first step too: a loop that needs both computes it once).
PYR_AVX2_FN inline C4 cached_from_diff_sum(const F4& d) {
    return C4{mul_small(d, 121666, 121666, 2 * 121666, 2 * 121665)};
}

PYR_AVX2_FN inline C4 to_cached(const P4& p) { return cached_from_diff_sum(diff_sum_xy(p.f)); }

PYR_AVX2_FN inline C4 cached_identity4() { return to_cached(identity4()); }

// -Q: (Y + X, Y - X, 2Z, 2dT) times the same factor.
PYR_AVX2_FN inline C4 negate(const C4& q) {
    const F4 swapped = permute<shuffle(1, 0, 2, 3)>(q.f);
    return C4{blend<kD>(swapped, neg(swapped))};
}

// choice 1: -q, choice 0: q; no branch on choice.
PYR_AVX2_FN inline C4 conditional_negate(const C4& q, uint8_t choice) {
    const __m256i mask = _mm256_set1_epi64x(-static_cast<long long>(detail::value_barrier(choice & 1)));
    return C4{select(q.f, negate(q).f, mask)};
}

// P + Q (8M, in two lane-parallel products) from d = diff_sum_xy(P): A, B, C, D = (Y1-X1)(Y2-X2), (Y1+X1)(Y2+X2),
// 2 Z1 Z2, 2d T1 T2 (times the cached factor; the product's lane D is -D); then (E, H, F, G) = (B - A, B + A, C - D,
// C + D), each lane a sum or a difference of two lanes, and (X3, Y3, Z3, T3) = (EF, GH, GF, EH).
PYR_AVX2_FN inline __attribute__((always_inline)) P4 add_to_diff_sum(const F4& d, const C4& q) {
    const F4 t = mul(d, q.f);  // (A, B, C, -D)
    F4 t0, t1;
#define M(i)                                                                                                           \
    {                                                                                                                  \
        const __m256i x = t.v[i], sw = PYR_AVX2_PERM(x, 1, 0, 3, 2); /* (B, A, -D, C) */                               \
        const __m256i r = PYR_AVX2_BLEND(PYR_AVX2_SUB(sw, x, i), _mm256_add_epi32(x, sw), kB | kC); /* (E, H, F, G) */ \
        t0.v[i] = PYR_AVX2_PERM(r, 0, 3, 3, 0);                                                     /* (E, G, G, E) */ \
        t1.v[i] = PYR_AVX2_PERM(r, 2, 1, 2, 1);                                                     /* (F, H, F, H) */ \
    }
    PYR_AVX2_PAIRS(M)
#undef M
    return P4{mul(t0, t1)};
}

PYR_AVX2_FN inline __attribute__((always_inline)) P4 add_inlined(const P4& p, const C4& q) {
    return add_to_diff_sum(diff_sum_xy(p.f), q);
}

// add and dbl as calls (GCC does not inline them: each is two products); the _inlined forms for the hot loops, where
// the point then stays in registers from one step to the next.
PYR_AVX2_FN inline P4 add(const P4& p, const C4& q) { return add_inlined(p, q); }

PYR_AVX2_FN inline P4 sub(const P4& p, const C4& q) { return add(p, negate(q)); }

// 2P (one lane-parallel square and one product): S1, S2, S3, S4 = X^2, Y^2, Z^2, (X + Y)^2; then
// (S5, S6, S8, S9) = (S1 + S2, S1 - S2, S1 - S2 + 2 S3, S1 + S2 - S4) and (X3, Y3, Z3, T3) = (S8 S9, S5 S6, S8 S6, S5
// S9).
PYR_AVX2_FN inline __attribute__((always_inline)) P4 dbl_inlined(const P4& p) {
    F4 a;
#define M(i)                                                                                                          \
    {                                                                                                                 \
        const __m256i x = p.f.v[i];                                                                                   \
        a.v[i] = PYR_AVX2_BLEND(x, _mm256_add_epi32(PYR_AVX2_PERM(x, 0, 1, 0, 1), PYR_AVX2_PERM(x, 1, 0, 1, 0)), kD); \
    }
    PYR_AVX2_PAIRS(M)  // (X, Y, Z, X + Y)
#undef M
    const F4 s = square(a);  // (S1, S2, S3, S4)
    F4 r;  // (S1 + S2, S1 - S2, S1 - S2 + 2 S3, S1 + S2 - S4) with 2p offsets: limbs < 2^28.6 (a W input)
#define M(i)                                                                                                       \
    {                                                                                                              \
        const __m256i x = s.v[i], s1 = PYR_AVX2_PERM(x, 0, 0, 0, 0), s2 = PYR_AVX2_PERM(x, 1, 1, 1, 1);            \
        const __m256i u =                                                                                          \
            _mm256_add_epi32(s1, PYR_AVX2_BLEND(s2, PYR_AVX2_SUB(_mm256_setzero_si256(), s2, i), kB | kC));        \
        const __m256i w =                                                                                          \
            PYR_AVX2_BLEND(PYR_AVX2_BLEND(_mm256_setzero_si256(), PYR_AVX2_SUB(_mm256_setzero_si256(), x, i), kD), \
                           _mm256_add_epi32(x, x), kC); /* (0, 0, 2 S3, -S4) */                                    \
        r.v[i] = _mm256_add_epi32(u, w);                                                                           \
    }
    PYR_AVX2_PAIRS(M)
#undef M
    const F4 y = weak_reduce(r);
    F4 t0, t1;  // (S8, S5, S8, S5) and (S9, S6, S6, S9)
#define M(i)                                     \
    t0.v[i] = PYR_AVX2_PERM(y.v[i], 2, 0, 2, 0); \
    t1.v[i] = PYR_AVX2_PERM(y.v[i], 3, 1, 1, 3);
    PYR_AVX2_PAIRS(M)
#undef M
    return P4{mul(t0, t1)};
}

PYR_AVX2_FN inline P4 dbl(const P4& p) { return dbl_inlined(p); }

PYR_AVX2_FN inline __attribute__((always_inline)) P4 mul_by_pow2_inlined(const P4& p, unsigned k) {
    P4 r = p;
    for (unsigned i = 0; i < k; ++i) r = dbl_inlined(r);
    return r;
}

PYR_AVX2_FN inline P4 mul_by_pow2(const P4& p, unsigned k) { return mul_by_pow2_inlined(p, k); }

// table[index] for index < count, reading every entry (no address or branch depends on index).
PYR_AVX2_FN inline C4 ct_select(const C4* table, unsigned count, uint32_t index) {
    const __m256i want = _mm256_set1_epi64x(static_cast<long long>(index));
    C4 r;
    for (int i = 0; i < F4::kVectors; ++i) r.f.v[i] = _mm256_setzero_si256();
    for (unsigned e = 0; e < count; ++e) {
        const __m256i m = _mm256_cmpeq_epi64(_mm256_set1_epi64x(static_cast<long long>(e)), want);
        for (int i = 0; i < F4::kVectors; ++i)
            r.f.v[i] = _mm256_or_si256(r.f.v[i], _mm256_and_si256(m, table[e].f.v[i]));
    }
    return r;
}

// acc + d * P for a secret digit d in [-8, 8], t[j] = j * P (j = 0..8; portable/straus.cpp's per-point tables, the
// fixed-base rows): every entry read, the sign applied by a masked negation.
PYR_AVX2_FN inline __attribute__((always_inline)) P4 add_signed_multiple_inlined(const P4& acc, const C4 t[9],
                                                                                 int8_t d) noexcept {
    const uint32_t v = static_cast<uint32_t>(static_cast<int32_t>(d));
    const uint32_t sign = v >> 31, abs = (v ^ (0u - sign)) + sign;
    return add_inlined(acc, conditional_negate(ct_select(t, 9, abs), static_cast<uint8_t>(sign)));
}

}  // namespace avx2
}  // namespace pyristretto

#endif  // PYRISTRETTO_AVX2
