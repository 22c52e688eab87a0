// Differential tests of the AVX2 backend (avx2/*.hpp, avx2/straus.cpp) against the portable radix-2^51 code (which
// test_core.cpp checks against a reference field, the RFC 9496 vectors and libsodium): the four-lane field on edge
// and random inputs (0, 1, p - 1, p, p + 1, 2^255 - 1, limbs up to 2^52 - 1, long chains), its limb bounds, the
// parallel point formulas, and the routed scalar multiplications (P * s, constant-time and vartime Straus) with
// edge scalars (0, 1, q - 1, q, 2^255 - 1, 2^256 - 1) and points (identity, P and -P, duplicates). Expected values
// come from the portable backend, never from the AVX2 code.
//
//   /tmp/test_avx2 [--quick] [--bench]
//
// Prints one line per failure and ends with "N passed, M failed"; exits non-zero on any failure. On a CPU without
// AVX2 it says "avx2: not available" and checks only that the backend cannot be switched to it.
// --bench: P * s, the two-point vartime MSM and both MSMs at n = 16 and 128 on each backend, one thread.
#include <sodium.h>

#include <cstdio>
#include <ctime>
#include <cstring>
#include <string>
#include <vector>

#include "pyristretto/avx2/edwards4.hpp"
#include "pyristretto/avx2/straus.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/msm_algorithms.hpp"
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
        FE::zero(), FE::one(),
        FE{{M - 18, M, M, M, M}},                             // p
        FE{{M - 19, M, M, M, M}},                             // p - 1
        FE{{M - 17, M, M, M, M}},                             // p + 1
        FE{{M, M, M, M, M}},                                  // 2^255 - 1 = p + 18
        FE{{M - 18 + (uint64_t(1) << 51), M - 1, M, M, M}},   // p, limb 0 borrowed from limb 1
        FE{{BOUND - 1, BOUND - 1, BOUND - 1, BOUND - 1, BOUND - 1}},
        FE{{0, 0, 0, 0, uint64_t(1) << 51}},                  // 2^255 = 19
        FE{{(uint64_t(1) << 26) - 1, 0, 0, 0, 0}},            // a full first 26-bit limb
        FE{{uint64_t(1) << 26, 0, 0, 0, 0}},
    };
    while (v.size() < 48) v.push_back(random_fe());
    return v;
}

using namespace pyristretto::avx2;

// Raw lanes of an F4 (limb i of lane k at [i][k]).
PYR_AVX2_FN static void raw(const F4& x, uint64_t out[10][4]) {
    for (int i = 0; i < 10; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[i]), x.v[i]);
}

// The documented bound on every reduced output: even limbs < 2^26, odd < 2^25 + 2^18.
PYR_AVX2_FN static bool reduced(const F4& x) {
    uint64_t t[10][4];
    raw(x, t);
    for (int i = 0; i < 10; ++i)
        for (int k = 0; k < 4; ++k)
            if (t[i][k] >= (i & 1 ? (uint64_t(1) << 25) + (uint64_t(1) << 18) : uint64_t(1) << 26)) return false;
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
            const FE expect[kOps] = {p,           p * q,
                                     p.square(),  p + q,
                                     p - q,       -p,
                                     (p + q) * (p - q), (q - p).square(),
                                     p * FE::from_u64(small[k]), (p + p) + (q - q)};
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
    std::vector<EdwardsPoint> pts = {EdwardsPoint::identity(), EdwardsPoint::basepoint(),
                                     -EdwardsPoint::basepoint()};
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
            case 0: break;                                   // 0
            case 1: d[0] = 1; break;                         // 1
            case 2: std::memcpy(d, Q, 32); d[0] -= 1; break;  // q - 1
            case 3: std::memcpy(d, Q, 32); break;             // q
            case 4: std::memcpy(d, Q, 32); d[0] += 1; break;  // q + 1
            case 5: d[31] = 0x10; break;                      // 2^252
            case 6: std::memset(d, 0xff, 32); d[31] = 0x7f; break;  // 2^255 - 1
            case 7: std::memset(d, 0xff, 32); break;                // 2^256 - 1
            case 8: d[0] = 5; d[31] = 0x80; break;                  // 5 + 2^255
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
}

int main(int argc, char** argv) {
    g_state = 0x5eed5eed12345678ULL;  // this program's own inputs (check.hpp's default seed is test_ifma's)
    if (sodium_init() < 0) { std::printf("sodium_init failed\n0 passed, 1 failed\n"); return 1; }
    bool quick = false, do_bench = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) quick = true;
        if (std::strcmp(argv[i], "--bench") == 0) do_bench = true;
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
        test_points();
        test_scalar_mul(quick);
        test_straus(quick);
        if (do_bench) bench();
    }
    std::printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail == 0 ? 0 : 1;
}
