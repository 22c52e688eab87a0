// MSMTable's kernels on the AVX2 backend (avx2/msm_table.cpp): the odd multiples of each base in edwards4.hpp's
// cached form, built and read with one point on four lanes. Plain C++ interface; call only when avx2_available().
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"
#include "pyristretto/msm_algorithms.hpp"

namespace pyristretto {
namespace avx2 {

// Bytes of one entry: a C4 as it sits in registers (field4.hpp: five vectors, two limbs per 64-bit slot); 64
// entries of 128 bases are 1.3 MB. 32-byte aligned.
constexpr size_t kTableEntryBytes = 160;

// odd[odd_count i + k] = (2k + 1) points[i] for i < n.
void build_odd_multiples(const EdwardsPoint* points, size_t n, size_t odd_count, uint8_t* odd) noexcept;

// The sum the terms make (msm_algorithms.hpp; entries as above). Variable time (public scalars).
EdwardsPoint straus_tables(const TableTerms& terms) noexcept;

// The constant-time msm's tables (avx2/straus.cpp): tables[9 i + j] = j points[i], j = 0..8 (entries as above: 1440
// bytes a base).
constexpr size_t kSmallTableBytes = 9 * kTableEntryBytes;
void build_multiples_0_to_8(const EdwardsPoint* points, size_t n, uint8_t* tables) noexcept;

// Straus::mul_ct's contract over those tables of points[0..n): constant-time in the scalars, which are wiped from its
// own buffers. May throw std::bad_alloc.
EdwardsPoint straus_ct_tables(const uint8_t* tables, const uint8_t* scalars, size_t n);

}  // namespace avx2
}  // namespace pyristretto
