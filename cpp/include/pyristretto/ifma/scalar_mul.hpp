// Single-point scalar multiplication on the IFMA backend with the four-lane parallel formulas (edwards4.hpp,
// ifma/scalar_mul.cpp). Plain C++ interface; call only when ifma_available().
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// s * P, constant-time in s (any 32 bytes, taken mod q as signed_radix16 does): point_mul_decoded's contract.
EdwardsPoint mul_ct_one(const uint8_t s[32], const EdwardsPoint& P) noexcept;

// sum scalars[i] * points[i], constant-time in the scalars: mul_ct_one's algorithm with one accumulator, so the
// doublings are shared (Straus::mul_ct's contract; the tables take 1,280 bytes a point). May throw std::bad_alloc.
EdwardsPoint straus_ct_one_accumulator(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// The same over precomputed tables of points[0..n) (MSMTable's: tables[8 i + j - 1] = j points[i], j = 1..8, in
// msm_table.hpp's Cached4 entries, build_multiples_1_to_8), blocks of kOneAccumulatorMax points. May throw
// std::bad_alloc.
EdwardsPoint straus_ct_tables(const uint8_t* tables, const uint8_t* scalars, size_t n);

// P + Q, or P - Q when subtract (public), with one four-lane addition (point_add_decoded's contract).
EdwardsPoint add_one(const EdwardsPoint& P, const EdwardsPoint& Q, bool subtract) noexcept;

// Up to this many points Straus::mul_ct runs straus_ct_one_accumulator instead of the eight-lane straus_ct
// (measured, see ifma/scalar_mul.cpp).
extern const size_t kOneAccumulatorMax;

}  // namespace ifma
}  // namespace pyristretto
