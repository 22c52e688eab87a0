// ristretto255 (RFC 9496 section 4.3) on top of edwards25519 extended coordinates.
#include "pyristretto/ristretto.hpp"

#include <memory>
#include <new>

#include "pyristretto/dispatch.hpp"

namespace pyristretto {

namespace {
using FE = FieldElement;
}

/// RFC 9496 4.3.1 DECODE. Every check is folded into one mask so the time does not depend on which check fails
/// (or on the bytes of a valid encoding); only the final accept/reject is a branch.
bool ristretto_decode(EdwardsPoint& out, const uint8_t in[32]) {
    const FE s = FE::from_bytes(in);
    // Canonical iff re-encoding gives the same bytes: catches s >= p and bit 255 (from_bytes drops it and
    // to_bytes never sets it) in one comparison.
    uint8_t canon[32];
    s.to_bytes(canon);
    uint32_t diff = 0;
    for (int i = 0; i < 32; ++i) diff |= static_cast<uint32_t>(canon[i] ^ in[i]);
    const uint8_t canonical = static_cast<uint8_t>(((diff - 1) >> 8) & 1);
    const uint8_t s_negative = static_cast<uint8_t>(canon[0] & 1);

    const FE ss = s.square();
    const FE u1 = FE::one() - ss;  // 1 + a s^2 with a = -1
    const FE u2 = FE::one() + ss;  // 1 - a s^2
    const FE u2_sqr = u2.square();
    const FE v = -(constants::EDWARDS_D * u1.square()) - u2_sqr;  // a d u1^2 - u2^2
    FE invsqrt;
    const uint8_t was_square = FE::sqrt_ratio_i(FE::one(), v * u2_sqr, invsqrt);
    const FE den_x = invsqrt * u2;
    const FE den_y = invsqrt * den_x * v;
    const FE x = ((s + s) * den_x).abs();
    const FE y = u1 * den_y;
    const FE t = x * y;

    const uint8_t ok = canonical & (s_negative ^ 1) & was_square & (t.is_negative() ^ 1) & (y.is_zero() ^ 1);
    out = EdwardsPoint{x, y, FE::one(), t};
    return ok != 0;
}

/// RFC 9496 4.3.2 ENCODE: maps every one of the 8 (coset) representatives of an element to the same 32 bytes.
void ristretto_encode(uint8_t out[32], const EdwardsPoint& p) {
    const FE u1 = (p.Z + p.Y) * (p.Z - p.Y);
    const FE u2 = p.X * p.Y;
    FE invsqrt;
    FE::sqrt_ratio_i(FE::one(), u1 * u2.square(), invsqrt);  // always square for points of the (even) subgroup
    const FE den1 = invsqrt * u1;
    const FE den2 = invsqrt * u2;
    const FE z_inv = den1 * den2 * p.T;
    // Choose among the torsion-coset representatives the one with T Z_inv non-negative (rotating by the 4-torsion
    // point (sqrt(-1) : 0 : 1) swaps x and y up to i).
    const uint8_t rotate = (p.T * z_inv).is_negative();
    FE x = p.X, y = p.Y;
    FE den_inv = den2;
    x.conditional_assign(p.Y * constants::SQRT_M1, rotate);
    y.conditional_assign(p.X * constants::SQRT_M1, rotate);
    den_inv.conditional_assign(den1 * constants::INVSQRT_A_MINUS_D, rotate);
    y.conditional_negate((x * z_inv).is_negative());
    const FE s = (den_inv * (p.Z - y)).abs();
    s.to_bytes(out);
}

void ristretto_encode_many(uint8_t* out, const EdwardsPoint* points, size_t n) {
    backend_ops().encode_many(out, points, n);
}

void ristretto_encode_doubled(uint8_t* out, EdwardsPoint* doubled, const EdwardsPoint* halves, size_t n) {
    backend_ops().encode_doubled(out, doubled, halves, n);
}

void ristretto_decode_checks(const uint8_t* encodings, unsigned count, FieldElement* s, unsigned& canonical,
                             unsigned& s_negative) {
    canonical = s_negative = 0;
    for (unsigned j = 0; j < count; ++j) {
        const uint8_t* enc = encodings + 32 * j;
        s[j] = FieldElement::from_bytes(enc);
        uint8_t canon[32];
        s[j].to_bytes(canon);
        uint32_t diff = 0;
        for (int i = 0; i < 32; ++i) diff |= static_cast<uint32_t>(canon[i] ^ enc[i]);
        canonical |= (((diff - 1) >> 8) & 1u) << j;
        s_negative |= (canon[0] & 1u) << j;
    }
}

/// RFC 9496 4.3.3 EQUALS: X1 Y2 == Y1 X2 or Y1 Y2 == X1 X2 (the second case covers the 2-torsion coset mate).
uint8_t ristretto_ct_eq(const EdwardsPoint& a, const EdwardsPoint& b) {
    return (a.X * b.Y).ct_eq(a.Y * b.X) | (a.Y * b.Y).ct_eq(a.X * b.X);
}

/// Decodes n back-to-back 32-byte encodings into out[0..n). Returns n, or the index of the first invalid one
/// (entries before it are decoded; later ones are left unspecified).
size_t ristretto_decode_many(EdwardsPoint* out, const uint8_t* encodings, size_t n) {
    return backend_ops().decode_many(out, encodings, n);
}

/// RFC 9496 4.3.4 MAP(t). Both sides of the RFC's CT_SELECTs are always computed; the choice is a mask.
EdwardsPoint ristretto_elligator(const FieldElement& t) {
    const FE one = FE::one();
    const FE r = constants::SQRT_M1 * t.square();
    const FE u = (r + one) * constants::ONE_MINUS_D_SQ;
    const FE v = (-one - r * constants::EDWARDS_D) * (r + constants::EDWARDS_D);
    FE s;
    const uint8_t was_square = FE::sqrt_ratio_i(u, v, s);  // s is the non-negative root
    const FE s_prime = -(s * t).abs();
    s.conditional_assign(s_prime, was_square ^ 1);
    FE c = -one;
    c.conditional_assign(r, was_square ^ 1);
    const FE n = c * (r - one) * constants::D_MINUS_ONE_SQ - v;
    const FE w0 = (s + s) * v;
    const FE w1 = n * constants::SQRT_AD_MINUS_ONE;
    const FE ss = s.square();
    const FE w2 = one - ss;
    const FE w3 = one + ss;
    return EdwardsPoint{w0 * w3, w2 * w1, w1 * w3, w0 * w2};
}

/// RFC 9496 4.3.4 element derivation. FieldElement::from_bytes drops bit 255 and accepts [p, 2^255) unreduced,
/// which is exactly the RFC's "mask the most significant bit, then interpret mod p". Three exponentiations (two
/// square roots, one for the encoding), like libsodium, but on the faster radix-2^51 field.
EdwardsPoint ristretto_from_uniform_point(const uint8_t in[64]) {
    return ristretto_elligator(FE::from_bytes(in)) + ristretto_elligator(FE::from_bytes(in + 32));
}

void ristretto_from_uniform_many(EdwardsPoint* out, const uint8_t* uniform, size_t n) {
    backend_ops().from_uniform_many(out, uniform, n);
}

void ristretto_from_uniform(uint8_t out[32], const uint8_t in[64]) {
    ristretto_encode(out, ristretto_from_uniform_point(in));
}

}  // namespace pyristretto
