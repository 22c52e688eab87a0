// Constant-time single scalar multiplications on encodings, measured faster than libsodium's (docs/backends.md).
// Scalars: any 32 bytes, read little-endian and taken mod q (bit 255 and values >= q included; folded in constant
// time, scalar.hpp).
// An identity result is written as 32 zero bytes (never an error, unlike libsodium).
#pragma once
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {

// out = s * G, G the RFC 9496 generator (fixed-base table built once, thread-safe); constant-time in s.
void base_mul(const uint8_t s[32], uint8_t out[32]) noexcept;

// out = s * P; constant-time in s. Returns false, leaving out untouched, when p is not a valid encoding.
bool point_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) noexcept;

// s * P on a decoded point (no decoding, no encoding: the object layer's Point * s); constant-time in s.
EdwardsPoint point_mul_decoded(const uint8_t s[32], const EdwardsPoint& P) noexcept;

}  // namespace pyristretto
