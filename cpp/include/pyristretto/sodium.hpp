// The libsodium-backed single-point operations, and library start-up.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pyristretto {

// Calls sodium_init() once; returns false when libsodium is older than 1.0.18 or fails to start.
bool sodium_start() noexcept;

// RFC 9496 validity: libsodium's decoder plus the bit-255 check that libsodium 1.0.18 lacks.
bool is_valid_encoding(const uint8_t p[32]) noexcept;

// The operations below take points already validated with is_valid_encoding and scalars reduced mod q.
// libsodium reports an identity result as an error; these write the identity (32 zero bytes) instead.
void sodium_base_mul(const uint8_t s[32], uint8_t out[32]) noexcept;
void sodium_point_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) noexcept;
void sodium_point_add(const uint8_t p[32], const uint8_t q[32], uint8_t out[32]) noexcept;
void sodium_point_sub(const uint8_t p[32], const uint8_t q[32], uint8_t out[32]) noexcept;

}  // namespace pyristretto
