// Multi-point operations on encoded points. Points are 32-byte encodings stored back to back; scalars are
// any 32-byte little-endian values, taken mod q (bit 255 and values >= q included: the recodings fold them in
// constant time, scalar.hpp), so callers need not reduce them.
// Functions that take points return n on success, the index of the first point that is not a valid
// encoding, or SIZE_MAX when memory for the decoded points cannot be allocated (out untouched in both cases).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pyristretto {

// sum scalars[i] * points[i]; constant-time in the scalar bytes (no branch or index on them).
size_t msm(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept;

// The same sum for public scalars: fastest algorithm for n, zero scalars skipped.
size_t msm_vartime(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept;

// sum points[i].
size_t point_sum(const uint8_t* points, size_t n, uint8_t out[32]) noexcept;

// amount * G + blinding * H (H = the module constant), constant-time in both scalars.
void pedersen_commit(const uint8_t amount[32], const uint8_t blinding[32], uint8_t out[32]) noexcept;

}  // namespace pyristretto
