// The last step of every batch verification (FROST's Schnorr signatures, sr25519, sigma proofs, VRFs): random
// 128-bit weights, and whether the weighted sum of the equations' terms is the identity. Public values only:
// variable time.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"
#include "pyristretto/msm_table.hpp"

namespace pyristretto {

// n independent uniform 128-bit weights from libsodium's CSPRNG, written as 32-byte little-endian scalars (the
// upper 16 bytes zero): an invalid item then passes a batch with probability at most 2^-128.
void batch_weights(uint8_t* out, size_t n) noexcept;

enum class SumCheck { kIdentity, kNotIdentity, kOutOfMemory };

// Whether sum scalars[i] * points[i] (i < n), plus sum table_scalars[j] * base j of table (j < table_terms, when
// table is given), is the identity: one variable-time multi-scalar multiplication per part (Straus or Pippenger
// for the size, threads for large n). Scalars are 32 bytes each, reduced mod q.
SumCheck weighted_sum_is_identity(const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                                  const MSMTable* table = nullptr, const uint8_t* table_scalars = nullptr,
                                  size_t table_terms = 0) noexcept;

}  // namespace pyristretto
