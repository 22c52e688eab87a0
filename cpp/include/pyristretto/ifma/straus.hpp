// Constant-time multi-scalar multiplication on the IFMA backend (ifma/straus.cpp). Plain C++ interface.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// Straus::mul_ct's contract (msm_algorithms.hpp): sum scalars[i] * points[i], constant-time in the scalars (which
// are wiped from its own buffers). Call only when ifma_available(). May throw std::bad_alloc.
EdwardsPoint straus_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// From this many points a (last) group of eight runs on the lanes in scale_points (measured, see the .cpp).
extern const size_t kScaleMin;

// out[i] = scalars[i] * points[i] for i < n, eight points at a time (one per lane, each with its own sum; a last
// group of fewer pads the lanes): constant-time in the scalars, which are wiped from its own buffers. out may alias
// points. Call only when ifma_available(). May throw std::bad_alloc, before writing anything.
void scale_ct(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n);

}  // namespace ifma
}  // namespace pyristretto
