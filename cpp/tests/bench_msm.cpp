// Timing driver (not a test):
//   g++ -O3 -std=c++17 -Icpp/include cpp/tests/bench_msm.cpp cpp/src/*.cpp cpp/src/*/*.cpp -lsodium -lpthread \
//       -o /tmp/bench_msm
//   /tmp/bench_msm table [threads]  per-point times of msm, msm_vartime and the libsodium loop, point_sum, pedersen;
//                                   threads as for set_msm_max_threads (default 0: one per hardware thread, 1: off)
//   /tmp/bench_msm threads [k]      ms per call of msm, msm_vartime, point_sum with 1 vs k threads (default 2)
//   /tmp/bench_msm tune [n...]      Straus vs Pippenger(c) on decoded points, single-threaded
//   /tmp/bench_msm scaling FN N [reps [threads]]  one size in this (fresh) process: us per point (best of reps; wall,
//   then
//                                   CPU time of all threads) and peak extra
//                                   memory (VmHWM growth during the calls, after the inputs exist) of FN = msm,
//                                   msm_vartime or point_sum on N encoded points (inputs(): 4096 distinct points
//                                   tiled), or of the object layer's vector_msm, vector_msm_vartime, vector_sum,
//                                   table_msm, table_msm_vartime on points decoded beforehand; threads as for table.
//                                   benchmarks/msm_scaling_cpp.sh runs it for n = 2^10 .. 2^22, old build against new.
//   /tmp/bench_msm precomp [threads] [n...]  MSMTable (NAF widths 5..8, constant-time) vs the sums on decoded points
//                                   (PointVector) and on encodings; threads as for table (default 1: off)
#include <sodium.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/msm.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/portable/pippenger.hpp"
// An older core (benchmarks/msm_scaling_cpp.sh REV, e.g. af7203b) has no object layer: the modes on decoded points
// and tables are left out when building against it.
#if __has_include("pyristretto/msm_table.hpp")
#define BENCH_OBJECTS 1
#include "pyristretto/msm_table.hpp"
#include "pyristretto/point_vector.hpp"
#else
#define BENCH_OBJECTS 0
#endif
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

using namespace pyristretto;
using Clock = std::chrono::steady_clock;

namespace {

volatile uint8_t g_sink;

// Fastest of `reps` runs (each run repeats f until >= 20 ms), seconds per call: the minimum is the figure least
// disturbed by other load on a shared machine.
// With BENCH_CPU=1 in the environment the time is the process' CPU time (std::clock), which a busy shared machine
// disturbs far less than wall time: use it for single-threaded comparisons only.
template <class F>
double time_it(F f, int reps = 9) {
    static const bool cpu = std::getenv("BENCH_CPU") && std::string(std::getenv("BENCH_CPU")) == "1";
    std::vector<double> r;
    for (int k = 0; k < reps; ++k) {
        size_t calls = 0;
        const auto t0 = Clock::now();
        const std::clock_t c0 = std::clock();
        double el;
        do {
            f();
            ++calls;
            el = cpu ? double(std::clock() - c0) / CLOCKS_PER_SEC
                     : std::chrono::duration<double>(Clock::now() - t0).count();
        } while (el < 0.02);
        r.push_back(el / calls);
    }
    std::sort(r.begin(), r.end());
    return r[0];
}

// Random scalars; random points, of which at most 4096 distinct ones tiled (generating 2^22 distinct points
// would take minutes; every point is still decoded and added, and the scalars are all distinct).
void inputs(size_t n, std::vector<uint8_t>& s, std::vector<uint8_t>& p) {
    const size_t distinct = std::min<size_t>(n, 4096);
    s.resize(32 * n);
    p.resize(32 * n);
    for (size_t i = 0; i < distinct; ++i) crypto_core_ristretto255_random(&p[32 * i]);
    for (size_t i = distinct; i < n; ++i) std::memcpy(&p[32 * i], &p[32 * (i % distinct)], 32);
    for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_scalar_random(&s[32 * i]);
}

void naive(const uint8_t* s, const uint8_t* p, size_t n, uint8_t out[32]) {
    uint8_t acc[32] = {0}, t[32];
    for (size_t i = 0; i < n; ++i) {
        if (crypto_scalarmult_ristretto255(t, s + 32 * i, p + 32 * i) != 0) std::memset(t, 0, 32);
        crypto_core_ristretto255_add(acc, acc, t);
    }
    std::memcpy(out, acc, 32);
}

void table(unsigned threads) {
    set_msm_max_threads(threads);
    std::printf("threads: %u (0 = one per hardware thread)\n", threads);
    std::printf("%6s %10s %10s %10s %8s %8s   (us per point)\n", "n", "naive", "msm", "vartime", "x_ct", "x_var");
    for (size_t n : {1, 2, 4, 8, 16, 64, 128, 256, 512, 1024, 4096, 16384}) {
        std::vector<uint8_t> s, p;
        inputs(n, s, p);
        uint8_t out[32];
        const int reps = n >= 4096 ? 5 : 9;
        const double tn = n <= 4096 ? time_it(
                                          [&] {
                                              naive(s.data(), p.data(), n, out);
                                              g_sink = out[0];
                                          },
                                          reps)
                                    : 0;
        const double tc = time_it(
            [&] {
                msm(s.data(), p.data(), n, out);
                g_sink = out[0];
            },
            reps);
        const double tv = time_it(
            [&] {
                msm_vartime(s.data(), p.data(), n, out);
                g_sink = out[0];
            },
            reps);
        std::printf("%6zu %10.2f %10.2f %10.2f %8.2f %8.2f\n", n, tn / n * 1e6, tc / n * 1e6, tv / n * 1e6, tn / tc,
                    tn / tv);
        std::fflush(stdout);
    }
    for (size_t n : {128, 512, 4096}) {
        std::vector<uint8_t> s, p;
        inputs(n, s, p);
        uint8_t out[32];
        const double tl = time_it([&] {
            uint8_t acc[32] = {0};
            for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_add(acc, acc, &p[32 * i]);
            g_sink = acc[0];
        });
        const double to = time_it([&] {
            point_sum(p.data(), n, out);
            g_sink = out[0];
        });
        std::printf("point_sum n=%zu: libsodium loop %.2f us/pt, point_sum %.2f us/pt, ratio %.2f\n", n, tl / n * 1e6,
                    to / n * 1e6, tl / to);
    }
    {
        uint8_t a[32], b[32], out[32];
        crypto_core_ristretto255_scalar_random(a);
        crypto_core_ristretto255_scalar_random(b);
        const uint8_t* H = generator_H();
        pedersen_commit(a, b, out);  // build the tables outside the timing
        const double tl = time_it([&] {
            uint8_t x[32], y[32], z[32];
            crypto_scalarmult_ristretto255_base(x, a);
            if (crypto_scalarmult_ristretto255(y, b, H) != 0) std::memset(y, 0, 32);
            crypto_core_ristretto255_add(z, x, y);
            g_sink = z[0];
        });
        const double tp = time_it([&] {
            pedersen_commit(a, b, out);
            g_sink = out[0];
        });
        std::printf("pedersen: libsodium %.2f us, pedersen_commit %.2f us, ratio %.2f\n", tl * 1e6, tp * 1e6, tl / tp);
        const double tb = time_it([&] {
            crypto_scalarmult_ristretto255_base(out, a);
            g_sink = out[0];
        });
        const double tf = time_it([&] {
            base_mul(a, out);
            g_sink = out[0];
        });
        std::printf("base_mul: libsodium %.2f us, base_mul %.2f us, ratio %.2f\n", tb * 1e6, tf * 1e6, tb / tf);
        const double ts = time_it([&] {
            if (crypto_scalarmult_ristretto255(out, a, H) != 0) out[0] = 0;
            g_sink = out[0];
        });
        const double tm = time_it([&] {
            point_mul(a, H, out);
            g_sink = out[0];
        });
        std::printf("point_mul: libsodium %.2f us, point_mul %.2f us, ratio %.2f\n", ts * 1e6, tm * 1e6, ts / tm);
        EdwardsPoint P;
        ristretto_decode(P, H);
        const double tdec = time_it([&] {
            EdwardsPoint Q;
            ristretto_decode(Q, H);
            g_sink = (uint8_t)Q.X.limb[0];
        });
        const double tenc = time_it([&] {
            ristretto_encode(out, P);
            g_sink = out[0];
        });
        const double tadd = time_it([&] {
            P = P + P.to_cached();
            g_sink = (uint8_t)P.X.limb[0];
        });
        std::printf("decode %.2f us, encode %.2f us, add %.3f us\n", tdec * 1e6, tenc * 1e6, tadd * 1e6);
    }
}

// Side by side, ms per call (best of 5): threading off (1) vs on with k threads.
void threads(unsigned k) {
    std::printf("%-12s %6s %10s %10s %8s   (ms per call, 1 vs %u threads)\n", "function", "n", "1 thread", "threads",
                "speedup", k);
    auto row = [&](const char* name, size_t n, auto call) {
        set_msm_max_threads(1);
        const double t1 = time_it(call, 5);
        set_msm_max_threads(k);
        const double tk = time_it(call, 5);
        std::printf("%-12s %6zu %10.3f %10.3f %8.2f\n", name, n, t1 * 1e3, tk * 1e3, t1 / tk);
        std::fflush(stdout);
    };
    uint8_t out[32];
    for (size_t n : {64, 128, 256, 512, 1024, 4096, 16384}) {
        std::vector<uint8_t> s, p;
        inputs(n, s, p);
        row("msm_vartime", n, [&] {
            msm_vartime(s.data(), p.data(), n, out);
            g_sink = out[0];
        });
        if (n <= 4096)
            row("msm", n, [&] {
                msm(s.data(), p.data(), n, out);
                g_sink = out[0];
            });
        row("point_sum", n, [&] {
            point_sum(p.data(), n, out);
            g_sink = out[0];
        });
    }
}

void tune(const std::vector<size_t>& sizes) {
    std::printf("%6s %9s %9s", "n", "straus", "strausCT");
    for (unsigned c = 4; c <= 15; ++c) std::printf("   pip%-3u", c);
    std::printf("   (us per point, decoded points, one thread)\n");
    for (size_t n : sizes) {
        std::vector<uint8_t> s, p;
        inputs(n, s, p);
        std::vector<EdwardsPoint> d(n);
        ristretto_decode_many(d.data(), p.data(), n);
        const int reps = 3;
        const double ts =
            n <= 16384 ? time_it([&] { g_sink = (uint8_t)Straus::mul_vartime(s.data(), d.data(), n).X.limb[0]; }, reps)
                       : 0;
        const double tc =
            n <= 4096 ? time_it([&] { g_sink = (uint8_t)Straus::mul_ct(s.data(), d.data(), n).X.limb[0]; }, reps) : 0;
        std::printf("%6zu %9.3f %9.3f", n, ts / n * 1e6, tc / n * 1e6);
        for (unsigned c = 4; c <= 15; ++c) {
            if ((c > 9 && n < 512) || (c < 6 && n > 2048) || (c < 10 && n > 32768)) {
                std::printf("   %6s", "-");
                continue;
            }
            const double tp = time_it(
                [&] { g_sink = (uint8_t)portable::Pippenger::mul_vartime(s.data(), d.data(), n, c).X.limb[0]; }, reps);
            std::printf("   %6.3f", tp / n * 1e6);
        }
        std::printf("\n");
        std::fflush(stdout);
    }
}

// VmHWM or VmRSS from /proc/self/status, in KiB.
long status_kib(const char* field) {
    std::ifstream f("/proc/self/status");
    std::string line;
    const std::string key = std::string(field) + ":";
    while (std::getline(f, line))
        if (line.compare(0, key.size(), key) == 0) return std::stol(line.substr(key.size()));
    return -1;
}

// CPU seconds of the process, all its threads (std::clock, as time_it with BENCH_CPU=1).
double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

void reset_hwm() { std::ofstream("/proc/self/clear_refs") << "5"; }  // peak RSS := current RSS (Linux >= 4.0)

int scaling(const std::string& fn, size_t n, int reps) {
    std::vector<uint8_t> s, p;
    inputs(n, s, p);
    // The object layer's sums run on points decoded (and tables built) beforehand: those are the objects' own
    // memory, not the call's.
    const bool objects = fn.compare(0, 7, "vector_") == 0 || fn.compare(0, 6, "table_") == 0;
#if BENCH_OBJECTS
    std::vector<EdwardsPoint> d(objects ? n : 0);
    if (objects && decode_points(d.data(), p.data(), n) != n) return 1;
    std::unique_ptr<MSMTable> table(fn.compare(0, 6, "table_") == 0 ? new MSMTable(d.data(), n) : nullptr);
#else
    if (objects) return 2;
#endif
    uint8_t out[32];
    reset_hwm();
    const long before = status_kib("VmRSS");
    double best = 1e30, best_cpu = 1e30;
    size_t rc = 0;
    for (int k = 0; k < reps; ++k) {
        const double c0 = cpu_seconds();
        const auto t0 = Clock::now();
        EdwardsPoint r;
        bool ok = true;
        if (fn == "msm") rc = msm(s.data(), p.data(), n, out);
        else if (fn == "msm_vartime") rc = msm_vartime(s.data(), p.data(), n, out);
        else if (fn == "point_sum") rc = point_sum(p.data(), n, out);
#if BENCH_OBJECTS
        else if (fn == "vector_msm") ok = msm_points(s.data(), d.data(), n, r);
        else if (fn == "vector_msm_vartime") ok = msm_vartime_points(s.data(), d.data(), n, r);
        else if (fn == "vector_sum") r = sum_points(d.data(), n);
        else if (fn == "table_msm") ok = table->msm(s.data(), n, r);
        else if (fn == "table_msm_vartime") ok = table->msm_vartime(s.data(), n, r);
#endif
        else return 2;
        if (objects) {
            rc = ok ? n : 0;
            ristretto_encode(out, r);
        }
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
        best_cpu = std::min(best_cpu, cpu_seconds() - c0);
        g_sink = out[0];
    }
    const long peak = status_kib("VmHWM");
    std::printf("%s %zu %.4f %.4f %.2f %s\n", fn.c_str(), n, best / n * 1e6, best_cpu / n * 1e6,
                (peak - before) / 1024.0, rc == n ? "ok" : "FAILED");
    return rc == n ? 0 : 1;
}

#if BENCH_OBJECTS
// us per point: msm_vartime on encodings, on decoded points (PointVector), MSMTable::msm_vartime with NAF widths
// 5..8 (wide tables forced) and with the default choice; msm (constant-time) on decoded points vs MSMTable::msm.
void precomp(unsigned threads, const std::vector<size_t>& sizes) {
    set_msm_max_threads(threads);
    std::printf("threads: %u; us per point\n%6s %8s %8s %8s %8s %8s %8s %8s %8s %8s %8s %9s\n", threads, "n", "var_enc",
                "var_dec", "tbl_w5", "tbl_w6", "tbl_w7", "tbl_w8", "tbl_def", "ct_dec", "tbl_ct", "x_var", "x_ct");
    for (size_t n : sizes) {
        std::vector<uint8_t> s, p;
        inputs(n, s, p);
        std::vector<EdwardsPoint> d(n);
        decode_points(d.data(), p.data(), n);
        const int reps = n >= 2048 ? 3 : 5;
        uint8_t out[32];
        EdwardsPoint r;
        auto per = [&](auto f) { return time_it(f, reps) / n * 1e6; };
        const double te = per([&] {
            msm_vartime(s.data(), p.data(), n, out);
            g_sink = out[0];
        });
        const double tv = per([&] {
            msm_vartime_points(s.data(), d.data(), n, r);
            g_sink = (uint8_t)r.X.limb[0];
        });
        double tw[4];
        for (unsigned w = 5; w <= 8; ++w) {
            const MSMTable t(d.data(), n, w, SIZE_MAX);
            tw[w - 5] = per([&] {
                t.msm_vartime(s.data(), n, r);
                g_sink = (uint8_t)r.X.limb[0];
            });
        }
        const MSMTable t(d.data(), n);
        const double tdef = per([&] {
            t.msm_vartime(s.data(), n, r);
            g_sink = (uint8_t)r.X.limb[0];
        });
        const double tc = per([&] {
            msm_points(s.data(), d.data(), n, r);
            g_sink = (uint8_t)r.X.limb[0];
        });
        const double ttc = per([&] {
            t.msm(s.data(), n, r);
            g_sink = (uint8_t)r.X.limb[0];
        });
        std::printf("%6zu %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.2f %9.2f\n", n, te, tv, tw[0], tw[1],
                    tw[2], tw[3], tdef, tc, ttc, tv / tdef, tc / ttc);
        std::fflush(stdout);
    }
    std::vector<size_t> sizes2 = {128, 4096};
    for (size_t n : sizes2) {
        std::vector<uint8_t> s, p;
        inputs(n, s, p);
        std::vector<EdwardsPoint> d(n);
        decode_points(d.data(), p.data(), n);
        const double tb = time_it(
            [&] {
                MSMTable t(d.data(), n);
                g_sink = (uint8_t)t.nbytes();
            },
            3);
        const MSMTable t(d.data(), n);
        std::printf("MSMTable n = %zu: built in %.2f us per base, %.0f bytes per base\n", n, tb / n * 1e6,
                    double(t.nbytes()) / n);
    }
}

#endif  // BENCH_OBJECTS
}  // namespace

int main(int argc, char** argv) {
    if (sodium_init() < 0) return 1;
    const std::string mode = argc > 1 ? argv[1] : "table";
    if (mode == "tune") {
        std::vector<size_t> sizes;
        for (int i = 2; i < argc; ++i) sizes.push_back(std::stoul(argv[i]));
        if (sizes.empty())
            sizes = {16,  32,  48,  64,   80,   96,   112,  128,  160,  192,   256,
                     384, 512, 768, 1024, 1536, 2048, 3072, 4096, 8192, 16384, 32768};
        tune(sizes);
        return 0;
    }
    if (mode == "scaling" && argc > 3) {
        set_msm_max_threads(argc > 5 ? static_cast<unsigned>(std::stoul(argv[5])) : 0u);
        return scaling(argv[2], std::stoul(argv[3]), argc > 4 ? std::stoi(argv[4]) : 1);
    }
#if BENCH_OBJECTS
    if (mode == "precomp") {
        const unsigned threads = argc > 2 ? static_cast<unsigned>(std::stoul(argv[2])) : 1u;
        std::vector<size_t> sizes;
        for (int i = 3; i < argc; ++i) sizes.push_back(std::stoul(argv[i]));
        if (sizes.empty()) sizes = {16, 32, 64, 128, 256, 512, 768, 1024, 1536, 2048, 4096};
        precomp(threads, sizes);
        return 0;
    }
#endif
    if (mode == "threads") {
        threads(argc > 2 ? static_cast<unsigned>(std::stoul(argv[2])) : 2u);
        return 0;
    }
    if (mode != "table") {
        std::fprintf(stderr,
                     "usage: %s [table [threads] | threads [k] | tune [n...] | precomp [threads] [n...] | "
                     "scaling FN N [reps [threads]]]\n",
                     argv[0]);
        return 2;
    }
    table(argc > 2 ? static_cast<unsigned>(std::stoul(argv[2])) : 0u);
    return 0;
}
