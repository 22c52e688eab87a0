// Variable-time multi-scalar multiplication on the IFMA backend (ifma/pippenger.cpp). Plain C++ interface.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "pyristretto/edwards.hpp"
#include "pyristretto/msm_algorithms.hpp"

namespace pyristretto {
namespace ifma {

// From this many points msm_vartime_decoded uses pippenger_vartime on the IFMA backend (measured, see the .cpp).
extern const size_t kPippengerMin;

// sum scalars[i] * points[i] for public scalars (< 2^253, as msm_algorithms.hpp), eight windows per pass with one
// window per lane (PippengerBuckets over all n). Call only when ifma_available(). May throw std::bad_alloc.
EdwardsPoint pippenger_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// PippengerBuckets (msm_algorithms.hpp) on the lanes: total, the points it will be given, chooses the window (c:
// 4..11, 0 for the measured choice). Past kMsmBlock points every pass's buckets are kept until finish (c = 11 from
// 8192 points: 4.7 MB), so add may be called any number of times and the bucket sums are paid once; up to kMsmBlock
// one pass's buckets are reused and summed pass by pass, so the total must come in one add. The points' digits and
// cached copies are made kMsmBlock at a time. Call only when ifma_available(). May throw std::bad_alloc.
std::unique_ptr<PippengerBuckets> new_pippenger_buckets(size_t total, int c = 0);

// From this many points sum_decoded uses sum_points on the IFMA backend (measured, see the .cpp).
extern const size_t kSumMin;

// sum points[i], eight lanes at a time. Call only when ifma_available().
EdwardsPoint sum_points(const EdwardsPoint* points, size_t n);

}  // namespace ifma
}  // namespace pyristretto
