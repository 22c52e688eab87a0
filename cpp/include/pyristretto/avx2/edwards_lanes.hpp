// Four independent edwards25519 points, one per lane of the AVX2 field (lane k of X, Y, Z and T = point k), for the
// AVX2 backend's bucket method and point sums (internal: included by cpp/src/avx2/ only). Unlike edwards4.hpp (one
// point's four coordinates in the lanes, whose formulas shuffle between the lanes), every step here is the portable
// formula (edwards.cpp, add-2008-hwcd-3) applied lane by lane: no shuffles, 8 lane-wise products per four additions.
// Bounds (field4.hpp's table): products give R; every sum or difference of two R is an S, accepted by mul.
#pragma once
#include <cstdint>

#include "pyristretto/avx2/field4.hpp"
#include "pyristretto/edwards.hpp"

#if PYRISTRETTO_AVX2

namespace pyristretto {
namespace avx2 {

// Laid out as 20 vectors: coordinate c (X, Y, Z, T), vector l at index 5 c + l (the order of a point record below).
struct L4 {
    F4 X, Y, Z, T;
};

// The second operand of an addition: (Y + X, Y - X, 2Z, 2d T), each an R or S.
struct LC4 {
    F4 YpX, YmX, Z2, T2d;
};

static_assert(sizeof(L4) == 20 * 32 && sizeof(LC4) == 20 * 32, "20 packed vectors, no padding");

PYR_AVX2_FN inline F4 splat_fe(const FieldElement& a) { return from_lanes(a, a, a, a); }

PYR_AVX2_FN inline L4 lanes_identity() {
    L4 r;
    for (int i = 0; i < F4::kVectors; ++i) r.X.v[i] = r.Y.v[i] = r.Z.v[i] = r.T.v[i] = _mm256_setzero_si256();
    r.Y.v[0] = r.Z.v[0] = _mm256_set1_epi64x(1);  // limb 0 = 1
    return r;
}

// Points a, b, c, d into lanes 0..3.
PYR_AVX2_FN inline L4 lanes_from_points(const EdwardsPoint& a, const EdwardsPoint& b, const EdwardsPoint& c,
                                        const EdwardsPoint& d) {
    return L4{from_lanes(a.X, b.X, c.X, d.X), from_lanes(a.Y, b.Y, c.Y, d.Y), from_lanes(a.Z, b.Z, c.Z, d.Z),
              from_lanes(a.T, b.T, c.T, d.T)};
}

PYR_AVX2_FN inline void lanes_to_points(const L4& p, EdwardsPoint out[4]) {
    FieldElement x[4], y[4], z[4], t[4];
    to_lanes(p.X, x);
    to_lanes(p.Y, y);
    to_lanes(p.Z, z);
    to_lanes(p.T, t);
    for (int k = 0; k < 4; ++k) out[k] = EdwardsPoint{x[k], y[k], z[k], t[k]};
}

// d2: 2d in every lane (splat_fe(constants::EDWARDS_D2), hoisted by the caller).
PYR_AVX2_FN inline __attribute__((always_inline)) LC4 lanes_cached(const L4& p, const F4& d2) {
    return LC4{add(p.Y, p.X), sub(p.Y, p.X), add(p.Z, p.Z), mul(p.T, d2)};
}

// P + Q lane by lane: A = (Y1-X1)(Y2-X2), B = (Y1+X1)(Y2+X2), C = T1 2dT2, D = Z1 2Z2, then
// (X, Y, Z, T) = ((B-A)(D-C), (B+A)(D+C), (D+C)(D-C), (B-A)(B+A)).
PYR_AVX2_FN inline __attribute__((always_inline)) L4 lanes_add(const L4& p, const LC4& q) {
    const F4 a = mul(sub(p.Y, p.X), q.YmX), b = mul(add(p.Y, p.X), q.YpX), c = mul(p.T, q.T2d), d = mul(p.Z, q.Z2);
    const F4 e = sub(b, a), h = add(b, a), f = sub(d, c), g = add(d, c);
    return L4{mul(e, f), mul(h, g), mul(g, f), mul(e, h)};
}

// The same for a Q with Z = 1 in every lane (decoded points; q.Z2 is not read): D = 2 Z1 without a product, 7 products.
// D - C + 2p reaches 2^28 in the even limbs, past mul's M: weak_reduce brings it back (D + C stays an M).
PYR_AVX2_FN inline __attribute__((always_inline)) L4 lanes_add_z1(const L4& p, const LC4& q) {
    const F4 a = mul(sub(p.Y, p.X), q.YmX), b = mul(add(p.Y, p.X), q.YpX), c = mul(p.T, q.T2d), d = add(p.Z, p.Z);
    const F4 e = sub(b, a), h = add(b, a), f = weak_reduce(sub(d, c)), g = add(d, c);
    return L4{mul(e, f), mul(h, g), mul(g, f), mul(e, h)};
}

// Lanes with the mask set take -Q: (Y - X, Y + X, 2Z, -2dT). q's T2d must be an R (neg's input).
PYR_AVX2_FN inline LC4 lanes_negate_where(const LC4& q, __m256i mask) {
    return LC4{select(q.YpX, q.YmX, mask), select(q.YmX, q.YpX, mask), q.Z2, select(q.T2d, neg(q.T2d), mask)};
}

// The 4 x 4 transpose of 64-bit elements: r[k] lane m <-> r[m] lane k.
PYR_AVX2_FN inline void transpose4(__m256i& r0, __m256i& r1, __m256i& r2, __m256i& r3) {
    const __m256i t0 = _mm256_unpacklo_epi64(r0, r1), t1 = _mm256_unpackhi_epi64(r0, r1);
    const __m256i t2 = _mm256_unpacklo_epi64(r2, r3), t3 = _mm256_unpackhi_epi64(r2, r3);
    r0 = _mm256_permute2x128_si256(t0, t2, 0x20);
    r1 = _mm256_permute2x128_si256(t1, t3, 0x20);
    r2 = _mm256_permute2x128_si256(t0, t2, 0x31);
    r3 = _mm256_permute2x128_si256(t1, t3, 0x31);
}

// A point record: one lane's 20 packed slots (vector i of the L4 or LC4 at qword i), 160 bytes. Gathering four
// records into the lanes, or scattering the lanes to four records, is five 4 x 4 transposes (AVX2 has no scatter,
// and this costs 40 shuffles each way, against the ~1000 instructions of the addition).
PYR_AVX2_FN inline __attribute__((always_inline)) void gather_records(const uint64_t* r0, const uint64_t* r1,
                                                                      const uint64_t* r2, const uint64_t* r3,
                                                                      __m256i out[20]) {
    for (int j = 0; j < 5; ++j) {
        __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r0 + 4 * j));
        __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r1 + 4 * j));
        __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r2 + 4 * j));
        __m256i d = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r3 + 4 * j));
        transpose4(a, b, c, d);
        out[4 * j] = a;
        out[4 * j + 1] = b;
        out[4 * j + 2] = c;
        out[4 * j + 3] = d;
    }
}

PYR_AVX2_FN inline __attribute__((always_inline)) void scatter_records(const __m256i in[20], uint64_t* r0, uint64_t* r1,
                                                                       uint64_t* r2, uint64_t* r3) {
    for (int j = 0; j < 5; ++j) {
        __m256i a = in[4 * j], b = in[4 * j + 1], c = in[4 * j + 2], d = in[4 * j + 3];
        transpose4(a, b, c, d);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(r0 + 4 * j), a);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(r1 + 4 * j), b);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(r2 + 4 * j), c);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(r3 + 4 * j), d);
    }
}

// One record in all four lanes.
PYR_AVX2_FN inline void splat_record(const uint64_t* r, __m256i out[20]) {
    for (int i = 0; i < 20; ++i) out[i] = _mm256_set1_epi64x(static_cast<long long>(r[i]));
}

PYR_AVX2_FN inline __m256i* vectors(L4& p) { return reinterpret_cast<__m256i*>(&p); }
PYR_AVX2_FN inline const __m256i* vectors(const L4& p) { return reinterpret_cast<const __m256i*>(&p); }
PYR_AVX2_FN inline __m256i* vectors(LC4& p) { return reinterpret_cast<__m256i*>(&p); }

}  // namespace avx2
}  // namespace pyristretto

#endif  // PYRISTRETTO_AVX2
