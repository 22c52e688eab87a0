// edwards25519 group law (a = -1, d = -121665/121666) in extended coordinates, using the complete formulas of
// Hisil-Wong-Carter-Dawson 2008: no exceptional cases, so the same code path serves every input (constant-time).
#include "pyristretto/edwards.hpp"

namespace pyristretto {

namespace {

using FE = FieldElement;

// Sums fed straight into a multiplication need not be carried: FieldElement's operator* and square() are exact for
// limbs < 2^54 (bounds in field.hpp, with add_lazy and sub_lazy). Never store their results in a point.
using detail::add_lazy;
using detail::sub_lazy;

// ((X:Z), (Y:T)) on P^1 x P^1, the natural output of the addition and doubling formulas. Converting to extended
// costs 4M, to projective 3M (enough when the next step is another doubling).
struct CompletedPoint {
    FE X, Y, Z, T;
    EdwardsPoint to_extended() const { return EdwardsPoint{X * T, Y * Z, Z * T, X * Y}; }
};

// (X:Y:Z) without T: the input of a doubling, which never reads T.
struct ProjectivePoint {
    FE X, Y, Z;
    // dbl-2008-hwcd with a = -1, signs flipped throughout (the four output products are unchanged by the flip).
    // The completed point only feeds products, so its coordinates may stay uncarried (limbs < 2^54).
    CompletedPoint dbl() const {
        const FE xx = X.square();
        const FE yy = Y.square();
        const FE zz2 = Z.square2();
        const FE xy_sq = add_lazy(X, Y).square();
        const FE yy_plus_xx = add_lazy(yy, xx);  // < 2^53: still a valid subtrahend for sub_lazy
        const FE yy_minus_xx = yy - xx;          // carried: it is subtracted again below
        return CompletedPoint{sub_lazy(xy_sq, yy_plus_xx), yy_plus_xx, yy_minus_xx, sub_lazy(zz2, yy_minus_xx)};
    }
};

inline ProjectivePoint to_projective(const CompletedPoint& c) {
    return ProjectivePoint{c.X * c.T, c.Y * c.Z, c.Z * c.T};
}
inline ProjectivePoint to_projective(const EdwardsPoint& p) { return ProjectivePoint{p.X, p.Y, p.Z}; }

// add-2008-hwcd-3: A = (Y1-X1)(Y2-X2), B = (Y1+X1)(Y2+X2), C = T1 2d T2, D = 2 Z1 Z2; completed result
// x = (B-A)/(D+C), y = (B+A)/(D-C). Subtraction = addition of -Q = (Y-X, Y+X, Z, -2dT): the two sums swap and C
// changes sign. q_ypx, q_ymx are the operand's Y2+X2, Y2-X2; c_and_d(C, D) computes the operand-specific terms
// (D may be an uncarried sum). They are computed after A and B, as in the formula: passing C and D in as
// arguments (computed first) measured 3-5% slower additions at -O3.
// Always inlined: with the negation a run-time choice in one more caller (add_mul_by_pow2), GCC made it a call, and
// each addition took 99 ns instead of 85 (C++, one core).
template <class CAndD>
inline __attribute__((always_inline)) CompletedPoint add_terms(const EdwardsPoint& p, const FE& q_ypx, const FE& q_ymx,
                                                               CAndD c_and_d, bool negate_q) {
    const FE pp = add_lazy(p.Y, p.X) * (negate_q ? q_ymx : q_ypx);
    const FE mm = sub_lazy(p.Y, p.X) * (negate_q ? q_ypx : q_ymx);
    FE c, d;
    c_and_d(c, d);
    const FE e = sub_lazy(pp, mm), h = add_lazy(pp, mm);
    if (negate_q) return CompletedPoint{e, h, sub_lazy(d, c), add_lazy(d, c)};
    return CompletedPoint{e, h, add_lazy(d, c), sub_lazy(d, c)};
}

// P + Q with Q in cached form. 8M including to_extended.
inline __attribute__((always_inline)) CompletedPoint add_cached(const EdwardsPoint& p, const CachedPoint& q,
                                                                bool negate_q) {
    return add_terms(
        p, q.Y_plus_X, q.Y_minus_X,
        [&](FE& c, FE& d) {
            c = p.T * q.T2d;
            const FE zz = p.Z * q.Z;
            d = add_lazy(zz, zz);
        },
        negate_q);
}

// Same with an affine Niels point (Z2 = 1): D = 2 Z1, saving one multiplication (7M).
inline CompletedPoint add_affine_niels(const EdwardsPoint& p, const AffineNielsPoint& q, bool negate_q) {
    return add_terms(
        p, q.y_plus_x, q.y_minus_x,
        [&](FE& c, FE& d) {
            c = p.T * q.xy2d;
            d = add_lazy(p.Z, p.Z);
        },
        negate_q);
}

// ed25519 base point: y = 4/5, x the even root; T = x y. Constant-initialized (aggregate of literals).
const EdwardsPoint BASEPOINT = {
    {{0x62d608f25d51a, 0x412a4b4f6592a, 0x75b7171a4b31d, 0x1ff60527118fe, 0x216936d3cd6e5}},
    {{0x6666666666658, 0x4cccccccccccc, 0x1999999999999, 0x3333333333333, 0x6666666666666}},
    {{1, 0, 0, 0, 0}},
    {{0x68ab3a5b7dda3, 0x00eea2a5eadbb, 0x2af8df483c27e, 0x332b375274732, 0x67875f0fd78b7}}};

}  // namespace

/// The neutral element (0 : 1 : 1 : 0).
EdwardsPoint EdwardsPoint::identity() { return EdwardsPoint{FE::zero(), FE::one(), FE::one(), FE::zero()}; }

/// The ed25519 base point, which RFC 9496 takes as the ristretto255 generator.
const EdwardsPoint& EdwardsPoint::basepoint() { return BASEPOINT; }

/// 2P (4S + 4M).
EdwardsPoint EdwardsPoint::dbl() const { return to_projective(*this).dbl().to_extended(); }

namespace {

// 2^k r, k >= 1; the intermediate doublings skip T (3M instead of 4M for the conversion).
EdwardsPoint mul_by_pow2_projective(ProjectivePoint r, unsigned k) {
    for (unsigned i = 1; i < k; ++i) r = to_projective(r.dbl());
    return r.dbl().to_extended();
}

}  // namespace

/// 2^k P.
EdwardsPoint EdwardsPoint::mul_by_pow2(unsigned k) const { return mul_by_pow2_projective(to_projective(*this), k); }

/// 2^k (P +- Q).
EdwardsPoint EdwardsPoint::add_mul_by_pow2(const CachedPoint& q, unsigned k, bool subtract) const {
    return mul_by_pow2_projective(to_projective(add_cached(*this, q, subtract)), k);
}

/// P + Q for two extended points (converts Q to cached form first: one extra multiplication).
EdwardsPoint EdwardsPoint::operator+(const EdwardsPoint& o) const { return *this + o.to_cached(); }
/// P - Q.
EdwardsPoint EdwardsPoint::operator-(const EdwardsPoint& o) const { return *this - o.to_cached(); }
/// -P = (-X : Y : Z : -T).
EdwardsPoint EdwardsPoint::operator-() const { return EdwardsPoint{-X, Y, Z, -T}; }

/// P + Q, Q cached (8M).
EdwardsPoint EdwardsPoint::operator+(const CachedPoint& o) const { return add_cached(*this, o, false).to_extended(); }
/// P - Q, Q cached (8M).
EdwardsPoint EdwardsPoint::operator-(const CachedPoint& o) const { return add_cached(*this, o, true).to_extended(); }
/// P + Q, Q affine Niels (7M).
EdwardsPoint EdwardsPoint::operator+(const AffineNielsPoint& o) const {
    return add_affine_niels(*this, o, false).to_extended();
}
/// P - Q, Q affine Niels (7M).
EdwardsPoint EdwardsPoint::operator-(const AffineNielsPoint& o) const {
    return add_affine_niels(*this, o, true).to_extended();
}

/// (Y+X, Y-X, Z, 2dT): the operand form of the addition formula (1M).
CachedPoint EdwardsPoint::to_cached() const { return CachedPoint{Y + X, Y - X, Z, T * constants::EDWARDS_D2}; }

/// (y+x, y-x, 2dxy) with x = X/Z, y = Y/Z; costs an inversion, so use it only for tables built once.
AffineNielsPoint EdwardsPoint::to_affine_niels() const { return to_affine_niels(Z.invert()); }

/// The same with 1/Z supplied by the caller.
AffineNielsPoint EdwardsPoint::to_affine_niels(const FieldElement& z_inv) const {
    const FE x = X * z_inv, y = Y * z_inv;
    return AffineNielsPoint{y + x, y - x, (x * y) * constants::EDWARDS_D2};
}

/// Affine Niels forms of n points with one inversion. The prefix products wait in out[i].xy2d until out[i] is written.
void batch_to_affine_niels(const EdwardsPoint* in, size_t n, AffineNielsPoint* out) {
    if (n == 0) return;
    FE run = FE::one();
    for (size_t i = 0; i < n; ++i) {
        out[i].xy2d = run;  // Z_0 ... Z_(i-1)
        run = run * in[i].Z;
    }
    FE inv = run.invert();  // 1 / (Z_0 ... Z_i) as i goes down
    for (size_t i = n; i-- > 0;) {
        const FE z_inv = inv * out[i].xy2d;
        inv = inv * in[i].Z;
        out[i] = in[i].to_affine_niels(z_inv);
    }
}

/// Projective equality of the underlying Edwards points (not Ristretto equality).
uint8_t EdwardsPoint::ct_eq(const EdwardsPoint& o) const { return (X * o.Z).ct_eq(o.X * Z) & (Y * o.Z).ct_eq(o.Y * Z); }

/// this = choice ? -this : this, without branching (masked swap of the sums, masked negation of 2dT).
void CachedPoint::conditional_negate(uint8_t choice) {
    const FE ypx = Y_plus_X;
    Y_plus_X.conditional_assign(Y_minus_X, choice);
    Y_minus_X.conditional_assign(ypx, choice);
    T2d.conditional_negate(choice);
}

/// Cached form of the identity: (1, 1, 1, 0).
CachedPoint CachedPoint::identity() { return CachedPoint{FE::one(), FE::one(), FE::one(), FE::zero()}; }

}  // namespace pyristretto
