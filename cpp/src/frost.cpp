// RFC 9591 FROST's accelerators (frost.hpp): the Schnorr batch verification scalars and the secret-keyed hash of
// its nonce generation.
#include "pyristretto/frost.hpp"

#include "pyristretto/batch_check.hpp"

#include <sodium.h>

#include <cstring>

namespace pyristretto {

namespace {

// q = 2^252 + 27742317777372353535851937790883648493, little-endian.
constexpr uint8_t kOrder[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

// SHA-512 digest (64 bytes) reduced mod q.
void finish_to_scalar(crypto_hash_sha512_state& state, uint8_t out[32]) noexcept {
    uint8_t digest[64];
    crypto_hash_sha512_final(&state, digest);
    crypto_core_ristretto255_scalar_reduce(out, digest);
    sodium_memzero(digest, sizeof digest);
}

}  // namespace

bool scalar_is_canonical_vartime(const uint8_t s[32]) noexcept {
    for (int i = 31; i >= 0; --i) {
        if (s[i] != kOrder[i]) return s[i] < kOrder[i];
    }
    return false;  // s == q
}

bool schnorr_batch_scalars(const uint8_t* prefix, size_t prefix_len, const SchnorrItem* items, size_t n,
                           const uint8_t* key_encodings, size_t n_keys, uint8_t* scalars, uint8_t* r) noexcept {
    static const uint8_t kIdentity[32] = {0};
    uint8_t* base = scalars;          // -sum w_i z_i
    uint8_t* per_key = scalars + 32;  // sum over key j's signatures of w_i c_i
    uint8_t* weights = scalars + 32 * (1 + n_keys);
    std::memset(scalars, 0, 32 * (1 + n_keys + n));
    crypto_hash_sha512_state prefixed;
    crypto_hash_sha512_init(&prefixed);
    crypto_hash_sha512_update(&prefixed, prefix, prefix_len);
    batch_weights(weights, n);
    uint8_t c[32], t[32];
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* R = items[i].sig;
        const uint8_t* z = items[i].sig + 32;
        if (!scalar_is_canonical_vartime(z) || std::memcmp(R, kIdentity, 32) == 0) return false;
        std::memcpy(r + 32 * i, R, 32);
        const uint8_t* key = key_encodings + 32 * items[i].key;
        crypto_hash_sha512_state state = prefixed;
        crypto_hash_sha512_update(&state, R, 32);
        crypto_hash_sha512_update(&state, key, 32);
        crypto_hash_sha512_update(&state, items[i].msg, items[i].msg_len);
        finish_to_scalar(state, c);
        const uint8_t* w = weights + 32 * i;
        crypto_core_ristretto255_scalar_mul(t, w, c);
        uint8_t* k = per_key + 32 * items[i].key;
        crypto_core_ristretto255_scalar_add(k, k, t);
        crypto_core_ristretto255_scalar_mul(t, w, z);
        crypto_core_ristretto255_scalar_add(base, base, t);
    }
    crypto_core_ristretto255_scalar_negate(base, base);
    return true;
}

void hash_to_scalar_with_secret(const uint8_t* prefix, size_t prefix_len, const uint8_t* data, size_t data_len,
                                const uint8_t secret[32], uint8_t out[32]) noexcept {
    crypto_hash_sha512_state state;
    crypto_hash_sha512_init(&state);
    crypto_hash_sha512_update(&state, prefix, prefix_len);
    crypto_hash_sha512_update(&state, data, data_len);
    crypto_hash_sha512_update(&state, secret, 32);
    finish_to_scalar(state, out);
    sodium_memzero(&state, sizeof state);
}

}  // namespace pyristretto
