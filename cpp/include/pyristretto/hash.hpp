// Hashing into the group and the scalar field, on libsodium's BLAKE2b-512 and SHA-512 and the own core's one-way
// map (ristretto_from_uniform, byte-identical to libsodium's crypto_core_ristretto255_from_hash).
#pragma once
#include <sodium.h>
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {

// pyristretto 0.1.0's Hs/Hp: BLAKE2b-512 over the plain concatenation of the items fed to update().
// The state (derived from possibly secret input) is wiped with sodium_memzero when the object goes away; copies
// are independent states (derive_generators forks one prefix per index) and are wiped likewise.
class ConcatHash {
public:
    ConcatHash() noexcept;
    ConcatHash(const ConcatHash&) noexcept = default;
    ConcatHash& operator=(const ConcatHash&) noexcept = default;
    ~ConcatHash();
    void update(const uint8_t* data, size_t len) noexcept;
    void digest(uint8_t out[64]) noexcept;     // finalises a copy: the object can keep growing
    void to_scalar(uint8_t out[32]) noexcept;  // digest reduced mod q (Hs)
    void to_point(uint8_t out[32]) noexcept;   // one-way map of the digest (Hp)
private:
    crypto_generichash_blake2b_state state_;
};

// out[k] = Hp(domain, le32(first + k)) for k in [0, count): one hash state for the domain, copied per index.
// Indices are 32-bit: a count past index 2^32 - 1 is cut to 2^32 - first (out[k] beyond that is left untouched),
// never wrapped around to index 0.
void derive_generators(const uint8_t* domain, size_t domain_len, uint32_t first, uint32_t count, uint8_t* out) noexcept;

// The second generator H = Hp(b"Ristretto255:H"), computed once.
const uint8_t* generator_H() noexcept;

// RFC 9380 expand_message_xmd with SHA-512. Returns false when len_in_bytes is 0 or above 255 * 64.
// A dst longer than 255 bytes is first replaced by SHA-512("H2C-OVERSIZE-DST-" || dst).
bool expand_message_xmd(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len, uint8_t* out,
                        size_t len_in_bytes) noexcept;

// RFC 9380 hash_to_ristretto255 and RFC 9497 HashToScalar (both expand to 64 bytes).
void hash_to_group(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len, uint8_t out[32]) noexcept;
// hash_to_group's element, decoded (no final encoding): for callers that keep points decoded.
EdwardsPoint hash_to_group_point(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len) noexcept;
void hash_to_scalar(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len, uint8_t out[32]) noexcept;

}  // namespace pyristretto
