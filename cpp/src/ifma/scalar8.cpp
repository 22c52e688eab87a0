// Arithmetic mod q = 2^252 + 27742317777372353535851937790883648493 on eight IFMA lanes (ifma/scalar8.hpp).
//
// Radix 2^52, five limbs (limbs < 2^52 exactly, as vpmadd52luq/huq read 52 bits), Montgomery form with R = 2^260.
// A product a_i b_j < 2^104 splits into lo + hi 2^52, so lo goes to column i+j and hi to column i+j+1 with the same
// weight: ten plain columns, 50 IFMA instructions. The reduction (redc) runs five rounds, each cancelling column i
// by adding m q (m = -z_i / q mod 2^52, one vpmadd52luq), q's limbs being q0, q1, q2, 0, 2^44: 6 IFMA and two
// shifts per round.
// With a, b < q the result (a b + M q) / R < q + q^2 / R < 2q, and of a fold's a x R + b y R < 2 q^2 also < 2q;
// one masked subtraction of q leaves every value reduced, so all inputs and outputs are < q.
// Column bounds: a fold puts at most 20 halves (< 2^52 each) in a column, the reduction 10 more, plus carries
// below 2^12: < 2^57, no lane overflows. The inner product's bounds are at sv_inner8.
#include "pyristretto/ifma/scalar8.hpp"

#include "pyristretto/ifma/config.hpp"

#if PYRISTRETTO_IFMA

#include <sodium.h>

#include <cstring>

#include "pyristretto/ifma/field8.hpp"  // splat, PYR_IFMA_INLINE and the intrinsics (or their emulation)

namespace pyristretto {
namespace ifma {

namespace {

#define PYR_UNROLL8 _Pragma("GCC unroll 10")

struct S8 {
    __m512i v[5];
};

constexpr uint64_t M52 = (uint64_t(1) << 52) - 1;
constexpr uint64_t kQ52[5] = {0x2631a5cf5d3edULL, 0xdea2f79cd6581ULL, 0x14def9ULL, 0, 0x100000000000ULL};
constexpr uint64_t kQInv52 = 0x51da312547e1bULL;  // -1 / q mod 2^52
// R^2 mod q = 2^520 mod q: mont(x, R^2) = x R (into Montgomery form), mont(x R^-1 .., R^2) out of a doubled factor.
constexpr uint64_t kR2_52[5] = {0x9d265e952d13bULL, 0xd63c715bea69fULL, 0x5be65cb687604ULL, 0x3dceec73d217fULL,
                                0x9411b7c309aULL};

PYR_IFMA_INLINE S8 splat8(const uint64_t l[5]) {
    return S8{{splat(l[0]), splat(l[1]), splat(l[2]), splat(l[3]), splat(l[4])}};
}

// 32-byte words (w0..w3 of eight scalars, gathered) to 52-bit limbs, and back.
PYR_IFMA_INLINE S8 from_words(const uint8_t* src) {
    const __m512i idx = _mm512_setr_epi64(0, 4, 8, 12, 16, 20, 24, 28);
    const __m512i m = splat(M52);
    const __m512i w0 = _mm512_i64gather_epi64(idx, src, 8), w1 = _mm512_i64gather_epi64(idx, src + 8, 8),
                  w2 = _mm512_i64gather_epi64(idx, src + 16, 8), w3 = _mm512_i64gather_epi64(idx, src + 24, 8);
    return S8{{_mm512_and_si512(w0, m),
               _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w0, 52), _mm512_slli_epi64(w1, 12)), m),
               _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w1, 40), _mm512_slli_epi64(w2, 24)), m),
               _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w2, 28), _mm512_slli_epi64(w3, 36)), m),
               _mm512_srli_epi64(w3, 16)}};
}

PYR_IFMA_INLINE void to_words(uint8_t* dst, const S8& a) {
    const __m512i idx = _mm512_setr_epi64(0, 4, 8, 12, 16, 20, 24, 28);
    const __m512i* l = a.v;
    _mm512_i64scatter_epi64(dst, idx, _mm512_or_si512(l[0], _mm512_slli_epi64(l[1], 52)), 8);
    _mm512_i64scatter_epi64(dst + 8, idx, _mm512_or_si512(_mm512_srli_epi64(l[1], 12), _mm512_slli_epi64(l[2], 40)), 8);
    _mm512_i64scatter_epi64(dst + 16, idx, _mm512_or_si512(_mm512_srli_epi64(l[2], 24), _mm512_slli_epi64(l[3], 28)),
                            8);
    _mm512_i64scatter_epi64(dst + 24, idx, _mm512_or_si512(_mm512_srli_epi64(l[3], 36), _mm512_slli_epi64(l[4], 16)),
                            8);
}

// m scalars (1 <= m <= 8; m is public) into lanes 0..m-1, zero in the rest; and back.
struct Pad {
    alignas(64) uint8_t b[256];
    ~Pad() { sodium_memzero(b, sizeof b); }
};

PYR_IFMA_INLINE S8 load8(const uint8_t* p, size_t m, Pad& pad) {
    if (m == 8) return from_words(p);
    std::memset(pad.b, 0, sizeof pad.b);
    std::memcpy(pad.b, p, 32 * m);
    return from_words(pad.b);
}

PYR_IFMA_INLINE void store8(uint8_t* out, const S8& a, size_t m, Pad& pad) {
    if (m == 8) return to_words(out, a);
    to_words(pad.b, a);
    std::memcpy(out, pad.b, 32 * m);
}

// z[i+j] += lo(a_i b_j), z[i+j+1] += hi(a_i b_j): the 10-column product, added to z.
PYR_IFMA_INLINE void mul_acc(__m512i z[10], const S8& a, const S8& b) {
    PYR_UNROLL8
    for (int i = 0; i < 5; ++i) {
        PYR_UNROLL8
        for (int j = 0; j < 5; ++j) {
            z[i + j] = _mm512_madd52lo_epu64(z[i + j], a.v[i], b.v[j]);
            z[i + j + 1] = _mm512_madd52hi_epu64(z[i + j + 1], a.v[i], b.v[j]);
        }
    }
}

// (sum z_k 2^(52k)) / R mod q for a column value < 2q R (see the top): reduced (< q), or when !reduce only below
// 2q (52-bit limbs: a valid input of one more product whose other factor is < q, which again gives < 2q).
template <bool reduce = true>
PYR_IFMA_INLINE S8 redc(__m512i z[10]) {
    const __m512i qinv = splat(kQInv52), zero = _mm512_setzero_si512(), mask = splat(M52);
    const __m512i q[5] = {splat(kQ52[0]), splat(kQ52[1]), splat(kQ52[2]), zero, splat(kQ52[4])};
    PYR_UNROLL8
    for (int i = 0; i < 5; ++i) {
        const __m512i m = _mm512_madd52lo_epu64(zero, z[i], qinv);  // z_i + m q = 0 mod 2^52
        PYR_UNROLL8
        for (int j = 0; j < 3; ++j) {
            z[i + j] = _mm512_madd52lo_epu64(z[i + j], m, q[j]);
            z[i + j + 1] = _mm512_madd52hi_epu64(z[i + j + 1], m, q[j]);
        }
        // q3 = 0, q4 = 2^44: m q4 = (m mod 2^8) 2^44 + (m >> 8) 2^52 by shifts (the ALU ports, not the IFMA one)
        z[i + 4] = _mm512_add_epi64(z[i + 4], _mm512_and_si512(_mm512_slli_epi64(m, 44), mask));
        z[i + 5] = _mm512_add_epi64(z[i + 5], _mm512_srli_epi64(m, 8));
        z[i + 1] = _mm512_add_epi64(z[i + 1], _mm512_srli_epi64(z[i], 52));
    }
    // Columns 5..9 hold the value < 2q < 2^254: a serial carry to 52-bit limbs, then minus q unless that borrows.
    PYR_UNROLL8
    for (int k = 5; k < 9; ++k) {
        z[k + 1] = _mm512_add_epi64(z[k + 1], _mm512_srli_epi64(z[k], 52));
        z[k] = _mm512_and_si512(z[k], mask);
    }
    if (!reduce) return S8{{z[5], z[6], z[7], z[8], z[9]}};
    S8 d;
    __m512i borrow = zero;
    PYR_UNROLL8
    for (int k = 0; k < 5; ++k) {
        const __m512i t = _mm512_sub_epi64(_mm512_sub_epi64(z[5 + k], q[k]), borrow);
        borrow = _mm512_srli_epi64(t, 63);
        d.v[k] = _mm512_and_si512(t, mask);
    }
    const __mmask8 keep = _mm512_test_epi64_mask(borrow, borrow);  // the value was < q already
    S8 r;
    PYR_UNROLL8
    for (int k = 0; k < 5; ++k) r.v[k] = _mm512_mask_blend_epi64(keep, d.v[k], z[5 + k]);
    return r;
}

template <bool reduce = true>
PYR_IFMA_INLINE S8 mont(const S8& a, const S8& b) {
    __m512i z[10];
    PYR_UNROLL8
    for (int k = 0; k < 10; ++k) z[k] = _mm512_setzero_si512();
    mul_acc(z, a, b);
    return redc<reduce>(z);
}

PYR_IFMA_INLINE S8 to_mont_splat(const uint8_t s[32]) {  // s R on every lane
    uint8_t words[256];
    for (int j = 0; j < 8; ++j) std::memcpy(words + 32 * j, s, 32);
    const S8 r = mont(from_words(words), splat8(kR2_52));
    sodium_memzero(words, sizeof words);
    return r;
}

#undef PYR_UNROLL8

}  // namespace

PYR_IFMA_FN void sv_mul8(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) {
    const S8 r2 = splat8(kR2_52);
    Pad pa, pb;
    size_t first = 0;
    for (; n - first >= 16; first += 16) {  // two groups side by side: two chains of two products to overlap
        const S8 x0 = from_words(a + 32 * first), y0 = from_words(b + 32 * first);
        const S8 x1 = from_words(a + 32 * (first + 8)), y1 = from_words(b + 32 * (first + 8));
        const S8 t0 = mont<false>(x0, y0), t1 = mont<false>(x1, y1);  // < 2q
        to_words(out + 32 * first, mont(t0, r2));
        to_words(out + 32 * (first + 8), mont(t1, r2));
    }
    for (; first < n; first += 8) {
        const size_t m = n - first < 8 ? n - first : 8;
        const S8 x = load8(a + 32 * first, m, pa), y = load8(b + 32 * first, m, pb);
        store8(out + 32 * first, mont(mont<false>(x, y), r2), m, pa);  // a b / R (< 2q), times R^2 / R
    }
}

PYR_IFMA_FN void sv_scale8(uint8_t* out, const uint8_t* a, const uint8_t s[32], size_t n) {
    const S8 sr = to_mont_splat(s);
    Pad pa;
    for (size_t first = 0; first < n; first += 8) {
        const size_t m = n - first < 8 ? n - first : 8;
        store8(out + 32 * first, mont(load8(a + 32 * first, m, pa), sr), m, pa);
    }
}

PYR_IFMA_FN void sv_fold8(uint8_t* out, const uint8_t* lo, const uint8_t* hi, size_t n, const uint8_t x[32],
                          const uint8_t y[32]) {
    const S8 xr = to_mont_splat(x), yr = to_mont_splat(y);
    Pad pa, pb;
    for (size_t first = 0; first < n; first += 8) {
        const size_t m = n - first < 8 ? n - first : 8;
        const S8 u = load8(lo + 32 * first, m, pa), v = load8(hi + 32 * first, m, pb);
        __m512i z[10];
        for (int k = 0; k < 10; ++k) z[k] = _mm512_setzero_si512();
        mul_acc(z, u, xr);  // lo x R + hi y R < 2 q^2: one reduction for both
        mul_acc(z, v, yr);
        store8(out + 32 * first, redc(z), m, pa);
    }
}

PYR_IFMA_FN void sv_powers8(uint8_t* out, const uint8_t x[32], size_t n) {
    const S8 xr = to_mont_splat(x);
    const uint64_t one[5] = {1, 0, 0, 0, 0};
    S8 p = splat8(one);
    for (int k = 1; k < 8; ++k) {  // lane j: x^j (lanes >= k times x, a public mask)
        const S8 t = mont(p, xr);
        const __mmask8 upper = static_cast<__mmask8>(0xff << k);
        for (int i = 0; i < 5; ++i) p.v[i] = _mm512_mask_blend_epi64(upper, p.v[i], t.v[i]);
    }
    S8 x8r = mont(xr, xr);  // x^2 R, x^4 R, x^8 R
    x8r = mont(x8r, x8r);
    x8r = mont(x8r, x8r);
    Pad pad;
    for (size_t first = 0; first < n; first += 8) {
        const size_t m = n - first < 8 ? n - first : 8;
        store8(out + 32 * first, p, m, pad);
        p = mont(p, x8r);  // x^(j + 8) R / R
    }
}

// The inner product, unreduced: per group mul_acc adds the 5x5 limb products to ten lane columns (two sets, even and
// odd groups, added before the reduction). A column takes at most 9 halves < 2^52 per group (column 4: five lo and
// four hi; column 5: four lo and five hi), so after kInner8Max / 8 = 128 groups the sum of both sets is below
// 9 * 2^59 < 2^62.2, and redc adds less than 9 * 2^52 more: no lane overflows. Each lane's value V < 128 q^2 < 2qR
// is redc's input bound: (V + M q) / R < 2q, a valid factor of mont, whose times R^2 / R leaves V mod q, reduced.
static_assert(kInner8Max <= 8 * 128, "the lane columns' bound above");

PYR_IFMA_FN void sv_inner8(uint8_t out[8 * 32], const uint8_t* a, const uint8_t* b, size_t n) {
    Pad pa, pb;
    __m512i z[10], z1[10];
    for (int k = 0; k < 10; ++k) z[k] = z1[k] = _mm512_setzero_si512();
    size_t first = 0;
    for (; n - first >= 16; first += 16) {  // two groups on two sets of columns: shorter dependency chains
        mul_acc(z, from_words(a + 32 * first), from_words(b + 32 * first));
        mul_acc(z1, from_words(a + 32 * (first + 8)), from_words(b + 32 * (first + 8)));
    }
    for (; first < n; first += 8) {
        const size_t m = n - first < 8 ? n - first : 8;  // below 8 in the last group only (zero lanes)
        mul_acc(z, load8(a + 32 * first, m, pa), load8(b + 32 * first, m, pb));
    }
    for (int k = 0; k < 10; ++k) z[k] = _mm512_add_epi64(z[k], z1[k]);
    to_words(out, mont(redc<false>(z), splat8(kR2_52)));
}

}  // namespace ifma
}  // namespace pyristretto

#else

#include <cstdlib>

namespace pyristretto {
namespace ifma {
void sv_mul8(uint8_t*, const uint8_t*, const uint8_t*, size_t) { std::abort(); }
void sv_scale8(uint8_t*, const uint8_t*, const uint8_t*, size_t) { std::abort(); }
void sv_fold8(uint8_t*, const uint8_t*, const uint8_t*, size_t, const uint8_t*, const uint8_t*) { std::abort(); }
void sv_powers8(uint8_t*, const uint8_t*, size_t) { std::abort(); }
void sv_inner8(uint8_t*, const uint8_t*, const uint8_t*, size_t) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
