#include "pyristretto/threads.hpp"

#include <sched.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "pyristretto/backend.hpp"
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
// Measured again with the automatic count from available_cpus() (benchmarks/test_threads.py split_table, Python
// calls, best of 7, ms per call, 1 vs 2 threads), on the same 2 vCPUs shared with five other builds and test runs
// (load average 15):
//   msm          n = 128: 1.81 vs 9.59   n = 256: 3.59 vs 19.5   n = 1024: 54.3 vs 89.7   n = 4096: 266 vs 284
//   msm_vartime  n = 128: 1.34 vs 1.49   n = 256: 2.41 vs 9.45   n = 1024: 27.3 vs 62.2   n = 4096: 154 vs 174
//   point_sum    n = 128: 0.43 vs 0.46   n = 256: 0.87 vs 10.9   n = 1024: 3.42 vs 20.0   n = 4096: 66.3 vs 68.5
// With every CPU oversubscribed, the call waits for its second thread to be scheduled (~8 ms here) and two threads
// lose up to 12x: neither the affinity mask nor a cgroup quota can see other processes' load, so a host that is
// busy anyway should run with PYRISTRETTO_THREADS=1 (docs/backends.md, Threads). The work added by the split itself is small
// (callgrind, instructions summed over the threads, 2 threads vs 1): msm +1.3% at n = 128, +0.1% at 1024;
// point_sum +0.4% and +0.1%; msm_vartime -0.3% at 128, +11% at 256 and +8.5% at 1024 (each chunk of 128 or 512
// points takes Straus or a smaller Pippenger window than the whole would).
constexpr size_t kThreadedMin = 128;  // msm, msm_vartime and point_sum alike
constexpr unsigned kDefaultMaxThreads = 0;  // 0: available_cpus()

namespace {

std::atomic<unsigned> g_max_threads{kDefaultMaxThreads};

// The first line of a small file, or "" when it cannot be read.
std::string first_line(const std::string& path) {
    std::string line;
    if (FILE* f = std::fopen(path.c_str(), "r")) {
        char buf[256];
        if (std::fgets(buf, sizeof buf, f)) line = buf;
        std::fclose(f);
    }
    return line;
}

// CPUs in this thread's affinity mask (sched_getaffinity; taskset, cpusets, container runtimes), 0 if unknown.
unsigned affinity_cpus() noexcept {
    for (int size = 1024; size <= 65536; size *= 4) {  // more than 1024 CPUs: a larger mask
        cpu_set_t* set = CPU_ALLOC(size);
        if (!set) return 0;
        const size_t bytes = CPU_ALLOC_SIZE(size);
        CPU_ZERO_S(bytes, set);
        const int rc = sched_getaffinity(0, bytes, set);
        const int count = rc == 0 ? CPU_COUNT_S(bytes, set) : 0;
        CPU_FREE(set);
        if (rc == 0) return static_cast<unsigned>(count);
        if (errno != EINVAL) return 0;
    }
    return 0;
}

// The cgroup quota in CPUs (rounded up), 0 when there is none or it cannot be read: cgroup v2 cpu.max of this
// process's cgroup and of its ancestors (the smallest wins), else cgroup v1 cpu.cfs_quota_us / cpu.cfs_period_us.
unsigned cgroup_cpus() {
    unsigned best = 0;
    auto consider = [&best](unsigned limit) {
        if (limit != 0 && (best == 0 || limit < best)) best = limit;
    };
    std::string group;  // the v2 line of /proc/self/cgroup is "0::/path"
    if (FILE* f = std::fopen("/proc/self/cgroup", "r")) {
        char buf[4096];
        while (std::fgets(buf, sizeof buf, f)) {
            if (std::strncmp(buf, "0::", 3) == 0) {
                group = buf + 3;
                while (!group.empty() && (group.back() == '\n' || group.back() == '/')) group.pop_back();
            }
        }
        std::fclose(f);
    }
    for (std::string dir = group;; dir.erase(dir.rfind('/'))) {  // the group, then each parent up to the root
        consider(cpu_max_limit(first_line("/sys/fs/cgroup" + dir + "/cpu.max").c_str()));
        if (dir.empty() || dir.rfind('/') == std::string::npos) break;
    }
    if (best == 0) {
        const long quota = std::atol(first_line("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").c_str());  // -1: none
        const long period = std::atol(first_line("/sys/fs/cgroup/cpu/cpu.cfs_period_us").c_str());
        if (quota > 0 && period > 0) consider(static_cast<unsigned>((quota + period - 1) / period));
    }
    return best;
}

}  // namespace

unsigned cpu_max_limit(const char* text) noexcept {
    // "max 100000" (no limit) or "<quota> <period>" in microseconds; a quota below one period still gets 1 CPU.
    unsigned long long quota = 0, period = 0;
    if (std::sscanf(text, "%llu %llu", &quota, &period) != 2 || quota == 0 || period == 0) return 0;
    const unsigned long long cpus = (quota + period - 1) / period;
    return cpus > 1u << 20 ? 1u << 20 : static_cast<unsigned>(cpus);
}

unsigned available_cpus() noexcept {
    // Read once (thread-safe static): the affinity mask and the cgroup quota, the smaller of the two, falling back
    // to std::thread::hardware_concurrency() (which sees neither) and then to 1.
    static const unsigned cpus = [] {
        unsigned n = affinity_cpus();
        unsigned quota = 0;
        try {
            quota = cgroup_cpus();
        } catch (...) {  // std::bad_alloc from a path string: no quota known
        }
        if (quota != 0 && (n == 0 || quota < n)) n = quota;
        if (n == 0) n = std::thread::hardware_concurrency();
        return n == 0 ? 1u : n;
    }();
    return cpus;
}

unsigned worker_count(size_t n) noexcept {
    if (n < kThreadedMin) return 1;
    unsigned hc = g_max_threads.load(std::memory_order_relaxed);
    if (hc == 0) hc = available_cpus();
    if (hc > kMaxThreadsCap) hc = kMaxThreadsCap;
    const size_t by_size = n / (kThreadedMin / 2);  // at least kThreadedMin / 2 points per worker; >= 2 here
    if (by_size < hc) hc = static_cast<unsigned>(by_size);
    return hc;
}

size_t decode_work(size_t n) noexcept { return backend() == Backend::Ifma ? n / 2 : n; }

size_t sum_work(size_t n) noexcept { return backend() == Backend::Ifma ? n / 128 : n / 32; }

void set_msm_max_threads(unsigned count) noexcept { g_max_threads.store(count, std::memory_order_relaxed); }

unsigned get_msm_max_threads() noexcept { return g_max_threads.load(std::memory_order_relaxed); }

}  // namespace pyristretto
