// GF(2^255 - 19) in radix 2^51: five 64-bit limbs, products in unsigned __int128.
// Every operation is constant-time; "choices" are 0 or 1 and never branched on.
#pragma once
#include <cstdint>

namespace pyristretto {

struct FieldElement {
    uint64_t limb[5];  // value = sum limb[i] * 2^(51 i); limbs kept below 2^52 between operations

    static FieldElement zero();
    static FieldElement one();
    static FieldElement from_u64(uint64_t v);
    // Reads 32 little-endian bytes, ignoring bit 255 (callers that must reject it check first).
    static FieldElement from_bytes(const uint8_t in[32]);
    // Writes the canonical (fully reduced) encoding.
    void to_bytes(uint8_t out[32]) const;

    FieldElement operator+(const FieldElement& o) const;
    FieldElement operator-(const FieldElement& o) const;
    FieldElement operator*(const FieldElement& o) const;
    FieldElement operator-() const;
    FieldElement square() const;
    FieldElement square2() const;          // 2 * this^2
    FieldElement pow2k(unsigned k) const;  // this^(2^k), k >= 1
    FieldElement invert() const;           // this^(p-2); 0 maps to 0
    FieldElement pow_p58() const;          // this^((p-5)/8)

    uint8_t is_negative() const;  // low bit of the canonical encoding
    uint8_t is_zero() const;
    uint8_t ct_eq(const FieldElement& o) const;
    void conditional_assign(const FieldElement& o, uint8_t choice);
    void conditional_negate(uint8_t choice);
    FieldElement abs() const;  // conditional_negate(is_negative())

    // RFC 9496 SQRT_RATIO_M1(u, v): sets r and returns 1 if u/v is square, else r = sqrt(i*u/v), returns 0.
    static uint8_t sqrt_ratio_i(const FieldElement& u, const FieldElement& v, FieldElement& r);
};

// RFC 9496 / curve constants (defined in field.cpp).
namespace constants {
extern const FieldElement EDWARDS_D;   // d
extern const FieldElement EDWARDS_D2;  // 2d
extern const FieldElement SQRT_M1;     // sqrt(-1)
extern const FieldElement SQRT_AD_MINUS_ONE;
extern const FieldElement INVSQRT_A_MINUS_D;
extern const FieldElement ONE_MINUS_D_SQ;
extern const FieldElement D_MINUS_ONE_SQ;
}  // namespace constants

// ---------------------------------------------------------------------------------------------------------------
// Hot operations, defined inline so the compiler can schedule them across a whole point formula.
//
// Limb bounds (the invariant every function here relies on): inputs have limbs < 2^52. Then
//   * add/sub/neg fold their carries back in, so their outputs are again < 2^52 and any chain of them is safe;
//   * mul and square have slack: they are exact for limbs up to 2^54 (square2 up to 2^53), which lets internal code
//     feed an uncarried sum of two elements straight into a product (edwards.cpp does; never store such a sum).
// ---------------------------------------------------------------------------------------------------------------
namespace detail {

__extension__ typedef unsigned __int128 u128;  // __extension__: quiet under -Wpedantic
constexpr uint64_t LOW_51 = (uint64_t(1) << 51) - 1;

// Hides a value from the optimizer so a 0/1 choice turned into a mask cannot be re-derived as a branch.
inline uint64_t value_barrier(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

// 0 -> 0, 1 -> all ones.
inline uint64_t choice_mask(uint8_t choice) { return value_barrier(0 - static_cast<uint64_t>(choice & 1)); }

// One parallel carry pass over 64-bit limbs: every limb ends < 2^51 + 19 * 2^13 (< 2^51 + 19 * 2^3 when the inputs
// are < 2^54, as for add/sub). The carries are taken from the inputs independently (no serial chain): enough for
// the bounds above, and it keeps the instruction-level parallelism high.
inline FieldElement carry_parallel(uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3, uint64_t s4) {
    FieldElement r;
    r.limb[0] = (s0 & LOW_51) + 19 * (s4 >> 51);
    r.limb[1] = (s1 & LOW_51) + (s0 >> 51);
    r.limb[2] = (s2 & LOW_51) + (s1 >> 51);
    r.limb[3] = (s3 & LOW_51) + (s2 >> 51);
    r.limb[4] = (s4 & LOW_51) + (s3 >> 51);
    return r;
}

inline FieldElement carry_parallel(const FieldElement& s) {
    return carry_parallel(s.limb[0], s.limb[1], s.limb[2], s.limb[3], s.limb[4]);
}

// 4p in radix 2^51: every limb is >= 2^52 (above any carried limb), the bias that keeps a - b from underflowing.
constexpr uint64_t FOUR_P_0 = 4 * ((uint64_t(1) << 51) - 19), FOUR_P_N = 4 * ((uint64_t(1) << 51) - 1);
// 2p in radix 2^51: the bound of ifma::neg4's operands (ifma/edwards4.hpp), whose 2p - t needs no carry.
constexpr uint64_t TWO_P_0 = 2 * ((uint64_t(1) << 51) - 19), TWO_P_N = 2 * ((uint64_t(1) << 51) - 1);

// a + b and a + 4p - b limb by limb, without the carry. The field's + and - carry these; edwards.cpp feeds them
// uncarried straight into a product (see the bounds note above): add_lazy of two carried inputs is < 2^53, and
// sub_lazy needs b's limbs <= 4p's (about 2^53) and gives < a + 2^53. Never store an uncarried result.
inline FieldElement add_lazy(const FieldElement& a, const FieldElement& b) {
    return FieldElement{{a.limb[0] + b.limb[0], a.limb[1] + b.limb[1], a.limb[2] + b.limb[2], a.limb[3] + b.limb[3],
                         a.limb[4] + b.limb[4]}};
}
inline FieldElement sub_lazy(const FieldElement& a, const FieldElement& b) {
    return FieldElement{{(a.limb[0] + FOUR_P_0) - b.limb[0], (a.limb[1] + FOUR_P_N) - b.limb[1],
                         (a.limb[2] + FOUR_P_N) - b.limb[2], (a.limb[3] + FOUR_P_N) - b.limb[3],
                         (a.limb[4] + FOUR_P_N) - b.limb[4]}};
}

// Carries five 128-bit column sums (each < 2^115) down to limbs < 2^51 (limb 1 < 2^51 + 2^13) with one serial
// chain: the fewest instructions, which is what matters when independent products overlap (the group law).
inline FieldElement carry_wide(u128 c0, u128 c1, u128 c2, u128 c3, u128 c4) {
    FieldElement r;
    c1 += static_cast<uint64_t>(c0 >> 51);
    r.limb[0] = static_cast<uint64_t>(c0) & LOW_51;
    c2 += static_cast<uint64_t>(c1 >> 51);
    r.limb[1] = static_cast<uint64_t>(c1) & LOW_51;
    c3 += static_cast<uint64_t>(c2 >> 51);
    r.limb[2] = static_cast<uint64_t>(c2) & LOW_51;
    c4 += static_cast<uint64_t>(c3 >> 51);
    r.limb[3] = static_cast<uint64_t>(c3) & LOW_51;
    uint64_t carry = static_cast<uint64_t>(c4 >> 51);  // < 2^60, so 19 * carry fits in 64 bits
    r.limb[4] = static_cast<uint64_t>(c4) & LOW_51;
    r.limb[0] += carry * 19;  // 2^255 = 19 (mod p)
    r.limb[1] += r.limb[0] >> 51;
    r.limb[0] &= LOW_51;
    return r;
}

// Same result range (limbs < 2^51 + 2^18), in two *parallel* rounds instead of the serial chain: a few more
// instructions but a much shorter dependency path, which wins in long runs of squarings (pow2k: invert, sqrt),
// where each squaring waits for the previous one (1.7x on a chain of squarings; docs/backends.md). Slower in the group
// law, hence both variants.
// Round 1: every c_i < 2^115, so c_i >> 51 < 2^64 fits a word; with inputs' limbs < 2^54 (see above) the carries
// are < 2^63.7 and 19 * (c4 >> 51) < 2^63.7, so the word sums below cannot overflow. Round 2 is carry_parallel.
inline FieldElement carry_wide_low_latency(u128 c0, u128 c1, u128 c2, u128 c3, u128 c4) {
    const uint64_t h0 = static_cast<uint64_t>(c0 >> 51), h1 = static_cast<uint64_t>(c1 >> 51),
                   h2 = static_cast<uint64_t>(c2 >> 51), h3 = static_cast<uint64_t>(c3 >> 51),
                   h4 = static_cast<uint64_t>(c4 >> 51);
    return carry_parallel((static_cast<uint64_t>(c0) & LOW_51) + 19 * h4, (static_cast<uint64_t>(c1) & LOW_51) + h0,
                          (static_cast<uint64_t>(c2) & LOW_51) + h1, (static_cast<uint64_t>(c3) & LOW_51) + h2,
                          (static_cast<uint64_t>(c4) & LOW_51) + h3);
}

// Column sums of a^2 (schoolbook with symmetric terms doubled and high columns folded by 19).
inline void square_columns(const FieldElement& x, u128 c[5]) {
    const uint64_t a0 = x.limb[0], a1 = x.limb[1], a2 = x.limb[2], a3 = x.limb[3], a4 = x.limb[4];
    const uint64_t a3_19 = 19 * a3, a4_19 = 19 * a4;
    const uint64_t d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2, d3 = 2 * a3;
    c[0] = (u128)a0 * a0 + (u128)d1 * a4_19 + (u128)d2 * a3_19;
    c[1] = (u128)d0 * a1 + (u128)d2 * a4_19 + (u128)a3 * a3_19;
    c[2] = (u128)d0 * a2 + (u128)a1 * a1 + (u128)d3 * a4_19;
    c[3] = (u128)d0 * a3 + (u128)d1 * a2 + (u128)a4 * a4_19;
    c[4] = (u128)d0 * a4 + (u128)d1 * a3 + (u128)a2 * a2;
}

}  // namespace detail

inline FieldElement FieldElement::zero() { return FieldElement{{0, 0, 0, 0, 0}}; }
inline FieldElement FieldElement::one() { return FieldElement{{1, 0, 0, 0, 0}}; }

inline FieldElement FieldElement::operator+(const FieldElement& o) const {
    return detail::carry_parallel(detail::add_lazy(*this, o));
}

// a - b computed as (a + 4p) - b: 4p's limbs are >= 2^52 > b's limbs, so nothing underflows.
inline FieldElement FieldElement::operator-(const FieldElement& o) const {
    return detail::carry_parallel(detail::sub_lazy(*this, o));
}

inline FieldElement FieldElement::operator-() const { return zero() - *this; }

inline FieldElement FieldElement::operator*(const FieldElement& o) const {
    using detail::u128;
    const uint64_t a0 = limb[0], a1 = limb[1], a2 = limb[2], a3 = limb[3], a4 = limb[4];
    const uint64_t b0 = o.limb[0], b1 = o.limb[1], b2 = o.limb[2], b3 = o.limb[3], b4 = o.limb[4];
    // Columns 5..8 wrap around to 0..3 multiplied by 19 (2^255 = 19 mod p); pre-multiply b instead of the sums.
    const uint64_t b1_19 = 19 * b1, b2_19 = 19 * b2, b3_19 = 19 * b3, b4_19 = 19 * b4;
    u128 c0 = (u128)a0 * b0 + (u128)a4 * b1_19 + (u128)a3 * b2_19 + (u128)a2 * b3_19 + (u128)a1 * b4_19;
    u128 c1 = (u128)a1 * b0 + (u128)a0 * b1 + (u128)a4 * b2_19 + (u128)a3 * b3_19 + (u128)a2 * b4_19;
    u128 c2 = (u128)a2 * b0 + (u128)a1 * b1 + (u128)a0 * b2 + (u128)a4 * b3_19 + (u128)a3 * b4_19;
    u128 c3 = (u128)a3 * b0 + (u128)a2 * b1 + (u128)a1 * b2 + (u128)a0 * b3 + (u128)a4 * b4_19;
    u128 c4 = (u128)a4 * b0 + (u128)a3 * b1 + (u128)a2 * b2 + (u128)a1 * b3 + (u128)a0 * b4;
    return detail::carry_wide(c0, c1, c2, c3, c4);
}

inline FieldElement FieldElement::square() const {
    detail::u128 c[5];
    detail::square_columns(*this, c);
    return detail::carry_wide(c[0], c[1], c[2], c[3], c[4]);
}

inline FieldElement FieldElement::square2() const {
    detail::u128 c[5];
    detail::square_columns(*this, c);
    return detail::carry_wide(c[0] << 1, c[1] << 1, c[2] << 1, c[3] << 1, c[4] << 1);
}

inline void FieldElement::conditional_assign(const FieldElement& o, uint8_t choice) {
    const uint64_t m = detail::choice_mask(choice);
    for (int i = 0; i < 5; ++i) limb[i] ^= m & (limb[i] ^ o.limb[i]);
}

inline void FieldElement::conditional_negate(uint8_t choice) {
    FieldElement n = -*this;
    conditional_assign(n, choice);
}

}  // namespace pyristretto
