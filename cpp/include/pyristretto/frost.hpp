// Schnorr signatures over ristretto255 with a SHA-512 challenge (RFC 9591 FROST's signature verification): the
// per-signature work of a batch verification (parsing, challenges, random weights, scalar products) in C++.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pyristretto {

// One signature of a batch: the message, the 64-byte signature R || z, and the index of its public key.
struct SchnorrItem {
    const uint8_t* msg;
    size_t msg_len;
    const uint8_t* sig;  // 64 bytes
    size_t key;          // < n_keys
};

// The scalars of the batch check  sum_i w_i (R_i + c_i PK_i - z_i G) == 0, with the challenges
// c_i = SHA-512(prefix || R_i || key_encodings[key_i] || msg_i) mod q and independent uniform 128-bit weights w_i
// from libsodium's CSPRNG (an invalid signature then passes with probability at most 2^-128). Writes
// 32 * (1 + n_keys + n) bytes to scalars, each reduced mod q: -sum_i w_i z_i (for G), then per key j the sum of
// w_i c_i over its signatures, then w_0 .. w_(n-1) (for the R_i), and the R_i encodings (32 * n bytes) to r.
// Returns false (the outputs unspecified) when a signature is malformed as RFC 9591 rejects it: z >= q, or R the
// identity's encoding (whether R decodes is left to the caller, which decodes every point at once). Public data
// only: variable time.
bool schnorr_batch_scalars(const uint8_t* prefix, size_t prefix_len, const SchnorrItem* items, size_t n,
                           const uint8_t* key_encodings, size_t n_keys, uint8_t* scalars, uint8_t* r) noexcept;

// True iff the 32 little-endian bytes s encode a value < q (a canonical scalar). Variable time: public values.
bool scalar_is_canonical_vartime(const uint8_t s[32]) noexcept;

// SHA-512(prefix || data || secret) mod q into out (RFC 9591 nonce_generate's H3(random_bytes || secret) with
// prefix = contextString || "nonce"): the hash state and the digest are wiped. Constant-time in secret.
void hash_to_scalar_with_secret(const uint8_t* prefix, size_t prefix_len, const uint8_t* data, size_t data_len,
                                const uint8_t secret[32], uint8_t out[32]) noexcept;

}  // namespace pyristretto
