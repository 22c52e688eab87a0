// The portable backend's batch encodings, decodings and one-way maps (portable/batch.cpp). Each function has the
// contract of the ristretto.hpp function of the same name with ristretto_ in front, which reaches it through the
// backend table (dispatch.hpp).
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace portable {

void encode_many(uint8_t* out, const EdwardsPoint* points, size_t n);
// Batched inversions of kDoubleChunk points; without the memory for them, one square root per point.
void encode_doubled(uint8_t* out, EdwardsPoint* doubled, const EdwardsPoint* halves, size_t n);
size_t decode_many(EdwardsPoint* out, const uint8_t* encodings, size_t n);
void from_uniform_many(EdwardsPoint* out, const uint8_t* uniform, size_t n);

}  // namespace portable
}  // namespace pyristretto
