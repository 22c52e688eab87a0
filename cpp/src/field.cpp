// GF(2^255 - 19) arithmetic that is not hot enough to live in the header: serialization, exponentiation chains,
// comparisons and the RFC 9496 square-root-of-a-ratio. Everything is constant-time (no secret-dependent branch or
// memory index); choices are turned into masks.
#include "pyristretto/field.hpp"

#include "pyristretto/bytes.hpp"

namespace pyristretto {

using detail::load64_le;
using detail::LOW_51;
using detail::store64_le;

namespace {

// Returns (x^(2^250 - 1), x^11): the common prefix of the addition chains for p - 2 and (p - 5) / 8.
// 250 squarings and 11 multiplications.
inline void pow22501(const FieldElement& x, FieldElement& t_2_250_1, FieldElement& t_11) {
    FieldElement t0 = x.square();       // x^2
    FieldElement t1 = t0.pow2k(2) * x;  // x^9
    t0 = t0 * t1;                       // x^11
    t_11 = t0;
    t1 = t1 * t0.square();                // x^31 = x^(2^5 - 1)
    FieldElement t2 = t1.pow2k(5) * t1;   // 2^10 - 1
    FieldElement t3 = t2.pow2k(10) * t2;  // 2^20 - 1
    t3 = t3.pow2k(20) * t3;               // 2^40 - 1
    t2 = t3.pow2k(10) * t2;               // 2^50 - 1
    t3 = t2.pow2k(50) * t2;               // 2^100 - 1
    t3 = t3.pow2k(100) * t3;              // 2^200 - 1
    t_2_250_1 = t3.pow2k(50) * t2;        // 2^250 - 1
}

}  // namespace

/// The field element with value v (v < 2^64, so two limbs suffice).
FieldElement FieldElement::from_u64(uint64_t v) { return FieldElement{{v & LOW_51, v >> 51, 0, 0, 0}}; }

/// Little-endian 32 bytes -> field element; bit 255 is dropped, values in [p, 2^255) are accepted unreduced.
FieldElement FieldElement::from_bytes(const uint8_t in[32]) {
    const uint64_t w0 = load64_le(in), w1 = load64_le(in + 8), w2 = load64_le(in + 16), w3 = load64_le(in + 24);
    return FieldElement{{w0 & LOW_51, ((w0 >> 51) | (w1 << 13)) & LOW_51, ((w1 >> 38) | (w2 << 26)) & LOW_51,
                         ((w2 >> 25) | (w3 << 39)) & LOW_51, (w3 >> 12) & LOW_51}};
}

/// Canonical little-endian encoding: the unique representative in [0, p).
void FieldElement::to_bytes(uint8_t out[32]) const {
    uint64_t l0 = limb[0], l1 = limb[1], l2 = limb[2], l3 = limb[3], l4 = limb[4];
    // Serial carry: afterwards l1..l4 < 2^51 and l0 < 2^51 + 19 * 2^3, so the value h is < 2p.
    l1 += l0 >> 51;
    l0 &= LOW_51;
    l2 += l1 >> 51;
    l1 &= LOW_51;
    l3 += l2 >> 51;
    l2 &= LOW_51;
    l4 += l3 >> 51;
    l3 &= LOW_51;
    l0 += 19 * (l4 >> 51);
    l4 &= LOW_51;
    // q = floor((h + 19) / 2^255) is 1 exactly when h >= p; computed by running the carry of h + 19.
    uint64_t q = (l0 + 19) >> 51;
    q = (l1 + q) >> 51;
    q = (l2 + q) >> 51;
    q = (l3 + q) >> 51;
    q = (l4 + q) >> 51;
    // h - q p = h + 19 q - q 2^255: add 19 q, carry, and drop bit 255.
    l0 += 19 * q;
    l1 += l0 >> 51;
    l0 &= LOW_51;
    l2 += l1 >> 51;
    l1 &= LOW_51;
    l3 += l2 >> 51;
    l2 &= LOW_51;
    l4 += l3 >> 51;
    l3 &= LOW_51;
    l4 &= LOW_51;
    store64_le(out, l0 | (l1 << 51));
    store64_le(out + 8, (l1 >> 13) | (l2 << 38));
    store64_le(out + 16, (l2 >> 26) | (l3 << 25));
    store64_le(out + 24, (l3 >> 39) | (l4 << 12));
}

/// this^(2^k) by k successive squarings (k >= 1). Uses the low-latency carry: each squaring waits on the last.
FieldElement FieldElement::pow2k(unsigned k) const {
    FieldElement r = *this;
    detail::u128 c[5];
    for (unsigned i = 0; i < k; ++i) {
        detail::square_columns(r, c);
        r = detail::carry_wide_low_latency(c[0], c[1], c[2], c[3], c[4]);
    }
    return r;
}

/// this^(p - 2) = this^-1 (Fermat); maps 0 to 0. 254 squarings + 11 multiplications.
FieldElement FieldElement::invert() const {
    FieldElement t, x11;
    pow22501(*this, t, x11);
    return t.pow2k(5) * x11;  // (2^250 - 1) 2^5 + 11 = 2^255 - 21 = p - 2
}

/// this^((p - 5) / 8) = this^(2^252 - 3), the exponent used by the square-root-of-ratio trick.
FieldElement FieldElement::pow_p58() const {
    FieldElement t, x11;
    pow22501(*this, t, x11);
    return t.pow2k(2) * *this;  // (2^250 - 1) 4 + 1 = 2^252 - 3
}

/// 1 if the canonical encoding is odd (RFC 9496 IS_NEGATIVE), else 0.
uint8_t FieldElement::is_negative() const {
    uint8_t b[32];
    to_bytes(b);
    return b[0] & 1;
}

/// 1 if this == 0 mod p, else 0.
uint8_t FieldElement::is_zero() const {
    uint8_t b[32];
    to_bytes(b);
    uint32_t acc = 0;
    for (int i = 0; i < 32; ++i) acc |= b[i];
    return static_cast<uint8_t>(((acc - 1) >> 8) & 1);  // acc in [0, 255]: borrow only when acc == 0
}

/// 1 if this == o mod p, else 0.
uint8_t FieldElement::ct_eq(const FieldElement& o) const { return (*this - o).is_zero(); }

/// |this|: the non-negative (even) one of {this, -this}.
FieldElement FieldElement::abs() const {
    FieldElement r = *this;
    r.conditional_negate(is_negative());
    return r;
}

/// RFC 9496 section 4.2 SQRT_RATIO_M1. r is always the non-negative root. Cases:
/// u = 0 -> (1, 0); v = 0, u != 0 -> (0, 0); u/v square -> (1, sqrt(u/v)); else (0, sqrt(i u / v)).
uint8_t FieldElement::sqrt_ratio_i(const FieldElement& u, const FieldElement& v, FieldElement& r) {
    const FieldElement v3 = v.square() * v;
    const FieldElement v7 = v3.square() * v;
    // (u v^3)(u v^7)^((p-5)/8) is a square root of +-u/v or +-i u/v: one exponentiation instead of an inverse
    // followed by a square root.
    FieldElement rr = (u * v3) * (u * v7).pow_p58();
    const FieldElement check = v * rr.square();
    const FieldElement neg_u = -u;
    const uint8_t correct_sign = check.ct_eq(u);
    const uint8_t flipped_sign = check.ct_eq(neg_u);
    const uint8_t flipped_sign_i = check.ct_eq(neg_u * constants::SQRT_M1);
    rr.conditional_assign(rr * constants::SQRT_M1, flipped_sign | flipped_sign_i);
    r = rr.abs();
    return correct_sign | flipped_sign;
}

// Limbs computed offline from the RFC 9496 decimal values (test_core.cpp checks each one algebraically and against
// those decimal values). Aggregate initialization makes them constant-initialized: no static-init-order issues.
namespace constants {
const FieldElement EDWARDS_D = {{0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029, 0x739c663a03cbb, 0x52036cee2b6ff}};
const FieldElement EDWARDS_D2 = {{0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977, 0x2406d9dc56dff}};
const FieldElement SQRT_M1 = {{0x61b274a0ea0b0, 0x0d5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e, 0x2b8324804fc1d}};
const FieldElement SQRT_AD_MINUS_ONE = {
    {0x7f6a0497b2e1b, 0x1836f0a97afd2, 0x7d747f6be7638, 0x456079e7e6498, 0x376931bf2b834}};
const FieldElement INVSQRT_A_MINUS_D = {
    {0x0fdaa805d40ea, 0x2eb482e57d339, 0x007610274bc58, 0x6510b613dc8ff, 0x786c8905cfaff}};
const FieldElement ONE_MINUS_D_SQ = {
    {0x409c1945fc176, 0x719abc6a1fc4f, 0x1c37f90b20684, 0x06bccca55eedf, 0x029072a8b2b3e}};
const FieldElement D_MINUS_ONE_SQ = {
    {0x55aaa44ed4d20, 0x59603c3332635, 0x26d3baf4a7928, 0x120a66e6997a9, 0x5968b37af66c2}};
}  // namespace constants

}  // namespace pyristretto
