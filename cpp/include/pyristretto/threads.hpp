// Internal (not part of the API): how many threads a multi-point operation uses, and a runner for them.
#pragma once
#include <cstddef>
#include <thread>

namespace pyristretto {

constexpr unsigned kMaxThreadsCap = 64;

// Threads for a multi-point operation over n points: 1 below a measured minimum (threads.cpp), otherwise up to
// the configured maximum (set_msm_max_threads in msm_algorithms.hpp), with enough points per thread to pay.
unsigned worker_count(size_t n) noexcept;

// worker_count is calibrated on items that cost about a portable decode (~3 us). Decoding on the IFMA backend
// costs about a quarter of that, so work dominated by decoding counts half its points there: threads from 256
// points instead of 128 (2 threads vs 1, IFMA: point_sum 0.87x at 128 and 1.22x at 256; PointVector construction
// 0.68x and 1.28x, best of 30; benchmarks/test_threads.py prints the split of the entry points on encodings).
size_t decode_work(size_t n) noexcept;

// A plain sum of n decoded points (PointVector.sum) is a run of additions: about 1/32 of a portable decode each on
// the portable backend (2 threads vs 1: 1.39x at 4096 points), and 5.5x cheaper again on the IFMA backend's eight
// lanes (18 vs 99 ns per point, cpp/tests/test_ifma.cpp --bench): it counts n / 32, or n / 128 on IFMA, points.
size_t sum_work(size_t n) noexcept;

// The CPUs this process may run on: its affinity mask (sched_getaffinity) limited by a cgroup CPU quota (v2
// cpu.max up the process's cgroup, else v1 cpu.cfs_quota_us), falling back to std::thread::hardware_concurrency()
// and then 1. Read once and cached. This is what a thread setting of 0 (automatic) means.
unsigned available_cpus() noexcept;

// CPUs allowed by the text of a cgroup v2 cpu.max file ("<quota> <period>", rounded up); 0 for "max <period>"
// (no limit) or text that does not parse.
unsigned cpu_max_limit(const char* text) noexcept;

// Runs body(k) for k in [0, count) (count <= kMaxThreadsCap): k = 0 on the calling thread, the rest on new
// threads; a share whose thread cannot be started runs on the calling thread.
template <class Body>
void run_parallel(unsigned count, Body body) noexcept {
    std::thread threads[kMaxThreadsCap];
    bool started[kMaxThreadsCap] = {false};
    for (unsigned k = 1; k < count; ++k) {
        try {
            threads[k] = std::thread(body, k);
            started[k] = true;
        } catch (...) {
        }
    }
    body(0u);
    for (unsigned k = 1; k < count; ++k) {
        if (started[k]) threads[k].join();
        else body(k);
    }
}

}  // namespace pyristretto
