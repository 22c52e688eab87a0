// The RFC 9496 one-way map (hash_to_group, derive_generators) on the IFMA backend: eight maps per pass, one
// eight-lane inverse square root. Plain C++ interface (pointers, no vector types), as decode.hpp.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// ristretto_from_uniform_many: out[i] = MAP(uniform[64 i, 64 i + 32)) + MAP(uniform[64 i + 32, 64 i + 64)), each
// equal mod p to the portable ristretto_from_uniform_point. Constant-time in the bytes. Call only when
// ifma_available().
void from_uniform_many(EdwardsPoint* out, const uint8_t* uniform, size_t n);

}  // namespace ifma
}  // namespace pyristretto
