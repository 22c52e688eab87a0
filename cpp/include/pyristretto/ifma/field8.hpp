// Eight independent elements of GF(2^255 - 19) in one set of AVX-512 registers, multiplied with the IFMA
// instructions vpmadd52luq / vpmadd52huq (low / high 52 bits of a 52 x 52-bit product, added to a 64-bit lane).
//
// Layout: F8::v[i] holds limb i of the eight elements (lane j = element j), i.e. eight portable FieldElements
// transposed. Lanes never interact, so any computation that runs the same formula on many inputs (batch decoding,
// independent buckets) gets eight-fold parallelism without shuffles.
//
// Radix 2^51, limbs < 2^52: the same representation as the portable FieldElement, so moving between backends is a
// transpose. Why not the 52-bit radix the instructions suggest: IFMA reads only the low 52 bits of each operand, so
// a radix-2^52 limb must be < 2^52 *exactly* before every product, which after a sum or a parallel carry (limb =
// low 52 bits + carry-in) no longer holds; it needs a serial carry chain (5 dependent steps) before each product, on
// the critical path of the 250-squaring chains that dominate decoding. With radix 2^51 every limb has a spare bit:
// one parallel carry round (3 instructions deep) leaves limbs < 2^51 + 2^15, valid multiplier inputs. The price is
// that a high half (bits 52..103 of a product) weighs 2 * 2^51, so high halves are accumulated apart and doubled
// once per column. curve25519-dalek's IFMA backend makes the same choice (docs/ifma-notes.md there).
//
// Bounds every function relies on (checked at the extremes by cpp/tests/test_ifma.cpp):
//   * inputs of mul/square have limbs < 2^52 (IFMA would silently drop bit 52 and above);
//   * every function returns limbs < 2^52 (after one parallel carry round: < 2^51 + 2^15).
// Everything is constant-time: comparisons give __mmask8 lane masks, selections are blends; nothing branches on
// lane values.
#pragma once
#include "pyristretto/ifma/config.hpp"

#if defined(PYRISTRETTO_IFMA_EMULATE)
#include "pyristretto/ifma/emulate.hpp"
#elif PYRISTRETTO_IFMA  // (not on other architectures: aarch64 has no <immintrin.h>; the IFMA files are stubs there)
// GCC 12's AVX-512 headers trip its own -Wuninitialized (the `__m512i __Y = __Y` idiom of _mm512_undefined_*,
// GCC bug 105593); the warning's location is in the header, so silencing it around the include is enough.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif  // PYRISTRETTO_IFMA_EMULATE, PYRISTRETTO_IFMA

#include <cstdint>

#include "pyristretto/field.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

// Everything below is forced inline and fully unrolled: a call between two field operations would cost a
// vzeroupper and a round trip of ten zmm registers through memory (measured at -O2: 174 instead of 46 TSC ticks per
// eight-lane squaring), and the accumulator arrays only live in registers once the loops are unrolled.
#if defined(PYRISTRETTO_IFMA_EMULATE)
#define PYR_IFMA_INLINE inline  // the lane loops inlined everywhere would only slow the check's build
#else
#define PYR_IFMA_INLINE PYR_IFMA_FN inline __attribute__((always_inline))
#endif
#define PYR_UNROLL _Pragma("GCC unroll 10")

struct F8 {
    __m512i v[5];
};

constexpr uint64_t MASK51 = (uint64_t(1) << 51) - 1;

PYR_IFMA_INLINE __m512i splat(uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }

PYR_IFMA_INLINE F8 splat(const FieldElement& x) {
    return F8{{splat(x.limb[0]), splat(x.limb[1]), splat(x.limb[2]), splat(x.limb[3]), splat(x.limb[4])}};
}

PYR_IFMA_INLINE F8 zero() { return splat(FieldElement::zero()); }
PYR_IFMA_INLINE F8 one() { return splat(FieldElement::one()); }

// Transposes eight FieldElements in (limb i of x[j] -> lane j of v[i]) and back. A gather/scatter per limb: a few
// dozen cycles per batch, noise next to a square root (~250 squarings).
PYR_IFMA_INLINE F8 load(const FieldElement x[8]) {
    const __m512i idx = _mm512_setr_epi64(0, 5, 10, 15, 20, 25, 30, 35);
    F8 r;
    PYR_UNROLL
    for (int i = 0; i < 5; ++i) r.v[i] = _mm512_i64gather_epi64(idx, &x[0].limb[i], 8);
    return r;
}

// Writes lane j to *out[j] (each pointer names one FieldElement; they may be strided, e.g. inside EdwardsPoints).
PYR_IFMA_INLINE void store(const F8& a, FieldElement* const out[8]) {
    alignas(64) uint64_t t[5][8];
    PYR_UNROLL
    for (int i = 0; i < 5; ++i) _mm512_store_si512(t[i], a.v[i]);
    PYR_UNROLL
    for (int j = 0; j < 8; ++j) PYR_UNROLL
    for (int i = 0; i < 5; ++i) out[j]->limb[i] = t[i][j];
}

// One parallel carry round: limb i keeps its low 51 bits and receives limb i-1's carry (limb 0 receives 19 times
// limb 4's, as 2^255 = 19 mod p). With inputs < 2^63 the outputs are < 2^51 + 19 * 2^12 < 2^52.
PYR_IFMA_INLINE F8 carry(const __m512i z[5]) {
    const __m512i m = splat(MASK51);
    const __m512i c0 = _mm512_srli_epi64(z[0], 51), c1 = _mm512_srli_epi64(z[1], 51), c2 = _mm512_srli_epi64(z[2], 51),
                  c3 = _mm512_srli_epi64(z[3], 51), c4 = _mm512_srli_epi64(z[4], 51);
    // 19 c4 = 16 c4 + 2 c4 + c4: shifts and adds (vpmullq is 3 uops and 15 cycles on Intel cores).
    const __m512i c4_19 = _mm512_add_epi64(_mm512_add_epi64(_mm512_slli_epi64(c4, 4), _mm512_slli_epi64(c4, 1)), c4);
    return F8{{_mm512_add_epi64(_mm512_and_si512(z[0], m), c4_19), _mm512_add_epi64(_mm512_and_si512(z[1], m), c0),
               _mm512_add_epi64(_mm512_and_si512(z[2], m), c1), _mm512_add_epi64(_mm512_and_si512(z[3], m), c2),
               _mm512_add_epi64(_mm512_and_si512(z[4], m), c3)}};
}

PYR_IFMA_INLINE __m512i times19(__m512i x) {
    return _mm512_add_epi64(_mm512_add_epi64(_mm512_slli_epi64(x, 4), _mm512_slli_epi64(x, 1)), x);
}

// a + b, carried (limbs < 2^53 before the carry).
PYR_IFMA_INLINE F8 add(const F8& a, const F8& b) {
    __m512i z[5];
    PYR_UNROLL
    for (int i = 0; i < 5; ++i) z[i] = _mm512_add_epi64(a.v[i], b.v[i]);
    return carry(z);
}

// a - b as (a + 4p) - b, carried: 4p's limbs (>= 2^52 + 2^51 - 76) exceed any limb of b, so no lane underflows.
PYR_IFMA_INLINE F8 sub(const F8& a, const F8& b) {
    const __m512i p4_0 = splat(detail::FOUR_P_0), p4_n = splat(detail::FOUR_P_N);
    __m512i z[5];
    z[0] = _mm512_sub_epi64(_mm512_add_epi64(a.v[0], p4_0), b.v[0]);
    PYR_UNROLL
    for (int i = 1; i < 5; ++i) z[i] = _mm512_sub_epi64(_mm512_add_epi64(a.v[i], p4_n), b.v[i]);
    return carry(z);
}

PYR_IFMA_INLINE F8 neg(const F8& a) { return sub(zero(), a); }

// Folds the ten product columns z[k] (value sum z[k] 2^(51 k), each z[k] < 2^57) to five limbs using
// 2^255 = 19 mod p, then carries once. 19 * 2^57 + 2^57 < 2^62: no lane overflows.
PYR_IFMA_INLINE F8 fold(const __m512i z[10]) {
    __m512i r[5];
    PYR_UNROLL
    for (int i = 0; i < 5; ++i) r[i] = _mm512_add_epi64(z[i], times19(z[i + 5]));
    return carry(r);
}

#define PYR_LO(acc, x, y) acc = _mm512_madd52lo_epu64(acc, x, y)
#define PYR_HI(acc, x, y) acc = _mm512_madd52hi_epu64(acc, x, y)

// a * b. The product a_i b_j (< 2^104) is lo + hi * 2^52 = lo * 2^(51(i+j)) + 2 hi * 2^(51(i+j+1)): low halves
// go to column i+j with weight 1 and high halves to column i+j+1 with weight 2, so they get separate accumulators
// (lo[k], hi[k]) and column k is lo[k] + 2 hi[k]. 25 vpmadd52luq + 25 vpmadd52huq; each accumulator chain is at
// most 5 deep. Column bound: 5 low halves + 2 * 5 high halves < 15 * 2^52 < 2^56.
PYR_IFMA_INLINE F8 mul(const F8& a, const F8& b) {
    const __m512i* x = a.v;
    const __m512i* y = b.v;
    __m512i lo[10], hi[10];
    PYR_UNROLL
    for (int k = 0; k < 10; ++k) lo[k] = hi[k] = _mm512_setzero_si512();
    PYR_UNROLL
    for (int i = 0; i < 5; ++i) {
        PYR_UNROLL
        for (int j = 0; j < 5; ++j) {
            PYR_LO(lo[i + j], x[i], y[j]);
            PYR_HI(hi[i + j + 1], x[i], y[j]);
        }
    }
    __m512i z[10];
    PYR_UNROLL
    for (int k = 0; k < 10; ++k) z[k] = _mm512_add_epi64(lo[k], _mm512_add_epi64(hi[k], hi[k]));
    return fold(z);
}

// a^2 with the 15 distinct products: a_i a_i contributes lo (weight 1) to column 2i and hi (weight 2) to 2i+1;
// a_i a_j for i < j appears twice, so lo has weight 2 in column i+j and hi weight 4 in column i+j+1. Accumulators
// w1, w2, w4 by weight; column k = w1 + 2 (w2 + 2 w4). 15 + 15 IFMA instructions.
PYR_IFMA_INLINE F8 square(const F8& a) {
    const __m512i* x = a.v;
    __m512i w1[10], w2[10], w4[10];
    PYR_UNROLL
    for (int k = 0; k < 10; ++k) w1[k] = w2[k] = w4[k] = _mm512_setzero_si512();
    PYR_UNROLL
    for (int i = 0; i < 5; ++i) {
        PYR_LO(w1[2 * i], x[i], x[i]);
        PYR_HI(w2[2 * i + 1], x[i], x[i]);
        PYR_UNROLL
        for (int j = i + 1; j < 5; ++j) {
            PYR_LO(w2[i + j], x[i], x[j]);
            PYR_HI(w4[i + j + 1], x[i], x[j]);
        }
    }
    __m512i z[10];
    PYR_UNROLL
    for (int k = 0; k < 10; ++k) {
        const __m512i t = _mm512_add_epi64(w2[k], _mm512_add_epi64(w4[k], w4[k]));
        z[k] = _mm512_add_epi64(w1[k], _mm512_add_epi64(t, t));
    }
    return fold(z);
}

#undef PYR_LO
#undef PYR_HI

// a^(2^k), k >= 1.
PYR_IFMA_INLINE F8 pow2k(F8 a, unsigned k) {
    for (unsigned i = 0; i < k; ++i) a = square(a);
    return a;
}

// The unique representative in [0, p), limbs < 2^51: the vector twin of FieldElement::to_bytes (serial carry, then
// subtract p when value + 19 carries out of 2^255).
PYR_IFMA_INLINE F8 canonical(const F8& a) {
    const __m512i m = splat(MASK51), n19 = splat(19);
    __m512i l0 = a.v[0], l1 = a.v[1], l2 = a.v[2], l3 = a.v[3], l4 = a.v[4];
    l1 = _mm512_add_epi64(l1, _mm512_srli_epi64(l0, 51));
    l0 = _mm512_and_si512(l0, m);
    l2 = _mm512_add_epi64(l2, _mm512_srli_epi64(l1, 51));
    l1 = _mm512_and_si512(l1, m);
    l3 = _mm512_add_epi64(l3, _mm512_srli_epi64(l2, 51));
    l2 = _mm512_and_si512(l2, m);
    l4 = _mm512_add_epi64(l4, _mm512_srli_epi64(l3, 51));
    l3 = _mm512_and_si512(l3, m);
    l0 = _mm512_add_epi64(l0, times19(_mm512_srli_epi64(l4, 51)));
    l4 = _mm512_and_si512(l4, m);
    // Now the value h < 2p; q = 1 exactly when h >= p, i.e. when h + 19 reaches 2^255.
    __m512i q = _mm512_srli_epi64(_mm512_add_epi64(l0, n19), 51);
    q = _mm512_srli_epi64(_mm512_add_epi64(l1, q), 51);
    q = _mm512_srli_epi64(_mm512_add_epi64(l2, q), 51);
    q = _mm512_srli_epi64(_mm512_add_epi64(l3, q), 51);
    q = _mm512_srli_epi64(_mm512_add_epi64(l4, q), 51);
    l0 = _mm512_add_epi64(l0, times19(q));
    l1 = _mm512_add_epi64(l1, _mm512_srli_epi64(l0, 51));
    l0 = _mm512_and_si512(l0, m);
    l2 = _mm512_add_epi64(l2, _mm512_srli_epi64(l1, 51));
    l1 = _mm512_and_si512(l1, m);
    l3 = _mm512_add_epi64(l3, _mm512_srli_epi64(l2, 51));
    l2 = _mm512_and_si512(l2, m);
    l4 = _mm512_add_epi64(l4, _mm512_srli_epi64(l3, 51));
    l3 = _mm512_and_si512(l3, m);
    l4 = _mm512_and_si512(l4, m);  // drops 2^255 (the subtraction of q p)
    return F8{{l0, l1, l2, l3, l4}};
}

// Lane masks (bit j = element j).
PYR_IFMA_INLINE __mmask8 is_zero(const F8& a) {
    const F8 c = canonical(a);
    const __m512i any =
        _mm512_or_si512(_mm512_or_si512(c.v[0], c.v[1]), _mm512_or_si512(_mm512_or_si512(c.v[2], c.v[3]), c.v[4]));
    return _mm512_cmpeq_epi64_mask(any, _mm512_setzero_si512());
}

PYR_IFMA_INLINE __mmask8 is_negative(const F8& a) { return _mm512_test_epi64_mask(canonical(a).v[0], splat(1)); }

PYR_IFMA_INLINE __mmask8 eq(const F8& a, const F8& b) { return is_zero(sub(a, b)); }

// Lane j from b where bit j of choose_b is set, else from a.
PYR_IFMA_INLINE F8 select(__mmask8 choose_b, const F8& a, const F8& b) {
    F8 r;
    PYR_UNROLL
    for (int i = 0; i < 5; ++i) r.v[i] = _mm512_mask_blend_epi64(choose_b, a.v[i], b.v[i]);
    return r;
}

PYR_IFMA_INLINE F8 abs(const F8& a) { return select(is_negative(a), a, neg(a)); }

// Out of line (ifma/field.cpp): the exponentiation chains and RFC 9496 SQRT_RATIO_M1, lane by lane identical in
// result to the portable FieldElement functions of the same names.
PYR_IFMA_FN F8 invert(const F8& a);
PYR_IFMA_FN F8 pow_p58(const F8& a);
PYR_IFMA_FN __mmask8 sqrt_ratio_i(const F8& u, const F8& v, F8& r);

}  // namespace ifma
}  // namespace pyristretto

#undef PYR_UNROLL
#endif  // PYRISTRETTO_IFMA
