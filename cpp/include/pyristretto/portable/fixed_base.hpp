// The portable backend's fixed-base comb (portable/fixed_base.cpp) over a FixedBaseTable's rows: rows[i][j] =
// (j + 1) 256^i B in affine Niels form. FixedBaseTable::mul and mul2 run it where no vector rows serve.
#pragma once
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace portable {

// s B, constant-time in s (any 32 bytes, taken mod q): 64 table additions and 4 doublings; the digits are wiped.
EdwardsPoint comb(const AffineNielsPoint (*rows)[8], const uint8_t s[32]) noexcept;
// a A + b B sharing the doublings, constant-time in a and b.
EdwardsPoint comb2(const AffineNielsPoint (*a_rows)[8], const uint8_t a[32], const AffineNielsPoint (*b_rows)[8],
                   const uint8_t b[32]) noexcept;

}  // namespace portable
}  // namespace pyristretto
