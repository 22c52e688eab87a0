// Four elements of GF(2^255 - 19) side by side, for the AVX2 backend (internal: included by cpp/src/avx2/ only).
//
// Radix 2^25.5: value = sum limb[i] * 2^ceil(25.5 i), ten limbs of 26 (even i) and 25 (odd i) bits. F4::v[i] holds
// limb i of the four lanes, one per 64-bit slot; the limb sits in the slot's low 32 bits, which is what vpmuludq
// multiplies, and the slot's 64 bits hold the products and their sums. (dalek's avx2 backend packs two limbs per
// slot to halve the additions; one limb per slot needs no packing and unpacking around the products.)
//
// Bounds (every function relies on them):
//   reduced        outputs of mul, square, reduce(), from_lanes: even limbs < 2^26, odd limbs < 2^25 + 2^18;
//   sum            add of two reduced, sub / neg (x + 2p - y) of reduced: even < 2^27.6, odd < 2^26.6;
//   mul / square   take sums (or smaller): then 19 * limb < 2^32 (vpmuludq reads 32 bits) and every 64-bit column
//                  sum stays below 10 * 19 * 2^55.2 < 2^63.8;
//   weak_reduce    one parallel carry pass: any limbs < 2^29 become < 2^26 + 2^9 (even) / 2^25 + 2^4 (odd).
#pragma once
#include <cstdint>

#include "pyristretto/avx2/config.hpp"
#include "pyristretto/field.hpp"

#if PYRISTRETTO_AVX2  // (x86-64 only: other architectures have no <immintrin.h>; the AVX2 files are stubs there)
#include <immintrin.h>

namespace pyristretto {
namespace avx2 {

// alignas: outside AVX code GCC aligns __m256i to 16 only, but the AVX2 code loads it with 32-byte aligned moves.
struct alignas(32) F4 {
    __m256i v[10];
};

// Lane selections: the bits of a 4-lane mask (lane 0 = bit 0) and the permutations' lane order.
enum Lanes : int { kA = 1, kB = 2, kC = 4, kD = 8 };
constexpr int shuffle(int a, int b, int c, int d) { return a | b << 2 | c << 4 | d << 6; }
constexpr int blend_imm(int lanes) {  // 64-bit lane mask -> vpblendd's 32-bit element mask
    return (lanes & 1 ? 0x03 : 0) | (lanes & 2 ? 0x0c : 0) | (lanes & 4 ? 0x30 : 0) | (lanes & 8 ? 0xc0 : 0);
}

// M(0) ... M(9): the limb loops written out, so every shift count, mask and lane choice is a constant at every
// optimisation level (GCC does not fully unroll these loops at -O2, and a loop would branch on i & 1).
#define PYR_AVX2_LIMBS(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9)

#define PYR_AVX2_LOW_MASK(i) _mm256_set1_epi64x((i) & 1 ? (1 << 25) - 1 : (1 << 26) - 1)
#define PYR_AVX2_SHIFT_DOWN(x, i) _mm256_srli_epi64(x, (i) & 1 ? 25 : 26)
// 2p limb by limb (added before a subtraction so no limb goes negative).
#define PYR_AVX2_TWO_P(i) _mm256_set1_epi64x((i) == 0 ? (1 << 27) - 38 : (i) & 1 ? (1 << 26) - 2 : (1 << 27) - 2)

// 19 c on 64-bit values (c may exceed 32 bits): c + 2c + 16c.
PYR_AVX2_FN inline __m256i times19(__m256i c) {
    return _mm256_add_epi64(_mm256_add_epi64(c, _mm256_slli_epi64(c, 1)), _mm256_slli_epi64(c, 4));
}

// Full carry of 64-bit column sums (< 2^64 - 2^40) to reduced limbs: two interleaved chains, then the wrap.
PYR_AVX2_FN inline F4 reduce(__m256i z[10]) {
#define PYR_AVX2_CARRY(k)                                                     \
    {                                                                         \
        const __m256i c = PYR_AVX2_SHIFT_DOWN(z[k], k);                       \
        z[k] = _mm256_and_si256(z[k], PYR_AVX2_LOW_MASK(k));                  \
        z[((k) + 1) % 10] = _mm256_add_epi64(z[((k) + 1) % 10], (k) == 9 ? times19(c) : c); \
    }
    PYR_AVX2_CARRY(0) PYR_AVX2_CARRY(4) PYR_AVX2_CARRY(1) PYR_AVX2_CARRY(5) PYR_AVX2_CARRY(2) PYR_AVX2_CARRY(6)
    PYR_AVX2_CARRY(3) PYR_AVX2_CARRY(7) PYR_AVX2_CARRY(4) PYR_AVX2_CARRY(8) PYR_AVX2_CARRY(9) PYR_AVX2_CARRY(0)
#undef PYR_AVX2_CARRY
    F4 r;
#define M(i) r.v[i] = z[i];
    PYR_AVX2_LIMBS(M)
#undef M
    return r;
}

// One carry per limb, all from the inputs (short latency): enough to bring sums of a few elements back in range.
PYR_AVX2_FN inline F4 weak_reduce(const F4& x) {
    F4 r;
    __m256i c[10];
#define M(i)                                            \
    c[i] = PYR_AVX2_SHIFT_DOWN(x.v[i], i);              \
    r.v[i] = _mm256_and_si256(x.v[i], PYR_AVX2_LOW_MASK(i));
    PYR_AVX2_LIMBS(M)
#undef M
#define M(i) r.v[i] = _mm256_add_epi64(r.v[i], (i) == 0 ? times19(c[9]) : c[((i) + 9) % 10]);
    PYR_AVX2_LIMBS(M)
#undef M
    return r;
}

PYR_AVX2_FN inline F4 add(const F4& x, const F4& y) {
    F4 r;
#define M(i) r.v[i] = _mm256_add_epi64(x.v[i], y.v[i]);
    PYR_AVX2_LIMBS(M)
#undef M
    return r;
}

// x - y + 2p (y reduced).
PYR_AVX2_FN inline F4 sub(const F4& x, const F4& y) {
    F4 r;
#define M(i) r.v[i] = _mm256_sub_epi64(_mm256_add_epi64(x.v[i], PYR_AVX2_TWO_P(i)), y.v[i]);
    PYR_AVX2_LIMBS(M)
#undef M
    return r;
}

// 2p - x (x reduced).
PYR_AVX2_FN inline F4 neg(const F4& x) {
    F4 r;
#define M(i) r.v[i] = _mm256_sub_epi64(PYR_AVX2_TWO_P(i), x.v[i]);
    PYR_AVX2_LIMBS(M)
#undef M
    return r;
}

template <int Lanes>
PYR_AVX2_FN inline F4 blend(const F4& x, const F4& y) {  // y in Lanes, x elsewhere
    constexpr int imm = blend_imm(Lanes);  // an immediate even at -O0
    F4 r;
#define M(i) r.v[i] = _mm256_blend_epi32(x.v[i], y.v[i], imm);
    PYR_AVX2_LIMBS(M)
#undef M
    return r;
}

template <int Order>
PYR_AVX2_FN inline F4 permute(const F4& x) {  // lane k of the result is lane (Order >> 2k) & 3 of x
    F4 r;
#define M(i) r.v[i] = _mm256_permute4x64_epi64(x.v[i], Order);
    PYR_AVX2_LIMBS(M)
#undef M
    return r;
}

// mask all ones: y, mask zero: x (mask the same in every slot; no branch).
PYR_AVX2_FN inline F4 select(const F4& x, const F4& y, __m256i mask) {
    F4 r;
#define M(i) r.v[i] = _mm256_xor_si256(x.v[i], _mm256_and_si256(mask, _mm256_xor_si256(x.v[i], y.v[i])));
    PYR_AVX2_LIMBS(M)
#undef M
    return r;
}

// Lane-wise product. Column k gathers x_i y_j with i + j = k (mod 10): doubled when i and j are both odd (the radix
// is 2^25.5, so 2^ceil(25.5 i) 2^ceil(25.5 j) = 2 * 2^ceil(25.5 (i + j)) then), times 19 when i + j >= 10
// (2^255 = 19). The doubling goes on x (2 x_i), the 19 on y (19 y_j), both precomputed.
PYR_AVX2_FN inline F4 mul(const F4& x, const F4& y) {
    __m256i x2[10], y19[10], z[10];
    const __m256i nineteen = _mm256_set1_epi64x(19);
#define M(i)                                          \
    x2[i] = _mm256_add_epi64(x.v[i], x.v[i]);         \
    y19[i] = _mm256_mul_epu32(y.v[i], nineteen);      \
    z[i] = _mm256_setzero_si256();
    PYR_AVX2_LIMBS(M)
#undef M
#define T(i, j)                                                                                       \
    z[((i) + (j)) % 10] = _mm256_add_epi64(                                                           \
        z[((i) + (j)) % 10],                                                                          \
        _mm256_mul_epu32(((i) & (j) & 1) ? x2[i] : x.v[i], (i) + (j) >= 10 ? y19[j] : y.v[j]));
#define M(i) T(i, 0) T(i, 1) T(i, 2) T(i, 3) T(i, 4) T(i, 5) T(i, 6) T(i, 7) T(i, 8) T(i, 9)
    PYR_AVX2_LIMBS(M)
#undef M
#undef T
    return reduce(z);
}

// Lane-wise square: mul's columns with the pairs i < j taken once, doubled (55 products instead of 100):
// coefficient (i < j ? 2 : 1) * (i, j odd ? 2 : 1) * (i + j >= 10 ? 19 : 1), split between the two operands.
PYR_AVX2_FN inline F4 square(const F4& x) {
    __m256i x2[10], x19[10], x38[10], z[10];
    const __m256i nineteen = _mm256_set1_epi64x(19);
#define M(i)                                          \
    x2[i] = _mm256_add_epi64(x.v[i], x.v[i]);         \
    x19[i] = _mm256_mul_epu32(x.v[i], nineteen);      \
    x38[i] = _mm256_add_epi64(x19[i], x19[i]);        \
    z[i] = _mm256_setzero_si256();
    PYR_AVX2_LIMBS(M)
#undef M
    // x38 is used for odd limbs only (< 2^26.6: 38 x < 2^32).
#define S_A(i, j) ((i) == (j) ? (((i) & 1) ? x2[i] : x.v[i]) : x2[i])
#define S_B(i, j)                                                                                   \
    ((i) == (j) ? ((i) + (j) >= 10 ? x19[j] : x.v[j])                                               \
                : ((i) + (j) >= 10 ? (((i) & (j) & 1) ? x38[j] : x19[j]) : (((i) & (j) & 1) ? x2[j] : x.v[j])))
#define T(i, j)                                                                                           \
    if ((j) >= (i))                                                                                       \
        z[((i) + (j)) % 10] = _mm256_add_epi64(z[((i) + (j)) % 10], _mm256_mul_epu32(S_A(i, j), S_B(i, j)));
#define M(i) T(i, 0) T(i, 1) T(i, 2) T(i, 3) T(i, 4) T(i, 5) T(i, 6) T(i, 7) T(i, 8) T(i, 9)
    PYR_AVX2_LIMBS(M)
#undef M
#undef T
#undef S_A
#undef S_B
    return reduce(z);
}

// Lane k times c_k (each c_k < 2^20), reduced: for the curve constants.
PYR_AVX2_FN inline F4 mul_small(const F4& x, uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3) {
    const __m256i c = _mm256_set_epi64x(c3, c2, c1, c0);
    __m256i z[10];
#define M(i) z[i] = _mm256_mul_epu32(x.v[i], c);
    PYR_AVX2_LIMBS(M)
#undef M
    return reduce(z);
}

// Four radix-2^51 elements (limbs < 2^52) into lanes 0..3, reduced.
PYR_AVX2_FN inline F4 from_lanes(const FieldElement& a, const FieldElement& b, const FieldElement& c,
                                 const FieldElement& d) {
    __m256i z[10];
    for (int i = 0; i < 5; ++i) {
        const __m256i l = _mm256_set_epi64x(static_cast<long long>(d.limb[i]), static_cast<long long>(c.limb[i]),
                                            static_cast<long long>(b.limb[i]), static_cast<long long>(a.limb[i]));
        z[2 * i] = _mm256_and_si256(l, PYR_AVX2_LOW_MASK(0));
        z[2 * i + 1] = _mm256_srli_epi64(l, 26);
    }
    return reduce(z);
}

// The lanes of a reduced x back in radix 2^51 (limbs < 2^51 + 2^44: within FieldElement's < 2^52).
PYR_AVX2_FN inline void to_lanes(const F4& x, FieldElement out[4]) {
    alignas(32) uint64_t t[10][4];
    for (int i = 0; i < 10; ++i) _mm256_store_si256(reinterpret_cast<__m256i*>(t[i]), x.v[i]);
    for (int lane = 0; lane < 4; ++lane)
        for (int i = 0; i < 5; ++i) out[lane].limb[i] = t[2 * i][lane] + (t[2 * i + 1][lane] << 26);
}

}  // namespace avx2
}  // namespace pyristretto

#endif  // PYRISTRETTO_AVX2
