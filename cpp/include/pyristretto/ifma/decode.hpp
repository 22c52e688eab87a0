// Batch Ristretto decoding on the IFMA backend: eight encodings per pass, one eight-lane inverse square root.
// Plain C++ interface (pointers, no vector types), so generic code can call it after checking backend().
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// The contract of ristretto_decode_many (ristretto.hpp), bit for bit: returns n, or the index of the first invalid
// encoding with every entry before it decoded. Each output coordinate equals the portable decoder's mod p (Z = 1).
// Call only when ifma_available(); constant-time in the bytes of valid encodings, like the portable decoder.
size_t decode_many(EdwardsPoint* out, const uint8_t* encodings, size_t n);

// Test hooks for the field layer on eight lanes (out[j] = f(a[j], b[j])); callers check ifma_available().
void mul_batch(FieldElement out[8], const FieldElement a[8], const FieldElement b[8]);
void square_batch(FieldElement out[8], const FieldElement a[8]);
void add_batch(FieldElement out[8], const FieldElement a[8], const FieldElement b[8]);
void sub_batch(FieldElement out[8], const FieldElement a[8], const FieldElement b[8]);
void invert_batch(FieldElement out[8], const FieldElement a[8]);
// Returns the lane mask of was_square; r[j] is the root as in FieldElement::sqrt_ratio_i.
uint8_t sqrt_ratio_i_batch(FieldElement r[8], const FieldElement u[8], const FieldElement v[8]);
// Lane masks of is_zero / is_negative, and the canonical limbs (limbs < 2^51, value < p).
uint8_t is_zero_batch(const FieldElement a[8]);
uint8_t is_negative_batch(const FieldElement a[8]);
void canonical_batch(FieldElement out[8], const FieldElement a[8]);

// Cycle-count helpers for the benchmark: `rounds` dependent multiplications (or squarings) on each of the eight
// lanes of x, in place; 8 * rounds field multiplications in all.
void mul_chain(FieldElement x[8], const FieldElement y[8], size_t rounds);
void square_chain(FieldElement x[8], size_t rounds);

}  // namespace ifma
}  // namespace pyristretto
