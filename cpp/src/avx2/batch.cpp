// Ristretto decode, encode and one-way map of many points on the AVX2 backend: the portable formulas of ristretto.cpp
// step for step, 4 G points in G groups of four lanes (field4_pow.hpp), so one exponentiation chain serves them
// all. The byte checks of decode (canonical, sign of s) are the portable code's, lane by lane; everything else is
// lane-wise. Constant-time: lane masks, no branch or index on lane values.
#include "pyristretto/avx2/batch.hpp"

#include <sodium.h>

#include <cstdlib>
#include <cstring>

#include "pyristretto/avx2/field4_pow.hpp"
#include "pyristretto/ristretto.hpp"

namespace pyristretto {
namespace avx2 {

#if PYRISTRETTO_AVX2

namespace {

// Groups per exponentiation: interleaved chains fill the pipeline that one leaves waiting on latency (test_avx2
// --bench, ns per point for 512, Zen 4, groups 1 / 2 / 4: decode 1988 / 1835 / 1698, encode 2036 / 1854 / 1398,
// one-way map 4196 / 3871 / 3513; portable 3662, 3939, 6421).
constexpr int kGroups = 4;

// The four lanes of x, reduced, to out[0..4).
PYR_AVX2_FN inline void store4(const F4& x, FieldElement* out) { to_lanes(x, out); }

PYR_AVX2_FN inline F4 load4(const FieldElement* l) { return from_lanes(l[0], l[1], l[2], l[3]); }

// RFC 9496 4.3.1 DECODE of in[0 .. 4G) into out[0 .. 4G), as ristretto_decode; returns the bits of the valid lanes.
template <int G>
PYR_AVX2_FN unsigned decode_step(EdwardsPoint* out, const uint8_t* in) {
    FieldElement s_lanes[4 * G];
    unsigned canonical, s_negative;
    ristretto_decode_checks(in, 4 * G, s_lanes, canonical, s_negative);
    const F4 one_ = splat(FieldElement::one()), d = splat(constants::EDWARDS_D);
    F4G<G> s, u1, u2, v, ratio_v, invsqrt, unit;
    for (int g = 0; g < G; ++g) {
        s.g[g] = load4(s_lanes + 4 * g);
        const F4 ss = square(s.g[g]);
        u1.g[g] = sub(one_, ss);  // S: only multiplied
        u2.g[g] = add(one_, ss);
        const F4 u2_sqr = square(u2.g[g]);
        v.g[g] = weak_reduce(sub(neg(mul(d, square(u1.g[g]))), u2_sqr));
        ratio_v.g[g] = mul(v.g[g], u2_sqr);
        unit.g[g] = one_;
    }
    const unsigned was_square = sqrt_ratio_i(unit, ratio_v, invsqrt);
    unsigned bad_t = 0, zero_y = 0;
    for (int g = 0; g < G; ++g) {
        const F4 den_x = mul(invsqrt.g[g], u2.g[g]);
        const F4 den_y = mul(mul(invsqrt.g[g], den_x), v.g[g]);
        const F4 x = abs(mul(add(s.g[g], s.g[g]), den_x));
        const F4 y = mul(u1.g[g], den_y);
        const F4 t = mul(x, y);
        bad_t |= is_negative_bits(t) << (4 * g);
        zero_y |= is_zero_bits(y) << (4 * g);
        FieldElement xs[4], ys[4], ts[4];
        store4(x, xs);
        store4(y, ys);
        store4(t, ts);
        for (int k = 0; k < 4; ++k) out[4 * g + k] = EdwardsPoint{xs[k], ys[k], FieldElement::one(), ts[k]};
    }
    return canonical & ~s_negative & was_square & ~bad_t & ~zero_y;
}

// The first lane of 4G not set in ok, or 4G when all are.
template <int G>
size_t first_invalid(unsigned ok) {
    return static_cast<size_t>(__builtin_ctz((~ok & ((1u << (4 * G)) - 1)) | (1u << (4 * G))));
}

// DECODE of in[0 .. rest), rest <= 4G, padded with the identity's encoding (zeros: valid, its lanes ignored).
template <int G>
PYR_AVX2_FN size_t decode_tail(EdwardsPoint* out, const uint8_t* in, size_t rest) {
    uint8_t padded[4 * G * 32] = {};
    EdwardsPoint decoded[4 * G];
    std::memcpy(padded, in, 32 * rest);
    const size_t bad = first_invalid<G>(decode_step<G>(decoded, padded));
    const size_t good = bad < rest ? bad : rest;
    for (size_t j = 0; j < good; ++j) out[j] = decoded[j];
    return good;
}

template <int G>
PYR_AVX2_FN size_t decode_batches(EdwardsPoint* out, const uint8_t* encodings, size_t n) {
    size_t i = 0;
    for (; i + 4 * G <= n; i += 4 * G) {
        const unsigned ok = decode_step<G>(out + i, encodings + 32 * i);
        const size_t bad = first_invalid<G>(ok);
        if (bad < 4 * G) return i + bad;
    }
    return i == n ? n : i + decode_tail<G>(out + i, encodings + 32 * i, n - i);
}

// RFC 9496 4.3.2 ENCODE of points[0 .. 4G) (all valid points) to out, count of them written; as ristretto_encode.
template <int G>
PYR_AVX2_FN void encode_step(uint8_t* out, const EdwardsPoint* points, size_t count) {
    const F4 one_ = splat(FieldElement::one()), sqrt_m1 = splat(constants::SQRT_M1);
    const F4 invsqrt_a_minus_d = splat(constants::INVSQRT_A_MINUS_D);
    F4G<G> X, Y, Z, T, u1, u2, ratio_v, unit, invsqrt;
    for (int g = 0; g < G; ++g) {
        FieldElement l[4][4];
        for (int k = 0; k < 4; ++k) {
            const EdwardsPoint& p = points[4 * g + k];
            l[0][k] = p.X, l[1][k] = p.Y, l[2][k] = p.Z, l[3][k] = p.T;
        }
        X.g[g] = load4(l[0]), Y.g[g] = load4(l[1]), Z.g[g] = load4(l[2]), T.g[g] = load4(l[3]);
        u1.g[g] = mul(add(Z.g[g], Y.g[g]), sub(Z.g[g], Y.g[g]));
        u2.g[g] = mul(X.g[g], Y.g[g]);
        ratio_v.g[g] = mul(u1.g[g], square(u2.g[g]));
        unit.g[g] = one_;
        sodium_memzero(l, sizeof l);
    }
    sqrt_ratio_i(unit, ratio_v, invsqrt);  // always square on the even subgroup
    for (int g = 0; g < G; ++g) {
        const F4 den1 = mul(invsqrt.g[g], u1.g[g]);
        const F4 den2 = mul(invsqrt.g[g], u2.g[g]);
        const F4 z_inv = mul(mul(den1, den2), T.g[g]);
        const __m256i rotate = lane_mask(is_negative_bits(mul(T.g[g], z_inv)));
        const F4 x = select(X.g[g], mul(Y.g[g], sqrt_m1), rotate);
        F4 y = select(Y.g[g], mul(X.g[g], sqrt_m1), rotate);
        const F4 den_inv = select(den2, mul(den1, invsqrt_a_minus_d), rotate);
        y = select(y, neg(y), lane_mask(is_negative_bits(mul(x, z_inv))));  // both at most 2p limb by limb
        FieldElement s[4];
        store4(abs(mul(den_inv, sub(Z.g[g], y))), s);
        for (size_t k = 0; k < 4 && 4 * g + k < count; ++k) s[k].to_bytes(out + 32 * (4 * g + k));
    }
}

template <int G>
PYR_AVX2_FN void encode_tail(uint8_t* out, const EdwardsPoint* points, size_t rest) {
    EdwardsPoint padded[4 * G];
    for (size_t j = 0; j < 4 * G; ++j) padded[j] = j < rest ? points[j] : EdwardsPoint::identity();
    encode_step<G>(out, padded, rest);
    sodium_memzero(padded, sizeof padded);
}

template <int G>
PYR_AVX2_FN void encode_batches(uint8_t* out, const EdwardsPoint* points, size_t n) {
    size_t i = 0;
    for (; i + 4 * G <= n; i += 4 * G) encode_step<G>(out + 32 * i, points + i, 4 * G);
    if (i < n) encode_tail<G>(out + 32 * i, points + i, n - i);
}

// RFC 9496 4.3.4 MAP on the 4G field elements t (as ristretto_elligator): the point of lane j to out[j].
template <int G>
PYR_AVX2_FN void elligator_step(EdwardsPoint* out, const FieldElement* t_lanes) {
    const F4 one_ = splat(FieldElement::one()), minus_one = weak_reduce(neg(one_));
    const F4 d = splat(constants::EDWARDS_D), sqrt_m1 = splat(constants::SQRT_M1);
    F4G<G> t, r, u, v, s;
    for (int g = 0; g < G; ++g) {
        t.g[g] = load4(t_lanes + 4 * g);
        r.g[g] = mul(sqrt_m1, square(t.g[g]));
        u.g[g] = mul(add(r.g[g], one_), splat(constants::ONE_MINUS_D_SQ));
        v.g[g] = mul(sub(minus_one, mul(r.g[g], d)), add(r.g[g], d));
    }
    const unsigned not_square = ~sqrt_ratio_i(u, v, s);
    for (int g = 0; g < G; ++g) {
        const __m256i swap = lane_mask((not_square >> (4 * g)) & 15u);
        const F4 sg = select(s.g[g], neg_abs(mul(s.g[g], t.g[g])), swap);  // both reduced
        const F4 c = select(minus_one, r.g[g], swap);
        const F4 n = sub(mul(mul(c, sub(r.g[g], one_)), splat(constants::D_MINUS_ONE_SQ)), v.g[g]);
        const F4 w0 = mul(add(sg, sg), v.g[g]);
        const F4 w1 = mul(n, splat(constants::SQRT_AD_MINUS_ONE));
        const F4 ss = square(sg);
        const F4 w2 = sub(one_, ss), w3 = add(one_, ss);
        FieldElement c4[4][4];
        store4(mul(w0, w3), c4[0]);
        store4(mul(w2, w1), c4[1]);
        store4(mul(w1, w3), c4[2]);
        store4(mul(w0, w2), c4[3]);
        for (int k = 0; k < 4; ++k) out[4 * g + k] = EdwardsPoint{c4[0][k], c4[1][k], c4[2][k], c4[3][k]};
        sodium_memzero(c4, sizeof c4);
    }
}

// The 2G inputs of 64 bytes at uniform (count of them real) to out: their 4G halves in one MAP step (first
// halves in lanes 0 .. 2G, second halves after them), each pair of points added.
template <int G>
PYR_AVX2_FN void from_uniform_step(EdwardsPoint* out, const uint8_t* uniform, size_t count) {
    constexpr size_t m = 2 * G;
    FieldElement t[4 * G];
    EdwardsPoint mapped[4 * G];
    for (size_t j = 0; j < m; ++j) {
        t[j] = FieldElement::from_bytes(uniform + 64 * j);
        t[m + j] = FieldElement::from_bytes(uniform + 64 * j + 32);
    }
    elligator_step<G>(mapped, t);
    for (size_t j = 0; j < count; ++j) out[j] = mapped[j] + mapped[m + j];
    sodium_memzero(t, sizeof t);
    sodium_memzero(mapped, sizeof mapped);
}

template <int G>
PYR_AVX2_FN void from_uniform_tail(EdwardsPoint* out, const uint8_t* uniform, size_t rest) {
    uint8_t padded[2 * G * 64] = {};  // the missing inputs are zeros, whose lanes are then ignored
    std::memcpy(padded, uniform, 64 * rest);
    from_uniform_step<G>(out, padded, rest);
    sodium_memzero(padded, sizeof padded);
}

template <int G>
PYR_AVX2_FN void from_uniform_batches(EdwardsPoint* out, const uint8_t* uniform, size_t n) {
    size_t i = 0;
    for (; i + 2 * G <= n; i += 2 * G) from_uniform_step<G>(out + i, uniform + 64 * i, 2 * G);
    if (i < n) from_uniform_tail<G>(out + i, uniform + 64 * i, n - i);
}

}  // namespace

// The production split: full steps of kGroups groups, then the rest in steps of one group (a step costs the same
// whatever its fill), and a last one or two points (decode, encode) or one input (the map) alone on the portable
// code, which is as fast for them (docs/backends.md, the AVX2 backend).
size_t decode_many(EdwardsPoint* out, const uint8_t* encodings, size_t n) {
    const size_t full = n - n % (4 * kGroups);
    const size_t done = decode_batches<kGroups>(out, encodings, full);
    if (done < full) return done;
    size_t i = full;
    while (n - i >= 3) {
        const size_t m = n - i < 4 ? n - i : 4;
        const size_t good = decode_batches<1>(out + i, encodings + 32 * i, m);
        if (good < m) return i + good;
        i += m;
    }
    for (; i < n; ++i)
        if (!ristretto_decode(out[i], encodings + 32 * i)) return i;
    return n;
}

void encode_many(uint8_t* out, const EdwardsPoint* points, size_t n) {
    const size_t full = n - n % (4 * kGroups);
    encode_batches<kGroups>(out, points, full);
    size_t i = full;
    while (n - i >= 3) {
        const size_t m = n - i < 4 ? n - i : 4;
        encode_batches<1>(out + 32 * i, points + i, m);
        i += m;
    }
    for (; i < n; ++i) ristretto_encode(out + 32 * i, points[i]);
}

void from_uniform_many(EdwardsPoint* out, const uint8_t* uniform, size_t n) {
    const size_t full = n - n % (2 * kGroups);
    from_uniform_batches<kGroups>(out, uniform, full);
    size_t i = full;
    for (; n - i >= 2; i += 2) from_uniform_batches<1>(out + i, uniform + 64 * i, 2);
    if (i < n) out[i] = ristretto_from_uniform_point(uniform + 64 * i);
}

size_t decode_many_groups(EdwardsPoint* out, const uint8_t* encodings, size_t n, int groups) {
    return groups == 1   ? decode_batches<1>(out, encodings, n)
           : groups == 2 ? decode_batches<2>(out, encodings, n)
                         : decode_batches<4>(out, encodings, n);
}

void encode_many_groups(uint8_t* out, const EdwardsPoint* points, size_t n, int groups) {
    if (groups == 1) encode_batches<1>(out, points, n);
    else if (groups == 2) encode_batches<2>(out, points, n);
    else encode_batches<4>(out, points, n);
}

void from_uniform_many_groups(EdwardsPoint* out, const uint8_t* uniform, size_t n, int groups) {
    if (groups == 1) from_uniform_batches<1>(out, uniform, n);
    else if (groups == 2) from_uniform_batches<2>(out, uniform, n);
    else from_uniform_batches<4>(out, uniform, n);
}

#else  // no AVX2 in this build: never called (avx2_available() is false)

size_t decode_many(EdwardsPoint*, const uint8_t*, size_t) { std::abort(); }
void encode_many(uint8_t*, const EdwardsPoint*, size_t) { std::abort(); }
void from_uniform_many(EdwardsPoint*, const uint8_t*, size_t) { std::abort(); }
size_t decode_many_groups(EdwardsPoint*, const uint8_t*, size_t, int) { std::abort(); }
void encode_many_groups(uint8_t*, const EdwardsPoint*, size_t, int) { std::abort(); }
void from_uniform_many_groups(EdwardsPoint*, const uint8_t*, size_t, int) { std::abort(); }

#endif

}  // namespace avx2
}  // namespace pyristretto
