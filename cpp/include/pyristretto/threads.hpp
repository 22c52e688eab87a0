// Internal (not part of the API): how many threads a multi-point operation uses, and a runner for them.
#pragma once
#include <cstddef>
#include <thread>

namespace pyristretto {

constexpr unsigned kMaxThreadsCap = 64;

// Threads for a multi-point operation over n points: 1 below a measured minimum (threads.cpp), otherwise up to
// the configured maximum (set_msm_max_threads in msm_algorithms.hpp), with enough points per thread to pay.
unsigned worker_count(size_t n) noexcept;

// worker_count is calibrated on items that cost about a portable decode (~3 us): work dominated by decoding counts
// its points divided by the backend's decode_divisor (IFMA decodes in a quarter of the time: half its points count,
// so threads start at 256 points; docs/backends.md, Threads).
size_t decode_work(size_t n) noexcept;

// A plain sum of n decoded points (PointVector.sum) is a run of additions: n / 32 points on the portable backend,
// n / 128 on IFMA's eight lanes (the backend's sum_divisor).
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
