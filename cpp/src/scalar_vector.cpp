// Vectors of scalars mod q (scalar_vector.hpp): 4x64-bit Montgomery arithmetic, R = 2^256.
#include "pyristretto/scalar_vector.hpp"

#include <sodium.h>

#include <cstring>
#include <memory>

#include "pyristretto/bytes.hpp"
#include "pyristretto/threads.hpp"

namespace pyristretto {

namespace {

using u64 = uint64_t;
using u128 = unsigned __int128;

// q = 2^252 + 27742317777372353535851937790883648493: limb 2 is 0 and limb 3 is 2^60, which the compiler folds.
constexpr u64 kQ[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};
constexpr u64 kQinv = 0xd2b51da312547e1bULL;  // -q^-1 mod 2^64
constexpr u64 kR2[4] = {0xa40611e3449c0f01ULL, 0xd00e1ba768859347ULL, 0xceec73d217f5be65ULL,
                        0x0399411b7c309a3dULL};  // 2^512 mod q
constexpr u64 kR1[4] = {0xd6ec31748d98951dULL, 0xc6ef5bf4737dcf70ULL, 0xfffffffffffffffeULL,
                        0x0fffffffffffffffULL};  // 2^256 mod q: 1 in Montgomery form
constexpr u64 kOne[4] = {1, 0, 0, 0};

struct Fq {
    u64 v[4];
};

// Little-endian limbs: one memcpy on little-endian hosts (the byte loops of bytes.hpp cost more than the
// arithmetic here), byte-swapped on big-endian ones.
inline u64 le64(u64 w) noexcept {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap64(w);
#else
    return w;
#endif
}

inline Fq load(const uint8_t* s) noexcept {
    Fq r;
    std::memcpy(r.v, s, 32);
    for (int i = 0; i < 4; ++i) r.v[i] = le64(r.v[i]);
    return r;
}

inline void store(uint8_t* out, const Fq& a) noexcept {
    u64 w[4];
    for (int i = 0; i < 4; ++i) w[i] = le64(a.v[i]);
    std::memcpy(out, w, 32);
}

// t (5 limbs, value < 2q) minus q when it is >= q, by a mask: no branch on the value.
inline Fq reduce_once(const u64 t[5]) noexcept {
    u64 d[4];
    u64 borrow = 0;
    for (int i = 0; i < 4; ++i) {
        const u128 x = static_cast<u128>(t[i]) - kQ[i] - borrow;
        d[i] = static_cast<u64>(x);
        borrow = static_cast<u64>(x >> 64) & 1;
    }
    // t - q < 0 exactly when the subtraction borrows out of the top limb t[4].
    const u64 negative = static_cast<u64>(0) - (borrow & ~t[4] & 1) ;
    const u64 keep = negative;  // all ones: t < q, keep it
    Fq r;
    for (int i = 0; i < 4; ++i) r.v[i] = (t[i] & keep) | (d[i] & ~keep);
    return r;
}

// a * b * R^-1 mod q (CIOS), for a, b < q; the result is < q.
inline Fq montmul(const Fq& a, const Fq& b) noexcept {
    u64 t[6] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 4; ++i) {
        u64 carry = 0;
        for (int j = 0; j < 4; ++j) {
            const u128 p = static_cast<u128>(a.v[j]) * b.v[i] + t[j] + carry;
            t[j] = static_cast<u64>(p);
            carry = static_cast<u64>(p >> 64);
        }
        u128 s = static_cast<u128>(t[4]) + carry;
        t[4] = static_cast<u64>(s);
        t[5] = static_cast<u64>(s >> 64);
        const u64 m = t[0] * kQinv;
        u128 p = static_cast<u128>(m) * kQ[0] + t[0];
        carry = static_cast<u64>(p >> 64);
        for (int j = 1; j < 4; ++j) {
            p = static_cast<u128>(m) * kQ[j] + t[j] + carry;
            t[j - 1] = static_cast<u64>(p);
            carry = static_cast<u64>(p >> 64);
        }
        s = static_cast<u128>(t[4]) + carry;
        t[3] = static_cast<u64>(s);
        t[4] = t[5] + static_cast<u64>(s >> 64);
    }
    return reduce_once(t);
}

inline Fq add(const Fq& a, const Fq& b) noexcept {
    u64 t[5];
    u64 carry = 0;
    for (int i = 0; i < 4; ++i) {
        const u128 s = static_cast<u128>(a.v[i]) + b.v[i] + carry;
        t[i] = static_cast<u64>(s);
        carry = static_cast<u64>(s >> 64);
    }
    t[4] = carry;
    return reduce_once(t);
}

inline Fq sub(const Fq& a, const Fq& b) noexcept {
    // a - b + q, then minus q when that is >= q: a + (q - b) with q - b in (0, q].
    u64 borrow = 0;
    Fq qb;
    for (int i = 0; i < 4; ++i) {
        const u128 x = static_cast<u128>(kQ[i]) - b.v[i] - borrow;
        qb.v[i] = static_cast<u64>(x);
        borrow = static_cast<u64>(x >> 64) & 1;
    }
    return add(a, qb);
}

inline Fq to_mont(const Fq& a) noexcept { return montmul(a, Fq{{kR2[0], kR2[1], kR2[2], kR2[3]}}); }
inline Fq from_mont(const Fq& a) noexcept { return montmul(a, Fq{{kOne[0], kOne[1], kOne[2], kOne[3]}}); }

inline bool is_zero(const Fq& a) noexcept {
    const u64 x = a.v[0] | a.v[1] | a.v[2] | a.v[3];
    return ((x | (static_cast<u64>(0) - x)) >> 63) == 0;  // no branch on the value
}

inline void wipe(Fq& a) noexcept { sodium_memzero(&a, sizeof a); }

// Montgomery-domain a^e for a public exponent e (little-endian bytes): a in Montgomery form, result too.
Fq mont_pow(const Fq& a, const uint8_t* e, size_t e_len) noexcept {
    Fq r{{kR1[0], kR1[1], kR1[2], kR1[3]}};
    for (size_t i = e_len; i-- > 0;) {
        for (int bit = 7; bit >= 0; --bit) {
            r = montmul(r, r);
            if ((e[i] >> bit) & 1) r = montmul(r, a);  // e is public
        }
    }
    return r;
}

// q - 2, little-endian.
constexpr uint8_t kQMinus2[32] = {0xeb, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                  0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};

// Scalar operations cost ~10-30 ns each: threads from ~64Ki elements (worker_count is calibrated on ~3 us items).
inline unsigned scalar_workers(size_t n) noexcept { return worker_count(n / 256); }

template <class Body>
void for_chunks(size_t n, Body body) noexcept {
    const unsigned workers = scalar_workers(n);
    if (workers <= 1) {
        body(size_t(0), n);
        return;
    }
    run_parallel(workers, [&](unsigned k) noexcept { body(n * k / workers, n * (k + 1) / workers); });
}

// The sum over [0, n) of term(i) (Montgomery or plain: addition is the same), chunked over threads.
template <class Term>
Fq chunked_sum(size_t n, Term term) noexcept {
    const unsigned workers = scalar_workers(n);
    Fq partial[kMaxThreadsCap];
    auto chunk = [&](unsigned k, unsigned count) noexcept {
        Fq acc{{0, 0, 0, 0}};
        for (size_t i = n * k / count, end = n * (k + 1) / count; i < end; ++i) acc = add(acc, term(i));
        partial[k] = acc;
    };
    if (workers <= 1) {
        chunk(0, 1);
        return partial[0];
    }
    run_parallel(workers, [&](unsigned k) noexcept { chunk(k, workers); });
    Fq acc = partial[0];
    for (unsigned k = 1; k < workers; ++k) acc = add(acc, partial[k]);
    sodium_memzero(partial, sizeof partial);
    return acc;
}

// p = x * y exactly (512 bits), schoolbook.
inline void mul_wide(const Fq& x, const Fq& y, u64 p[8]) noexcept {
    u64 carry = 0;
    for (int j = 0; j < 4; ++j) {  // row 0
        const u128 m = static_cast<u128>(x.v[0]) * y.v[j] + carry;
        p[j] = static_cast<u64>(m);
        carry = static_cast<u64>(m >> 64);
    }
    p[4] = carry;
    for (int i = 1; i < 4; ++i) {
        carry = 0;
        for (int j = 0; j < 4; ++j) {
            const u128 m = static_cast<u128>(x.v[i]) * y.v[j] + p[i + j] + carry;
            p[i + j] = static_cast<u64>(m);
            carry = static_cast<u64>(m >> 64);
        }
        p[i + 4] = carry;
    }
}

// acc += p over 8 limbs (the caller keeps the sum below 2^512).
inline void add_wide(u64 acc[8], const u64 p[8]) noexcept {
    u64 c = 0;
    for (int j = 0; j < 8; ++j) {
        const u128 s = static_cast<u128>(acc[j]) + p[j] + c;
        acc[j] = static_cast<u64>(s);
        c = static_cast<u64>(s >> 64);
    }
}

// A 512-bit value mod q (libsodium's 64-byte reduction, constant-time); wide is scratch the caller wipes.
inline Fq reduce_wide(const u64 acc[8], uint8_t wide[64]) noexcept {
    for (int j = 0; j < 8; ++j) {
        const u64 w = le64(acc[j]);
        std::memcpy(wide + 8 * j, &w, 8);
    }
    uint8_t reduced[32];
    crypto_core_ristretto255_scalar_reduce(reduced, wide);
    const Fq r = load(reduced);
    sodium_memzero(reduced, sizeof reduced);
    return r;
}

// sum a_i b_i mod q for i in [begin, end) with lazy reduction: the 512-bit products are added up exactly, 64 at a
// time (64 q^2 < 2^512), and each such sum is reduced once.
Fq inner_range(const uint8_t* a, const uint8_t* b, size_t begin, size_t end) noexcept {
    Fq result{{0, 0, 0, 0}};
    uint8_t wide[64];
    u64 p[8], acc[8];  // secret: wiped at the end, not per element
    for (size_t first = begin; first < end; first += 64) {
        const size_t last = end - first < 64 ? end : first + 64;
        for (int j = 0; j < 8; ++j) acc[j] = 0;
        for (size_t k = first; k < last; ++k) {
            mul_wide(load(a + 32 * k), load(b + 32 * k), p);
            add_wide(acc, p);
        }
        result = add(result, reduce_wide(acc, wide));
    }
    sodium_memzero(p, sizeof p);
    sodium_memzero(acc, sizeof acc);
    sodium_memzero(wide, sizeof wide);
    return result;
}

}  // namespace

void sv_add(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept {
    for_chunks(n, [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i) store(out + 32 * i, add(load(a + 32 * i), load(b + 32 * i)));
    });
}

void sv_sub(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept {
    for_chunks(n, [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i) store(out + 32 * i, sub(load(a + 32 * i), load(b + 32 * i)));
    });
}

void sv_mul(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept {
    for_chunks(n, [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i)
            store(out + 32 * i, to_mont(montmul(load(a + 32 * i), load(b + 32 * i))));  // (ab/R) * R^2 / R
    });
}

void sv_scale(uint8_t* out, const uint8_t* a, const uint8_t s[32], size_t n) noexcept {
    Fq sm = to_mont(load(s));
    for_chunks(n, [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i) store(out + 32 * i, montmul(load(a + 32 * i), sm));
    });
    wipe(sm);
}

void sv_inner(uint8_t out[32], const uint8_t* a, const uint8_t* b, size_t n) noexcept {
    const unsigned workers = scalar_workers(n);
    Fq acc;
    if (workers <= 1) {
        acc = inner_range(a, b, 0, n);
    } else {
        Fq partial[kMaxThreadsCap];
        run_parallel(workers, [&](unsigned k) noexcept {
            partial[k] = inner_range(a, b, n * k / workers, n * (k + 1) / workers);
        });
        acc = partial[0];
        for (unsigned k = 1; k < workers; ++k) acc = add(acc, partial[k]);
        sodium_memzero(partial, sizeof partial);
    }
    store(out, acc);
    wipe(acc);
}

void sv_sum(uint8_t out[32], const uint8_t* a, size_t n) noexcept {
    Fq acc = chunked_sum(n, [&](size_t i) noexcept { return load(a + 32 * i); });
    store(out, acc);
    wipe(acc);
}

void sv_fold(uint8_t* out, const uint8_t* a, size_t half, const uint8_t x[32], const uint8_t y[32]) noexcept {
    Fq xm = to_mont(load(x)), ym = to_mont(load(y));
    for_chunks(half, [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i)
            store(out + 32 * i, add(montmul(load(a + 32 * i), xm), montmul(load(a + 32 * (half + i)), ym)));
    });
    wipe(xm);
    wipe(ym);
}

void sv_powers(uint8_t* out, const uint8_t x[32], size_t n) noexcept {
    Fq xm = to_mont(load(x)), p{{1, 0, 0, 0}};
    for (size_t i = 0; i < n; ++i) {
        store(out + 32 * i, p);
        p = montmul(p, xm);  // p x R / R: stays in plain form
    }
    wipe(xm);
    wipe(p);
}

void scalar_pow(uint8_t out[32], const uint8_t s[32], const uint8_t* e, size_t e_len) noexcept {
    Fq a = to_mont(load(s));
    Fq r = from_mont(mont_pow(a, e, e_len));
    store(out, r);
    wipe(a);
    wipe(r);
}

bool scalar_invert_ct(uint8_t out[32], const uint8_t s[32]) noexcept {
    scalar_pow(out, s, kQMinus2, sizeof kQMinus2);  // 0^(q-2) = 0
    return !is_zero(load(s));
}

namespace {

// Montgomery's trick. out first holds the prefix products a_0 ... a_(i-1) (Montgomery form); zero_index finds
// the first zero (vartime only; SIZE_MAX for the constant-time variant, which only looks at the total product).
size_t batch_invert(uint8_t* out, const uint8_t* a, size_t n, bool vartime) noexcept {
    Fq acc{{kR1[0], kR1[1], kR1[2], kR1[3]}}, inv, t;
    for (size_t i = 0; i < n; ++i) {
        store(out + 32 * i, acc);
        t = load(a + 32 * i);
        if (vartime && is_zero(t)) {
            sodium_memzero(out, 32 * n);
            return i;
        }
        acc = montmul(acc, to_mont(t));
    }
    // The one inversion: s^(q-2) in Montgomery form (acc = A R, inv = A^-1 R), constant-time in A.
    // TODO(merge): the coordinator may switch this to scalar.cpp's fast constant-time inversion.
    inv = mont_pow(acc, kQMinus2, sizeof kQMinus2);
    // 1 unless the product is zero, as a word hidden from the optimizer (no compiler may turn it into a branch).
    const u64 any = acc.v[0] | acc.v[1] | acc.v[2] | acc.v[3];
    u64 nonzero = (any | (static_cast<u64>(0) - any)) >> 63;
#if defined(__GNUC__)
    __asm__("" : "+r"(nonzero));
#endif
    for (size_t i = n; i-- > 0;) {
        t = to_mont(load(a + 32 * i));
        store(out + 32 * i, from_mont(montmul(inv, load(out + 32 * i))));  // (a_0..a_i)^-1 R * P_i R / R = a_i^-1 R
        inv = montmul(inv, t);
    }
    wipe(acc);
    wipe(inv);
    wipe(t);
    // Some element is zero: the outputs are masked to zero without a branch (the caller learns only the result).
    const uint8_t keep = static_cast<uint8_t>(0 - nonzero);  // 0xff unless zero
    for (size_t i = 0; i < 32 * n; ++i) out[i] &= keep;
    return n & (static_cast<size_t>(0) - static_cast<size_t>(nonzero));  // n, or 0 when zero
}

}  // namespace

bool sv_batch_invert(uint8_t* out, const uint8_t* a, size_t n) noexcept {
    return n == 0 || batch_invert(out, a, n, false) == n;
}

size_t sv_batch_invert_vartime(uint8_t* out, const uint8_t* a, size_t n) noexcept {
    return n == 0 ? 0 : batch_invert(out, a, n, true);
}

void sv_random_bits(uint8_t* out, size_t n, unsigned bits) noexcept {
    randombytes_buf(out, 32 * n);
    for (size_t i = 0; i < n; ++i) {
        uint8_t* s = out + 32 * i;
        for (unsigned byte = 0; byte < 32; ++byte) {
            const unsigned low = 8 * byte;  // bits [low, low + 8) of this byte
            if (low >= bits) s[byte] = 0;
            else if (bits - low < 8) s[byte] &= static_cast<uint8_t>((1u << (bits - low)) - 1);
        }
    }
}

void sv_random(uint8_t* out, size_t n) noexcept {
    for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_scalar_random(out + 32 * i);
}

bool ct_bytes_equal(const uint8_t* a, const uint8_t* b, size_t len) noexcept {
    uint8_t diff = 0;
    for (size_t i = 0; i < len; ++i) diff |= static_cast<uint8_t>(a[i] ^ b[i]);
    return ((static_cast<unsigned>(diff) - 1) >> 8) & 1;
}

void ct_select_bytes(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t len, uint8_t bit) noexcept {
    const uint8_t mask = static_cast<uint8_t>(0 - (bit & 1));
    for (size_t i = 0; i < len; ++i) out[i] = static_cast<uint8_t>(a[i] ^ (mask & (a[i] ^ b[i])));
}

void ct_swap_bytes(uint8_t* a, uint8_t* b, size_t len, uint8_t bit) noexcept {
    const uint8_t mask = static_cast<uint8_t>(0 - (bit & 1));
    for (size_t i = 0; i < len; ++i) {
        const uint8_t d = static_cast<uint8_t>(mask & (a[i] ^ b[i]));
        a[i] ^= d;
        b[i] ^= d;
    }
}

}  // namespace pyristretto
