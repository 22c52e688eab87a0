// MSMTable's kernels on the IFMA backend (ifma/msm_table.cpp): the odd multiples built eight bases at a time on the
// eight lanes, and msm_vartime's Straus over them on four lanes. Plain C++ interface; call only when
// ifma_available().
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"
#include "pyristretto/msm_algorithms.hpp"

namespace pyristretto {
namespace ifma {

// Bytes of one odd-multiple entry (an edwards4.hpp Cached4: (Y - X, Y + X, 2dT, 2Z), limb i of the four in 32
// bytes). The table memory must be 32-byte aligned.
constexpr size_t kTableEntryBytes = 160;

// For i < n and k < odd_count: odd[odd_count i + k] = (2k + 1) points[i] (Cached4 entries).
void build_odd_multiples(const EdwardsPoint* points, size_t n, size_t odd_count, uint8_t* odd);

// For i < n and j = 1..8: table[8 i + j - 1] = j points[i] (Cached4 entries; the constant-time Straus' tables:
// straus_ct_one_accumulator's per call, MSMTable's once).
void build_multiples_1_to_8(const EdwardsPoint* points, size_t n, uint8_t* table);

// The sum the terms make (msm_algorithms.hpp; entries in Cached4 form). Variable time (public scalars).
EdwardsPoint straus_tables(const TableTerms& terms);

}  // namespace ifma
}  // namespace pyristretto
