// Points of edwards25519 in extended coordinates (X:Y:Z:T), x = X/Z, y = Y/Z, xy = T/Z,
// and the precomputed forms used as the second operand of an addition.
#pragma once
#include <cstddef>

#include "pyristretto/field.hpp"

namespace pyristretto {

struct CachedPoint;       // (Y+X, Y-X, Z, 2dT): any point, ready to be added
struct AffineNielsPoint;  // (y+x, y-x, 2dxy) with Z = 1: precomputed tables (7 products an addition, not 8)

struct EdwardsPoint {
    FieldElement X, Y, Z, T;

    static EdwardsPoint identity();
    static const EdwardsPoint& basepoint();  // the RFC 9496 generator G

    EdwardsPoint dbl() const;                    // 2P
    EdwardsPoint mul_by_pow2(unsigned k) const;  // 2^k P, k >= 1
    // 2^k (P + Q), or 2^k (P - Q) when subtract, k >= 1: the sum goes to the doublings' projective form without its
    // T, one multiplication fewer than (P + Q).mul_by_pow2(k) (the step of the Straus loops: add, then double).
    // subtract is public (it picks the formula's operands); a secret sign goes in q (CachedPoint::conditional_negate).
    EdwardsPoint add_mul_by_pow2(const CachedPoint& q, unsigned k, bool subtract = false) const;
    EdwardsPoint operator+(const EdwardsPoint& o) const;
    EdwardsPoint operator-(const EdwardsPoint& o) const;
    EdwardsPoint operator-() const;
    EdwardsPoint operator+(const CachedPoint& o) const;
    EdwardsPoint operator-(const CachedPoint& o) const;
    EdwardsPoint operator+(const AffineNielsPoint& o) const;
    EdwardsPoint operator-(const AffineNielsPoint& o) const;

    CachedPoint to_cached() const;
    AffineNielsPoint to_affine_niels() const;  // costs an inversion
    // The same given z_inv = 1/Z, for callers that batch the inversions (batch_to_affine_niels).
    AffineNielsPoint to_affine_niels(const FieldElement& z_inv) const;

    // Projective equality (X1 Z2 == X2 Z1 and Y1 Z2 == Y2 Z1), constant-time. NOT ristretto equality.
    uint8_t ct_eq(const EdwardsPoint& o) const;
};

struct CachedPoint {
    FieldElement Y_plus_X, Y_minus_X, Z, T2d;
    static CachedPoint identity();
    void conditional_negate(uint8_t choice);
};

struct AffineNielsPoint {
    FieldElement y_plus_x, y_minus_x, xy2d;
    void conditional_negate(uint8_t choice);
};

// Points live inside Python objects (pyristretto._objects.Point holds one by value), whose memory CPython
// aligns to 16 bytes: vector code must use unaligned loads on them, and nothing may need more alignment.
static_assert(alignof(EdwardsPoint) <= 16, "EdwardsPoint must fit CPython's 16-byte object alignment");

// this = choice ? -this : this, without branching: a masked swap of the sums and a masked negation of the
// product term. Inline, so that a value just read from a table can stay in registers. (CachedPoint's is not: made
// inline, the portable P * s and the constant-time MSMs of 1-7 points ran 1-6% slower, from placement, not work.)
inline void AffineNielsPoint::conditional_negate(uint8_t choice) {
    const FieldElement ypx = y_plus_x;
    y_plus_x.conditional_assign(y_minus_x, choice);
    y_minus_x.conditional_assign(ypx, choice);
    xy2d.conditional_negate(choice);
}

// out[i] = in[i] in affine Niels form for i < n, with one inversion for all (Montgomery's trick: 3 multiplications
// each more than to_affine_niels(z_inv)). Every Z must be nonzero, as in extended coordinates; in and out are public
// and must not overlap.
void batch_to_affine_niels(const EdwardsPoint* in, size_t n, AffineNielsPoint* out);

// Constant-time table lookups: ct::select, ct::select_or_identity and ct::select_signed in ct_lookup.hpp.

}  // namespace pyristretto
