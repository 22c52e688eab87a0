// Batch decode, encode and one-way map on the AVX2 backend (avx2/batch.cpp): the inverse square roots of four or
// eight points at once in the lanes of the four-lane field (field4_pow.hpp), each lane bit-identical to the portable
// code. Plain C++ interface; call only when avx2_available().
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace avx2 {

// From these batch sizes the lanes beat the portable code: a four-lane step costs ~2.3 portable decodes or
// encodes, ~1.1 portable maps.
constexpr size_t kDecodeMin = 3;
constexpr size_t kEncodeMin = 3;
constexpr size_t kMapMin = 2;

// ristretto_decode_many's contract: n, or the index of the first invalid encoding (those before it decoded).
size_t decode_many(EdwardsPoint* out, const uint8_t* encodings, size_t n);

// ristretto_encode_many's contract (constant-time in the points).
void encode_many(uint8_t* out, const EdwardsPoint* points, size_t n);

// ristretto_from_uniform_many's contract (constant-time in the inputs, which are wiped from its own buffers).
void from_uniform_many(EdwardsPoint* out, const uint8_t* uniform, size_t n);

// Benchmark hooks: the same with `groups` (1, 2 or 4) groups of four lanes per exponentiation, all in batches.
size_t decode_many_groups(EdwardsPoint* out, const uint8_t* encodings, size_t n, int groups);
void encode_many_groups(uint8_t* out, const EdwardsPoint* points, size_t n, int groups);
void from_uniform_many_groups(EdwardsPoint* out, const uint8_t* uniform, size_t n, int groups);

}  // namespace avx2
}  // namespace pyristretto
