// Shared by the libFuzzer harnesses of cpp/fuzz (scripts/libfuzzer.sh builds and runs them): a check that aborts
// with a message (libFuzzer then saves the input as crash-<sha1>), and libsodium references.
#pragma once
#include <sodium.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace fuzz {

inline void require(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "FINDING: %s\n", what);
        std::abort();
    }
}

inline void init() {
    static const bool ready = [] {
        require(sodium_init() >= 0, "sodium_init");
        return true;
    }();
    (void)ready;
}

// RFC 9496 validity: libsodium 1.0.18 accepts bit 255 set, the RFC (and pyristretto) do not.
inline bool ref_valid(const uint8_t p[32]) {
    return !(p[31] & 0x80) && crypto_core_ristretto255_is_valid_point(p) == 1;
}

// s mod q for any 32 bytes (a zero-extended copy through crypto_core_ristretto255_scalar_reduce).
inline void ref_reduce(const uint8_t s[32], uint8_t out[32]) {
    uint8_t wide[64] = {0};
    std::memcpy(wide, s, 32);
    crypto_core_ristretto255_scalar_reduce(out, wide);
}

// s * P with libsodium (which reports an identity result as an error: 32 zero bytes here).
inline void ref_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) {
    uint8_t r[32];
    ref_reduce(s, r);
    if (crypto_scalarmult_ristretto255(out, r, p) != 0) std::memset(out, 0, 32);
}

inline void ref_base_mul(const uint8_t s[32], uint8_t out[32]) {
    uint8_t r[32];
    ref_reduce(s, r);
    if (crypto_scalarmult_ristretto255_base(out, r) != 0) std::memset(out, 0, 32);
}

inline void ref_add(const uint8_t a[32], const uint8_t b[32], uint8_t out[32]) {
    uint8_t r[32];
    if (crypto_core_ristretto255_add(r, a, b) != 0) std::memset(r, 0, 32);
    std::memcpy(out, r, 32);
}

}  // namespace fuzz
