// Internal (not part of the API): arithmetic mod q on four 64-bit little-endian words, the one implementation that
// scalar.cpp (Scalar.invert) and scalar_vector.cpp (ScalarVector) share. Montgomery form with R = 2^256: x is held
// as x R mod q, kept below 2q rather than fully reduced. q < 2^253, so R > 8q: the Montgomery product of any
// a, b < 2q is (a b + m q) / R < (4q^2 + R q) / R < 1.5q, and of any a < R with b < q it is < 2q; no step needs a
// conditional subtraction, only the final store (reduce_once). q's words 2 (zero) and 3 (2^60) make each
// reduction round three multiplications, not five.
// Constant-time: no branch and no memory index depends on a value (only the *_vartime callers and public
// exponents steer code). All functions are plain C++ on unsigned __int128, which g++ -O3 compiles to mul/add/adc
// chains, with _addcarry_u64 on x86-64 (28 multiplications and ~130 instructions per Montgomery product).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace pyristretto {
namespace mont {

using u64 = uint64_t;
using u128 = unsigned __int128;

// One add-with-carry step, out = a + b + c, returning the carry out. On x86-64 the intrinsic, which g++ compiles
// to one adc in a chain (the same on unsigned __int128 costs moves and zeroed high words: ~3x the instructions).
inline unsigned char addc(unsigned char c, u64 a, u64 b, u64* out) noexcept {
#if defined(__x86_64__)
    unsigned long long r;
    c = _addcarry_u64(c, a, b, &r);
    *out = r;
    return c;
#else
    const u128 t = static_cast<u128>(a) + b + c;
    *out = static_cast<u64>(t);
    return static_cast<unsigned char>(t >> 64);
#endif
}

inline void mul_words(u64 a, u64 b, u64& lo, u64& hi) noexcept {
    const u128 p = static_cast<u128>(a) * b;
    lo = static_cast<u64>(p);
    hi = static_cast<u64>(p >> 64);
}

// q = 2^252 + 27742317777372353535851937790883648493.
constexpr u64 kQ[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};

// -1 / q mod 2^64, by Newton's iteration (each step doubles the correct low bits; q0 q0 = 1 mod 8 to start).
constexpr u64 neg_inverse_mod_2_64(u64 q0) {
    u64 x = q0;
    for (int i = 0; i < 5; ++i) x *= 2 - q0 * x;
    return 0 - x;
}
constexpr u64 kQInv = neg_inverse_mod_2_64(kQ[0]);
static_assert(kQ[0] * kQInv == ~u64(0), "kQInv = -1/q mod 2^64");
// R^2 mod q: mul(x, R^2) = x R mod q (into Montgomery form).
constexpr u64 kR2[4] = {0xa40611e3449c0f01ULL, 0xd00e1ba768859347ULL, 0xceec73d217f5be65ULL, 0x0399411b7c309a3dULL};
// R mod q: 1 in Montgomery form.
constexpr u64 kR1[4] = {0xd6ec31748d98951dULL, 0xc6ef5bf4737dcf70ULL, 0xfffffffffffffffeULL, 0x0fffffffffffffffULL};
// R^-1 mod q: mul(x R^2, R^-1) = x (out of a doubled Montgomery factor in one product).
constexpr u64 kRInv[4] = {0xc766cca43d5f0d24ULL, 0xb7f5c66a973f754cULL, 0x614e75438ffa36beULL, 0x09db6c6f26fe9183ULL};
constexpr u64 kOne[4] = {1, 0, 0, 0};

// Little-endian words: one memcpy on little-endian hosts, byte-swapped on big-endian ones.
inline void load(u64 w[4], const uint8_t* s) noexcept {
    std::memcpy(w, s, 32);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (int i = 0; i < 4; ++i) w[i] = __builtin_bswap64(w[i]);
#endif
}

inline void store(uint8_t* out, const u64 w[4]) noexcept {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    u64 b[4];
    for (int i = 0; i < 4; ++i) b[i] = __builtin_bswap64(w[i]);
    std::memcpy(out, b, 32);
#else
    std::memcpy(out, w, 32);
#endif
}

// x < 2q to x mod q: subtract q, keep x when that borrows (a mask, no branch).
inline void reduce_once(u64 x[4]) noexcept {
    u64 d[4], borrow = 0;
    for (int i = 0; i < 4; ++i) {
        const u128 v = static_cast<u128>(x[i]) - kQ[i] - borrow;
        d[i] = static_cast<u64>(v);
        borrow = static_cast<u64>(v >> 64) & 1;
    }
    const u64 keep = 0 - borrow;  // all ones when x < q
    for (int i = 0; i < 4; ++i) x[i] = (x[i] & keep) | (d[i] & ~keep);
}

#if defined(__x86_64__) && defined(__GNUC__)
// t0..t3 += a b_i and t4 = the carry word out (the row of the schoolbook product), in one asm block: mulq's fixed
// rax/rdx make g++ shuffle registers around each product of the C++ form below (~165 vs ~100 instructions).
inline void mul_row(u64& t0, u64& t1, u64& t2, u64& t3, u64& t4, const u64 a[4], u64 bi) noexcept {
    u64 c;
    __asm__(
        "movq %[a0], %%rax\n\t"
        "mulq %[b]\n\t"
        "addq %%rax, %[t0]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq %[a1], %%rax\n\t"
        "mulq %[b]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[t1]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq %[a2], %%rax\n\t"
        "mulq %[b]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[t2]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[c]\n\t"
        "movq %[a3], %%rax\n\t"
        "mulq %[b]\n\t"
        "addq %[c], %%rax\n\t"
        "adcq $0, %%rdx\n\t"
        "addq %%rax, %[t3]\n\t"
        "adcq $0, %%rdx\n\t"
        "movq %%rdx, %[t4]"  // a_j b_i + two words < 2^128 at every step: no carry is lost
        : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [t4] "=&r"(t4), [c] "=&r"(c)
        : [a0] "m"(a[0]), [a1] "m"(a[1]), [a2] "m"(a[2]), [a3] "m"(a[3]), [b] "r"(bi)
        : "rax", "rdx", "cc");
}

// t = a b exactly (eight words), row by row.
inline void mul_wide(u64 t[8], const u64 a[4], const u64 b[4]) noexcept {
    u64 t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4, t5, t6, t7;
    mul_row(t0, t1, t2, t3, t4, a, b[0]);
    mul_row(t1, t2, t3, t4, t5, a, b[1]);
    mul_row(t2, t3, t4, t5, t6, a, b[2]);
    mul_row(t3, t4, t5, t6, t7, a, b[3]);
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
    t[4] = t4;
    t[5] = t5;
    t[6] = t6;
    t[7] = t7;
}
#else
// t = a b exactly (eight words), row by row: each row's four products joined by one carry chain, added into t by
// a second one.
inline void mul_wide(u64 t[8], const u64 a[4], const u64 b[4]) noexcept {
    u64 lo[4], hi[4], r[4];
    unsigned char c;
    for (int j = 0; j < 4; ++j) mul_words(a[j], b[0], lo[j], hi[j]);
    t[0] = lo[0];
    c = addc(0, hi[0], lo[1], &t[1]);
    c = addc(c, hi[1], lo[2], &t[2]);
    c = addc(c, hi[2], lo[3], &t[3]);
    t[4] = hi[3] + c;
    for (int i = 1; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) mul_words(a[j], b[i], lo[j], hi[j]);
        c = addc(0, hi[0], lo[1], &r[1]);
        c = addc(c, hi[1], lo[2], &r[2]);
        c = addc(c, hi[2], lo[3], &r[3]);
        const u64 top = hi[3] + c;  // a row is below 2^320
        c = addc(0, t[i], lo[0], &t[i]);
        c = addc(c, t[i + 1], r[1], &t[i + 1]);
        c = addc(c, t[i + 2], r[2], &t[i + 2]);
        c = addc(c, t[i + 3], r[3], &t[i + 3]);
        t[i + 4] = top + c;  // the product is below 2^512
    }
}
#endif

// t += u over eight words (the caller keeps the sum below 2^512).
inline void add_wide(u64 t[8], const u64 u[8]) noexcept {
    unsigned char c = 0;
    for (int k = 0; k < 8; ++k) c = addc(c, t[k], u[k], &t[k]);
}

// t / R mod q for a 512-bit t (eight words, t < 2^511, overwritten): four rounds that each cancel the lowest word by
// adding m q (m = -t_i / q mod 2^64: two multiplications and a shift, q's words being q0, q1, 0, 2^60).
// r = (t + M q) / R with M < R, so r < 2^255 + q < R (r < 2q when t < q R).
inline void redc(u64 r[4], u64 t[8]) noexcept {
    u64 pending = 0;  // the carry out of the previous round, due at this round's top word
    for (int i = 0; i < 4; ++i) {
        const u64 m = t[i] * kQInv;
        const u64 w3 = m << 60, w4 = (m >> 4) + pending;  // m q3 = m 2^60 as two words; m >> 4 < 2^60
#if defined(__x86_64__) && defined(__GNUC__)
        // One carry chain through the five words: g++ spreads the intrinsics' chain around the shifts and
        // multiplications and saves the flag in between (setc / addb), twice the instructions of this.
        u64 lo = m, hi, borrow;
        __asm__(
            "mulq %[q0]\n\t"         // hi:lo = m q0
            "addq %[lo], %[t0]\n\t"  // t_i + low word: 0, carrying unless t_i = 0
            "adcq $0, %[hi]\n\t"     // high word plus that carry (m q0 < 2^128 - 2^64: no overflow)
            "movq %[hi], %[b]\n\t"
            "movq %[m], %[lo]\n\t"
            "mulq %[q1]\n\t"  // hi:lo = m q1
            "addq %[b], %[lo]\n\t"
            "adcq $0, %[hi]\n\t"  // m q1 + carried word < 2^128
            "addq %[lo], %[t1]\n\t"
            "adcq %[hi], %[t2]\n\t"
            "adcq %[w3], %[t3]\n\t"
            "adcq %[w4], %[t4]\n\t"
            "sbbq %[b], %[b]"  // -carry
            : [lo] "+&a"(lo), [hi] "=&d"(hi), [b] "=&r"(borrow), [t0] "+&r"(t[i]), [t1] "+&r"(t[i + 1]),
              [t2] "+&r"(t[i + 2]), [t3] "+&r"(t[i + 3]), [t4] "+&r"(t[i + 4])
            : [m] "r"(m), [q0] "r"(kQ[0]), [q1] "r"(kQ[1]), [w3] "r"(w3), [w4] "r"(w4)
            : "cc");
        pending = 0 - borrow;
#else
        u64 l0, h0, l1, h1, w1, dummy;
        mul_words(m, kQ[0], l0, h0);
        mul_words(m, kQ[1], l1, h1);
        unsigned char c = addc(0, h0, l1, &w1);
        const u64 w2 = h1 + c;          // m q1 + h0 < 2^128
        c = addc(0, t[i], l0, &dummy);  // the word cancelled: 0, carrying unless t_i = 0
        c = addc(c, t[i + 1], w1, &t[i + 1]);
        c = addc(c, t[i + 2], w2, &t[i + 2]);
        c = addc(c, t[i + 3], w3, &t[i + 3]);
        c = addc(c, t[i + 4], w4, &t[i + 4]);
        pending = c;
#endif
    }
    for (int i = 0; i < 4; ++i) r[i] = t[4 + i];  // t + M q < 2^512: the last carry is 0
}

// r = a b / R mod q (r < 2q under the bounds above). r may alias a or b.
inline void mul(u64 r[4], const u64 a[4], const u64 b[4]) noexcept {
    u64 t[8];
    mul_wide(t, a, b);
    redc(r, t);
}

// r = a^2 / R mod q, as mul(r, a, a) but cheaper (an exponentiation's squarings): the 512-bit square with each
// cross product once, doubled (10 products instead of 16), then redc. a < 2q.
inline void square(u64 r[4], const u64 a[4]) noexcept {
    u64 t[8];
    // Cross products a_i a_j (i < j) at words i + j.
    u128 c = static_cast<u128>(a[0]) * a[1];
    t[1] = static_cast<u64>(c);
    c = static_cast<u128>(a[0]) * a[2] + (c >> 64);
    t[2] = static_cast<u64>(c);
    c = static_cast<u128>(a[0]) * a[3] + (c >> 64);
    t[3] = static_cast<u64>(c);
    t[4] = static_cast<u64>(c >> 64);
    c = static_cast<u128>(a[1]) * a[2] + t[3];
    t[3] = static_cast<u64>(c);
    c = static_cast<u128>(a[1]) * a[3] + t[4] + (c >> 64);
    t[4] = static_cast<u64>(c);
    t[5] = static_cast<u64>(c >> 64);
    c = static_cast<u128>(a[2]) * a[3] + t[5];
    t[5] = static_cast<u64>(c);
    t[6] = static_cast<u64>(c >> 64);
    // Doubled (the top bit of word 6 is 0: a < 2^254), plus the squares a_i^2 at words 2i.
    t[7] = t[6] >> 63;
    for (int k = 6; k > 1; --k) t[k] = (t[k] << 1) | (t[k - 1] >> 63);
    t[1] <<= 1;
    c = static_cast<u128>(a[0]) * a[0];
    t[0] = static_cast<u64>(c);
    u64 carry = static_cast<u64>(c >> 64);
    for (int i = 1; i < 4; ++i) {
        const u128 d = static_cast<u128>(a[i]) * a[i];
        c = static_cast<u128>(t[2 * i - 1]) + carry;
        t[2 * i - 1] = static_cast<u64>(c);
        c = static_cast<u128>(t[2 * i]) + static_cast<u64>(d) + (c >> 64);
        t[2 * i] = static_cast<u64>(c);
        carry = static_cast<u64>(d >> 64) + static_cast<u64>(c >> 64);
    }
    t[7] += carry;
    redc(r, t);  // t < 4q^2 < qR: r < 2q
}

// r = t mod q for t < 2^511 (eight words, overwritten): t / R by redc, times R^2 / R.
inline void reduce_wide(u64 r[4], u64 t[8]) noexcept {
    redc(r, t);      // < R
    mul(r, r, kR2);  // < 2q
    reduce_once(r);
}

// r = a + b mod q for a, b < q (r may alias either).
inline void add(u64 r[4], const u64 a[4], const u64 b[4]) noexcept {
    u64 t[4], d[4];
    u128 c = 0;
    for (int i = 0; i < 4; ++i) {
        c = static_cast<u128>(a[i]) + b[i] + static_cast<u64>(c >> 64);
        t[i] = static_cast<u64>(c);
    }
    // a + b < 2q < 2^254: no carry out; minus q unless that borrows.
    u64 borrow = 0;
    for (int i = 0; i < 4; ++i) {
        const u128 v = static_cast<u128>(t[i]) - kQ[i] - borrow;
        d[i] = static_cast<u64>(v);
        borrow = static_cast<u64>(v >> 64) & 1;
    }
    const u64 keep = 0 - borrow;
    for (int i = 0; i < 4; ++i) r[i] = (t[i] & keep) | (d[i] & ~keep);
}

// r = a - b mod q for a, b < q: a + (q - b), q - b in (0, q].
inline void sub(u64 r[4], const u64 a[4], const u64 b[4]) noexcept {
    u64 qb[4], borrow = 0;
    for (int i = 0; i < 4; ++i) {
        const u128 v = static_cast<u128>(kQ[i]) - b[i] - borrow;
        qb[i] = static_cast<u64>(v);
        borrow = static_cast<u64>(v >> 64) & 1;
    }
    add(r, a, qb);  // a + q - b < 2q even for b = 0
}

// out = 1 / x in Montgomery form (x R < 2q in, (1/x) R < 2q out; 0 for x = 0 mod q): x^(q-2) by a left-to-right
// sliding window over the PUBLIC exponent, 252 squarings and ~40 products. Every branch and table index depends
// on the exponent only; the temporaries live in s, for the caller to wipe.
constexpr unsigned kInvWindow = 5;                    // odd powers x^1 .. x^31
constexpr unsigned kInvOdd = 1u << (kInvWindow - 1);  // 16 of them
constexpr u64 kQMinus2[4] = {kQ[0] - 2, kQ[1], kQ[2], kQ[3]};
inline unsigned exponent_bit(int i) noexcept { return static_cast<unsigned>(kQMinus2[i / 64] >> (i % 64)) & 1; }

struct InvertScratch {
    u64 odd[kInvOdd][4];
    u64 sq[4];
    u64 acc[4];
};

inline void invert(u64 out[4], const u64 xr[4], InvertScratch& s) noexcept {
    for (int w = 0; w < 4; ++w) s.odd[0][w] = xr[w];
    square(s.sq, s.odd[0]);
    for (unsigned k = 1; k < kInvOdd; ++k) mul(s.odd[k], s.odd[k - 1], s.sq);  // x^(2k+1) R
    u64* acc = s.acc;
    bool started = false;
    for (int i = 252; i >= 0;) {
        if (!exponent_bit(i)) {
            square(acc, acc);
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
            for (int b = i; b >= j; --b) square(acc, acc);
            mul(acc, acc, s.odd[value >> 1]);
        } else {
            for (int w = 0; w < 4; ++w) acc[w] = s.odd[value >> 1][w];
            started = true;
        }
        i = j - 1;
    }
    for (int w = 0; w < 4; ++w) out[w] = acc[w];
}

}  // namespace mont
}  // namespace pyristretto
