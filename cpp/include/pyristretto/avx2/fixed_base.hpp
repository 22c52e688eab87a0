// Fixed-base scalar multiplication on the AVX2 backend (avx2/fixed_base.cpp): FixedBaseTable's signed radix-16 comb
// with one point on four lanes (edwards4.hpp). Plain C++ interface: the rows are a FixedBaseRows (fixed_base.hpp), so
// code that includes this sees no vector types.
#pragma once
#include <memory>

#include "pyristretto/fixed_base.hpp"

namespace pyristretto {
namespace avx2 {

// A FixedBaseTable's rows table[i][k] = (k + 1) 256^i B in the four-lane cached form, each with the identity in
// front (45 KiB), read by the four-lane comb (constant-time in the scalars: every entry of a row read, the sign
// applied by a masked negation; the digits are wiped); nullptr when the memory cannot be had (the table then stays
// on the portable comb). Call only when avx2_available().
std::unique_ptr<FixedBaseRows> fixed_base_rows(const AffineNielsPoint (*table)[8]) noexcept;

}  // namespace avx2
}  // namespace pyristretto
