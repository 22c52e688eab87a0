// Variable-time multi-scalar multiplication on the IFMA backend with one point on four lanes (edwards4.hpp,
// ifma/straus_vartime.cpp). Plain C++ interface; call only when ifma_available().
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// Straus::mul_vartime's contract (msm_algorithms.hpp), for public scalars only: width-5 NAF, one four-lane
// accumulator, and a precomputed width-8 table for the generator G when one of the points is G. May throw
// std::bad_alloc.
EdwardsPoint straus_vartime4(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// msm_vartime_decoded runs straus_vartime4 on the IFMA backend up to this many points (measured, pippenger.cpp).
extern const size_t kStraus4Max;

}  // namespace ifma
}  // namespace pyristretto
