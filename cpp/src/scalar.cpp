#include "pyristretto/scalar.hpp"

#include <sodium.h>

#include "pyristretto/bytes.hpp"

namespace pyristretto {

namespace {

// q = 2^252 + c as four little-endian 64-bit words.
constexpr uint64_t kQ[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};

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

// Arithmetic mod q in Montgomery form: a value x is held as x R mod q (R = 2^256) in four 64-bit words, and kept
// below 2q rather than fully reduced. With q < 2^253, R > 8q: the Montgomery product of any a, b < 2q is
// (a b + m q) / R < (4q^2 + R q) / R < 1.5q, and of any a < R with b < q it is < 2q; so no step needs a
// conditional subtraction, and only the final conversion reduces (one constant-time subtraction of q).
using u128 = unsigned __int128;

// -1 / q mod 2^64, by Newton's iteration (each step doubles the correct low bits; q0 q0 = 1 mod 8 to start).
constexpr uint64_t neg_inverse_mod_2_64(uint64_t q0) {
    uint64_t x = q0;
    for (int i = 0; i < 5; ++i) x *= 2 - q0 * x;
    return 0 - x;
}
constexpr uint64_t kQInv = neg_inverse_mod_2_64(kQ[0]);
static_assert(kQ[0] * kQInv == ~uint64_t(0), "kQInv = -1/q mod 2^64");
// R^2 mod q: to_montgomery(x) = montgomery_mul(x, R^2) = x R mod q.
constexpr uint64_t kR2[4] = {0xa40611e3449c0f01ULL, 0xd00e1ba768859347ULL, 0xceec73d217f5be65ULL,
                             0x0399411b7c309a3dULL};

// r = a b / R mod q (r < 2q under the bounds above); word-serial (CIOS): after each word of b, one word of the
// running sum is cancelled by a multiple of q. q's words 2 (zero) and 3 (2^60) make that multiple cheap.
// No branch and no index on the operands. r may alias a or b.
inline void montgomery_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) noexcept {
    uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0;
    for (int i = 0; i < 4; ++i) {
        const uint64_t bi = b[i];
        u128 c = static_cast<u128>(a[0]) * bi + t0;
        t0 = static_cast<uint64_t>(c);
        c = static_cast<u128>(a[1]) * bi + t1 + (c >> 64);
        t1 = static_cast<uint64_t>(c);
        c = static_cast<u128>(a[2]) * bi + t2 + (c >> 64);
        t2 = static_cast<uint64_t>(c);
        c = static_cast<u128>(a[3]) * bi + t3 + (c >> 64);
        t3 = static_cast<uint64_t>(c);
        c = static_cast<u128>(t4) + (c >> 64);
        t4 = static_cast<uint64_t>(c);
        const uint64_t t5 = static_cast<uint64_t>(c >> 64);
        // Add m q with m = -t0 / q mod 2^64 (the low word becomes 0), then shift down one word.
        const uint64_t m = t0 * kQInv;
        c = static_cast<u128>(m) * kQ[0] + t0;
        c = static_cast<u128>(m) * kQ[1] + t1 + (c >> 64);
        t0 = static_cast<uint64_t>(c);
        c = static_cast<u128>(t2) + (c >> 64);  // kQ[2] = 0
        t1 = static_cast<uint64_t>(c);
        c = static_cast<u128>(m) * kQ[3] + t3 + (c >> 64);
        t2 = static_cast<uint64_t>(c);
        c = static_cast<u128>(t4) + (c >> 64);
        t3 = static_cast<uint64_t>(c);
        t4 = t5 + static_cast<uint64_t>(c >> 64);
    }
    r[0] = t0;  // t4 = 0: the result is < 2q < 2^254
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

// r = a^2 / R mod q, as montgomery_mul(r, a, a) but cheaper (the exponentiation's 252 squarings): the 512-bit
// square with each cross product once, doubled (10 products instead of 16), then four reduction rounds that each
// cancel the lowest word by a multiple of q, the carry out of each round entering the next one word higher.
inline void montgomery_square(uint64_t r[4], const uint64_t a[4]) noexcept {
    uint64_t t[8];
    // Cross products a_i a_j (i < j) at words i + j.
    u128 c = static_cast<u128>(a[0]) * a[1];
    t[1] = static_cast<uint64_t>(c);
    c = static_cast<u128>(a[0]) * a[2] + (c >> 64);
    t[2] = static_cast<uint64_t>(c);
    c = static_cast<u128>(a[0]) * a[3] + (c >> 64);
    t[3] = static_cast<uint64_t>(c);
    t[4] = static_cast<uint64_t>(c >> 64);
    c = static_cast<u128>(a[1]) * a[2] + t[3];
    t[3] = static_cast<uint64_t>(c);
    c = static_cast<u128>(a[1]) * a[3] + t[4] + (c >> 64);
    t[4] = static_cast<uint64_t>(c);
    t[5] = static_cast<uint64_t>(c >> 64);
    c = static_cast<u128>(a[2]) * a[3] + t[5];
    t[5] = static_cast<uint64_t>(c);
    t[6] = static_cast<uint64_t>(c >> 64);
    // Doubled (the top bit of word 6 is 0: a < 2^254), plus the squares a_i^2 at words 2i.
    t[7] = t[6] >> 63;
    for (int k = 6; k > 1; --k) t[k] = (t[k] << 1) | (t[k - 1] >> 63);
    t[1] <<= 1;
    c = static_cast<u128>(a[0]) * a[0];
    t[0] = static_cast<uint64_t>(c);
    uint64_t carry = static_cast<uint64_t>(c >> 64);
    for (int i = 1; i < 4; ++i) {
        const u128 d = static_cast<u128>(a[i]) * a[i];
        c = static_cast<u128>(t[2 * i - 1]) + carry;
        t[2 * i - 1] = static_cast<uint64_t>(c);
        c = static_cast<u128>(t[2 * i]) + static_cast<uint64_t>(d) + (c >> 64);
        t[2 * i] = static_cast<uint64_t>(c);
        carry = static_cast<uint64_t>(d >> 64) + static_cast<uint64_t>(c >> 64);
    }
    t[7] += carry;
    uint64_t over = 0;  // carry out of the previous round, one word above its top
    for (int i = 0; i < 4; ++i) {
        const uint64_t m = t[i] * kQInv;
        c = static_cast<u128>(m) * kQ[0] + t[i];
        c = static_cast<u128>(m) * kQ[1] + t[i + 1] + (c >> 64);
        t[i + 1] = static_cast<uint64_t>(c);
        c = static_cast<u128>(t[i + 2]) + (c >> 64);  // kQ[2] = 0
        t[i + 2] = static_cast<uint64_t>(c);
        c = static_cast<u128>(m) * kQ[3] + t[i + 3] + (c >> 64);
        t[i + 3] = static_cast<uint64_t>(c);
        c = static_cast<u128>(t[i + 4]) + over + (c >> 64);
        t[i + 4] = static_cast<uint64_t>(c);
        over = static_cast<uint64_t>(c >> 64);
    }
    for (int i = 0; i < 4; ++i) r[i] = t[4 + i];  // over = 0: the result is < 2q
}

// x < 2q to x mod q: subtract q, add it back masked by the borrow (constant-time).
inline void reduce_once(uint64_t x[4]) noexcept {
    uint64_t d[4], borrow = 0;
    for (int i = 0; i < 4; ++i) {
        const u128 v = static_cast<u128>(x[i]) - kQ[i] - borrow;
        d[i] = static_cast<uint64_t>(v);
        borrow = static_cast<uint64_t>(v >> 64) & 1;
    }
    const uint64_t keep = 0 - borrow;  // all ones when x < q: keep x
    for (int i = 0; i < 4; ++i) x[i] = (x[i] & keep) | (d[i] & ~keep);
}

// The exponent q - 2 (public), little-endian words: x^(q-2) = 1 / x mod q (Fermat).
constexpr uint64_t kQMinus2[4] = {kQ[0] - 2, kQ[1], kQ[2], kQ[3]};
constexpr unsigned kInvWindow = 5;                         // sliding window: odd powers x^1 .. x^31
constexpr unsigned kInvOdd = 1u << (kInvWindow - 1);       // 16 of them

inline unsigned exponent_bit(int i) { return static_cast<unsigned>(kQMinus2[i / 64] >> (i % 64)) & 1; }

// out = x^(q-2) mod q for x < 2^256 (any 32 bytes; x = 0 mod q gives 0). Left-to-right sliding-window
// exponentiation in Montgomery form: 252 squarings and 37 multiplications. Every branch and every table index is
// a function of the public exponent only; the temporaries are wiped.
void invert_words(const uint64_t x[4], uint64_t out[4]) noexcept {
    uint64_t odd[kInvOdd][4], sq[4], acc[4] = {0, 0, 0, 0};
    montgomery_mul(odd[0], x, kR2);  // x R
    montgomery_square(sq, odd[0]);
    for (unsigned k = 1; k < kInvOdd; ++k) montgomery_mul(odd[k], odd[k - 1], sq);  // x^(2k+1) R
    bool started = false;
    for (int i = 252; i >= 0;) {
        if (!exponent_bit(i)) {
            montgomery_square(acc, acc);
            --i;
            continue;
        }
        // The longest window [j, i] of at most kInvWindow bits ending in a 1 bit.
        int j = i - static_cast<int>(kInvWindow) + 1;
        if (j < 0) j = 0;
        while (!exponent_bit(j)) ++j;
        unsigned value = 0;
        for (int b = i; b >= j; --b) value = (value << 1) | exponent_bit(b);
        if (started) {
            for (int b = i; b >= j; --b) montgomery_square(acc, acc);
            montgomery_mul(acc, acc, odd[value >> 1]);
        } else {
            for (int w = 0; w < 4; ++w) acc[w] = odd[value >> 1][w];
            started = true;
        }
        i = j - 1;
    }
    const uint64_t one[4] = {1, 0, 0, 0};
    montgomery_mul(out, acc, one);  // out of Montgomery form: < 2q
    reduce_once(out);
    sodium_memzero(odd, sizeof odd);
    sodium_memzero(sq, sizeof sq);
    sodium_memzero(acc, sizeof acc);
}

}  // namespace

int scalar_invert(uint8_t out[32], const uint8_t s[32]) noexcept {
    uint64_t x[4], r[4];
    for (int i = 0; i < 4; ++i) x[i] = detail::load64_le(s + 8 * i);
    invert_words(x, r);
    uint64_t any = 0;
    for (int i = 0; i < 4; ++i) {
        detail::store64_le(out + 8 * i, r[i]);
        any |= r[i];
    }
    sodium_memzero(x, sizeof x);
    sodium_memzero(r, sizeof r);
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
    uint8_t folded[32];  // secret: wiped below
    scalar_fold(s, folded);
    for (int i = 0; i < 32; ++i) {
        digits[2 * i] = static_cast<int8_t>(folded[i] & 15);
        digits[2 * i + 1] = static_cast<int8_t>((folded[i] >> 4) & 15);
    }
    sodium_memzero(folded, sizeof folded);
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
    // The folded value is below 2^253: the carry is always absorbed by position 255 at the latest.
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
