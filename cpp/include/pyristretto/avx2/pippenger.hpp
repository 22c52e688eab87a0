// Variable-time bucket multiplication and point sums on the AVX2 backend (avx2/pippenger.cpp): four independent
// points in the four lanes (edwards_lanes.hpp). Plain C++ interface; call only when avx2_available().
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "pyristretto/edwards.hpp"
#include "pyristretto/msm_algorithms.hpp"

namespace pyristretto {
namespace avx2 {

// From this many points msm_vartime_decoded uses pippenger_vartime on the AVX2 backend (measured, see the .cpp).
extern const size_t kPippengerMin;

// sum scalars[i] * points[i] for public scalars (any 32 bytes: folded below 2^253), four windows per pass with one
// window per lane (PippengerBuckets over all n). May throw std::bad_alloc.
EdwardsPoint pippenger_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// The same with the window c (4..11) given: for the tests and the window measurements.
EdwardsPoint pippenger_vartime_window(const uint8_t* scalars, const EdwardsPoint* points, size_t n, int c);

// PippengerBuckets (msm_algorithms.hpp) on the lanes: total, the points it will be given, chooses the window (c:
// 4..11, 0 for the measured choice). Past kMsmBlock points every pass's buckets are kept until finish (c = 11: 6
// passes of 656 KB), so add may be called any number of times and the bucket sums are paid once; up to kMsmBlock one
// pass's buckets are reused and summed pass by pass, so the total must come in one add. The points' digits and cached
// copies are made kMsmBlock at a time. May throw std::bad_alloc.
std::unique_ptr<PippengerBuckets> new_pippenger_buckets(size_t total, int c = 0);

// From this many points sum_decoded uses sum_points on the AVX2 backend (measured, see the .cpp).
extern const size_t kSumMin;

// sum points[i], four lanes at a time.
EdwardsPoint sum_points(const EdwardsPoint* points, size_t n) noexcept;

}  // namespace avx2
}  // namespace pyristretto
