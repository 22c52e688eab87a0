// Batch Ristretto encoding on the IFMA backend, eight points per pass. Plain C++ interface (pointers, no vector
// types), as decode.hpp, so generic code can call it after checking backend().
#pragma once
#include <cstddef>
#include <cstdint>
#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// ristretto_encode_many: out[32 i, 32 i + 32) = ENCODE(points[i]), one eight-lane inverse square root per eight
// points. Constant-time in the points. Call only when ifma_available().
void encode_many(uint8_t* out, const EdwardsPoint* points, size_t n);

// From a full group of eight the lanes win over the portable encode_doubled: their one inversion costs ~1.7
// portable ones.
constexpr size_t kDoubledMin = 8;

// ristretto_encode_doubled on the lanes: lane j runs the batched inversion of points j, j + 8, ... (one eight-lane
// inversion per chunk). Throws std::bad_alloc before writing anything.
void encode_doubled_many(uint8_t* out, EdwardsPoint* doubled, const EdwardsPoint* halves, size_t n);

}  // namespace ifma
}  // namespace pyristretto
