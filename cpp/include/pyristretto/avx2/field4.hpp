// Four elements of GF(2^255 - 19) side by side, for the AVX2 backend (internal: included by cpp/src/avx2/ only).
//
// Radix 2^25.5: value = sum limb[i] * 2^ceil(25.5 i), ten limbs of 26 (even i) and 25 (odd i) bits, held two per
// 64-bit slot: F4::v[i] slot k (lane k) carries limb 2i of lane k in its low 32 bits and limb 2i + 1 in its high 32
// bits, so an element is five vectors. The linear steps (sums, 2p offsets, lane shuffles and blends) work on the
// five vectors with 32-bit adds and 64-bit lane moves; only mul / square spread the limbs to one per slot, and
// vpmuludq reads the low 32 bits of a slot, so the even limbs need no unpacking at all (the odd ones one shift).
//
// Bounds (every function relies on them; test_avx2.cpp checks the extreme limbs of each row):
//   class  limb 2i (even)              limb 2i+1 (odd)            produced by
//   R      < 2^26 + 2^18               < 2^25 + 2^17              mul, square, mul_small, reduce, from_lanes
//   S      < 2^27.6                    < 2^26.6                   add(R, R), sub(R, R) = x + 2p - y, neg(R)
//   M      <= 226050910 (2^32 / 19)    <= 113025455 (2^32 / 38)   accepted by mul and square: every S is an M
//   W in   < 2^32                      < 2^32                     weak_reduce's input (a few R and 2p summed)
//   W out  < 2^26 + 2^11.3             < 2^25 + 2^7               weak_reduce's output (an M)
// Why M: mul puts the 19 of a wrapped column on y (19 y_j < 2^32 for vpmuludq) and the 2 of an odd-odd product on
// x (2 x_i < 2^27.75); square uses 38 x_j on odd limbs. Then every product is < 2^59.75 and a column of ten is
// < 2^63.1, below reduce's 2^63.7. sub and neg need y <= 2p limb by limb (true for R) so no limb goes negative.
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
    static constexpr int kVectors = 5;
    __m256i v[kVectors];
};

// Lane selections: the bits of a 4-lane mask (lane 0 = bit 0) and the permutations' lane order.
enum Lanes : int { kA = 1, kB = 2, kC = 4, kD = 8 };
constexpr int shuffle(int a, int b, int c, int d) { return a | b << 2 | c << 4 | d << 6; }
constexpr int blend_imm(int lanes) {  // 64-bit lane mask -> vpblendd's 32-bit element mask
    return (lanes & 1 ? 0x03 : 0) | (lanes & 2 ? 0x0c : 0) | (lanes & 4 ? 0x30 : 0) | (lanes & 8 ? 0xc0 : 0);
}

// M(0) ... M(9) over limbs, M(0) ... M(4) over the packed vectors: the loops written out, so every shift count, mask
// and lane choice is a constant at every optimisation level (GCC does not fully unroll such loops at -O2).
#define PYR_AVX2_LIMBS(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9)
#define PYR_AVX2_PAIRS(M) M(0) M(1) M(2) M(3) M(4)

#define PYR_AVX2_LOW_MASK(i) _mm256_set1_epi64x((i) & 1 ? (1 << 25) - 1 : (1 << 26) - 1)
#define PYR_AVX2_SHIFT_DOWN(x, i) _mm256_srli_epi64(x, (i) & 1 ? 25 : 26)
// 2p for pair i, both halves (added before a subtraction so no limb goes negative).
#define PYR_AVX2_TWO_P(i) \
    _mm256_set1_epi64x(static_cast<long long>(((1ull << 26) - 2) << 32 | ((i) == 0 ? (1u << 27) - 38 : (1u << 27) - 2)))
// x - y + 2p on pair i (32-bit halves: no carry between the two limbs).
#define PYR_AVX2_SUB(x, y, i) _mm256_sub_epi32(_mm256_add_epi32(x, PYR_AVX2_TWO_P(i)), y)
// Ties a value to a register at this point: the products' sums then stay in ten accumulators. Without it GCC's
// reassociation moves every column's sum after the last product and spills all hundred products.
#define PYR_AVX2_KEEP(x) __asm__("" : "+x"(x))
#define PYR_AVX2_KEEP_ALL(z) \
    PYR_AVX2_KEEP(z[0]);     \
    PYR_AVX2_KEEP(z[1]);     \
    PYR_AVX2_KEEP(z[2]);     \
    PYR_AVX2_KEEP(z[3]);     \
    PYR_AVX2_KEEP(z[4]);     \
    PYR_AVX2_KEEP(z[5]);     \
    PYR_AVX2_KEEP(z[6]);     \
    PYR_AVX2_KEEP(z[7]);     \
    PYR_AVX2_KEEP(z[8]);     \
    PYR_AVX2_KEEP(z[9]);

// 19 c on 64-bit values (c may exceed 32 bits): c + 2c + 16c.
PYR_AVX2_FN inline __m256i times19(__m256i c) {
    return _mm256_add_epi64(_mm256_add_epi64(c, _mm256_slli_epi64(c, 1)), _mm256_slli_epi64(c, 4));
}

// (always_inline here and on mul / square: as calls, the operands and results go through memory, which costs the
// one-point chain about a fifth of a product's latency.)
// Column sums (64-bit, < 2^63.7) to R limbs, packed. Two carry chains side by side, limbs 0 -> 5 and 5 -> 9 -> 0
// (times 19), then 5 -> 6 and 0 -> 1 once more: 12 carries, 6 deep. Every carry is < 2^39, so no sum overflows;
// 19 c_9 < 2^43 leaves limb 0's last carry < 2^17, so limb 1 ends < 2^25 + 2^17 (mul's columns, < 2^63.1, leave
// 2^16.4). This costs half the instructions of two parallel passes over all ten limbs, and the products around it
// hide its depth: measured on one core, 7% off P * s (a chain of dependent products) and 6% off the four-lane
// Pippenger of 1024 points (independent ones).
PYR_AVX2_FN inline __attribute__((always_inline)) F4 reduce(__m256i z[10]) {
#define PYR_AVX2_CARRY(k)                                    \
    {                                                        \
        const __m256i c = PYR_AVX2_SHIFT_DOWN(z[k], k);      \
        z[k] = _mm256_and_si256(z[k], PYR_AVX2_LOW_MASK(k)); \
        z[(k) + 1] = _mm256_add_epi64(z[(k) + 1], c);        \
    }
    PYR_AVX2_CARRY(0)
    PYR_AVX2_CARRY(5)
    PYR_AVX2_CARRY(1)
    PYR_AVX2_CARRY(6)
    PYR_AVX2_CARRY(2)
    PYR_AVX2_CARRY(7)
    PYR_AVX2_CARRY(3)
    PYR_AVX2_CARRY(8)
    PYR_AVX2_CARRY(4)
    {
        const __m256i c9 = PYR_AVX2_SHIFT_DOWN(z[9], 9);
        z[9] = _mm256_and_si256(z[9], PYR_AVX2_LOW_MASK(9));
        z[0] = _mm256_add_epi64(z[0], times19(c9));
    }
    PYR_AVX2_CARRY(5)
    PYR_AVX2_CARRY(0)
#undef PYR_AVX2_CARRY
    F4 r;
#define M(i) r.v[i] = _mm256_or_si256(z[2 * (i)], _mm256_slli_epi64(z[2 * (i) + 1], 32));
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

// One carry per limb, all from the inputs (short latency): W in -> W out. A limb's carry goes to the other half of
// its slot (even limbs) or to the low half of the next vector (odd limbs; limb 9's times 19 to limb 0).
PYR_AVX2_FN inline F4 weak_reduce(const F4& x) {
    const __m256i shifts = _mm256_set1_epi64x(25ll << 32 | 26);
    const __m256i masks = _mm256_set1_epi64x(static_cast<long long>(((1ull << 25) - 1) << 32 | ((1u << 26) - 1)));
    __m256i c[5];
    F4 r;
#define M(i)                                  \
    c[i] = _mm256_srlv_epi32(x.v[i], shifts); \
    r.v[i] = _mm256_and_si256(x.v[i], masks);
    PYR_AVX2_PAIRS(M)
#undef M
#define M(i)                                                                                                   \
    r.v[i] = _mm256_add_epi32(_mm256_add_epi32(r.v[i], _mm256_slli_epi64(c[i], 32)),                           \
                              (i) == 0 ? _mm256_mul_epu32(_mm256_srli_epi64(c[4], 32), _mm256_set1_epi64x(19)) \
                                       : _mm256_srli_epi64(c[((i) + 4) % 5], 32));
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

PYR_AVX2_FN inline F4 add(const F4& x, const F4& y) {
    F4 r;
#define M(i) r.v[i] = _mm256_add_epi32(x.v[i], y.v[i]);
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

// x - y + 2p (y reduced).
PYR_AVX2_FN inline F4 sub(const F4& x, const F4& y) {
    F4 r;
#define M(i) r.v[i] = PYR_AVX2_SUB(x.v[i], y.v[i], i);
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

// 2p - x (x reduced).
PYR_AVX2_FN inline F4 neg(const F4& x) {
    F4 r;
#define M(i) r.v[i] = _mm256_sub_epi32(PYR_AVX2_TWO_P(i), x.v[i]);
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

template <int Lanes>
PYR_AVX2_FN inline F4 blend(const F4& x, const F4& y) {  // y in Lanes, x elsewhere
    constexpr int imm = blend_imm(Lanes);                // an immediate even at -O0
    F4 r;
#define M(i) r.v[i] = _mm256_blend_epi32(x.v[i], y.v[i], imm);
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

template <int Order>
PYR_AVX2_FN inline F4 permute(const F4& x) {  // lane k of the result is lane (Order >> 2k) & 3 of x
    F4 r;
#define M(i) r.v[i] = _mm256_permute4x64_epi64(x.v[i], Order);
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

// mask all ones: y, mask zero: x (mask the same in every slot; no branch).
PYR_AVX2_FN inline F4 select(const F4& x, const F4& y, __m256i mask) {
    F4 r;
#define M(i) r.v[i] = _mm256_xor_si256(x.v[i], _mm256_and_si256(mask, _mm256_xor_si256(x.v[i], y.v[i])));
    PYR_AVX2_PAIRS(M)
#undef M
    return r;
}

// Limb i of a packed element in a slot's low 32 bits (an odd limb's slot is clean above; an even one's carries the
// odd limb in the high half, which vpmuludq ignores).
#define PYR_AVX2_LIMB(x, i) ((i) & 1 ? _mm256_srli_epi64((x).v[(i) >> 1], 32) : (x).v[(i) >> 1])

// Lane-wise product, operand scanning: row i adds x_i y_j to column (i + j) mod 10 for every j, doubled when i and j
// are both odd (the radix is 2^25.5, so 2^ceil(25.5 i) 2^ceil(25.5 j) = 2 * 2^ceil(25.5 (i + j)) then), times 19
// when i + j >= 10 (2^255 = 19). The doubling goes on x_i (in a register for its row), the 19 on y_j (computed once;
// the products read y from memory), the ten column sums stay in registers.
PYR_AVX2_FN inline __attribute__((always_inline)) F4 mul(const F4& x, const F4& y) {
    const __m256i nineteen = _mm256_set1_epi64x(19);
    __m256i yl[10], y19[10], z[10];
#define M(i)                     \
    yl[i] = PYR_AVX2_LIMB(y, i); \
    y19[i] = _mm256_mul_epu32(yl[i], nineteen);
    PYR_AVX2_LIMBS(M)
#undef M
#define T(i, j)                                                                                          \
    {                                                                                                    \
        const __m256i p = _mm256_mul_epu32(((i) & (j) & 1) ? x2 : xi, (i) + (j) >= 10 ? y19[j] : yl[j]); \
        z[((i) + (j)) % 10] = (i) == 0 ? p : _mm256_add_epi64(z[((i) + (j)) % 10], p);                   \
    }
#define M(i)                                                                                                 \
    {                                                                                                        \
        const __m256i xi = PYR_AVX2_LIMB(x, i), x2 = _mm256_add_epi64(xi, xi);                               \
        T(i, 0) T(i, 1) T(i, 2) T(i, 3) T(i, 4) T(i, 5) T(i, 6) T(i, 7) T(i, 8) T(i, 9) PYR_AVX2_KEEP_ALL(z) \
    }
    PYR_AVX2_LIMBS(M)
#undef M
#undef T
    return reduce(z);
}

// Lane-wise square: mul's columns with the pairs i < j taken once, doubled (55 products instead of 100):
// coefficient (i < j ? 2 : 1) * (i, j odd ? 2 : 1) * (i + j >= 10 ? 19 : 1), split between the two operands
// (x_i or 2 x_i in a register for row i; x_j, 2 x_j, 19 x_j or 38 x_j, odd j only, from memory).
PYR_AVX2_FN inline __attribute__((always_inline)) F4 square(const F4& x) {
    __m256i xl[10], x2[10], x19[10], x38[10], z[10];
    const __m256i nineteen = _mm256_set1_epi64x(19);
#define M(i)                                    \
    xl[i] = PYR_AVX2_LIMB(x, i);                \
    x2[i] = _mm256_add_epi64(xl[i], xl[i]);     \
    x19[i] = _mm256_mul_epu32(xl[i], nineteen); \
    x38[i] = _mm256_add_epi64(x19[i], x19[i]);  \
    z[i] = _mm256_setzero_si256();
    PYR_AVX2_LIMBS(M)
#undef M
#define S_A(i, j) ((i) == (j) ? (((i) & 1) ? x2[i] : xl[i]) : x2[i])
#define S_B(i, j)                                    \
    ((i) == (j) ? ((i) + (j) >= 10 ? x19[j] : xl[j]) \
                : ((i) + (j) >= 10 ? (((i) & (j) & 1) ? x38[j] : x19[j]) : (((i) & (j) & 1) ? x2[j] : xl[j])))
#define T(i, j) \
    if ((j) >= (i)) z[((i) + (j)) % 10] = _mm256_add_epi64(z[((i) + (j)) % 10], _mm256_mul_epu32(S_A(i, j), S_B(i, j)));
#define M(i) T(i, 0) T(i, 1) T(i, 2) T(i, 3) T(i, 4) T(i, 5) T(i, 6) T(i, 7) T(i, 8) T(i, 9) PYR_AVX2_KEEP_ALL(z)
    PYR_AVX2_LIMBS(M)
#undef M
#undef T
#undef S_A
#undef S_B
    return reduce(z);
}

// Lane k times c_k (each c_k < 2^20; x an M), reduced: for the curve constants.
PYR_AVX2_FN inline F4 mul_small(const F4& x, uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3) {
    const __m256i c = _mm256_set_epi64x(c3, c2, c1, c0);
    __m256i z[10];
#define M(i) z[i] = _mm256_mul_epu32(PYR_AVX2_LIMB(x, i), c);
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

// The lanes of an R back in radix 2^51 (limbs < 2^51 + 2^43 + 2^27: within FieldElement's < 2^52).
PYR_AVX2_FN inline void to_lanes(const F4& x, FieldElement out[4]) {
    alignas(32) uint64_t t[5][4];
    for (int i = 0; i < 5; ++i) _mm256_store_si256(reinterpret_cast<__m256i*>(t[i]), x.v[i]);
    for (int lane = 0; lane < 4; ++lane)
        for (int i = 0; i < 5; ++i) out[lane].limb[i] = (t[i][lane] & 0xffffffffu) + ((t[i][lane] >> 32) << 26);
}

}  // namespace avx2
}  // namespace pyristretto

#endif  // PYRISTRETTO_AVX2
