// Fixed-base scalar multiplication on the IFMA backend (ifma/fixed_base.cpp). Plain C++ interface: the lane rows are
// a FixedBaseRows (fixed_base.hpp), so code that includes this sees no vector types.
#pragma once
#include <memory>

#include "pyristretto/fixed_base.hpp"

namespace pyristretto {
namespace ifma {

// A FixedBaseTable's rows table[i][k] = (k + 1) 256^i B interleaved for the eight lanes (30 KiB), read by the
// eight-lane comb (constant-time in the scalars; the digits are wiped); nullptr when the memory cannot be had (the
// table then stays on the portable comb). Call only when ifma_available().
std::unique_ptr<FixedBaseRows> fixed_base_rows(const AffineNielsPoint (*table)[8]) noexcept;

}  // namespace ifma
}  // namespace pyristretto
