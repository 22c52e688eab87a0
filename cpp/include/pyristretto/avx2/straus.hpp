// Single-point and Straus multiplications on the AVX2 backend (avx2/straus.cpp): one point's four coordinates in
// the four lanes (edwards4.hpp). Plain C++ interface; call only when avx2_available().
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace avx2 {

// point_mul_decoded's contract (scalar_mul.hpp): s * P, constant-time in s (signed radix 16, every table entry
// read); the digits are wiped.
EdwardsPoint point_mul(const uint8_t s[32], const EdwardsPoint& P) noexcept;

// P + Q, or P - Q when subtract (public), with one four-lane addition (point_add_decoded's contract).
EdwardsPoint add_one(const EdwardsPoint& P, const EdwardsPoint& Q, bool subtract) noexcept;

// Straus::mul_ct's contract (msm_algorithms.hpp): sum scalars[i] * points[i], constant-time in the scalars (which
// are wiped from its own buffers). May throw std::bad_alloc.
EdwardsPoint straus_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// Straus::mul_vartime's contract: the same for public scalars (width-5 NAF; zero scalars skipped). May throw
// std::bad_alloc.
EdwardsPoint straus_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

}  // namespace avx2
}  // namespace pyristretto
