#include "pyristretto/threads.hpp"

#include <sched.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "pyristretto/dispatch.hpp"
#include "pyristretto/msm_algorithms.hpp"

namespace pyristretto {

// Threads. The points are split into one chunk per thread (each decodes its chunk and computes a partial sum),
// one thread per available CPU by default (capped at 64), from 128 points, where every kind of sum gained at least
// 1.45x on two idle CPUs, with at least kThreadedMin / 2 points a thread (measured: docs/backends.md, Threads).
constexpr size_t kThreadedMin = 128;        // msm, msm_vartime and point_sum alike
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

size_t decode_work(size_t n) noexcept { return n / backend_ops().decode_divisor; }

size_t sum_work(size_t n) noexcept { return n / backend_ops().sum_divisor; }

void set_msm_max_threads(unsigned count) noexcept { g_max_threads.store(count, std::memory_order_relaxed); }

unsigned get_msm_max_threads() noexcept { return g_max_threads.load(std::memory_order_relaxed); }

}  // namespace pyristretto
