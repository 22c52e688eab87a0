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

}  // namespace avx2
}  // namespace pyristretto
