#include "pyristretto/sodium.hpp"

#include <sodium.h>

namespace pyristretto {

bool sodium_start() noexcept {
    // 1.0.18 is library version 10.3: the first with the ristretto255 API used here.
    const int major = sodium_library_version_major();
    const int minor = sodium_library_version_minor();
    if (major < 10 || (major == 10 && minor < 3)) return false;
    return sodium_init() >= 0;  // 1 means "already initialised", which is fine
}

bool is_valid_encoding(const uint8_t p[32]) noexcept {
    return (p[31] & 0x80) == 0 && crypto_core_ristretto255_is_valid_point(p) == 1;
}

// On failure libsodium leaves out either zeroed or unwritten; the inputs are valid, so the only failure
// left is an identity result, whose encoding is all zeros.
static void identity_on_failure(int rc, uint8_t out[32]) noexcept {
    if (rc != 0) sodium_memzero(out, 32);
}

void sodium_base_mul(const uint8_t s[32], uint8_t out[32]) noexcept {
    identity_on_failure(crypto_scalarmult_ristretto255_base(out, s), out);
}

void sodium_point_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) noexcept {
    identity_on_failure(crypto_scalarmult_ristretto255(out, s, p), out);
}

void sodium_point_add(const uint8_t p[32], const uint8_t q[32], uint8_t out[32]) noexcept {
    identity_on_failure(crypto_core_ristretto255_add(out, p, q), out);
}

void sodium_point_sub(const uint8_t p[32], const uint8_t q[32], uint8_t out[32]) noexcept {
    identity_on_failure(crypto_core_ristretto255_sub(out, p, q), out);
}

}  // namespace pyristretto
