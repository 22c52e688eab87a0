// Eight independent edwards25519 points in IFMA registers (lane j of every coordinate = point j), with the group law
// of edwards.cpp (Hisil-Wong-Carter-Dawson extended coordinates, a = -1) written on F8. Every sum is carried before
// it feeds a product (IFMA reads only 52 bits of each limb), which the portable code can skip; the products
// dominate either way. Constant-time: lane selections are mask blends, never branches or indices.
#pragma once
#include <cstdlib>
#include <memory>
#include <new>

#include "pyristretto/edwards.hpp"
#include "pyristretto/ifma/field8.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

struct Point8 {
    F8 X, Y, Z, T;
};

// (Y + X, Y - X, Z, 2d T): the second operand of an addition.
struct Cached8 {
    F8 YpX, YmX, Z, T2d;
};

// (y + x, y - x, 2d x y) with Z = 1: an affine Niels operand (fixed-base tables), one multiplication cheaper.
struct Niels8 {
    F8 YpX, YmX, XY2d;
};

// A 64-byte aligned array for the zmm loads and stores. Measured: std::vector<Cached8> returned 32-byte aligned
// memory here (and the aligned stores faulted), so the tables and buckets are allocated by hand. T must be
// trivially constructible (a struct of __m512i); throws std::bad_alloc.
struct AlignedFree {
    void operator()(void* p) const { std::free(p); }
};
template <class T>
std::unique_ptr<T[], AlignedFree> aligned_array(size_t n) {
    static_assert(sizeof(T) % 64 == 0, "whole cache lines, as aligned_alloc requires");
    void* p = std::aligned_alloc(64, sizeof(T) * n);
    if (p == nullptr) throw std::bad_alloc();
    return std::unique_ptr<T[], AlignedFree>(static_cast<T*>(p));
}

PYR_IFMA_INLINE Point8 identity8() { return Point8{zero(), one(), one(), zero()}; }
PYR_IFMA_INLINE Cached8 cached_identity8() { return Cached8{one(), one(), one(), zero()}; }

PYR_IFMA_INLINE Cached8 to_cached(const Point8& p) {
    return Cached8{add(p.Y, p.X), sub(p.Y, p.X), p.Z, mul(p.T, splat(constants::EDWARDS_D2))};
}

// P + Q (add-2008-hwcd-3): A = (Y1-X1)(Y2-X2), B = (Y1+X1)(Y2+X2), C = T1 2d T2, D = 2 Z1 Z2, then
// (X, Y, Z, T) = ((B-A)(D-C), (B+A)(D+C), (D+C)(D-C), (B-A)(B+A)). 8M.
PYR_IFMA_INLINE Point8 add_from_terms(const F8& a, const F8& b, const F8& c, const F8& d) {
    const F8 e = sub(b, a), h = add(b, a), f = sub(d, c), g = add(d, c);
    return Point8{mul(e, f), mul(h, g), mul(g, f), mul(e, h)};
}

PYR_IFMA_INLINE Point8 add(const Point8& p, const Cached8& q) {
    const F8 zz = mul(p.Z, q.Z);
    return add_from_terms(mul(sub(p.Y, p.X), q.YmX), mul(add(p.Y, p.X), q.YpX), mul(p.T, q.T2d), add(zz, zz));
}

// The same with Z2 = 1: D = 2 Z1 (7M).
PYR_IFMA_INLINE Point8 add(const Point8& p, const Niels8& q) {
    return add_from_terms(mul(sub(p.Y, p.X), q.YmX), mul(add(p.Y, p.X), q.YpX), mul(p.T, q.XY2d), add(p.Z, p.Z));
}

// Signed digits d[j] in [-8, 8] of the eight lanes: returns |d[j]| per lane and sets bit j of `negative` when
// d[j] < 0, with no branch or address depending on them (the candidate selections then compare and blend).
PYR_IFMA_INLINE __m512i digit_magnitudes(const int8_t d[8], __mmask8& negative) {
    const __m512i digits = _mm512_cvtepi8_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(d)));
    negative = _mm512_cmplt_epi64_mask(digits, _mm512_setzero_si512());
    return _mm512_abs_epi64(digits);
}

// 2P (dbl-2008-hwcd with a = -1, as edwards.cpp): 4S + 3M to projective (X, Y, Z), + 1M for T when `with_t`.
PYR_IFMA_INLINE Point8 dbl(const Point8& p, bool with_t) {
    const F8 xx = square(p.X);
    const F8 yy = square(p.Y);
    const F8 z2 = square(p.Z);
    const F8 zz2 = add(z2, z2);
    const F8 xy_sq = square(add(p.X, p.Y));
    const F8 yy_plus_xx = add(yy, xx);
    const F8 yy_minus_xx = sub(yy, xx);
    const F8 cx = sub(xy_sq, yy_plus_xx), cy = yy_plus_xx, cz = yy_minus_xx, ct = sub(zz2, yy_minus_xx);
    return Point8{mul(cx, ct), mul(cy, cz), mul(cz, ct), with_t ? mul(cx, cy) : zero()};
}

// 2^k P, k >= 1; the inner doublings skip T.
PYR_IFMA_INLINE Point8 mul_by_pow2(Point8 p, unsigned k) {
    for (unsigned i = 1; i < k; ++i) p = dbl(p, false);
    return dbl(p, true);
}

// Lane j of *out[j] (and back): transposes between eight portable points and one Point8.
PYR_IFMA_INLINE Point8 load_points(const EdwardsPoint p[8]) {
    FieldElement x[8], y[8], z[8], t[8];
    for (int j = 0; j < 8; ++j) {
        x[j] = p[j].X;
        y[j] = p[j].Y;
        z[j] = p[j].Z;
        t[j] = p[j].T;
    }
    return Point8{load(x), load(y), load(z), load(t)};
}

PYR_IFMA_INLINE void store_points(const Point8& p, EdwardsPoint out[8]) {
    FieldElement* x[8];
    FieldElement* y[8];
    FieldElement* z[8];
    FieldElement* t[8];
    for (int j = 0; j < 8; ++j) {
        x[j] = &out[j].X;
        y[j] = &out[j].Y;
        z[j] = &out[j].Z;
        t[j] = &out[j].T;
    }
    store(p.X, x);
    store(p.Y, y);
    store(p.Z, z);
    store(p.T, t);
}

}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
