// MSMTable's kernels on the portable backend (portable/msm_table.cpp): tables in affine Niels form (7 products an
// addition), built with one batched inversion per kind and block of bases (batch_to_affine_niels).
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"
#include "pyristretto/msm_algorithms.hpp"

namespace pyristretto {
namespace portable {

// From this many scalars a share runs msm_vartime_decoded instead of the table: the wide tables (8.8 KB a base) then
// leave the L2 (docs/backends.md).
constexpr size_t kTableVartimeMax = 144;

// odd[odd_count i + k] = (2k + 1) points[i] (AffineNielsPoint entries). May throw std::bad_alloc.
void build_odd_multiples(const EdwardsPoint* points, size_t n, size_t odd_count, uint8_t* odd);

// small[8 i + j - 1] = j points[i], j = 1..8 (AffineNielsPoint entries). May throw std::bad_alloc.
void build_multiples_1_to_8(const EdwardsPoint* points, size_t n, uint8_t* small);

// The sum the terms make (msm_algorithms.hpp; AffineNielsPoint entries). Variable time (public scalars).
EdwardsPoint straus_tables(const TableTerms& terms);

// sum scalars[i] * points[i] over build_multiples_1_to_8's tables: signed radix-16 digits, each reading its base's
// whole table (ct::select_signed) with the sign by a conditional negation, so no branch or address depends on the
// scalars; the digits are wiped. May throw std::bad_alloc.
EdwardsPoint straus_ct_tables(const uint8_t* small, const uint8_t* scalars, size_t n);

}  // namespace portable
}  // namespace pyristretto
