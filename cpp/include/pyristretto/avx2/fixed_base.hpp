// Fixed-base scalar multiplication on the AVX2 backend (avx2/fixed_base.cpp): FixedBaseTable's signed radix-16 comb
// with one point on four lanes (edwards4.hpp). Plain C++ interface: the rows are an opaque type, so fixed_base.hpp
// (included by the Cython code) sees no vector types.
#pragma once
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace avx2 {

// A FixedBaseTable's rows in the four-lane cached form, each with the identity in front (row i, entry k: k 256^i B,
// k = 0..8; 45 KiB).
struct FixedBaseRows;

// Built from table[i][k] = (k + 1) 256^i B (FixedBaseTable's rows); nullptr when the memory cannot be had (the
// caller then stays on the portable code). Call only when avx2_available().
FixedBaseRows* fixed_base_rows_new(const AffineNielsPoint (*table)[8]) noexcept;
void fixed_base_rows_free(FixedBaseRows* rows) noexcept;

// FixedBaseTable::mul and mul2 on those rows: the same contract (any 32-byte scalars, taken mod q; constant-time in
// them: every entry of a row read, the sign applied by a masked negation; the digits are wiped).
EdwardsPoint fixed_base_mul(const FixedBaseRows& A, const uint8_t a[32]) noexcept;
EdwardsPoint fixed_base_mul2(const FixedBaseRows& A, const uint8_t a[32], const FixedBaseRows& B,
                             const uint8_t b[32]) noexcept;

}  // namespace avx2
}  // namespace pyristretto
