// Arithmetic mod q on the IFMA backend (ifma/scalar8.cpp): eight scalars at a time, one per lane, for
// ScalarVector's Hadamard product, times one scalar, fold, powers and inner product. Inputs are reduced 32-byte
// little-endian scalars (< q); every output is reduced, byte for byte what the portable functions of
// scalar_vector.cpp give. Constant-time in every value: no branch or address depends on a scalar (the count n is
// public; n mod 8 lanes of the last group are zero padding). Call only when ifma_available(); out may alias the
// inputs at the same index.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pyristretto {
namespace ifma {

// From this many elements ScalarVector routes to these functions (below: the portable code, one group's fixed
// cost of conversions and constant set-up would not pay).
constexpr size_t kScalar8Min = 8;

void sv_mul8(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n);       // a_i b_i
void sv_scale8(uint8_t* out, const uint8_t* a, const uint8_t s[32], size_t n);  // a_i s
void sv_fold8(uint8_t* out, const uint8_t* lo, const uint8_t* hi, size_t n, const uint8_t x[32],
              const uint8_t y[32]);                            // lo_i x + hi_i y
void sv_powers8(uint8_t* out, const uint8_t x[32], size_t n);  // x^0 .. x^(n-1)
// The eight lane sums of a_i b_i (lane j: the i = j mod 8), each reduced: their sum mod q is the inner product.
// At most kInner8Max elements a call (the lanes' unreduced columns have room for no more; see scalar8.cpp).
constexpr size_t kInner8Max = 1024;
void sv_inner8(uint8_t out[8 * 32], const uint8_t* a, const uint8_t* b, size_t n);

}  // namespace ifma
}  // namespace pyristretto
