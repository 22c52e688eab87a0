// Batch encoding (ristretto.hpp: ristretto_encode_many, ristretto_encode_doubled; point_vector.hpp:
// scale_points_encoded) on each backend, against the one-point portable ristretto_encode and libsodium. The
// points include every representative of their Ristretto element (R + T for T in E[4], whose doubles differ by
// 2-torsion), projective multiples (lambda X : lambda Y : lambda Z : lambda T), and halves in E[4] (doubles = the
// identity: the zero factors of the batched inversion), at every n from 0 to 300 and past the chunks.
//
//   g++ -std=c++17 -O2 -Icpp/include cpp/tests/test_encode.cpp cpp/src/*.cpp cpp/src/*/*.cpp -lsodium -lpthread
//   ./a.out [--bench]
//
// Prints one line per failure and ends with "N passed, M failed". --bench: ns per point, one thread, both
// backends, the one-point loops (before) against the batch paths (after), in one run.
#include <sodium.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "pyristretto/backend.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/point_vector.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

#include "check.hpp"

using namespace pyristretto;
typedef FieldElement FE;

static EdwardsPoint decoded(const uint8_t enc[32]) {
    EdwardsPoint p;
    if (!ristretto_decode(p, enc)) std::abort();
    return p;
}

// The four points of E[4]: (0, 1), (0, -1), (i, 0), (-i, 0).
static EdwardsPoint torsion(int k) {
    const FE zero = FE::zero(), one = FE::one();
    switch (k & 3) {
        case 0:
            return EdwardsPoint{zero, one, one, zero};
        case 1:
            return EdwardsPoint{zero, -one, one, zero};
        case 2:
            return EdwardsPoint{constants::SQRT_M1, zero, one, zero};
        default:
            return EdwardsPoint{-constants::SQRT_M1, zero, one, zero};
    }
}

static EdwardsPoint scaled(const EdwardsPoint& p, const FE& l) {
    return EdwardsPoint{p.X * l, p.Y * l, p.Z * l, p.T * l};
}

// Point i of the test set: cycles through the identity, random points, P and -P, a duplicate, each shifted by a
// torsion point of E[4] and projectively scaled; every 7th is a pure torsion point (its double: the identity).
static std::vector<EdwardsPoint> test_points(size_t n, std::vector<uint8_t>& enc_of_element) {
    std::vector<EdwardsPoint> pts(n);
    enc_of_element.assign(32 * n, 0);
    uint8_t p[32], lam[32];
    crypto_core_ristretto255_random(p);
    for (size_t i = 0; i < n; ++i) {
        uint8_t* e = &enc_of_element[32 * i];
        switch (i % 7) {
            case 0:
                break;  // identity
            case 1:
                std::memcpy(e, p, 32);
                break;
            case 2: {
                EdwardsPoint m = -decoded(p);
                ristretto_encode(e, m);
                break;
            }
            case 3:
                std::memcpy(e, &enc_of_element[32 * (i - 2)], 32);
                break;  // duplicate of case 1
            default:
                crypto_core_ristretto255_random(e);
        }
        randombytes_buf(lam, 32);
        lam[0] |= 1;  // lambda nonzero
        const EdwardsPoint base = (i % 7 == 6) ? EdwardsPoint::identity() : decoded(e);
        if (i % 7 == 6) std::memset(e, 0, 32);
        pts[i] = scaled(base + torsion(static_cast<int>(i / 7)), FE::from_bytes(lam));
    }
    return pts;
}

static void test_encode_many(const char* name) {
    for (size_t n = 0; n <= 300; ++n) {
        std::vector<uint8_t> expect;
        const std::vector<EdwardsPoint> pts = test_points(n, expect);
        std::vector<uint8_t> out(32 * n + 32, 0xa5), one(32);
        ristretto_encode_many(out.data(), pts.data(), n);
        bool ok = out[32 * n] == 0xa5;  // nothing written past the end
        for (size_t i = 0; i < n; ++i) {
            ristretto_encode(one.data(), pts[i]);
            ok = ok && std::memcmp(&out[32 * i], &expect[32 * i], 32) == 0 &&
                 std::memcmp(one.data(), &expect[32 * i], 32) == 0;
        }
        if (!ok) check(false, std::string(name) + ": ristretto_encode_many differs at n = " + std::to_string(n));
    }
    check(true, std::string(name) + ": ristretto_encode_many, n = 0..300");
}

// 2R's encoding from libsodium: the element of R added to itself.
static void doubled_expected(const uint8_t r[32], uint8_t out[32]) { crypto_core_ristretto255_add(out, r, r); }

static void test_encode_doubled(const char* name) {
    std::vector<size_t> sizes;
    for (size_t n = 0; n <= 300; ++n) sizes.push_back(n);
    for (size_t n : {511, 512, 513, 1000}) sizes.push_back(n);
    for (size_t n : sizes) {
        std::vector<uint8_t> elem;
        std::vector<EdwardsPoint> halves = test_points(n, elem), doubled(n), in_place = halves;
        std::vector<uint8_t> out(32 * n + 32, 0xa5), out2(32 * n + 32, 0xa5), expect(32);
        ristretto_encode_doubled(out.data(), doubled.data(), halves.data(), n);
        ristretto_encode_doubled(out2.data(), in_place.data(), in_place.data(), n);  // doubled aliasing halves
        bool ok = out[32 * n] == 0xa5 && out2[32 * n] == 0xa5;
        for (size_t i = 0; i < n && ok; ++i) {
            doubled_expected(&elem[32 * i], expect.data());
            ok = std::memcmp(&out[32 * i], expect.data(), 32) == 0 &&
                 std::memcmp(&out2[32 * i], expect.data(), 32) == 0 && ristretto_ct_eq(doubled[i], halves[i].dbl()) &&
                 ristretto_ct_eq(in_place[i], halves[i].dbl());
        }
        if (!ok) check(false, std::string(name) + ": ristretto_encode_doubled differs at n = " + std::to_string(n));
    }
    check(true, std::string(name) + ": ristretto_encode_doubled, n = 0..300, 511..513, 1000");
    // A batch of halves that are all in E[4]: every factor is replaced by 1, every encoding is the identity's.
    std::vector<EdwardsPoint> tors(77);
    for (size_t i = 0; i < tors.size(); ++i) tors[i] = torsion(static_cast<int>(i));
    std::vector<uint8_t> out(32 * tors.size(), 0xa5);
    std::vector<EdwardsPoint> d(tors.size());
    ristretto_encode_doubled(out.data(), d.data(), tors.data(), tors.size());
    bool zero = true;
    for (uint8_t b : out) zero = zero && b == 0;
    for (const EdwardsPoint& p : d) zero = zero && ristretto_ct_eq(p, EdwardsPoint::identity());
    check(zero, std::string(name) + ": halves all in E[4] encode (and double) to the identity");
}

// scale_points_encoded against libsodium's scalar multiplication, with scalars 0, 1, q - 1, odd and even ones.
static void test_scale_encoded(const char* name, size_t threads) {
    set_msm_max_threads(static_cast<unsigned>(threads));
    std::vector<size_t> sizes = {0, 1, 2, 7, 8, 9, 63, 64, 65, 255, 256, 257, 300};
    if (threads > 1) sizes = {64 * threads - 1, 64 * threads + 13};
    for (size_t n : sizes) {
        std::vector<uint8_t> elem, sc(32 * n);
        const std::vector<EdwardsPoint> pts = test_points(n, elem);
        for (size_t i = 0; i < n; ++i) {
            uint8_t* s = &sc[32 * i];
            crypto_core_ristretto255_scalar_random(s);
            if (i % 11 == 0) std::memset(s, 0, 32);
            if (i % 11 == 1) {
                std::memset(s, 0, 32);
                s[0] = 1;
            }
            if (i % 11 == 2) {
                uint8_t one[32] = {1};
                crypto_core_ristretto255_scalar_negate(s, one);
            }
        }
        for (int vartime = 0; vartime < 2; ++vartime) {
            std::vector<EdwardsPoint> out(n);
            std::vector<uint8_t> enc(32 * n), expect(32), zero(32, 0);
            scale_points_encoded(out.data(), enc.data(), sc.data(), pts.data(), n, vartime != 0);
            bool ok = true;
            for (size_t i = 0; i < n && ok; ++i) {
                const bool z =
                    std::memcmp(&sc[32 * i], zero.data(), 32) == 0 || std::memcmp(&elem[32 * i], zero.data(), 32) == 0;
                if (z) std::memset(expect.data(), 0, 32);  // libsodium refuses an identity result
                else if (crypto_scalarmult_ristretto255(expect.data(), &sc[32 * i], &elem[32 * i]) != 0) ok = false;
                uint8_t got[32];
                ristretto_encode(got, out[i]);
                ok =
                    ok && std::memcmp(&enc[32 * i], expect.data(), 32) == 0 && std::memcmp(got, expect.data(), 32) == 0;
            }
            if (!ok)
                check(false, std::string(name) + ": scale_points_encoded (vartime " + std::to_string(vartime) +
                                 ", threads " + std::to_string(threads) + ") differs at n = " + std::to_string(n));
        }
    }
    check(true, std::string(name) + ": scale_points_encoded, threads " + std::to_string(threads));
    set_msm_max_threads(1);
}

// Thread CPU time (the machine is shared: wall time counts the other processes' slices).
static double thread_ns() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

template <class F>
static double ns_best(int reps, F f) {
    double best = 1e300;
    for (int r = 0; r < reps; ++r) {
        const double t0 = thread_ns();
        f();
        best = std::min(best, thread_ns() - t0);
    }
    return best;
}

// ns per point: encode (one-point loop vs ristretto_encode_many), scale + encode (scale_points, then the one-point
// loop vs scale_points_encoded), on the backend in use.
static void bench(const char* name) {
    set_msm_max_threads(1);
    const size_t big = 4096;
    std::vector<uint8_t> elem, sc(32 * big), out(32 * big);
    std::vector<EdwardsPoint> pts = test_points(big, elem), res(big);
    for (size_t i = 0; i < big; ++i) crypto_core_ristretto255_scalar_random(&sc[32 * i]);
    for (size_t n : {size_t(1), size_t(8), size_t(64), big}) {
        const int reps = n == big ? 5 : 50;
        const double e_old = ns_best(reps, [&] {
            for (size_t i = 0; i < n; ++i) ristretto_encode(&out[32 * i], pts[i]);
        });
        const double e_new = ns_best(reps, [&] { ristretto_encode_many(out.data(), pts.data(), n); });
        const double d_new = ns_best(reps, [&] { ristretto_encode_doubled(out.data(), res.data(), pts.data(), n); });
        const int sreps = n == big ? 3 : 10;
        const double s_old = ns_best(sreps, [&] {
            scale_points(res.data(), sc.data(), pts.data(), n);
            for (size_t i = 0; i < n; ++i) ristretto_encode(&out[32 * i], res[i]);
        });
        const double s_new =
            ns_best(sreps, [&] { scale_points_encoded(res.data(), out.data(), sc.data(), pts.data(), n, false); });
        std::printf(
            "bench %-8s n = %4zu: encode %7.1f -> %7.1f ns/pt (doubled from halves: %6.1f); scale + encode "
            "%8.1f -> %8.1f ns/pt\n",
            name, n, e_old / n, e_new / n, d_new / n, s_old / n, s_new / n);
    }
}

int main(int argc, char** argv) {
    if (sodium_init() < 0) {
        std::printf("sodium_init failed\n0 passed, 1 failed\n");
        return 1;
    }
    const bool do_bench = argc > 1 && std::strcmp(argv[1], "--bench") == 0;
    std::vector<Backend> backends = {Backend::Portable};
    if (ifma_available()) backends.push_back(Backend::Ifma);
    else std::printf("ifma: not available (portable only)\n");
    for (Backend b : backends) {
        set_backend_for_testing(b);
        const char* name = b == Backend::Ifma ? "ifma" : "portable";
        if (do_bench) {
            bench(name);
            continue;
        }
        test_encode_many(name);
        test_encode_doubled(name);
        for (size_t t : {1, 12, 24, 48}) test_scale_encoded(name, t);
    }
    std::printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail == 0 ? 0 : 1;
}
