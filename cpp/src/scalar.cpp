#include "pyristretto/scalar.hpp"

#include <sodium.h>

#include "pyristretto/bytes.hpp"
#include "pyristretto/scalar_mont.hpp"

namespace pyristretto {

namespace {

using mont::kQ;  // q = 2^252 + c as four little-endian 64-bit words

// w = s - k q with k = max(hi - 1, 0), hi = s >> 252 (the top nibble): constant-time, no branch or index on s.
// For hi >= 1 the result is lo + 2^252 - (hi - 1) c with lo = s mod 2^252 and c = q - 2^252 < 2^125, so
// 0 < w < 2^253; for hi <= 1 (every s < 2^253, hence every reduced scalar) w = s, digits unchanged.
inline void fold_words(const uint8_t s[32], uint64_t w[4]) noexcept {
    for (int i = 0; i < 4; ++i) w[i] = detail::load64_le(s + 8 * i);
    const uint64_t hi = w[3] >> 60;
    const uint64_t k = hi - 1 + ((hi - 1) >> 63);  // hi - 1, or 0 when hi = 0 (hi - 1 wraps: top bit set)
    unsigned __int128 borrow = 0;
    for (int i = 0; i < 4; ++i) {
        const unsigned __int128 kq = static_cast<unsigned __int128>(k) * kQ[i] + borrow;  // < 2^68 * 2^64
        const uint64_t low = static_cast<uint64_t>(kq);
        const unsigned __int128 d = static_cast<unsigned __int128>(w[i]) - low;  // sub and sbb: no branch
        w[i] = static_cast<uint64_t>(d);
        borrow = (kq >> 64) + static_cast<uint64_t>(d >> 127);
    }
}

// Loads fold(s) as four little-endian 64-bit words plus a zero word, so windows may run past bit 255.
inline void load_words(const uint8_t s[32], uint64_t w[5]) noexcept {
    fold_words(s, w);
    w[4] = 0;
}

// Bits [pos, pos + width) of the 320-bit little-endian word array (width <= 32, pos < 256).
inline uint64_t window_bits(const uint64_t w[5], size_t pos, unsigned width) noexcept {
    const size_t word = pos / 64, bit = pos % 64;
    uint64_t v = w[word] >> bit;
    if (bit + width > 64) v |= w[word + 1] << (64 - bit);
    return v & ((uint64_t(1) << width) - 1);
}

}  // namespace

int scalar_invert(uint8_t out[32], const uint8_t s[32]) noexcept {
    // The shared mod-q arithmetic (scalar_mont.hpp): into Montgomery form (x < 2^256 = R, so x R^2 / R < 2q),
    // the fixed exponentiation, and out again.
    uint64_t r[4];
    mont::InvertScratch scratch;
    mont::load(r, s);
    mont::mul(r, r, mont::kR2);
    mont::invert(r, r, scratch);
    mont::mul(r, r, mont::kOne);
    mont::reduce_once(r);
    uint64_t any = 0;
    for (int i = 0; i < 4; ++i) any |= r[i];
    mont::store(out, r);
    sodium_memzero(r, sizeof r);
    sodium_memzero(&scratch, sizeof scratch);
    // 1 / x is 0 exactly when x = 0 mod q; only that bit leaves: -1 then, 0 otherwise (no branch here).
    return -static_cast<int>(((any | (0 - any)) >> 63) ^ 1);
}

void scalar_fold(const uint8_t s[32], uint8_t out[32]) noexcept {
    uint64_t w[4];
    fold_words(s, w);
    for (int i = 0; i < 4; ++i) detail::store64_le(out + 8 * i, w[i]);
    sodium_memzero(w, sizeof w);
}

void signed_radix16(const uint8_t s[32], int8_t digits[64]) noexcept {
    // Digit i is nibble n_i of fold(s) plus the carry c_i from below, less 16 c_(i+1); c_(i+1) = 1 when n_i + c_i >= 8:
    // when n_i >= 8 (generates a carry) or n_i = 7 (passes c_i on). Those are the carries of one 256-bit addition,
    // (g | p) * 15 + g with one bit of g and of p per nibble, so all 63 come from four adds instead of a chain of 63
    // dependent steps, and the digits from a loop over bytes that runs on vectors: 97 -> 25 ns a scalar. The top
    // nibble carries nothing out (fold(s) < 2^253). Arithmetic only, no branch or index on s.
    constexpr uint64_t kNibbleLow = 0x1111111111111111;  // bit 4k of a word: nibble k
    struct {
        uint64_t w[4], into[4];           // fold(s), and the carry into each nibble (bit 4k)
        uint8_t folded[32], carries[33];  // the same as bytes: byte j holds nibbles 2j, 2j + 1
    } t;                                  // secret: wiped below (one call)
    fold_words(s, t.w);
    unsigned __int128 sum = 0;
    for (int i = 0; i < 4; ++i) {
        const uint64_t nibbles = i == 3 ? kNibbleLow >> 4 : kNibbleLow;  // not nibble 63
        const uint64_t x = t.w[i];
        const uint64_t generate = (x >> 3) & nibbles, propagate = x & (x >> 1) & (x >> 2) & ~(x >> 3) & nibbles;
        const uint64_t a = (generate | propagate) * 15, b = generate;
        sum = static_cast<unsigned __int128>(a) + b + static_cast<uint64_t>(sum >> 64);
        t.into[i] = (static_cast<uint64_t>(sum) ^ a ^ b) & kNibbleLow;
        detail::store64_le(t.folded + 8 * i, x);
        detail::store64_le(t.carries + 8 * i, t.into[i]);
    }
    t.carries[32] = 0;  // nibble 63 carries nothing out
    for (int j = 0; j < 32; ++j) {
        const int low_in = t.carries[j] & 1, high_in = t.carries[j] >> 4, high_out = t.carries[j + 1] & 1;
        digits[2 * j] = static_cast<int8_t>((t.folded[j] & 15) + low_in - 16 * high_in);
        digits[2 * j + 1] = static_cast<int8_t>((t.folded[j] >> 4) + high_in - 16 * high_out);
    }
    sodium_memzero(&t, sizeof t);
}

size_t width_naf(const uint8_t s[32], unsigned w, int8_t naf[kNafDigits]) noexcept {
    uint64_t words[5];
    load_words(s, words);
    for (size_t i = 0; i < kNafDigits; ++i) naf[i] = 0;
    const int width = 1 << w, half = width >> 1;
    const uint64_t mask = uint64_t(width) - 1;
    size_t top = 0;
    uint64_t carry = 0;
    size_t pos = 0;
    while (pos < kNafDigits) {
        // Next w bits plus the pending carry; an even value means a zero digit here.
        const uint64_t window = carry + (window_bits(words, pos, w) & mask);
        if ((window & 1) == 0) {
            ++pos;
            continue;
        }
        if (window < static_cast<uint64_t>(half)) {
            carry = 0;
            naf[pos] = static_cast<int8_t>(window);
        } else {
            carry = 1;
            naf[pos] = static_cast<int8_t>(static_cast<int>(window) - width);
        }
        top = pos + 1;
        pos += w;
    }
    // The folded value is below 2^253: the carry is always absorbed by position 255 at the latest.
    return top;
}

size_t width_naf_list(const uint8_t s[32], unsigned w, NafDigit out[kNafListCapacity]) noexcept {
    uint64_t words[5];
    load_words(s, words);
    const int64_t width = int64_t(1) << w, half = width >> 1;
    size_t count = 0, pos = 0;
    int64_t carry = 0;
    while (pos < kNafDigits) {
        // width_naf's step, with selects for its branches: the entry is written either way and kept only for an
        // odd window.
        const int64_t window = carry + static_cast<int64_t>(window_bits(words, pos, w));
        const bool odd = window & 1;
        const bool high = window >= half;
        out[count] = NafDigit{static_cast<uint8_t>(pos), static_cast<int8_t>(high ? window - width : window)};
        count += odd;
        carry = odd ? int64_t(high) : carry;
        pos += odd ? w : 1;
    }
    // The folded value is below 2^253: the carry is always absorbed by position 255 at the latest.
    return count;
}

size_t signed_radix2c(const uint8_t s[32], unsigned c, int16_t* digits) noexcept {
    uint64_t words[5];
    load_words(s, words);
    const size_t count = radix2c_digit_count(c);
    const int64_t radix = int64_t(1) << c, half = radix >> 1;
    int64_t carry = 0;
    size_t top = 0;
    for (size_t i = 0; i + 1 < count; ++i) {
        int64_t d = static_cast<int64_t>(window_bits(words, i * c, c)) + carry;
        carry = (d + half) >> c;  // 1 iff d >= 2^(c-1)
        d -= carry << c;
        digits[i] = static_cast<int16_t>(d);
        if (d != 0) top = i + 1;
    }
    digits[count - 1] = static_cast<int16_t>(carry);
    if (carry != 0) top = count;
    return top;
}

}  // namespace pyristretto
