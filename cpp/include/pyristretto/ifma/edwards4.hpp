// One edwards25519 point in four 256-bit lanes (field4.hpp): the parallel form of edwards8.hpp's group law, where
// the four products of each step of Hisil-Wong-Carter-Dawson (a = -1) run as one four-lane product:
//   Point4  lanes (X, Y, Z, T)
//   Cached4 lanes (Y - X, Y + X, 2Z, 2d T): the second operand of an addition.
// Doubling: (X, Y, Z, X + Y)^2 = (xx, yy, zz, s), then cy = yy + xx, cz = yy - xx, cx = s - cy, ct = 2 zz - cz and
// (cx, cy, cz, cx) * (ct, cz, ct, cy): 1 four-lane square + 1 four-lane product (the serial code: 4S + 4M).
// Addition: (Y1 - X1, Y1 + X1, Z1, T1) * Cached4 = (A, B, D, C), then e = B - A, h = B + A, f = D - C, g = D + C
// and (e, h, g, e) * (f, g, f, h): 2 four-lane products (serial: 8M, edwards8.hpp's add_from_terms).
// Every lane move is a permute or blend with an immediate; constant-time.
#pragma once
#include "pyristretto/edwards.hpp"
#include "pyristretto/ifma/field4.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

struct Point4 {
    F4 c;
};
struct Cached4 {
    F4 c;
};

PYR_IFMA_INLINE Point4 load_point4(const EdwardsPoint& p) { return Point4{lanes4(p.X, p.Y, p.Z, p.T)}; }

PYR_IFMA_INLINE EdwardsPoint store_point4(const Point4& p) {
    EdwardsPoint r;
    unlanes4(p.c, r.X, r.Y, r.Z, r.T);
    return r;
}

PYR_IFMA_INLINE Point4 identity4() { return load_point4(EdwardsPoint::identity()); }

PYR_IFMA_INLINE Cached4 cached_identity4() {
    const FieldElement one = FieldElement::one();
    return Cached4{lanes4(one, one, one + one, FieldElement::zero())};
}

// 2P, T included (the four-lane product computes it anyway).
PYR_IFMA_INLINE Point4 dbl4(const Point4& p) {
    const F4 z = zero4();
    // (X, Y, Z, X) + (0, 0, 0, Y)
    const F4 in = add4(perm4<0, 1, 2, 0>(p.c), blend4<0x8>(z, perm4<1, 1, 1, 1>(p.c)));
    const F4 v = square4(in);  // (xx, yy, zz, s)
    // (yy, yy, zz, s) +- (xx, xx, zz, 0): lane 1 subtracts -> (cy, cz, 2zz, s)
    const F4 u = addsub4<0x2>(perm4<1, 1, 2, 3>(v), blend4<0x8>(perm4<0, 0, 2, 3>(v), z));
    // (s, cy, cz, 2zz) - (cy, 0, 0, cz) in lanes 0 and 3 -> (cx, cy, cz, ct)
    const F4 w = addsub4<0x9>(perm4<3, 0, 1, 2>(u), blend4<0x6>(perm4<0, 0, 0, 1>(u), z));
    return Point4{mul4(perm4<0, 1, 2, 0>(w), perm4<3, 2, 3, 1>(w))};
}

// 2^k P, k >= 1.
PYR_IFMA_INLINE Point4 mul_by_pow2_4(Point4 p, unsigned k) {
    for (unsigned i = 0; i < k; ++i) p = dbl4(p);
    return p;
}

PYR_IFMA_INLINE Point4 add4(const Point4& p, const Cached4& q) {
    // (Y, Y, Z, T) -+ (X, X, 0, 0): lane 0 subtracts -> (Y - X, Y + X, Z, T)
    const F4 l = addsub4<0x1>(perm4<1, 1, 2, 3>(p.c), blend4<0xc>(perm4<0, 0, 0, 0>(p.c), zero4()));
    const F4 m = mul4(l, q.c);  // (A, B, D, C)
    const F4 u = addsub4<0x5>(perm4<1, 1, 2, 2>(m), perm4<0, 0, 3, 3>(m));  // (e, h, f, g)
    return Point4{mul4(perm4<0, 1, 3, 0>(u), perm4<2, 3, 2, 1>(u))};
}

// (Y - X, Y + X, 2Z, 2d T): one four-lane product by (1, 1, 1, 2d).
PYR_IFMA_INLINE Cached4 to_cached4(const Point4& p) {
    const FieldElement one = FieldElement::one();
    const F4 k = lanes4(one, one, one, constants::EDWARDS_D2);
    // (Y, Y, Z, T) -+ (X, X, Z, 0): lane 0 subtracts
    const F4 l = addsub4<0x1>(perm4<1, 1, 2, 3>(p.c), blend4<0x8>(perm4<0, 0, 2, 3>(p.c), zero4()));
    return Cached4{mul4(l, k)};
}

// -Q = (Y + X, Y - X, 2Z, -2d T): the first two lanes swapped, the last negated.
PYR_IFMA_INLINE Cached4 neg4(const Cached4& q) {
    const F4 s = perm4<1, 0, 2, 3>(q.c);
    const F4 z = zero4();
    return Cached4{addsub4<0x8>(blend4<0x8>(s, z), blend4<0x7>(s, z))};
}

// -Q where mask (all ones or all zeros in every lane, derived from a secret) is set, else Q; no branch.
PYR_IFMA_INLINE Cached4 conditional_neg4(__m256i mask, const Cached4& q) {
    return Cached4{select4(mask, q.c, neg4(q).c)};
}

}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
