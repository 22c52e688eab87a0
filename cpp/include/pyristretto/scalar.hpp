// Scalar recodings used by the scalar-multiplication algorithms.
// Input everywhere: ANY 32 bytes, read as a little-endian integer s < 2^256. Each recoding first folds s to
// scalar_fold(s) (< 2^253, congruent to s mod q, equal to s when s < 2^253) in constant time, so the digits
// describe a multiple of the point that is correct mod q for every input (bit 255 set included).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pyristretto {

// out = s - k q with k = max((s >> 252) - 1, 0): a value < 2^253 congruent to s mod q, equal to s when
// s < 2^253 (every reduced scalar). Constant-time. Cost (callgrind, instructions): ~240 for the fold, ~300 more per
// signed_radix16 call with its copy and wipe, against ~790 for libsodium's crypto_core_ristretto255_scalar_reduce
// of a zero-extended copy (the recodings need < 2^255, not < q); base_mul +0.19%, point_mul +0.06%, msm of 64
// points +0.16% over the recodings without it.
void scalar_fold(const uint8_t s[32], uint8_t out[32]) noexcept;

// out = 1 / s mod q, constant-time, for ANY 32 bytes s (read little-endian, taken mod q): our own Montgomery
// arithmetic on four 64-bit words and a fixed sliding-window exponentiation s^(q-2); no branch and no memory
// index depends on s, and the temporaries are wiped. Returns 0, or -1 when s = 0 mod q (out is then 0). Unlike
// libsodium's crypto_core_ristretto255_scalar_invert, which reports only the all-zero encoding, an unreduced
// multiple of q (q itself, 2q) is reported too. Cost: ~290 Montgomery products (scalar_mont.hpp).
int scalar_invert(uint8_t out[32], const uint8_t s[32]) noexcept;

// Signed radix 16, constant-time: fold(s) = sum digits[i] * 16^i with digits[i] in [-8, 8) for i < 63 and
// digits[63] in [-8, 2]. No branch and no memory index depends on s.
void signed_radix16(const uint8_t s[32], int8_t digits[64]) noexcept;

// Width-w non-adjacent form, variable-time (public scalars only), 2 <= w <= 8:
// fold(s) = sum naf[i] * 2^i; every nonzero digit is odd with |digit| < 2^(w-1), and any w consecutive digits
// hold at most one nonzero. Writes all 256 digits; returns 1 + the index of the highest nonzero digit
// (0 when s = 0).
constexpr size_t kNafDigits = 256;
size_t width_naf(const uint8_t s[32], unsigned w, int8_t naf[kNafDigits]) noexcept;

// The same digits, only the nonzero ones, lowest first: out[k] = (position, value). Returns how many. out needs room
// for kNafListCapacity entries (at most 128 are nonzero, for w = 2; the loop may write one past the last). No branch
// depends on the digits, which pays over many scalars (MSMTable), while width_naf's branches pay on one or two
// (a A + b G; docs/backends.md).
struct NafDigit {
    uint8_t position;
    int8_t value;
};
constexpr size_t kNafListCapacity = kNafDigits / 2 + 1;
size_t width_naf_list(const uint8_t s[32], unsigned w, NafDigit out[kNafListCapacity]) noexcept;

// Signed radix 2^c for Pippenger, variable-time (public scalars only), 4 <= c <= 16:
// fold(s) = sum digits[i] * 2^(c i) with digits[i] in [-2^(c-1), 2^(c-1)). Writes radix2c_digit_count(c) digits;
// returns 1 + the index of the highest nonzero digit (0 when s = 0).
constexpr size_t radix2c_digit_count(unsigned c) { return (256 + c - 1) / c + 1; }
size_t signed_radix2c(const uint8_t s[32], unsigned c, int16_t* digits) noexcept;

}  // namespace pyristretto
