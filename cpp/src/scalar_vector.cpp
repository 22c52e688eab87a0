// Vectors of scalars mod q (scalar_vector.hpp) on the shared 4x64-bit Montgomery arithmetic (scalar_mont.hpp);
// on the IFMA backend the products (Hadamard, scale, fold, powers, inner) run eight lanes at a time
// (ifma/scalar8.cpp), with the same reduced results.
#include "pyristretto/scalar_vector.hpp"

#include <sodium.h>

#include <cstring>
#include <memory>

#include "pyristretto/dispatch.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scalar_mont.hpp"
#include "pyristretto/threads.hpp"

namespace pyristretto {

namespace {

using namespace mont;  // the shared mod-q arithmetic (scalar_mont.hpp)

// One scalar's words, wiped when it goes out of scope (the values may be secrets).
struct Fq {
    u64 v[4];
    ~Fq() { sodium_memzero(v, sizeof v); }
};

// Scalar operations cost ~5-30 ns each: threads from ~64Ki elements (worker_count is calibrated on ~3 us items).
inline unsigned scalar_workers(size_t n) noexcept { return worker_count(n / 256); }

// The backend's lanes for n elements, where it has lanes and they pay (ScalarLanes::min); else nullptr.
inline const ScalarLanes* lanes_for(size_t n) noexcept {
    const ScalarLanes* lanes = backend_ops().scalar_lanes;
    return lanes != nullptr && n >= lanes->min ? lanes : nullptr;
}

template <class Body>
void for_chunks(size_t n, Body body) noexcept {
    const unsigned workers = scalar_workers(n);
    if (workers <= 1) {
        body(size_t(0), n);
        return;
    }
    run_parallel(workers, [&](unsigned k) noexcept { body(n * k / workers, n * (k + 1) / workers); });
}

// The sum mod q of range(begin, end) over [0, n), chunked over threads; range returns a reduced value.
template <class Range>
void chunked_sum(uint8_t out[32], size_t n, Range range) noexcept {
    const unsigned workers = scalar_workers(n);
    Fq acc;
    if (workers <= 1) {
        range(size_t(0), n, acc.v);
    } else {
        Fq partial[kMaxThreadsCap];
        run_parallel(workers,
                     [&](unsigned k) noexcept { range(n * k / workers, n * (k + 1) / workers, partial[k].v); });
        for (int w = 0; w < 4; ++w) acc.v[w] = partial[0].v[w];
        for (unsigned k = 1; k < workers; ++k) add(acc.v, acc.v, partial[k].v);
    }
    store(out, acc.v);
}

// Lazy reduction: up to kLazy products (or values) below q^2 are summed exactly in eight words before one
// reduction (kLazy q^2 < 2^511, reduce_wide's bound).
constexpr size_t kLazy = 64;

// r = sum a_i b_i mod q over [begin, end): the 512-bit products are summed exactly, each 64 reduced once (on the
// IFMA lanes: unreduced columns, each 1024 reduced to eight lane sums).
void inner_range(const uint8_t* a, const uint8_t* b, size_t begin, size_t end, u64 r[4]) noexcept {
    Fq x, y, part;
    for (int w = 0; w < 4; ++w) r[w] = 0;
    if (const ScalarLanes* l = lanes_for(end - begin)) {
        uint8_t lanes[8 * 32];
        for (size_t first = begin; first < end; first += l->inner_max) {
            const size_t count = end - first < l->inner_max ? end - first : l->inner_max;
            l->inner(lanes, a + 32 * first, b + 32 * first, count);
            for (int j = 0; j < 8; ++j) {
                load(part.v, lanes + 32 * j);
                add(r, r, part.v);
            }
        }
        sodium_memzero(lanes, sizeof lanes);
        return;
    }
    u64 acc[8], p[8];
    for (size_t first = begin; first < end; first += kLazy) {
        const size_t last = end - first < kLazy ? end : first + kLazy;
        for (int w = 0; w < 8; ++w) acc[w] = 0;
        for (size_t k = first; k < last; ++k) {
            load(x.v, a + 32 * k);
            load(y.v, b + 32 * k);
            mul_wide(p, x.v, y.v);
            add_wide(acc, p);
        }
        reduce_wide(part.v, acc);
        add(r, r, part.v);
    }
    sodium_memzero(acc, sizeof acc);
    sodium_memzero(p, sizeof p);
}

// r = sum a_i mod q over [begin, end): the values summed exactly in eight words (< n q < 2^511) and reduced once.
void sum_range(const uint8_t* a, size_t begin, size_t end, u64 r[4]) noexcept {
    u64 acc[8] = {0, 0, 0, 0, 0, 0, 0, 0}, x[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (size_t k = begin; k < end; ++k) {
        load(x, a + 32 * k);
        add_wide(acc, x);
    }
    reduce_wide(r, acc);
    sodium_memzero(acc, sizeof acc);
    sodium_memzero(x, sizeof x);
}

// x R mod q (< q) from a reduced x: the Montgomery form that turns mul(a, xR) into a x.
inline void to_mont(u64 r[4], const uint8_t* x) noexcept {
    load(r, x);
    mul(r, r, kR2);
    reduce_once(r);
}

}  // namespace

namespace {

// out[i] = op(a[i], b[i]) element-wise, op(x, y) leaving the reduced result in x; chunked over threads.
template <class Op>
void elementwise(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n, Op op) noexcept {
    for_chunks(n, [&](size_t begin, size_t end) noexcept {
        Fq x, y;
        for (size_t i = begin; i < end; ++i) {
            load(x.v, a + 32 * i);
            load(y.v, b + 32 * i);
            op(x.v, y.v);
            store(out + 32 * i, x.v);
        }
    });
}

}  // namespace

void sv_add(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept {
    elementwise(out, a, b, n, [](u64 x[4], const u64 y[4]) noexcept { add(x, x, y); });
}

void sv_sub(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept {
    elementwise(out, a, b, n, [](u64 x[4], const u64 y[4]) noexcept { sub(x, x, y); });
}

void sv_mul(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept {
    if (const ScalarLanes* l = lanes_for(n)) {
        for_chunks(n, [&](size_t begin, size_t end) noexcept {
            l->mul(out + 32 * begin, a + 32 * begin, b + 32 * begin, end - begin);
        });
        return;
    }
    elementwise(out, a, b, n, [](u64 x[4], const u64 y[4]) noexcept {
        mul(x, x, y);    // a b / R < 2q
        mul(x, x, kR2);  // a b R^2 / R^2 < 2q
        reduce_once(x);
    });
}

void sv_scale(uint8_t* out, const uint8_t* a, const uint8_t s[32], size_t n) noexcept {
    if (const ScalarLanes* l = lanes_for(n)) {
        for_chunks(
            n, [&](size_t begin, size_t end) noexcept { l->scale(out + 32 * begin, a + 32 * begin, s, end - begin); });
        return;
    }
    Fq sm;
    to_mont(sm.v, s);
    for_chunks(n, [&](size_t begin, size_t end) noexcept {
        Fq x;
        for (size_t i = begin; i < end; ++i) {
            load(x.v, a + 32 * i);
            mul(x.v, x.v, sm.v);  // a s R / R < 2q
            reduce_once(x.v);
            store(out + 32 * i, x.v);
        }
    });
}

void sv_inner(uint8_t out[32], const uint8_t* a, const uint8_t* b, size_t n) noexcept {
    chunked_sum(out, n, [&](size_t begin, size_t end, u64 r[4]) noexcept { inner_range(a, b, begin, end, r); });
}

void sv_sum(uint8_t out[32], const uint8_t* a, size_t n) noexcept {
    chunked_sum(out, n, [&](size_t begin, size_t end, u64 r[4]) noexcept { sum_range(a, begin, end, r); });
}

void sv_fold(uint8_t* out, const uint8_t* a, size_t half, const uint8_t x[32], const uint8_t y[32]) noexcept {
    if (const ScalarLanes* l = lanes_for(half)) {
        for_chunks(half, [&](size_t begin, size_t end) noexcept {
            l->fold(out + 32 * begin, a + 32 * begin, a + 32 * (half + begin), end - begin, x, y);
        });
        return;
    }
    // a x R + b y R < 2q^2 < qR exactly, then one redc: (a x + b y) R / R < 2q. One reduction per element.
    Fq xm, ym;
    to_mont(xm.v, x);
    to_mont(ym.v, y);
    for_chunks(half, [&](size_t begin, size_t end) noexcept {
        Fq lo, hi;
        u64 t[8], u[8];
        for (size_t i = begin; i < end; ++i) {
            load(lo.v, a + 32 * i);
            load(hi.v, a + 32 * (half + i));
            mul_wide(t, lo.v, xm.v);
            mul_wide(u, hi.v, ym.v);
            add_wide(t, u);
            redc(lo.v, t);
            reduce_once(lo.v);
            store(out + 32 * i, lo.v);
        }
        sodium_memzero(t, sizeof t);
        sodium_memzero(u, sizeof u);
    });
}

void sv_powers(uint8_t* out, const uint8_t x[32], size_t n) noexcept {
    if (const ScalarLanes* l = lanes_for(n)) return l->powers(out, x, n);
    Fq xm, p, r;
    to_mont(xm.v, x);
    for (int w = 0; w < 4; ++w) p.v[w] = kOne[w];
    for (size_t i = 0; i < n; ++i) {
        for (int w = 0; w < 4; ++w) r.v[w] = p.v[w];
        reduce_once(r.v);
        store(out + 32 * i, r.v);
        mul(p.v, p.v, xm.v);  // p x R / R: stays in plain form, < 2q
    }
}

void scalar_pow(uint8_t out[32], const uint8_t s[32], const uint8_t* e, size_t e_len) noexcept {
    // Square-and-multiply in Montgomery form; the branches follow the public exponent only.
    Fq a, r;
    to_mont(a.v, s);
    for (int w = 0; w < 4; ++w) r.v[w] = kR1[w];
    for (size_t i = e_len; i-- > 0;) {
        for (int bit = 7; bit >= 0; --bit) {
            square(r.v, r.v);
            if ((e[i] >> bit) & 1) mul(r.v, r.v, a.v);
        }
    }
    mul(r.v, r.v, kOne);
    reduce_once(r.v);
    store(out, r.v);
}

bool scalar_invert_ct(uint8_t out[32], const uint8_t s[32]) noexcept {
    return scalar_invert(out, s) == 0;  // 0 for s = 0 (s is reduced: no other multiple of q)
}

namespace {

// Montgomery's trick on the plain values read as Montgomery forms (a_i is the form of a_i / R): prefix products
// P_i = mul(P_(i-1), a_i), one inversion, and backwards out_i = mul(mul(inv, P_(i-1)), R^-1), inv = mul(inv, a_i):
// four products per element. zero_index finds the first zero (vartime only; the constant-time variant looks at the
// total product alone).
size_t batch_invert(uint8_t* out, const uint8_t* a, size_t n, bool vartime) noexcept {
    Fq acc, inv, t;
    InvertScratch scratch;
    load(acc.v, a);
    if (vartime && (acc.v[0] | acc.v[1] | acc.v[2] | acc.v[3]) == 0) {
        sodium_memzero(out, 32 * n);
        return 0;
    }
    // out holds P_(i-1) (< 2q, unreduced) at index i for i >= 1.
    for (size_t i = 1; i < n; ++i) {
        store(out + 32 * i, acc.v);
        load(t.v, a + 32 * i);
        if (vartime && (t.v[0] | t.v[1] | t.v[2] | t.v[3]) == 0) {
            sodium_memzero(out, 32 * n);
            return i;
        }
        mul(acc.v, acc.v, t.v);
    }
    // acc = (prod a_i) / R^(n-1), the Montgomery form of prod (a_i / R); inv its inverse's form, constant-time.
    invert(inv.v, acc.v, scratch);
    sodium_memzero(&scratch, sizeof scratch);
    reduce_once(acc.v);
    // 1 unless the product is zero, as a word hidden from the optimizer (no compiler may turn it into a branch).
    const u64 any = acc.v[0] | acc.v[1] | acc.v[2] | acc.v[3];
    u64 nonzero = (any | (static_cast<u64>(0) - any)) >> 63;
#if defined(__GNUC__)
    __asm__("" : "+r"(nonzero));
#endif
    for (size_t i = n; i-- > 1;) {
        // inv is the form of 1 / (b_0 .. b_i) (b = a / R): times P_(i-1)'s form gives 1 / b_i = R / a_i, stored as
        // R^2 / a_i; mul by R^-1 leaves 1 / a_i.
        load(t.v, out + 32 * i);
        mul(t.v, t.v, inv.v);
        mul(t.v, t.v, kRInv);
        reduce_once(t.v);
        store(out + 32 * i, t.v);
        load(t.v, a + 32 * i);
        mul(inv.v, inv.v, t.v);
    }
    mul(inv.v, inv.v, kRInv);  // the form of 1 / b_0, R^2 / a_0, to 1 / a_0
    reduce_once(inv.v);
    store(out, inv.v);
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
