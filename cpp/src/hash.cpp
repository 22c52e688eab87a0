#include "pyristretto/hash.hpp"

#include "pyristretto/ristretto.hpp"

#include <algorithm>
#include <cstring>

namespace pyristretto {

ConcatHash::ConcatHash() noexcept { crypto_generichash_blake2b_init(&state_, nullptr, 0, 64); }

ConcatHash::~ConcatHash() { sodium_memzero(&state_, sizeof state_); }

void ConcatHash::update(const uint8_t* data, size_t len) noexcept {
    crypto_generichash_blake2b_update(&state_, data, len);
}

void ConcatHash::digest(uint8_t out[64]) noexcept {
    crypto_generichash_blake2b_state copy = state_;
    crypto_generichash_blake2b_final(&copy, out, 64);
    sodium_memzero(&copy, sizeof copy);
}

void ConcatHash::to_scalar(uint8_t out[32]) noexcept {
    uint8_t wide[64];
    digest(wide);
    crypto_core_ristretto255_scalar_reduce(out, wide);
    sodium_memzero(wide, sizeof wide);
}

void ConcatHash::to_point(uint8_t out[32]) noexcept {
    uint8_t wide[64];
    digest(wide);
    ristretto_from_uniform(out, wide);
    sodium_memzero(wide, sizeof wide);
}

void derive_generators(const uint8_t* domain, size_t domain_len, uint32_t first, uint32_t count,
                       uint8_t* out) noexcept {
    ConcatHash prefix;
    prefix.update(domain, domain_len);
    const uint64_t end = std::min<uint64_t>(uint64_t(first) + count, uint64_t(1) << 32);  // 64-bit: no wrap
    for (uint64_t i64 = first; i64 < end; ++i64) {
        const uint32_t i = static_cast<uint32_t>(i64);
        const size_t k = static_cast<size_t>(i64 - first);
        const uint8_t index[4] = {uint8_t(i), uint8_t(i >> 8), uint8_t(i >> 16), uint8_t(i >> 24)};
        ConcatHash h = prefix;
        h.update(index, sizeof index);
        h.to_point(out + 32 * k);
    }
}

const uint8_t* generator_H() noexcept {
    // Function-local static: initialised once, thread-safe (C++11).
    static const struct Encoded {
        uint8_t bytes[32];
        Encoded() noexcept {
            static const char label[] = "Ristretto255:H";
            ConcatHash h;
            h.update(reinterpret_cast<const uint8_t*>(label), sizeof label - 1);
            h.to_point(bytes);
        }
    } H;
    return H.bytes;
}

bool expand_message_xmd(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len, uint8_t* out,
                        size_t len_in_bytes) noexcept {
    constexpr size_t b_in_bytes = crypto_hash_sha512_BYTES;  // 64
    constexpr size_t s_in_bytes = 128;                       // SHA-512 block size
    const size_t ell = (len_in_bytes + b_in_bytes - 1) / b_in_bytes;
    if (len_in_bytes == 0 || ell > 255 || len_in_bytes > 65535) return false;

    // RFC 9380 section 5.3.3: a DST over 255 bytes is replaced by its hash.
    crypto_hash_sha512_state st;  // absorbs msg (possibly secret): wiped at the end, like every buffer below
    uint8_t short_dst[b_in_bytes];
    if (dst_len > 255) {
        static const char prefix[] = "H2C-OVERSIZE-DST-";
        crypto_hash_sha512_init(&st);
        crypto_hash_sha512_update(&st, reinterpret_cast<const uint8_t*>(prefix), sizeof prefix - 1);
        crypto_hash_sha512_update(&st, dst, dst_len);
        crypto_hash_sha512_final(&st, short_dst);
        dst = short_dst;
        dst_len = b_in_bytes;
    }
    const uint8_t dst_len_byte = uint8_t(dst_len);

    // b_0 = H(Z_pad || msg || I2OSP(len_in_bytes, 2) || I2OSP(0, 1) || DST_prime)
    static const uint8_t z_pad[s_in_bytes] = {0};
    const uint8_t len_and_zero[3] = {uint8_t(len_in_bytes >> 8), uint8_t(len_in_bytes), 0};
    uint8_t b0[b_in_bytes], bi[b_in_bytes], chained[b_in_bytes];
    crypto_hash_sha512_init(&st);
    crypto_hash_sha512_update(&st, z_pad, sizeof z_pad);
    crypto_hash_sha512_update(&st, msg, msg_len);
    crypto_hash_sha512_update(&st, len_and_zero, sizeof len_and_zero);
    crypto_hash_sha512_update(&st, dst, dst_len);
    crypto_hash_sha512_update(&st, &dst_len_byte, 1);
    crypto_hash_sha512_final(&st, b0);

    // b_i = H(strxor(b_0, b_(i-1)) || I2OSP(i, 1) || DST_prime), with b_1 = H(b_0 || 1 || DST_prime).
    for (size_t i = 1; i <= ell; ++i) {
        for (size_t j = 0; j < b_in_bytes; ++j) chained[j] = i == 1 ? b0[j] : uint8_t(b0[j] ^ bi[j]);
        const uint8_t counter = uint8_t(i);
        crypto_hash_sha512_init(&st);
        crypto_hash_sha512_update(&st, chained, sizeof chained);
        crypto_hash_sha512_update(&st, &counter, 1);
        crypto_hash_sha512_update(&st, dst, dst_len);
        crypto_hash_sha512_update(&st, &dst_len_byte, 1);
        crypto_hash_sha512_final(&st, bi);
        const size_t offset = (i - 1) * b_in_bytes;
        const size_t take = len_in_bytes - offset < b_in_bytes ? len_in_bytes - offset : b_in_bytes;
        std::memcpy(out + offset, bi, take);
    }
    sodium_memzero(b0, sizeof b0);
    sodium_memzero(bi, sizeof bi);
    sodium_memzero(chained, sizeof chained);
    sodium_memzero(&st, sizeof st);
    sodium_memzero(short_dst, sizeof short_dst);
    return true;
}

EdwardsPoint hash_to_group_point(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len) noexcept {
    uint8_t uniform[64];
    expand_message_xmd(msg, msg_len, dst, dst_len, uniform, sizeof uniform);
    const EdwardsPoint p = ristretto_from_uniform_point(uniform);
    sodium_memzero(uniform, sizeof uniform);
    return p;
}

void hash_to_group(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len, uint8_t out[32]) noexcept {
    ristretto_encode(out, hash_to_group_point(msg, msg_len, dst, dst_len));
}

void hash_to_scalar(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len, uint8_t out[32]) noexcept {
    uint8_t uniform[64];
    expand_message_xmd(msg, msg_len, dst, dst_len, uniform, sizeof uniform);
    crypto_core_ristretto255_scalar_reduce(out, uniform);
    sodium_memzero(uniform, sizeof uniform);
}

}  // namespace pyristretto
