// Fixed-base scalar multiplication on the IFMA backend (ifma/fixed_base.cpp). Plain C++ interface: the lane
// table is an opaque type, so fixed_base.hpp (included by the Cython code) sees no vector types.
#pragma once
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// A FixedBaseTable's entries interleaved for the eight lanes (30 KiB, 64-byte aligned): lane j of step s holds row
// 8 s + j, and for each candidate the eight lanes' coordinates are contiguous (a candidate is 15 aligned loads).
struct FixedBaseLanes;

// Built from table[i][k] = (k + 1) 256^i B (FixedBaseTable's rows); nullptr when the memory cannot be had (the
// caller then stays on the portable code). Call only when ifma_available().
FixedBaseLanes* fixed_base_lanes_new(const AffineNielsPoint (*table)[8]) noexcept;
void fixed_base_lanes_free(FixedBaseLanes* lanes) noexcept;

// FixedBaseTable::mul and mul2 on those lanes: the same contract (any 32-byte scalars, taken mod q; constant-time
// in them; the digits are wiped). Call only when ifma_available().
EdwardsPoint fixed_base_mul(const FixedBaseLanes& A, const uint8_t a[32]) noexcept;
EdwardsPoint fixed_base_mul2(const FixedBaseLanes& A, const uint8_t a[32], const FixedBaseLanes& B,
                             const uint8_t b[32]) noexcept;

}  // namespace ifma
}  // namespace pyristretto
