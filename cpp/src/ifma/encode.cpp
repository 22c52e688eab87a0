// Ristretto encoding eight points at a time on the IFMA field (field8.hpp): the portable formulas of ristretto.cpp
// (ristretto_encode, and the encoding of doubles from their halves) lane for lane, each lane bit-identical to the
// portable result. Constant-time: lane masks and blends, no branch on the points.
#include <cstdlib>

#include "pyristretto/ifma/edwards8.hpp"
#include "pyristretto/ifma/encode.hpp"
#include "pyristretto/ifma/field8.hpp"
#include "pyristretto/ristretto.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

namespace {

// The canonical bytes of the first `count` lanes of s, 32 per lane, to out.
PYR_IFMA_FN void store_bytes(uint8_t* out, const F8& s, size_t count) {
    FieldElement lanes[8];
    FieldElement* p[8];
    for (int j = 0; j < 8; ++j) p[j] = &lanes[j];
    store(canonical(s), p);
    for (size_t j = 0; j < count; ++j) lanes[j].to_bytes(out + 32 * j);
}

// Up to eight points into a Point8, the missing lanes padded with the identity (whose lanes are then ignored).
PYR_IFMA_FN Point8 load_padded(const EdwardsPoint* points, size_t count) {
    if (count == 8) return load_points(points);
    EdwardsPoint padded[8];
    for (size_t j = 0; j < 8; ++j) padded[j] = j < count ? points[j] : EdwardsPoint::identity();
    return load_points(padded);
}

// RFC 9496 4.3.2 ENCODE, step for step as ristretto_encode.
PYR_IFMA_FN void encode8(uint8_t* out, const Point8& p, size_t count) {
    const F8 u1 = mul(add(p.Z, p.Y), sub(p.Z, p.Y));
    const F8 u2 = mul(p.X, p.Y);
    F8 invsqrt;
    sqrt_ratio_i(one(), mul(u1, square(u2)), invsqrt);  // always square on the even subgroup
    const F8 den1 = mul(invsqrt, u1);
    const F8 den2 = mul(invsqrt, u2);
    const F8 z_inv = mul(mul(den1, den2), p.T);
    const __mmask8 rotate = is_negative(mul(p.T, z_inv));
    const F8 x = select(rotate, p.X, mul(p.Y, splat(constants::SQRT_M1)));
    F8 y = select(rotate, p.Y, mul(p.X, splat(constants::SQRT_M1)));
    const F8 den_inv = select(rotate, den2, mul(den1, splat(constants::INVSQRT_A_MINUS_D)));
    y = select(is_negative(mul(x, z_inv)), y, neg(y));
    store_bytes(out, abs(mul(den_inv, sub(p.Z, y))), count);
}

// The eight-lane DoubleState of ristretto.cpp (see there for the formulas).
struct Double8 {
    F8 e, f, g, h, eg, fh, efgh, prefix;
};

PYR_IFMA_FN __mmask8 double_state8(Double8& st, Point8& doubled, const Point8& r) {
    const F8 dtt = mul(splat(constants::EDWARDS_D), square(r.T));
    const F8 zz = square(r.Z);
    st.e = mul(r.X, add(r.Y, r.Y));
    st.f = add(zz, dtt);
    st.g = add(square(r.Y), square(r.X));
    st.h = sub(zz, dtt);
    st.eg = mul(st.e, st.g);
    st.fh = mul(st.f, st.h);
    const __mmask8 identity = is_zero(st.e);  // 2R is the identity
    st.efgh = select(identity, mul(st.eg, st.fh), one());
    doubled = Point8{mul(st.e, st.h), mul(st.f, st.g), st.fh, st.eg};
    return identity;
}

PYR_IFMA_FN void encode_doubled8(uint8_t* out, const Double8& st, const F8& inv, __mmask8 identity, size_t count) {
    const F8 z_inv = mul(st.eg, inv);
    const F8 t_inv = mul(st.fh, inv);
    const __mmask8 rotate = is_negative(mul(st.eg, z_inv));
    const F8 e = select(rotate, st.e, st.g);
    F8 g = select(rotate, st.g, neg(st.e));
    const F8 h = select(rotate, st.h, mul(st.f, splat(constants::SQRT_M1)));
    const F8 magic = select(rotate, splat(constants::INVSQRT_A_MINUS_D), splat(constants::SQRT_M1));
    g = select(is_negative(mul(mul(h, e), z_inv)), g, neg(g));
    const F8 s = abs(mul(sub(h, g), mul(magic, mul(g, t_inv))));
    store_bytes(out, select(identity, s, zero()), count);
}

// Groups of eight per batched inversion: one eight-lane inversion (~12k TSC ticks) is then ~3 squarings per point.
constexpr size_t kGroups = 32;

}  // namespace

PYR_IFMA_FN void encode_many(uint8_t* out, const EdwardsPoint* points, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) encode8(out + 32 * i, load_points(points + i), 8);
    // A lone last point encodes faster alone (an eight-lane square root costs ~2 portable ones).
    if (n - i == 1) ristretto_encode(out + 32 * i, points[i]);
    else if (i < n) encode8(out + 32 * i, load_padded(points + i, n - i), n - i);
}

PYR_IFMA_FN void encode_doubled_many(uint8_t* out, EdwardsPoint* doubled, const EdwardsPoint* halves, size_t n) {
    const size_t groups = (n + 7) / 8;
    const auto st = aligned_array<Double8>(groups < kGroups ? groups : kGroups);
    __mmask8 identity[kGroups];
    for (size_t first = 0; first < groups; first += kGroups) {
        const size_t m = groups - first < kGroups ? groups - first : kGroups;
        F8 acc = one();
        for (size_t k = 0; k < m; ++k) {
            const size_t i = 8 * (first + k), count = n - i < 8 ? n - i : 8;
            Point8 q;
            identity[k] = double_state8(st[k], q, load_padded(halves + i, count));
            st[k].prefix = acc;
            acc = mul(acc, st[k].efgh);
            if (count == 8) {
                store_points(q, doubled + i);
            } else {
                EdwardsPoint lanes[8];
                store_points(q, lanes);
                for (size_t j = 0; j < count; ++j) doubled[i + j] = lanes[j];
            }
        }
        F8 inv = invert(acc);  // an addition chain: constant-time; no lane is zero
        for (size_t k = m; k-- > 0;) {
            const size_t i = 8 * (first + k), count = n - i < 8 ? n - i : 8;
            encode_doubled8(out + 32 * i, st[k], mul(inv, st[k].prefix), identity[k], count);
            inv = mul(inv, st[k].efgh);
        }
    }
}

}  // namespace ifma
}  // namespace pyristretto

#else  // no IFMA code in this build: backend() never selects it, so these are unreachable.

namespace pyristretto {
namespace ifma {
void encode_many(uint8_t*, const EdwardsPoint*, size_t) { std::abort(); }
void encode_doubled_many(uint8_t*, EdwardsPoint*, const EdwardsPoint*, size_t) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
