// Multi-scalar multiplication on decoded points: the algorithms behind msm.hpp, usable directly by C++ code
// that keeps points decoded (batch verification, proofs). Scalars are any 32-byte little-endian values
// (taken mod q, as in msm.hpp), stored back to back. These may throw std::bad_alloc (the msm.hpp entry points catch it).
#pragma once
#include <cstddef>
#include <cstdint>
#include "pyristretto/edwards.hpp"

namespace pyristretto {

// Interleaved (Straus) multiplication: one table of multiples per point and shared doublings.
struct Straus {
    // sum scalars[i] * points[i], constant-time in the scalars: signed radix-16 digits, tables of
    // 0P..8P in cached form read with ct::select (ct_lookup.hpp) and a conditional negation, 4 doublings per digit.
    static EdwardsPoint mul_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n);
    // The same for public scalars: width-5 NAF digits, tables of odd multiples P, 3P, ..., 15P;
    // zero scalars are skipped.
    static EdwardsPoint mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);
};

// Bucket (Pippenger) multiplication for public scalars: signed radix-2^c digits, 2^(c-1) buckets per window.
struct Pippenger {
    static EdwardsPoint mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                                    unsigned c);
    // The window measured fastest for n points (see pippenger.cpp).
    static unsigned window_for(size_t n) noexcept;
};

// Below this many points msm_vartime uses Straus, from here on Pippenger (measured, see pippenger.cpp).
extern const size_t kPippengerCrossover;

// Fastest public-scalar sum for n decoded points (Straus or Pippenger by n; single-threaded).
EdwardsPoint msm_vartime_decoded(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// Upper bound on the threads msm, msm_vartime and point_sum use for large n (timings in threads.cpp): 0 (the default)
// means automatic: the CPUs this process may run on (affinity and cgroup quota, threads.hpp); at most 64 are used;
// 1 disables threading. One setting per copy of the core (each extension module linking it has its own).
void set_msm_max_threads(unsigned count) noexcept;
// The value last set (0: automatic).
unsigned get_msm_max_threads() noexcept;

}  // namespace pyristretto
