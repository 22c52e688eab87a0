// Points of edwards25519 in extended coordinates (X:Y:Z:T), x = X/Z, y = Y/Z, xy = T/Z,
// and the precomputed forms used as the second operand of an addition.
#pragma once
#include "pyristretto/field.hpp"

namespace pyristretto {

struct CachedPoint;       // (Y+X, Y-X, Z, 2dT): any point, ready to be added
struct AffineNielsPoint;  // (y+x, y-x, 2dxy) with Z = 1: fixed-base tables

struct EdwardsPoint {
    FieldElement X, Y, Z, T;

    static EdwardsPoint identity();
    static const EdwardsPoint& basepoint();    // the RFC 9496 generator G

    EdwardsPoint dbl() const;                  // 2P
    EdwardsPoint mul_by_pow2(unsigned k) const;  // 2^k P, k >= 1
    EdwardsPoint operator+(const EdwardsPoint& o) const;
    EdwardsPoint operator-(const EdwardsPoint& o) const;
    EdwardsPoint operator-() const;
    EdwardsPoint operator+(const CachedPoint& o) const;
    EdwardsPoint operator-(const CachedPoint& o) const;
    EdwardsPoint operator+(const AffineNielsPoint& o) const;
    EdwardsPoint operator-(const AffineNielsPoint& o) const;

    CachedPoint to_cached() const;
    AffineNielsPoint to_affine_niels() const;  // costs an inversion

    // Projective equality (X1 Z2 == X2 Z1 and Y1 Z2 == Y2 Z1), constant-time. NOT ristretto equality.
    uint8_t ct_eq(const EdwardsPoint& o) const;
    void conditional_assign(const EdwardsPoint& o, uint8_t choice);
};

struct CachedPoint {
    FieldElement Y_plus_X, Y_minus_X, Z, T2d;
    static CachedPoint identity();
    CachedPoint operator-() const;
    void conditional_assign(const CachedPoint& o, uint8_t choice);
    void conditional_negate(uint8_t choice);
};

struct AffineNielsPoint {
    FieldElement y_plus_x, y_minus_x, xy2d;
    static AffineNielsPoint identity();
    AffineNielsPoint operator-() const;
    void conditional_assign(const AffineNielsPoint& o, uint8_t choice);
    void conditional_negate(uint8_t choice);
};

// Constant-time lookup: scans all n entries, returns table[index] (0 <= index < n) with conditional moves.
template <class T>
inline T ct_select(const T* table, unsigned n, unsigned index) {
    T out = table[0];
    for (unsigned i = 1; i < n; ++i) {
        uint32_t diff = i ^ index;
        uint8_t eq = static_cast<uint8_t>(((diff | (0u - diff)) >> 31) ^ 1u);  // 1 iff i == index
        out.conditional_assign(table[i], eq);
    }
    return out;
}

}  // namespace pyristretto
