// Vectors of scalars mod q (the object layer's ScalarVector, and C++ code doing proof arithmetic): 32-byte
// little-endian values REDUCED mod q, stored back to back. Arithmetic in 4x64-bit Montgomery form (R = 2^256),
// constant-time in the values (no branch or index on them; only n and public exponents steer the code). Outputs
// are reduced. out may alias an input of the same index. Threads for large n. Nothing here throws.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pyristretto {

// out[i] = a[i] + b[i], a[i] - b[i], a[i] * b[i] (mod q).
void sv_add(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept;
void sv_sub(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept;
void sv_mul(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept;
// out[i] = a[i] * s.
void sv_scale(uint8_t* out, const uint8_t* a, const uint8_t s[32], size_t n) noexcept;
// out = sum a[i] * b[i]; out = sum a[i].
void sv_inner(uint8_t out[32], const uint8_t* a, const uint8_t* b, size_t n) noexcept;
void sv_sum(uint8_t out[32], const uint8_t* a, size_t n) noexcept;
// out[i] = a[i] * x + a[half + i] * y for i < half (a holds 2 * half scalars; out may alias a).
void sv_fold(uint8_t* out, const uint8_t* a, size_t half, const uint8_t x[32], const uint8_t y[32]) noexcept;
// out[i] = x^i for i < n.
void sv_powers(uint8_t* out, const uint8_t x[32], size_t n) noexcept;
// out = s^e for the PUBLIC exponent e (e_len little-endian bytes): constant-time in s, square-and-multiply on e.
void scalar_pow(uint8_t out[32], const uint8_t s[32], const uint8_t* e, size_t e_len) noexcept;
// out = 1/s = s^(q-2), constant-time in s; false (out = 0) for s = 0.
bool scalar_invert_ct(uint8_t out[32], const uint8_t s[32]) noexcept;
// out[i] = 1/a[i] by Montgomery's trick (one inversion, three multiplications per element), constant-time in the
// values: false when some a[i] is 0, decided from the product of all of them only (out is then all zero), so
// neither the result's timing nor its content tells which index was zero.
bool sv_batch_invert(uint8_t* out, const uint8_t* a, size_t n) noexcept;
// The same for PUBLIC values: returns n, or the index of the first zero (out then all zero).
size_t sv_batch_invert_vartime(uint8_t* out, const uint8_t* a, size_t n) noexcept;
// n scalars uniform in [0, 2^bits) (1 <= bits <= 252, so below q) from libsodium's CSPRNG.
void sv_random_bits(uint8_t* out, size_t n, unsigned bits) noexcept;
// n scalars uniform in [0, q) (crypto_core_ristretto255_scalar_random: [1, q)).
void sv_random(uint8_t* out, size_t n) noexcept;
// Constant-time equality of two arrays of len bytes: true when equal (every byte is read).
bool ct_bytes_equal(const uint8_t* a, const uint8_t* b, size_t len) noexcept;
// out = bit ? b : a over len bytes, constant-time in bit (0 or 1): a masked select, no branch on bit.
void ct_select_bytes(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t len, uint8_t bit) noexcept;
// Exchanges a and b (len bytes each) when bit is 1, constant-time in bit.
void ct_swap_bytes(uint8_t* a, uint8_t* b, size_t len, uint8_t bit) noexcept;

}  // namespace pyristretto
