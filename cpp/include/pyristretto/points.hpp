// Single-point operations on encodings with the own core: each argument decoded once (that is also its
// RFC 9496 validation), one encoding of the result. Faster than libsodium's calls, which decode and encode
// at every step and accept bit 255 set.
#pragma once
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {

// P + Q and P - Q on decoded points (the object layer's Point + Point): one four-lane addition on the vector
// backends, the portable formulas otherwise; the same group element either way.
EdwardsPoint point_add_decoded(const EdwardsPoint& P, const EdwardsPoint& Q) noexcept;
EdwardsPoint point_sub_decoded(const EdwardsPoint& P, const EdwardsPoint& Q) noexcept;

// True if p is a valid RFC 9496 encoding (canonical, bit 255 clear, a group element).
bool is_valid_point(const uint8_t p[32]) noexcept;

// out = p + q / p - q. Return 0, or 1 (p invalid) or 2 (q invalid) with out untouched.
int point_add(const uint8_t p[32], const uint8_t q[32], uint8_t out[32]) noexcept;
int point_sub(const uint8_t p[32], const uint8_t q[32], uint8_t out[32]) noexcept;

// out = -p. Returns false, out untouched, when p is invalid.
bool point_neg(const uint8_t p[32], uint8_t out[32]) noexcept;

}  // namespace pyristretto
