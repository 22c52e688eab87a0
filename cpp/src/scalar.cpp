#include "pyristretto/scalar.hpp"

#include "pyristretto/bytes.hpp"

namespace pyristretto {

namespace {

// Loads s as four little-endian 64-bit words plus a zero word, so windows may run past bit 255.
inline void load_words(const uint8_t s[32], uint64_t w[5]) noexcept {
    for (int i = 0; i < 4; ++i) w[i] = detail::load64_le(s + 8 * i);
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

void signed_radix16(const uint8_t s[32], int8_t digits[64]) noexcept {
    for (int i = 0; i < 32; ++i) {
        digits[2 * i] = static_cast<int8_t>(s[i] & 15);
        digits[2 * i + 1] = static_cast<int8_t>((s[i] >> 4) & 15);
    }
    // Move each digit from [0, 16) to [-8, 8), carrying into the next; arithmetic only, no branches.
    int carry = 0;
    for (int i = 0; i < 63; ++i) {
        int d = digits[i] + carry;
        carry = (d + 8) >> 4;
        digits[i] = static_cast<int8_t>(d - (carry << 4));
    }
    digits[63] = static_cast<int8_t>(digits[63] + carry);
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
    // With bit 255 clear the carry is always absorbed by position 255 at the latest.
    return top;
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
