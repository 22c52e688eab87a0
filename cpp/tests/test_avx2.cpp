// Differential tests of the AVX2 backend (avx2/*.hpp, avx2/straus.cpp) against the portable radix-2^51 code (which
// test_core.cpp checks against a reference field, the RFC 9496 vectors and libsodium): the four-lane field on edge
// and random inputs (0, 1, p - 1, p, p + 1, 2^255 - 1, limbs up to 2^52 - 1, long chains), its limb bounds, the
// parallel point formulas, and the routed scalar multiplications (P * s, constant-time and vartime Straus) with
// edge scalars (0, 1, q - 1, q, 2^255 - 1, 2^256 - 1) and points (identity, P and -P, duplicates). Expected values
// come from the portable backend, never from the AVX2 code.
//
//   /tmp/test_avx2 [tests/vectors/ristretto255.json] [--quick] [--bench]
// Batch decode, encode and one-way map (avx2/batch.cpp) with 1, 2 and 4 groups of lanes against the portable code
// and the RFC 9496 vectors (when the file is given).
//
// Prints one line per failure and ends with "N passed, M failed"; exits non-zero on any failure. On a CPU without
// AVX2 it says "avx2: not available" and checks only that the backend cannot be switched to it.
// --bench: P * s, the two-point vartime MSM and both MSMs at n = 16 and 128 on each backend, one thread.
#include <sodium.h>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pyristretto/avx2/batch.hpp"
#include "pyristretto/avx2/edwards4.hpp"
#include "pyristretto/avx2/field4_pow.hpp"
#include "pyristretto/avx2/fixed_base.hpp"
#include "pyristretto/avx2/pippenger.hpp"
#include "pyristretto/avx2/straus.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/msm_table.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

#include "check.hpp"

using namespace pyristretto;
typedef FieldElement FE;

static bool same_value(const FE& a, const FE& b) {
    uint8_t x[32], y[32];
    a.to_bytes(x);
    b.to_bytes(y);
    return std::memcmp(x, y, 32) == 0;
}

constexpr uint64_t BOUND = uint64_t(1) << 52;  // FieldElement's limb bound, the lanes' input bound

// Limbs uniform in [0, 2^52): every representation from_lanes accepts.
static FE random_fe() { return FE{{rnd() >> 12, rnd() >> 12, rnd() >> 12, rnd() >> 12, rnd() >> 12}}; }

// 0, 1, values near p in several representations, the largest limbs, and random ones.
static std::vector<FE> special_values() {
    const uint64_t M = (uint64_t(1) << 51) - 1;
    std::vector<FE> v = {
        FE::zero(),
        FE::one(),
        FE{{M - 18, M, M, M, M}},                            // p
        FE{{M - 19, M, M, M, M}},                            // p - 1
        FE{{M - 17, M, M, M, M}},                            // p + 1
        FE{{M, M, M, M, M}},                                 // 2^255 - 1 = p + 18
        FE{{M - 18 + (uint64_t(1) << 51), M - 1, M, M, M}},  // p, limb 0 borrowed from limb 1
        FE{{BOUND - 1, BOUND - 1, BOUND - 1, BOUND - 1, BOUND - 1}},
        FE{{0, 0, 0, 0, uint64_t(1) << 51}},        // 2^255 = 19
        FE{{(uint64_t(1) << 26) - 1, 0, 0, 0, 0}},  // a full first 26-bit limb
        FE{{uint64_t(1) << 26, 0, 0, 0, 0}},
    };
    while (v.size() < 48) v.push_back(random_fe());
    return v;
}

using namespace pyristretto::avx2;

// Raw lanes of an F4 (limb i of lane k at [i][k]).
PYR_AVX2_FN static void raw(const F4& x, uint64_t out[10][4]) {
    uint64_t t[5][4];
    for (int i = 0; i < 5; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(t[i]), x.v[i]);
    for (int i = 0; i < 10; ++i)
        for (int k = 0; k < 4; ++k) out[i][k] = i & 1 ? t[i / 2][k] >> 32 : t[i / 2][k] & 0xffffffffu;
}

// The documented bound on every reduced output (R): even limbs < 2^26 + 2^18, odd < 2^25 + 2^17.
PYR_AVX2_FN static bool reduced(const F4& x) {
    uint64_t t[10][4];
    raw(x, t);
    for (int i = 0; i < 10; ++i)
        for (int k = 0; k < 4; ++k)
            if (t[i][k] >= (i & 1 ? (uint64_t(1) << 25) + (1u << 17) : (uint64_t(1) << 26) + (1u << 18))) return false;
    return true;
}

// For each quadruple of inputs: the lanes' results (after a product by one for the unreduced add/sub/neg)
// against the portable field, every lane, and the bound on every reduced output.
PYR_AVX2_FN static void test_field(bool quick) {
    const std::vector<FE> sv = special_values();
    const size_t n = sv.size();
    const F4 one = from_lanes(FE::one(), FE::one(), FE::one(), FE::one());
    size_t bad_value = 0, bad_bound = 0, cases = 0;
    const size_t randoms = quick ? 20000 : 200000;
    auto run = [&](const FE a[4], const FE b[4]) PYR_AVX2_FN {
        const F4 x = from_lanes(a[0], a[1], a[2], a[3]), y = from_lanes(b[0], b[1], b[2], b[3]);
        const F4 results[] = {x,
                              mul(x, y),
                              square(x),
                              mul(add(x, y), one),
                              mul(sub(x, y), one),
                              mul(neg(x), one),
                              mul(add(x, y), sub(x, y)),
                              square(sub(y, x)),
                              mul_small(x, 121666, 121666, 2 * 121666, 2 * 121665),
                              mul(weak_reduce(add(add(x, x), add(y, neg(y)))), one)};
        constexpr int kOps = sizeof(results) / sizeof(results[0]);
        FE lanes[kOps][4];
        for (int o = 0; o < kOps; ++o) {
            to_lanes(results[o], lanes[o]);
            if (!reduced(results[o])) ++bad_bound;
        }
        const uint32_t small[4] = {121666, 121666, 2 * 121666, 2 * 121665};
        for (int k = 0; k < 4; ++k) {
            const FE& p = a[k];
            const FE& q = b[k];
            const FE expect[kOps] = {p,
                                     p * q,
                                     p.square(),
                                     p + q,
                                     p - q,
                                     -p,
                                     (p + q) * (p - q),
                                     (q - p).square(),
                                     p * FE::from_u64(small[k]),
                                     (p + p) + (q - q)};
            for (int o = 0; o < kOps; ++o) {
                if (!same_value(lanes[o][k], expect[o])) {
                    if (bad_value++ < 5) std::printf("  field op %d lane %d differs\n", o, k);
                }
            }
        }
        ++cases;
    };
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j) {
            const FE a[4] = {sv[i], sv[j], sv[(i + j) % n], sv[(i * 7 + j) % n]};
            const FE b[4] = {sv[j], sv[i], sv[(i * 3 + j) % n], sv[(i + 5 * j) % n]};
            run(a, b);
        }
    for (size_t r = 0; r < randoms; ++r) {
        const FE a[4] = {random_fe(), random_fe(), random_fe(), random_fe()};
        const FE b[4] = {random_fe(), random_fe(), random_fe(), random_fe()};
        run(a, b);
    }
    check(bad_value == 0, "four-lane field ops agree with the portable field (" + std::to_string(bad_value) +
                              " mismatches in " + std::to_string(cases) + " cases)");
    check(bad_bound == 0, "every reduced output within its limb bounds (" + std::to_string(bad_bound) + " over)");

    // A long chain of products and sums stays exact (the bounds hold at every step, not only after one).
    FE p[4] = {random_fe(), random_fe(), sv[2], sv[7]};
    F4 x = from_lanes(p[0], p[1], p[2], p[3]);
    bool chain_ok = true;
    for (int step = 0; step < 2000 && chain_ok; ++step) {
        x = mul(square(add(x, x)), sub(x, neg(x)));
        for (int k = 0; k < 4; ++k) p[k] = (p[k] + p[k]).square() * (p[k] - (-p[k]));
        FE l[4];
        to_lanes(x, l);
        for (int k = 0; k < 4; ++k) chain_ok = chain_ok && same_value(l[k], p[k]);
        chain_ok = chain_ok && reduced(x);
    }
    check(chain_ok, "a chain of 2000 squares, products and sums agrees lane by lane");
}

// An F4 from raw limbs (limb i of lane k at l[k][i]), and the value such limbs stand for.
PYR_AVX2_FN static F4 from_raw(const uint32_t l[4][10]) {
    F4 x;
    for (int i = 0; i < 5; ++i) {
        long long s[4];
        for (int k = 0; k < 4; ++k) s[k] = static_cast<long long>(uint64_t(l[k][2 * i + 1]) << 32 | l[k][2 * i]);
        x.v[i] = _mm256_set_epi64x(s[3], s[2], s[1], s[0]);
    }
    return x;
}

static FE value_of(const uint32_t l[10]) {
    FE acc = FE::zero();
    for (int i = 0; i < 10; ++i) {
        FE t = FE::from_u64(l[i]);
        for (int b = 0; b < (51 * i + 1) / 2; ++b) t = t + t;  // 2^ceil(25.5 i)
        acc = acc + t;
    }
    return acc;
}

// The extreme limbs of field4.hpp's bound table: mul and square on M's largest limbs (every column sum at its
// largest), weak_reduce on 2^32 - 1 limbs, sub and neg on R's largest, mul_small on M's largest; each result's
// value and the bound on its limbs. Then one past M (an even limb of 2^32 / 19 + 1 into mul's 19 y, an odd limb of
// 2^32 / 38 + 1 into square's 38 x) must give a wrong value: the table's M is the true limit, so a test of a larger
// bound would catch it.
PYR_AVX2_FN static void test_bounds() {
    constexpr uint32_t kMEven = 226050910, kMOdd = 113025455;  // 19 kMEven, 38 kMOdd < 2^32
    constexpr uint32_t kREven = (1u << 26) + (1u << 18) - 1, kROdd = (1u << 25) + (1u << 17) - 1;
    uint32_t m[4][10], r[4][10], w[4][10], mix[4][10], past_even[4][10], past_odd[4][10];
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 10; ++i) {
            m[k][i] = i & 1 ? kMOdd : kMEven;
            r[k][i] = i & 1 ? kROdd : kREven;
            w[k][i] = 0xffffffffu;
            mix[k][i] = (i + k) % 3 == 0 ? 0 : m[k][i];  // zeros among the largest limbs
            past_even[k][i] = i & 1 ? kMOdd : kMEven + 1;
            past_odd[k][i] = i & 1 ? kMOdd + 1 : kMEven;
        }
    const F4 one = from_lanes(FE::one(), FE::one(), FE::one(), FE::one());
    const F4 M = from_raw(m), R = from_raw(r), W = from_raw(w), X = from_raw(mix);
    size_t bad_value = 0, bad_bound = 0;
    auto expect = [&](const F4& got, const FE want[4], bool check_bound) PYR_AVX2_FN {
        FE l[4];
        to_lanes(got, l);
        for (int k = 0; k < 4; ++k) bad_value += !same_value(l[k], want[k]);
        if (check_bound) bad_bound += !reduced(got);
    };
    FE vm[4], vr[4], vw[4], vx[4], e[4];
    for (int k = 0; k < 4; ++k)
        vm[k] = value_of(m[k]), vr[k] = value_of(r[k]), vw[k] = value_of(w[k]), vx[k] = value_of(mix[k]);
    for (int k = 0; k < 4; ++k) e[k] = vm[k] * vm[k];
    expect(mul(M, M), e, true);
    expect(square(M), e, true);
    for (int k = 0; k < 4; ++k) e[k] = vm[k] * vx[k];
    expect(mul(M, X), e, true);
    expect(mul(X, M), e, true);
    for (int k = 0; k < 4; ++k) e[k] = vx[k].square();
    expect(square(X), e, true);
    for (int k = 0; k < 4; ++k) e[k] = vm[k] * FE::from_u64((1u << 20) - 1 - k);
    expect(mul_small(M, (1u << 20) - 1, (1u << 20) - 2, (1u << 20) - 3, (1u << 20) - 4), e, true);
    // weak_reduce: 2^32 - 1 limbs in, W out (an M: the product by M checks that too)
    const F4 wr = weak_reduce(W);
    uint64_t t[10][4];
    raw(wr, t);
    for (int i = 0; i < 10; ++i)
        for (int k = 0; k < 4; ++k)
            bad_bound += t[i][k] >= (i & 1 ? (1u << 25) + (1u << 7) : (1u << 26) + (i == 0 ? 19u << 7 : 1u << 7));
    for (int k = 0; k < 4; ++k) e[k] = vw[k];
    expect(mul(wr, one), e, true);
    for (int k = 0; k < 4; ++k) e[k] = vw[k] * vm[k];
    expect(mul(wr, M), e, true);
    expect(mul(M, wr), e, true);
    // sub and neg on R's largest limbs (2p limb by limb stays above them), then into mul and square as S
    const F4 zero = from_lanes(FE::zero(), FE::zero(), FE::zero(), FE::zero());
    for (int k = 0; k < 4; ++k) e[k] = -vr[k];
    expect(mul(sub(zero, R), one), e, true);
    expect(mul(neg(R), one), e, true);
    for (int k = 0; k < 4; ++k) e[k] = (vr[k] + vr[k]).square();
    expect(square(add(R, R)), e, true);
    for (int k = 0; k < 4; ++k) e[k] = (vr[k] - vr[k]) * (vr[k] + vr[k]);
    expect(mul(sub(R, R), add(R, R)), e, true);
    check(bad_value == 0 && bad_bound == 0, "the bound table's extreme limbs give exact results within bounds (" +
                                                std::to_string(bad_value) + " wrong values, " +
                                                std::to_string(bad_bound) + " over a bound)");
    // one past M fails
    FE pe[4], po[4], l[4];
    for (int k = 0; k < 4; ++k) pe[k] = value_of(past_even[k]), po[k] = value_of(past_odd[k]);
    size_t caught = 0;
    to_lanes(mul(M, from_raw(past_even)), l);
    for (int k = 0; k < 4; ++k) caught += !same_value(l[k], vm[k] * pe[k]);
    to_lanes(square(from_raw(past_odd)), l);
    for (int k = 0; k < 4; ++k) caught += !same_value(l[k], po[k].square());
    check(caught == 8, "limbs one past M give wrong products (the bound is the limit: " + std::to_string(caught) +
                           " of 8 lanes wrong)");
}

static bool same_point(const EdwardsPoint& a, const EdwardsPoint& b) {
    uint8_t x[32], y[32];
    ristretto_encode(x, a);
    ristretto_encode(y, b);
    // Projective equality and a consistent T (XY = ZT) besides the same encoding.
    return std::memcmp(x, y, 32) == 0 && a.ct_eq(b) && same_value(a.X * a.Y, a.Z * a.T);
}

static EdwardsPoint portable_mul(const uint8_t s[32], const EdwardsPoint& p) {
    set_backend_for_testing(Backend::Portable);
    const EdwardsPoint r = point_mul_decoded(s, p);
    set_backend_for_testing(Backend::Avx2);
    return r;
}

static EdwardsPoint random_point() {
    uint8_t s[32];
    for (int i = 0; i < 32; ++i) s[i] = static_cast<uint8_t>(rnd());
    return portable_mul(s, EdwardsPoint::basepoint());
}

PYR_AVX2_FN static void test_points() {
    std::vector<EdwardsPoint> pts = {EdwardsPoint::identity(), EdwardsPoint::basepoint(), -EdwardsPoint::basepoint()};
    while (pts.size() < 12) pts.push_back(random_point());
    size_t bad = 0;
    for (const EdwardsPoint& p : pts) {
        const P4 p4 = from_point(p);
        if (!same_point(to_point(p4), p)) ++bad;
        if (!same_point(to_point(dbl(p4)), p.dbl())) ++bad;
        if (!same_point(to_point(mul_by_pow2(p4, 5)), p.mul_by_pow2(5))) ++bad;
        for (const EdwardsPoint& q : pts) {
            const C4 q4 = to_cached(from_point(q));
            if (!same_point(to_point(add(p4, q4)), p + q)) ++bad;
            if (!same_point(to_point(sub(p4, q4)), p - q)) ++bad;
            if (!same_point(to_point(add(p4, conditional_negate(q4, 1))), p - q)) ++bad;
            if (!same_point(to_point(add(p4, conditional_negate(q4, 0))), p + q)) ++bad;
        }
        if (!same_point(to_point(add(p4, cached_identity4())), p)) ++bad;
        if (!same_point(to_point(add(identity4(), to_cached(p4))), p)) ++bad;
        C4 table[5];
        for (int e = 0; e < 5; ++e) table[e] = to_cached(mul_by_pow2(p4, static_cast<unsigned>(e + 1)));
        for (uint32_t e = 0; e < 5; ++e)
            if (!same_point(to_point(add(identity4(), ct_select(table, 5, e))), p.mul_by_pow2(e + 1))) ++bad;
    }
    check(bad == 0, "four-lane dbl, add, sub, cached forms and lookups agree with the portable formulas (" +
                        std::to_string(bad) + " mismatches)");
}

// Edge scalars (0, 1, q - 1, q, q + 1, 2^252, 2^255 - 1, 2^256 - 1 and bit 255 set on a small value), then random.
static std::vector<uint8_t> scalars(size_t n) {
    static const uint8_t Q[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                  0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
    std::vector<uint8_t> s(32 * n);
    for (size_t i = 0; i < n; ++i) {
        uint8_t* d = &s[32 * i];
        switch (i % 16) {
            case 0:
                break;  // 0
            case 1:
                d[0] = 1;
                break;  // 1
            case 2:
                std::memcpy(d, Q, 32);
                d[0] -= 1;
                break;  // q - 1
            case 3:
                std::memcpy(d, Q, 32);
                break;  // q
            case 4:
                std::memcpy(d, Q, 32);
                d[0] += 1;
                break;  // q + 1
            case 5:
                d[31] = 0x10;
                break;  // 2^252
            case 6:
                std::memset(d, 0xff, 32);
                d[31] = 0x7f;
                break;  // 2^255 - 1
            case 7:
                std::memset(d, 0xff, 32);
                break;  // 2^256 - 1
            case 8:
                d[0] = 5;
                d[31] = 0x80;
                break;  // 5 + 2^255
            default:
                for (int b = 0; b < 32; ++b) d[b] = static_cast<uint8_t>(rnd());
        }
    }
    return s;
}

// Points with the identity, P and -P, and duplicates mixed in.
static std::vector<EdwardsPoint> points(size_t n) {
    std::vector<EdwardsPoint> p(n);
    for (size_t i = 0; i < n; ++i) {
        if (i % 7 == 3) p[i] = EdwardsPoint::identity();
        else if (i % 7 == 5 && i > 0) p[i] = -p[i - 1];
        else if (i % 7 == 6) p[i] = p[i / 2];
        else p[i] = random_point();
    }
    return p;
}

static void test_scalar_mul(bool quick) {
    const std::vector<uint8_t> s = scalars(quick ? 48 : 160);
    const std::vector<EdwardsPoint> p = points(16);
    size_t bad = 0, routed_bad = 0;
    for (size_t i = 0; i < s.size() / 32; ++i) {
        const EdwardsPoint& P = i < 16 ? p[i] : (i % 3 ? p[i % 16] : EdwardsPoint::basepoint());
        const EdwardsPoint expect = portable_mul(&s[32 * i], P);
        if (!same_point(avx2::point_mul(&s[32 * i], P), expect)) ++bad;
        if (!same_point(point_mul_decoded(&s[32 * i], P), expect)) ++routed_bad;  // backend() is Avx2 here
    }
    check(bad == 0, "avx2::point_mul agrees with the portable P * s (" + std::to_string(bad) + " mismatches)");
    check(routed_bad == 0, "point_mul_decoded on the AVX2 backend agrees (" + std::to_string(routed_bad) + ")");
}

// Both Straus MSMs, direct and through the routed entry points, for every n in a range and around the blocks.
static void test_straus(bool quick) {
    std::vector<size_t> sizes;
    for (size_t n = 0; n <= (quick ? 20u : 40u); ++n) sizes.push_back(n);
    for (size_t n : {127u, 128u, 129u, 255u, 256u, 257u, 300u}) sizes.push_back(n);
    const std::vector<uint8_t> s = scalars(300);
    const std::vector<EdwardsPoint> p = points(300);
    std::string bad;
    for (size_t n : sizes) {
        set_backend_for_testing(Backend::Portable);
        const EdwardsPoint ct = Straus::mul_ct(s.data(), p.data(), n);
        const EdwardsPoint vt = Straus::mul_vartime(s.data(), p.data(), n);
        const EdwardsPoint vt_any = msm_vartime_decoded(s.data(), p.data(), n);
        set_backend_for_testing(Backend::Avx2);
        const std::string at = " n=" + std::to_string(n);
        if (!same_point(avx2::straus_ct(s.data(), p.data(), n), ct)) bad += " straus_ct" + at;
        if (!same_point(avx2::straus_vartime(s.data(), p.data(), n), vt)) bad += " straus_vartime" + at;
        if (!same_point(Straus::mul_ct(s.data(), p.data(), n), ct)) bad += " Straus::mul_ct" + at;
        if (!same_point(Straus::mul_vartime(s.data(), p.data(), n), vt)) bad += " Straus::mul_vartime" + at;
        if (!same_point(msm_vartime_decoded(s.data(), p.data(), n), vt_any)) bad += " msm_vartime_decoded" + at;
        if (!same_point(ct, vt)) bad += " portable ct != vartime" + at;
    }
    check(bad.empty(), "AVX2 Straus (ct and vartime, direct and routed) agree with the portable ones:" + bad);
}

// The lane-wise sign, zero and equality tests and abs (field4_pow.hpp) on every special value in every lane,
// also as differences (sub, then weak_reduce: the other reduced form), against the portable ones.
PYR_AVX2_FN static void test_lane_tests() {
    const std::vector<FE> v = special_values();
    size_t bad = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        const FE a[4] = {v[i], v[(i + 1) % v.size()], v[(i + 5) % v.size()], v[(i + 11) % v.size()]};
        const FE b[4] = {v[(i + 2) % v.size()], a[1], v[(i + 3) % v.size()] * FE::one(), -a[3]};
        const F4 x = from_lanes(a[0], a[1], a[2], a[3]), y = from_lanes(b[0], b[1], b[2], b[3]);
        const F4 d = weak_reduce(sub(x, y));
        FE ab[4];
        to_lanes(avx2::abs(x), ab);
        unsigned neg = 0, zero = 0, eq = 0, dneg = 0, dzero = 0;
        for (int k = 0; k < 4; ++k) {
            neg |= unsigned(a[k].is_negative()) << k;
            zero |= unsigned(a[k].is_zero()) << k;
            eq |= unsigned(a[k].ct_eq(b[k])) << k;
            dneg |= unsigned((a[k] - b[k]).is_negative()) << k;
            dzero |= unsigned((a[k] - b[k]).is_zero()) << k;
            bad += !same_value(ab[k], a[k].abs());
        }
        bad += is_negative_bits(x) != neg;
        bad += is_zero_bits(x) != zero;
        bad += mask_bits(eq_mask(x, y)) != eq;
        bad += is_negative_bits(d) != dneg;
        bad += is_zero_bits(d) != dzero;
    }
    check(bad == 0, "lane-wise is_negative, is_zero, eq and abs agree with the portable ones on the special values (" +
                        std::to_string(bad) + " wrong)");
}

// ---- batch decode, encode and one-way map (avx2/batch.cpp) --------------------------------------------------------

static size_t portable_decode_many(EdwardsPoint* out, const uint8_t* enc, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (!ristretto_decode(out[i], enc + 32 * i)) return i;
    return n;
}

// decode_many (the dispatched one when groups == 0) against the portable decoder: same first invalid index, same
// points before it.
static bool decode_agrees(const std::vector<uint8_t>& enc, int groups) {
    const size_t n = enc.size() / 32;
    std::vector<EdwardsPoint> want(n), got(n);
    const size_t w = portable_decode_many(want.data(), enc.data(), n);
    const size_t g = groups == 0 ? ristretto_decode_many(got.data(), enc.data(), n)
                                 : avx2::decode_many_groups(got.data(), enc.data(), n, groups);
    bool ok = w == g;
    for (size_t j = 0; ok && j < w; ++j) ok = same_point(got[j], want[j]);
    return ok;
}

static std::vector<uint8_t> valid_encodings(size_t n) {
    std::vector<uint8_t> e(32 * n);
    for (size_t i = 0; i < n; ++i) {
        if (i % 5 == 2) continue;  // the identity (zero bytes)
        crypto_core_ristretto255_random(&e[32 * i]);
    }
    return e;
}

static void test_batch(const std::string& doc, bool quick) {
    static const int kGroupChoices[] = {0, 1, 2, 4};
    // Invalid encodings of every class: non-canonical (p, p + 1, 2^255 - 1, p + 2 which is s = 2 unreduced), bit 255
    // set on a valid one, negative s, non-square, and the RFC's list.
    std::vector<std::vector<uint8_t>> invalid;
    auto fill = [](uint64_t low, uint8_t mid, uint8_t top) {
        std::vector<uint8_t> e(32, mid);
        for (int i = 0; i < 8; ++i) e[i] = uint8_t(low >> (8 * i));
        e[31] = top;
        return e;
    };
    const uint64_t p_low = 0xffffffffffffffedULL;
    invalid.push_back(fill(p_low, 0xff, 0x7f));
    invalid.push_back(fill(p_low + 1, 0xff, 0x7f));
    invalid.push_back(fill(p_low + 2, 0xff, 0x7f));
    invalid.push_back(fill(~0ULL, 0xff, 0x7f));
    invalid.push_back(fill(~0ULL, 0xff, 0xff));
    {
        std::vector<uint8_t> e = valid_encodings(2);
        e.resize(32);
        e[31] |= 0x80;
        invalid.push_back(e);
        e[31] &= 0x7f;
        e[0] |= 1;  // negative s (and maybe non-square)
        invalid.push_back(e);
    }
    for (uint8_t b = 2; invalid.size() < 12; b += 2) {  // even, canonical, non-square (or bad t)
        std::vector<uint8_t> e(32, 0);
        e[0] = b;
        EdwardsPoint tmp;
        if (!ristretto_decode(tmp, e.data())) invalid.push_back(e);
    }
    const std::vector<std::string> mult =
        hex_strings_between(doc, "rfc9496_multiples_of_generator", "rfc9496_invalid_encodings");
    const std::vector<std::string> bad_vectors =
        hex_strings_between(doc, "rfc9496_invalid_encodings", "rfc9496_one_way_map");
    if (!doc.empty()) check(mult.size() == 16 && bad_vectors.size() >= 30, "vectors: multiples and invalid found");
    for (const auto& h : bad_vectors) {
        std::vector<uint8_t> e(32);
        from_hex(h, e.data());
        invalid.push_back(e);
    }

    // Decode: every length 0..20 and 31..33, all valid, then one invalid at every position (every class, cycled).
    size_t wrong = 0, cases = 0;
    for (int groups : kGroupChoices) {
        for (size_t n = 0; n <= 33; n += n == 20 ? 11 : 1) {
            std::vector<uint8_t> enc = valid_encodings(n);
            if (n > 0 && n <= 16 && !mult.empty())
                for (size_t i = 0; i < n; ++i) from_hex(mult[i], &enc[32 * i]);
            cases++, wrong += !decode_agrees(enc, groups);
            for (size_t at = 0; at < n; ++at) {
                std::vector<uint8_t> b = enc;
                std::memcpy(&b[32 * at], invalid[(at + n) % invalid.size()].data(), 32);
                cases++, wrong += !decode_agrees(b, groups);
            }
        }
        // Every invalid class at every lane of a batch of nine.
        for (const auto& bad : invalid)
            for (size_t at = 0; at < 9; ++at) {
                std::vector<uint8_t> b = valid_encodings(9);
                std::memcpy(&b[32 * at], bad.data(), 32);
                cases++, wrong += !decode_agrees(b, groups);
            }
        // Random bytes (mostly invalid) and random even canonical-range bytes, walked by restarting after each reject.
        std::vector<uint8_t> r(32 * (quick ? 400 : 4000));
        randombytes_buf(r.data(), r.size());
        for (size_t i = 0; i < r.size(); i += 32) {
            r[i] &= 0xfe;
            r[i + 31] &= 0x7f;
        }
        for (size_t i = 0; i + 32 * 8 <= r.size(); i += 32 * 8) {
            EdwardsPoint out[8];
            size_t start = 0;
            while (start < 8) {
                std::vector<uint8_t> b(r.begin() + i + 32 * start, r.begin() + i + 256);
                cases++, wrong += !decode_agrees(b, groups);
                start += portable_decode_many(out, b.data(), b.size() / 32) + 1;
            }
        }
    }
    check(wrong == 0, "AVX2 batch decode agrees with the portable decoder (" + std::to_string(wrong) + " of " +
                          std::to_string(cases) + " cases wrong)");

    // Encode: computed points (identity, torsion-free multiples, P and -P, sums) at every length 0..20 and 31..33.
    wrong = 0, cases = 0;
    for (int groups : kGroupChoices) {
        for (size_t n = 0; n <= 33; n += n == 20 ? 11 : 1) {
            std::vector<EdwardsPoint> p = points(n);
            for (size_t i = 0; i < n; ++i)
                if (i % 4 == 1) p[i] = p[i] + EdwardsPoint::basepoint().dbl();  // Z != 1
            std::vector<uint8_t> want(32 * n), got(32 * n);
            for (size_t i = 0; i < n; ++i) ristretto_encode(&want[32 * i], p[i]);
            if (groups == 0) ristretto_encode_many(got.data(), p.data(), n);
            else avx2::encode_many_groups(got.data(), p.data(), n, groups);
            cases++, wrong += want != got;
        }
    }
    // And the libsodium encodings decoded and re-encoded (bytes back unchanged).
    {
        std::vector<uint8_t> enc = valid_encodings(quick ? 64 : 1000), got(enc.size());
        std::vector<EdwardsPoint> p(enc.size() / 32);
        check(portable_decode_many(p.data(), enc.data(), p.size()) == p.size(), "libsodium points decode");
        for (int groups : kGroupChoices) {
            if (groups == 0) ristretto_encode_many(got.data(), p.data(), p.size());
            else avx2::encode_many_groups(got.data(), p.data(), p.size(), groups);
            cases++, wrong += enc != got;
        }
    }
    check(wrong == 0, "AVX2 batch encode gives the portable bytes (" + std::to_string(wrong) + " of " +
                          std::to_string(cases) + " cases wrong)");

    // One-way map: the RFC cases in every lane of nine, edge halves, random inputs at lengths 0..20 and 31..33.
    wrong = 0, cases = 0;
    auto map_agrees = [&](const std::vector<uint8_t>& u, int groups) {
        const size_t n = u.size() / 64;
        std::vector<EdwardsPoint> got(n);
        if (groups == 0) ristretto_from_uniform_many(got.data(), u.data(), n);
        else avx2::from_uniform_many_groups(got.data(), u.data(), n, groups);
        bool ok = true;
        for (size_t i = 0; i < n; ++i) ok = ok && same_point(got[i], ristretto_from_uniform_point(&u[64 * i]));
        return ok;
    };
    const std::vector<std::string> in =
        hex_strings_between(doc, "rfc9496_one_way_map", "rfc9496_one_way_map_equivalent_inputs", 128);
    const std::vector<std::string> out =
        hex_strings_between(doc, "rfc9496_one_way_map", "rfc9496_one_way_map_equivalent_inputs");
    if (!doc.empty()) check(in.size() == 7 && out.size() == 7, "one-way map: the 7 RFC 9496 cases found");
    std::vector<uint8_t> edges;  // 0, 1, p - 1, p, p + 1, 2^255 - 1, 2^256 - 1, sqrt(-1) as halves
    for (auto e : {fill(0, 0, 0), fill(1, 0, 0), fill(p_low - 1, 0xff, 0x7f), fill(p_low, 0xff, 0x7f),
                   fill(p_low + 1, 0xff, 0x7f), fill(~0ULL, 0xff, 0x7f), fill(~0ULL, 0xff, 0xff)})
        edges.insert(edges.end(), e.begin(), e.end());
    edges.resize(edges.size() + 32);
    constants::SQRT_M1.to_bytes(&edges[edges.size() - 32]);
    std::vector<uint8_t> pairs;
    for (size_t a = 0; a < edges.size(); a += 32)
        for (size_t b = 0; b < edges.size(); b += 32) {
            pairs.insert(pairs.end(), edges.begin() + a, edges.begin() + a + 32);
            pairs.insert(pairs.end(), edges.begin() + b, edges.begin() + b + 32);
        }
    for (int groups : kGroupChoices) {
        for (size_t k = 0; k < in.size() && k < out.size(); ++k)
            for (size_t lane = 0; lane < 9; ++lane) {
                std::vector<uint8_t> u(9 * 64);
                randombytes_buf(u.data(), u.size());
                from_hex(in[k], &u[64 * lane], 64);
                std::vector<EdwardsPoint> mapped(9);
                if (groups == 0) ristretto_from_uniform_many(mapped.data(), u.data(), 9);
                else avx2::from_uniform_many_groups(mapped.data(), u.data(), 9, groups);
                uint8_t enc[32];
                ristretto_encode(enc, mapped[lane]);
                cases++, wrong += hex(enc, 32) != out[k];
            }
        cases++, wrong += !map_agrees(pairs, groups);
        for (size_t n = 0; n <= 33; n += n == 20 ? 11 : 1) {
            std::vector<uint8_t> u(64 * n);
            randombytes_buf(u.data(), u.size());
            cases++, wrong += !map_agrees(u, groups);
        }
    }
    check(wrong == 0, "AVX2 batch one-way map gives the portable points (" + std::to_string(wrong) + " of " +
                          std::to_string(cases) + " cases wrong)");
}

// libsodium's sum of s_i P_i (each scalar reduced mod q first; the all-zero encoding is the identity).
static bool sodium_msm(const uint8_t* s, const std::vector<EdwardsPoint>& p, size_t n, uint8_t out[32]) {
    std::memset(out, 0, 32);
    for (size_t i = 0; i < n; ++i) {
        uint8_t wide[64] = {}, r[32], enc[32], term[32];
        std::memcpy(wide, s + 32 * i, 32);
        crypto_core_ristretto255_scalar_reduce(r, wide);
        ristretto_encode(enc, p[i]);
        if (crypto_scalarmult_ristretto255(term, r, enc) != 0) continue;  // the identity
        if (crypto_core_ristretto255_add(out, out, term) != 0) return false;
    }
    return true;
}

// The AVX2 Pippenger (every window c, and routed through msm_vartime_decoded) and sum_points against the portable
// code: every n to 20 (the four-lane remainders), around each window change and the switch to Straus, past a pass
// of short scalars; edge scalars and points from scalars() and points(); one size against libsodium.
static void test_pippenger(bool quick) {
    std::vector<size_t> sizes;
    for (size_t n = 0; n <= 20; ++n) sizes.push_back(n);
    for (size_t n : {63u, 64u, 65u, 67u, 151u, 152u, 153u, 287u, 288u, 289u, 639u, 640u, 895u, 896u, 897u})
        sizes.push_back(n);
    const std::vector<uint8_t> s = scalars(900);
    const std::vector<EdwardsPoint> p = points(900);
    std::vector<uint8_t> short_s(s.size(), 0), zero_s(s.size(), 0);  // 128-bit scalars: the passes stop early
    for (size_t i = 0; i < short_s.size(); ++i) short_s[i] = (i % 32) < 16 ? static_cast<uint8_t>(rnd()) : 0;
    std::string bad;
    for (size_t n : sizes) {
        set_backend_for_testing(Backend::Portable);
        const EdwardsPoint expect = msm_vartime_decoded(s.data(), p.data(), n);
        const EdwardsPoint expect_short = msm_vartime_decoded(short_s.data(), p.data(), n);
        const EdwardsPoint expect_sum = sum_decoded(p.data(), n);
        set_backend_for_testing(Backend::Avx2);
        const std::string at = " n=" + std::to_string(n);
        for (int c = 4; c <= 8; ++c) {
            if (quick && n > 64 && c != 4 && c != 8) continue;
            if (!same_point(avx2::pippenger_vartime_window(s.data(), p.data(), n, c), expect))
                bad += " c=" + std::to_string(c) + at;
        }
        if (!same_point(avx2::pippenger_vartime(short_s.data(), p.data(), n), expect_short)) bad += " short" + at;
        if (!same_point(avx2::pippenger_vartime(zero_s.data(), p.data(), n), EdwardsPoint::identity()))
            bad += " zero" + at;
        if (!same_point(msm_vartime_decoded(s.data(), p.data(), n), expect)) bad += " msm_vartime_decoded" + at;
        if (!same_point(avx2::sum_points(p.data(), n), expect_sum)) bad += " sum_points" + at;
        if (!same_point(sum_decoded(p.data(), n), expect_sum)) bad += " sum_decoded" + at;
    }
    // Every point the same, P, -P pairs only (buckets that cancel to the identity), and decoded points (Z = 1: the
    // seven-product additions), around the four-lane remainders.
    std::vector<EdwardsPoint> same(130, p[0]), pairs(130), decoded(131);
    for (size_t i = 0; i < pairs.size(); ++i) pairs[i] = i % 2 ? -pairs[i - 1] : p[i];
    bool decodes = true;
    for (size_t i = 0; i < decoded.size(); ++i) {
        uint8_t e[32];
        ristretto_encode(e, p[i]);
        decodes = ristretto_decode(decoded[i], e) && decodes;
    }
    check(decodes, "the points' encodings decode");
    std::vector<EdwardsPoint> decoded_130(decoded.begin(), decoded.end() - 1);
    for (const auto* q : {&same, &pairs, &decoded, &decoded_130}) {
        set_backend_for_testing(Backend::Portable);
        const EdwardsPoint expect = msm_vartime_decoded(s.data(), q->data(), q->size());
        const EdwardsPoint expect_sum = sum_decoded(q->data(), q->size());
        set_backend_for_testing(Backend::Avx2);
        const std::string at = " n=" + std::to_string(q->size());
        for (int c = 4; c <= 8; ++c)
            if (!same_point(avx2::pippenger_vartime_window(s.data(), q->data(), q->size(), c), expect))
                bad += " same/pairs/decoded c=" + std::to_string(c) + at;
        if (!same_point(avx2::sum_points(q->data(), q->size()), expect_sum)) bad += " same/pairs/decoded sum" + at;
    }
    uint8_t want[32], got[32];
    const size_t n = 70;
    check(sodium_msm(s.data(), p, n, want), "libsodium computes the reference sum");
    ristretto_encode(got, avx2::pippenger_vartime(s.data(), p.data(), n));
    if (std::memcmp(want, got, 32) != 0) bad += " libsodium n=70";
    check(bad.empty(),
          "AVX2 Pippenger (every window, short and zero scalars, routed) and point sums agree with the "
          "portable code and libsodium:" +
              bad);
}

// avx2::new_pippenger_buckets past one block (every pass's buckets kept across the blocks and the feeds; the 11-bit
// window with its bucket prefetch) against the portable code: fed in pieces, cut at a block boundary and across others,
// with a block of 16-bit scalars (fewer passes used) and one of zero scalars (skipped whole), computed points in the
// first blocks and decoded ones (Z = 1) in the third, mixed after it, and finish called twice; routed through
// msm_vartime_decoded, whose one call covers every block.
static void test_pippenger_kept() {
    const size_t B = kMsmBlock, n = 3 * B + 5;
    std::vector<uint8_t> s = scalars(n);
    std::vector<EdwardsPoint> p = points(n);
    for (size_t i = 0; i < B; ++i) std::memset(&s[32 * i + 2], 0, 30);  // block 0: 16-bit scalars
    for (size_t i = B; i < 2 * B; ++i) std::memset(&s[32 * i], 0, 32);  // block 1: zero
    for (size_t i = 2 * B; i < n; ++i) {  // block 2: decoded points (Z = 1); after it, every other one
        if (i >= 3 * B && i % 2) continue;
        uint8_t e[32];
        ristretto_encode(e, p[i]);
        check(ristretto_decode(p[i], e), "a point's encoding decodes");
    }
    std::string bad;
    for (size_t m : {B + 1, 2 * B + 3, n}) {
        set_backend_for_testing(Backend::Portable);
        const EdwardsPoint expect = msm_vartime_decoded(s.data(), p.data(), m);
        set_backend_for_testing(Backend::Avx2);
        const std::string at = " n=" + std::to_string(m);
        for (int c : {0, 5, 8, 11}) {  // 0: the measured choice, 8 below 8192 points and 11 from it
            const std::unique_ptr<PippengerBuckets> buckets = avx2::new_pippenger_buckets(m, c);
            const size_t cuts[] = {0, 17, B, 2 * B + 2, m};
            for (int k = 0; k < 4; ++k)
                if (cuts[k] < m) buckets->add(&s[32 * cuts[k]], &p[cuts[k]], std::min(cuts[k + 1], m) - cuts[k]);
            if (!same_point(buckets->finish(), expect)) bad += " c=" + std::to_string(c) + at;
            if (!same_point(buckets->finish(), expect)) bad += " finish again c=" + std::to_string(c) + at;
        }
        if (!same_point(msm_vartime_decoded(s.data(), p.data(), m), expect)) bad += " msm_vartime_decoded" + at;
    }
    check(bad.empty(),
          "AVX2 Pippenger with its buckets kept across blocks and feeds agrees with the portable code:" + bad);
}

// MSMTable built on the AVX2 kernels (odd multiples in four-lane form, no 1P..8P) against one built on the portable
// kernels, both MSMs, with either backend in use at call time: a table keeps the kernels it was built with, and one
// built on AVX2 must never read the portable constant-time entries it does not have.
static void test_msm_table() {
    const std::vector<uint8_t> s = scalars(200);
    const std::vector<EdwardsPoint> p = points(200);
    std::string bad;
    for (size_t n : {1u, 2u, 5u, 17u, 191u, 192u, 200u}) {
        set_backend_for_testing(Backend::Portable);
        const MSMTable portable(p.data(), n);
        EdwardsPoint want_ct, want_vt;
        const bool ok = portable.msm(s.data(), n, want_ct) && portable.msm_vartime(s.data(), n, want_vt);
        if (!ok || !same_point(want_ct, want_vt)) bad += " portable n=" + std::to_string(n);
        set_backend_for_testing(Backend::Avx2);
        const MSMTable lanes(p.data(), n);
        for (Backend now : {Backend::Avx2, Backend::Portable}) {
            set_backend_for_testing(now);
            EdwardsPoint ct, vt;
            const std::string at =
                std::string(now == Backend::Avx2 ? " avx2" : " portable") + " n=" + std::to_string(n);
            if (!lanes.msm(s.data(), n, ct) || !same_point(ct, want_ct)) bad += " msm" + at;
            if (!lanes.msm_vartime(s.data(), n, vt) || !same_point(vt, want_ct)) bad += " msm_vartime" + at;
        }
        set_backend_for_testing(Backend::Avx2);
    }
    check(bad.empty(), "MSMTable built on the AVX2 kernels agrees with the portable one, on either backend:" + bad);
}

// The fixed-base comb on the AVX2 rows against the portable comb and libsodium: tables of G and of random points
// (and of the identity), every edge scalar of scalars(), mul and mul2, a table built on AVX2 used under either
// backend and one built on the portable backend under AVX2 (no rows: the portable comb).
static void test_fixed_base() {
    const std::vector<uint8_t> s = scalars(64);
    std::string bad;
    const EdwardsPoint bases[] = {EdwardsPoint::basepoint(), random_point(), random_point(), EdwardsPoint::identity()};
    for (int t = 0; t < 4; ++t) {
        set_backend_for_testing(Backend::Portable);
        const FixedBaseTable portable(bases[t]);
        set_backend_for_testing(Backend::Avx2);
        const FixedBaseTable rows(bases[t]);
        const FixedBaseTable& other = t % 2 ? portable : rows;  // mul2's second table: with and without rows
        for (size_t i = 0; i < 64; ++i) {
            const uint8_t* a = &s[32 * i];
            const uint8_t* b = &s[32 * ((i * 7 + 3) % 64)];
            set_backend_for_testing(Backend::Portable);
            const EdwardsPoint want = portable.mul(a), want2 = FixedBaseTable::mul2(portable, a, portable, b);
            const EdwardsPoint want_other = FixedBaseTable::mul2(rows, a, other, b);
            const EdwardsPoint reference = point_mul_decoded(a, bases[t]);
            set_backend_for_testing(Backend::Avx2);
            const std::string at = " base " + std::to_string(t) + " scalar " + std::to_string(i);
            if (!same_point(want, reference)) bad += " portable-comb" + at;
            if (!same_point(rows.mul(a), want)) bad += " mul" + at;
            if (!same_point(portable.mul(a), want)) bad += " mul-without-rows" + at;
            if (!same_point(FixedBaseTable::mul2(rows, a, rows, b), want2)) bad += " mul2" + at;
            if (!same_point(FixedBaseTable::mul2(rows, a, other, b), want_other)) bad += " mul2-mixed" + at;
        }
    }
    // G's table against libsodium, through base_mul (the basepoint table as this process built it) and directly.
    set_backend_for_testing(Backend::Avx2);
    const FixedBaseTable g(EdwardsPoint::basepoint());
    size_t sodium_bad = 0;
    for (size_t i = 0; i < 64; ++i) {
        uint8_t wide[64] = {0}, r[32], want[32], got[32], via_base_mul[32];
        std::memcpy(wide, &s[32 * i], 32);
        crypto_core_ristretto255_scalar_reduce(r, wide);
        if (crypto_scalarmult_ristretto255_base(want, r) != 0) std::memset(want, 0, 32);  // the identity
        ristretto_encode(got, g.mul(&s[32 * i]));
        base_mul(&s[32 * i], via_base_mul);
        sodium_bad += std::memcmp(got, want, 32) != 0 || std::memcmp(via_base_mul, want, 32) != 0;
    }
    check(sodium_bad == 0, "the AVX2 comb of G and base_mul agree with libsodium (" + std::to_string(sodium_bad) + ")");
    check(bad.empty(), "the AVX2 fixed-base comb (mul, mul2, mixed tables) agrees with the portable comb:" + bad);
}

template <class F>
static double best_us(F f, int reps) {
    double best = 1e30;
    for (int r = 0; r < 5; ++r) {
        timespec t0, t1;  // this thread's CPU time: the machine is shared
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        for (int i = 0; i < reps; ++i) f();
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        best = std::min(best, ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3 / reps);
    }
    return best;
}

static void bench() {
    const std::vector<uint8_t> s = scalars(128);
    std::vector<uint8_t> sr(32 * 128);
    for (auto& b : sr) b = static_cast<uint8_t>(rnd());
    for (size_t i = 0; i < 128; ++i) sr[32 * i + 31] &= 0x0f;
    std::vector<EdwardsPoint> p(128);
    for (auto& q : p) q = random_point();
    const EdwardsPoint G2[2] = {p[0], EdwardsPoint::basepoint()};
    volatile uint8_t sink = 0;
    std::printf("%-28s %10s %10s %7s\n", "us per call (best of 5)", "portable", "avx2", "ratio");
    auto row = [&](const char* name, int reps, auto f) {
        set_backend_for_testing(Backend::Portable);
        const double a = best_us(f, reps);
        set_backend_for_testing(Backend::Avx2);
        const double b = best_us(f, reps);
        std::printf("%-28s %10.1f %10.1f %7.2f\n", name, a, b, b / a);
    };
    row("P * s", 200, [&] { sink = sink + point_mul_decoded(sr.data(), p[1]).X.limb[0]; });
    row("a A + b G vartime", 200, [&] { sink = sink + msm_vartime_decoded(sr.data(), G2, 2).X.limb[0]; });
    row("vartime MSM n=16", 50, [&] { sink = sink + msm_vartime_decoded(sr.data(), p.data(), 16).X.limb[0]; });
    row("vartime MSM n=128", 10, [&] { sink = sink + msm_vartime_decoded(sr.data(), p.data(), 128).X.limb[0]; });
    row("vartime Straus n=128", 10, [&] { sink = sink + Straus::mul_vartime(sr.data(), p.data(), 128).X.limb[0]; });
    row("constant-time MSM n=16", 50, [&] { sink = sink + Straus::mul_ct(sr.data(), p.data(), 16).X.limb[0]; });
    row("constant-time MSM n=128", 10, [&] { sink = sink + Straus::mul_ct(sr.data(), p.data(), 128).X.limb[0]; });

    // Batches: ns per point, portable and AVX2 with 1, 2 and 4 groups of lanes, and the dispatched entry points at
    // small n (the crossover).
    {
        const size_t N = 512;
        std::vector<uint8_t> enc = valid_encodings(N), bytes(32 * N), uni(64 * N);
        randombytes_buf(uni.data(), uni.size());
        std::vector<EdwardsPoint> pts(N);
        portable_decode_many(pts.data(), enc.data(), N);
        for (auto& q : pts) q = q + EdwardsPoint::basepoint();
        std::printf("%-28s %10s %8s %8s %8s   (ns per point, n = %zu)\n", "batch", "portable", "g=1", "g=2", "g=4", N);
        auto brow = [&](const char* name, auto f) {
            double t[4];
            for (int g = 0; g < 4; ++g) t[g] = best_us([&] { f(g == 0 ? 0 : 1 << (g - 1)); }, 2) * 1e3 / N;
            std::printf("%-28s %10.0f %8.0f %8.0f %8.0f\n", name, t[0], t[1], t[2], t[3]);
        };
        brow("decode", [&](int g) {
            if (g == 0) sink = sink + portable_decode_many(pts.data(), enc.data(), N);
            else sink = sink + avx2::decode_many_groups(pts.data(), enc.data(), N, g);
        });
        brow("encode", [&](int g) {
            if (g == 0)
                for (size_t i = 0; i < N; ++i) ristretto_encode(&bytes[32 * i], pts[i]);
            else avx2::encode_many_groups(bytes.data(), pts.data(), N, g);
        });
        brow("one-way map", [&](int g) {
            if (g == 0)
                for (size_t i = 0; i < N; ++i) pts[i] = ristretto_from_uniform_point(&uni[64 * i]);
            else avx2::from_uniform_many_groups(pts.data(), uni.data(), N, g);
        });
        portable_decode_many(pts.data(), enc.data(), N);
        std::printf("%-28s", "n: us portable / avx2");
        for (size_t n = 1; n <= 9; ++n) {
            double a[3], b[3];
            set_backend_for_testing(Backend::Portable);
            a[0] = best_us([&] { sink = sink + ristretto_decode_many(pts.data(), enc.data(), n); }, 200);
            a[1] = best_us([&] { ristretto_encode_many(bytes.data(), pts.data(), n); }, 200);
            a[2] = best_us([&] { ristretto_from_uniform_many(pts.data() + 16, uni.data(), n); }, 100);
            set_backend_for_testing(Backend::Avx2);
            b[0] = best_us([&] { sink = sink + avx2::decode_many_groups(pts.data(), enc.data(), n, n <= 4 ? 1 : 2); },
                           200);
            b[1] = best_us([&] { avx2::encode_many_groups(bytes.data(), pts.data(), n, n <= 4 ? 1 : 2); }, 200);
            b[2] =
                best_us([&] { avx2::from_uniform_many_groups(pts.data() + 16, uni.data(), n, n <= 2 ? 1 : 2); }, 100);
            std::printf("\n  n=%zu decode %.1f/%.1f encode %.1f/%.1f map %.1f/%.1f", n, a[0], b[0], a[1], b[1], a[2],
                        b[2]);
        }
        std::printf("\n");
    }
}

int main(int argc, char** argv) {
    g_state = 0x5eed5eed12345678ULL;  // this program's own inputs (check.hpp's default seed is test_ifma's)
    if (sodium_init() < 0) {
        std::printf("sodium_init failed\n0 passed, 1 failed\n");
        return 1;
    }
    bool quick = false, do_bench = false;
    std::string doc;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) quick = true;
        else if (std::strcmp(argv[i], "--bench") == 0) do_bench = true;
        else {
            std::ifstream f(argv[i]);
            std::stringstream ss;
            ss << f.rdbuf();
            doc = ss.str();
            check(!doc.empty(), std::string("read the vectors file ") + argv[i]);
        }
    }
    if (!avx2_available()) {
        std::printf("avx2: not available on this CPU or build\n");
        check(!set_backend_for_testing(Backend::Avx2), "without AVX2 the backend cannot be switched to it");
        check(backend() != Backend::Avx2, "without AVX2 the backend is not AVX2");
    } else {
        check(set_backend_for_testing(Backend::Avx2) && backend() == Backend::Avx2 &&
                  std::strcmp(backend_name(), "avx2") == 0,
              "the backend switches to AVX2 and reports it");
        test_field(quick);
        test_bounds();
        test_points();
        test_scalar_mul(quick);
        test_straus(quick);
        test_lane_tests();
        test_batch(doc, quick);
        test_pippenger(quick);
        test_pippenger_kept();
        test_msm_table();
        test_fixed_base();
        if (do_bench) bench();
    }
    std::printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail == 0 ? 0 : 1;
}
