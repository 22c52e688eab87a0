#include "pyristretto/threads.hpp"

#include <atomic>

#include "pyristretto/msm_algorithms.hpp"

namespace pyristretto {

// Threads. The points are split into one chunk per thread (each decodes its chunk and computes a partial sum),
// one thread per hardware thread by default (capped at 64). Measured on the project machine (2 vCPUs, quiet,
// -O3, best of 5, ms per call, 1 vs 2 threads):
//   msm_vartime  n = 256: 2.25 vs 1.32   n = 512: 4.07 vs 2.33   n = 1024: 6.76 vs 4.31   n = 4096: 24.7 vs 13.3
//                n = 16384: 82.2 vs 47.5
//   msm (CT)     n = 64: 0.621 vs 0.659 (slower)   n = 128: 1.21 vs 0.70   n = 256: 2.42 vs 1.29
//                n = 4096: 40.2 vs 20.3
//   point_sum    n = 128: 0.312 vs 0.232   n = 512: 1.26 vs 0.685   n = 4096: 10.3 vs 5.37
// and a second series, bench_msm threads 2 (with the threshold lowered in a copy for the small sizes):
//   msm_vartime  n = 32: 0.230 vs 0.177   n = 64: 0.434 vs 0.282   n = 128: 0.862 vs 0.495   n = 4096: 20.5 vs 10.7
//   msm (CT)     n = 32: 0.319 vs 0.226   n = 64: 0.618 vs 0.375   n = 128: 1.22 vs 0.68    n = 4096: 39.5 vs 20.1
//   point_sum    n = 32: 0.074 vs 0.085   n = 64: 0.147 vs 0.125   n = 128: 0.291 vs 0.200  n = 4096: 9.21 vs 4.70
// The two n = 64 msm figures disagree; with the other vCPU busy (another process running), n = 64 gave 0.618 vs
// 0.622 and point_sum n = 256 0.58 vs 1.01: a thread that has to wait for a core costs more than a small sum
// gains. Threading therefore starts only at 128 points, where every kind gains at least 1.45x, with at least
// kThreadedMin / 2 points per thread. (An earlier measurement that showed no gain at all, n = 4096, was taken on a
// loaded machine.) set_msm_max_threads(1) turns threading off.
constexpr size_t kThreadedMin = 128;  // msm, msm_vartime and point_sum alike
constexpr unsigned kDefaultMaxThreads = 0;  // 0: std::thread::hardware_concurrency()

namespace {
std::atomic<unsigned> g_max_threads{kDefaultMaxThreads};
}  // namespace

unsigned worker_count(size_t n) noexcept {
    if (n < kThreadedMin) return 1;
    unsigned hc = g_max_threads.load(std::memory_order_relaxed);
    if (hc == 0) hc = std::thread::hardware_concurrency();
    if (hc == 0) hc = 1;
    if (hc > kMaxThreadsCap) hc = kMaxThreadsCap;
    const size_t by_size = n / (kThreadedMin / 2);  // at least kThreadedMin / 2 points per worker; >= 2 here
    if (by_size < hc) hc = static_cast<unsigned>(by_size);
    return hc;
}

void set_msm_max_threads(unsigned count) noexcept { g_max_threads.store(count, std::memory_order_relaxed); }

}  // namespace pyristretto
