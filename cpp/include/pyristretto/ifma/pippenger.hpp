// Variable-time multi-scalar multiplication on the IFMA backend (ifma/pippenger.cpp). Plain C++ interface.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// From this many points msm_vartime_decoded uses pippenger_vartime on the IFMA backend (measured, see the .cpp).
extern const size_t kPippengerMin;

// sum scalars[i] * points[i] for public scalars (< 2^253, as msm_algorithms.hpp), eight windows per pass with one
// window per lane. Call only when ifma_available(). May throw std::bad_alloc.
EdwardsPoint pippenger_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// From this many points sum_decoded uses sum_points on the IFMA backend (measured, see the .cpp).
extern const size_t kSumMin;

// sum points[i], eight lanes at a time. Call only when ifma_available().
EdwardsPoint sum_points(const EdwardsPoint* points, size_t n);

}  // namespace ifma
}  // namespace pyristretto
