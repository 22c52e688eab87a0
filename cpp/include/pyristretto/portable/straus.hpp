// The portable backend's scalar multiplications (portable/straus.cpp): one point at a time on the radix-2^51 field
// (field.hpp) in extended coordinates (edwards.hpp), on every CPU. Each function has the contract of the public one
// named beside it, which reaches it through the backend table (dispatch.hpp).
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace portable {

// P + Q, or P - Q when subtract (point_add_decoded, point_sub_decoded).
EdwardsPoint add(const EdwardsPoint& P, const EdwardsPoint& Q, bool subtract) noexcept;

// s * P, constant-time in s (point_mul_decoded): signed radix-16 digits over a table of 0P..8P read whole.
EdwardsPoint point_mul(const uint8_t s[32], const EdwardsPoint& P) noexcept;

// sum scalars[i] * points[i], constant-time in the scalars (Straus::mul_ct). May throw std::bad_alloc.
EdwardsPoint straus_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// The same for public scalars (Straus::mul_vartime): width-5 NAF, zero scalars skipped, G on its own wide table.
// May throw std::bad_alloc.
EdwardsPoint straus_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

}  // namespace portable
}  // namespace pyristretto
