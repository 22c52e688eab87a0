// Four elements of GF(2^255 - 19) in one set of 256-bit registers: the four coordinates X, Y, Z, T of ONE point
// (edwards4.hpp), so that a single scalar multiplication, which has no batch of independent points to fill the
// eight lanes of field8.hpp, still multiplies four products at once (the parallel Hisil-Wong-Carter-Dawson
// formulas; curve25519-dalek's vector backends, docs/parallel-formulas.md there, do the same).
//
// Layout: F4::v[i] holds limb i of the four elements (lane j = element j). Radix 2^51 with limbs < 2^52, as F8 and
// the portable FieldElement: the arithmetic below is F8's (see field8.hpp for why 2^51 and not 2^52: one parallel
// carry round leaves every limb a valid IFMA operand) on ymm registers (vpmadd52luq/huq with AVX512VL), plus the
// lane moves the parallel formulas need: permutes (vpermq), in-half shuffles (vpshufd) and blends with public
// immediates.
//
// Bounds: inputs of mul/square have limbs < 2^52; every function returns limbs < 2^52, except the *_wide ones, which
// leave out the carry round when the next step can take bigger limbs (edwards4.hpp: the sums and differences
// between the two products of an addition, and after the square of a doubling, carry once instead of twice):
//   mul4_wide, square4_wide  inputs < 2^52 (any madd52 operand), outputs < WIDE4_BOUND = 267 * 2^52 < 2^60.07:
//       column k of the product sums n(k) low halves and 2 n(k-1) high halves (each < 2^52), n = 1 2 3 4 5 4 3 2 1 0
//       products, so columns 0..9 < (1 4 7 10 13 14 11 8 5 2) * 2^52; limb k = column k + 19 column k+5
//       < (267 213 159 105 51) * 2^52. The square has the same column sums (cross products doubled).
//   addsub4_wide             inputs < WIDE_P_0 = 2^10 (2^51 - 19) ~ 2^61 (> WIDE4_BOUND): a - b as a + 2^10 p - b,
//       sums < 2^62, carried.
//   carry4                   inputs < 2^64: carries c < 2^13 (19 c4 < 2^18, a madd52 operand), outputs limb 0
//       < 2^51 + 19 * 2^13, limbs 1..4 < 2^51 + 2^13: < 2^52.
// cpp/tests/test_ifma.cpp checks each at its bound (all limbs at the maximum). Constant-time: no branch or address
// depends on a lane value; the lane selections are immediates or and/xor masks.
#pragma once
#include "pyristretto/ifma/field8.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

#define PYR_UNROLL4 _Pragma("GCC unroll 10")

struct F4 {
    __m256i v[5];
};

PYR_IFMA_INLINE __m256i splat4(uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }

// Lane j = element j of (a, b, c, d).
PYR_IFMA_INLINE F4 lanes4(const FieldElement& a, const FieldElement& b, const FieldElement& c, const FieldElement& d) {
    F4 r;
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i)
        r.v[i] = _mm256_setr_epi64x(static_cast<long long>(a.limb[i]), static_cast<long long>(b.limb[i]),
                                    static_cast<long long>(c.limb[i]), static_cast<long long>(d.limb[i]));
    return r;
}

PYR_IFMA_INLINE void unlanes4(const F4& x, FieldElement& a, FieldElement& b, FieldElement& c, FieldElement& d) {
    uint64_t t[5][4];
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(t[i]), x.v[i]);
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) {
        a.limb[i] = t[i][0];
        b.limb[i] = t[i][1];
        c.limb[i] = t[i][2];
        d.limb[i] = t[i][3];
    }
}

PYR_IFMA_INLINE F4 zero4() {
    const __m256i z = _mm256_setzero_si256();
    return F4{{z, z, z, z, z}};
}

PYR_IFMA_INLINE __m256i times19_4(__m256i x) {
    return _mm256_add_epi64(_mm256_add_epi64(_mm256_slli_epi64(x, 4), _mm256_slli_epi64(x, 1)), x);
}

// The bound of mul4_wide's and square4_wide's limbs, and 2^10 p limb by limb: the multiple of p that addsub4_wide
// adds before subtracting a wide operand (both limbs above WIDE4_BOUND).
constexpr uint64_t WIDE4_BOUND = uint64_t(267) << 52;
constexpr uint64_t WIDE_P_0 = ((uint64_t(1) << 51) - 19) << 10, WIDE_P_N = ((uint64_t(1) << 51) - 1) << 10;

// One parallel carry round (field8.hpp's carry; 19 c4 on the IFMA unit, a single instruction for three):
// inputs < 2^64, outputs < 2^51 + 19 * 2^13.
PYR_IFMA_INLINE F4 carry4(const __m256i z[5]) {
    const __m256i m = splat4(MASK51);
    __m256i c[5];
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) c[i] = _mm256_srli_epi64(z[i], 51);
    return F4{{_mm256_madd52lo_epu64(_mm256_and_si256(z[0], m), c[4], splat4(19)),
               _mm256_add_epi64(_mm256_and_si256(z[1], m), c[0]), _mm256_add_epi64(_mm256_and_si256(z[2], m), c[1]),
               _mm256_add_epi64(_mm256_and_si256(z[3], m), c[2]), _mm256_add_epi64(_mm256_and_si256(z[4], m), c[3])}};
}

// vpblendd immediate taking the 64-bit lanes set in `lanes` (bit j = lane j) from the second operand.
constexpr int blend_imm(int lanes) {
    return ((lanes & 1) ? 0x03 : 0) | ((lanes & 2) ? 0x0c : 0) | ((lanes & 4) ? 0x30 : 0) | ((lanes & 8) ? 0xc0 : 0);
}

// Lane j from b where bit j of Lanes is set, else from a (Lanes is a compile-time constant: public).
template <int Lanes>
PYR_IFMA_INLINE F4 blend4(const F4& a, const F4& b) {
    constexpr int imm =
        blend_imm(Lanes);  // a constant expression even unoptimised (-O0 builds the intrinsic as a macro)
    F4 r;
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) r.v[i] = _mm256_blend_epi32(a.v[i], b.v[i], imm);
    return r;
}

// Lane j of the result = lane Ij of a.
template <int I0, int I1, int I2, int I3>
PYR_IFMA_INLINE F4 perm4(const F4& a) {
    constexpr int imm = I0 | (I1 << 2) | (I2 << 4) | (I3 << 6);
    F4 r;
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) r.v[i] = _mm256_permute4x64_epi64(a.v[i], imm);
    return r;
}

// Lane j of the result = lane Ij of a, within each half (I0, I1 in {0, 1}; I2, I3 in {2, 3}): vpshufd, cheaper
// than perm4's lane-crossing vpermq.
template <int I0, int I1, int I2, int I3>
PYR_IFMA_INLINE F4 shuf4(const F4& a) {
    static_assert(I0 < 2 && I1 < 2 && I2 >= 2 && I3 >= 2, "shuf4 stays within each 128-bit half");
    constexpr int imm = (I0 ? 0x0e : 0x04) | (I1 ? 0xe0 : 0x40);  // 32-bit pairs (2i, 2i+1)
    static_assert(I2 - 2 == I0 && I3 - 2 == I1, "vpshufd applies one pattern to both halves");
    F4 r;
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) r.v[i] = _mm256_shuffle_epi32(a.v[i], imm);
    return r;
}

// Lanes in Sub get a - b as a + k p - b (limb 0 of k p is bias0, the others bias_n: limbs that exceed b's), the
// others a + b; carried. addsub4 and addsub4_wide (below) differ in k only.
template <int Sub>
PYR_IFMA_INLINE F4 addsub4_biased(const F4& a, const F4& b, uint64_t bias0, uint64_t bias_n) {
    constexpr int imm = blend_imm(Sub);
    __m256i z[5];
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) {
        const __m256i pk = splat4(i == 0 ? bias0 : bias_n);
        const __m256i bi = Sub == 0 ? b.v[i] : _mm256_blend_epi32(b.v[i], _mm256_sub_epi64(pk, b.v[i]), imm);
        z[i] = _mm256_add_epi64(a.v[i], bi);
    }
    return carry4(z);
}

// a +- b with 4p (its limbs exceed a carried b's). add4 and sub4 are the two extremes; the mixed forms are what the
// parallel formulas use to make (Y - X, Y + X, ...) in one step.
template <int Sub>
PYR_IFMA_INLINE F4 addsub4(const F4& a, const F4& b) {
    return addsub4_biased<Sub>(a, b, detail::FOUR_P_0, detail::FOUR_P_N);
}

PYR_IFMA_INLINE F4 add4(const F4& a, const F4& b) { return addsub4<0>(a, b); }
PYR_IFMA_INLINE F4 sub4(const F4& a, const F4& b) { return addsub4<0xf>(a, b); }

// Ten product columns folded to five limbs with 2^255 = 19 mod p, NOT carried: limb k = z[k] + 19 z[k + 5].
PYR_IFMA_INLINE F4 fold4_wide(const __m256i z[10]) {
    F4 r;
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) r.v[i] = _mm256_add_epi64(z[i], times19_4(z[i + 5]));
    return r;
}

#define PYR_LO4(acc, x, y) acc = _mm256_madd52lo_epu64(acc, x, y)
#define PYR_HI4(acc, x, y) acc = _mm256_madd52hi_epu64(acc, x, y)

// Lane-wise a * b, folded but not carried (limbs < WIDE4_BOUND): field8.hpp's mul (low halves weight 1
// in column i+j, high halves weight 2 in column i+j+1).
PYR_IFMA_INLINE F4 mul4_wide(const F4& a, const F4& b) {
    const __m256i* x = a.v;
    const __m256i* y = b.v;
    __m256i lo[10], hi[10];
    PYR_UNROLL4
    for (int k = 0; k < 10; ++k) lo[k] = hi[k] = _mm256_setzero_si256();
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) {
        PYR_UNROLL4
        for (int j = 0; j < 5; ++j) {
            PYR_LO4(lo[i + j], x[i], y[j]);
            PYR_HI4(hi[i + j + 1], x[i], y[j]);
        }
    }
    __m256i z[10];
    PYR_UNROLL4
    for (int k = 0; k < 10; ++k) z[k] = _mm256_add_epi64(lo[k], _mm256_add_epi64(hi[k], hi[k]));
    return fold4_wide(z);
}

// Lane-wise a^2, folded but not carried (limbs < WIDE4_BOUND): field8.hpp's square (15 distinct products;
// accumulators by weight 1, 2, 4).
PYR_IFMA_INLINE F4 square4_wide(const F4& a) {
    const __m256i* x = a.v;
    __m256i w1[10], w2[10], w4[10];
    PYR_UNROLL4
    for (int k = 0; k < 10; ++k) w1[k] = w2[k] = w4[k] = _mm256_setzero_si256();
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) {
        PYR_LO4(w1[2 * i], x[i], x[i]);
        PYR_HI4(w2[2 * i + 1], x[i], x[i]);
        PYR_UNROLL4
        for (int j = i + 1; j < 5; ++j) {
            PYR_LO4(w2[i + j], x[i], x[j]);
            PYR_HI4(w4[i + j + 1], x[i], x[j]);
        }
    }
    __m256i z[10];
    PYR_UNROLL4
    for (int k = 0; k < 10; ++k) {
        const __m256i t = _mm256_add_epi64(w2[k], _mm256_add_epi64(w4[k], w4[k]));
        z[k] = _mm256_add_epi64(w1[k], _mm256_add_epi64(t, t));
    }
    return fold4_wide(z);
}

#undef PYR_LO4
#undef PYR_HI4

PYR_IFMA_INLINE F4 mul4(const F4& a, const F4& b) { return carry4(mul4_wide(a, b).v); }
PYR_IFMA_INLINE F4 square4(const F4& a) { return carry4(square4_wide(a).v); }

// addsub4 on wide operands (limbs < WIDE_P_0, as mul4_wide's and square4_wide's): a - b as a + 2^10 p - b, whose
// limbs exceed b's; the sums stay < 2^62, and are carried.
template <int Sub>
PYR_IFMA_INLINE F4 addsub4_wide(const F4& a, const F4& b) {
    return addsub4_biased<Sub>(a, b, WIDE_P_0, WIDE_P_N);
}

// Lane j of a times lane j of k, for public per-lane constants below 2^18 (the scaled cached form of edwards4.hpp):
// a_i k splits into a low half < 2^52 at limb i and a high half < 2^18 of weight 2^52 = 2 * 2^51, which goes to
// limb i + 1 doubled (limb 5 is limb 0 times 19: 38). Each limb sums to < 2^53, and one carry round makes them
// operands again: 16 multiply-adds and a carry against mul4's 50 and its column sums.
PYR_IFMA_INLINE F4 mul_small4(const F4& a, __m256i k) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i hi[5], z[5];
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) hi[i] = _mm256_madd52hi_epu64(zero, a.v[i], k);
    z[0] = _mm256_madd52lo_epu64(_mm256_madd52lo_epu64(zero, hi[4], splat4(38)), a.v[0], k);
    PYR_UNROLL4
    for (int i = 1; i < 5; ++i) z[i] = _mm256_madd52lo_epu64(_mm256_add_epi64(hi[i - 1], hi[i - 1]), a.v[i], k);
    return carry4(z);
}

// Lane j from b where bit j of mask (from a secret) is set, else from a: one masked blend a limb, no branch.
PYR_IFMA_INLINE F4 select4(__mmask8 mask, const F4& a, const F4& b) {
    F4 r;
    PYR_UNROLL4
    for (int i = 0; i < 5; ++i) r.v[i] = _mm256_mask_blend_epi64(mask, a.v[i], b.v[i]);
    return r;
}

}  // namespace ifma
}  // namespace pyristretto

#undef PYR_UNROLL4
#endif  // PYRISTRETTO_IFMA
