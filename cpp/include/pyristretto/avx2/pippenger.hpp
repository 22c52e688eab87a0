// Variable-time bucket multiplication and point sums on the AVX2 backend (avx2/pippenger.cpp): four independent
// points in the four lanes (edwards_lanes.hpp). Plain C++ interface; call only when avx2_available().
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace avx2 {

// From this many points msm_vartime_decoded uses pippenger_vartime on the AVX2 backend (measured, see the .cpp).
extern const size_t kPippengerMin;

// sum scalars[i] * points[i] for public scalars (any 32 bytes: folded below 2^253), four windows per pass with one
// window per lane. May throw std::bad_alloc.
EdwardsPoint pippenger_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// The same with the window c (4..8) given: for the tests and the window measurements.
EdwardsPoint pippenger_vartime_window(const uint8_t* scalars, const EdwardsPoint* points, size_t n, int c);

// Below this many points per thread, msm_vartime (MsmAccumulator) runs pippenger_vartime block by block (kMsmBlock
// points); from it, the portable Pippenger that keeps its buckets across the blocks (windows up to 12 bits) instead.
extern const size_t kBlocksMax;

// From this many points sum_decoded uses sum_points on the AVX2 backend (measured, see the .cpp).
extern const size_t kSumMin;

// sum points[i], four lanes at a time.
EdwardsPoint sum_points(const EdwardsPoint* points, size_t n) noexcept;

}  // namespace avx2
}  // namespace pyristretto
