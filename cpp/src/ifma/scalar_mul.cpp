// Constant-time s * P for one point on four lanes (edwards4.hpp): the portable point_mul_decoded's algorithm
// (portable/straus.cpp: signed radix-16 digits, table 0P..8P, 4 doublings per digit) with each doubling one four-lane
// square + one four-lane product and each addition two four-lane products.
#include "pyristretto/ifma/scalar_mul.hpp"

#include <sodium.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>

#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/ifma/edwards4.hpp"
#include "pyristretto/ifma/edwards8.hpp"  // AlignedFree
#include "pyristretto/ifma/msm_table.hpp"
#include "pyristretto/scalar.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

// The one accumulator is ahead of the eight-lane straus_ct to 256 points, within 1% of it from there to 512
// (docs/backends.md, the IFMA backend).
const size_t kOneAccumulatorMax = 256;

namespace {

// t[j - 1] = j P, j = 1..8 (3 additions, 4 doublings); the identity (index 0) is made by select_signed4.
PYR_IFMA_FN void multiples_1_to_8(const Point4& p, Cached4 t[8]) {
    const Point4 p2 = dbl4(p);
    t[0] = to_cached4(p);
    t[1] = to_cached4(p2);
    const Point4 p3 = add4(p2, t[0]);
    t[2] = to_cached4(p3);
    const Point4 p4 = dbl4(p2);
    t[3] = to_cached4(p4);
    t[4] = to_cached4(add4(p4, t[0]));
    const Point4 p6 = dbl4(p3);
    t[5] = to_cached4(p6);
    t[6] = to_cached4(add4(p6, t[0]));
    t[7] = to_cached4(dbl4(p4));
}

// d P for a secret digit d in [-8, 8]: every entry is read and blended in under an equality mask (a vector compare
// into a mask register, no branch, no secret address), and the sign applied by a masked blend.
PYR_IFMA_INLINE Cached4 select_signed4(const Cached4 t[8], int8_t d) {
    uint32_t abs;
    uint8_t negative;
    ct::split_digit(d, abs, negative);
    const __m256i magnitude = splat4(abs);
    Cached4 r = cached_identity4();
    for (int e = 0; e < 8; ++e) {
        const __mmask8 m = _mm256_cmpeq_epi64_mask(magnitude, splat4(uint64_t(e + 1)));
        for (int i = 0; i < 5; ++i) r.c.v[i] = _mm256_mask_blend_epi64(m, r.c.v[i], t[e].c.v[i]);
    }
    const __mmask8 all_if_negative = _mm256_cmpeq_epi64_mask(splat4(negative), splat4(1));
    return conditional_neg4(all_if_negative, r);
}

// sum over i < n of the points whose multiples are tables[8 i ..] by the signed radix-16 digits[64 i ..], on one
// accumulator: 4 doublings a digit position, shared by the points (n is public).
PYR_IFMA_INLINE Point4 straus_ct_loop(const Cached4* tables, const int8_t* digits, size_t n) {
    Point4 acc = identity4();
    for (int k = 63; k >= 0; --k) {
        if (k != 63) acc = mul_by_pow2_4(acc, 4);
        for (size_t i = 0; i < n; ++i) acc = add4(acc, select_signed4(&tables[8 * i], digits[64 * i + k]));
    }
    return acc;
}

// The same on one block's tables and digits, returned as a point (callable from code without the IFMA target).
PYR_IFMA_FN EdwardsPoint straus_ct_on_tables(const Cached4* tables, const int8_t* digits, size_t n) {
    return store_point4(straus_ct_loop(tables, digits, n));
}

}  // namespace

PYR_IFMA_FN EdwardsPoint mul_ct_one(const uint8_t s[32], const EdwardsPoint& P) noexcept {
    Cached4 table[8];
    multiples_1_to_8(load_point4(P), table);
    int8_t digits[64];  // secret: wiped below
    signed_radix16(s, digits);
    const Point4 acc = straus_ct_loop(table, digits, 1);
    sodium_memzero(digits, sizeof digits);
    return store_point4(acc);
}

PYR_IFMA_FN EdwardsPoint straus_ct_one_accumulator(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    if (n == 0) return EdwardsPoint::identity();
    // tables[8 i + j - 1] = j points[i] (public), 32-byte aligned by hand as straus_vartime.cpp's tables.
    const std::unique_ptr<Cached4[], AlignedFree> tables(
        static_cast<Cached4*>(std::aligned_alloc(32, sizeof(Cached4) * 8 * n)));
    if (!tables) throw std::bad_alloc();
    // Eight points at a time on eight lanes (msm_table.cpp), the last n % 8 on four.
    const size_t batched = n / 8 * 8;
    build_multiples_1_to_8(points, batched, reinterpret_cast<uint8_t*>(tables.get()));
    for (size_t i = batched; i < n; ++i) multiples_1_to_8(load_point4(points[i]), &tables[8 * i]);
    return straus_ct_tables(reinterpret_cast<const uint8_t*>(tables.get()), scalars, n);
}

EdwardsPoint straus_ct_tables(const uint8_t* tables, const uint8_t* scalars, size_t n) {
    const Cached4* t = reinterpret_cast<const Cached4*>(tables);
    // Blocks of kOneAccumulatorMax points: their tables (320 KiB) stay in L2, for 253 doublings a block.
    return straus_ct_blocks(scalars, n, kOneAccumulatorMax, [&](size_t first, size_t m, const int8_t* digits) {
        return straus_ct_on_tables(&t[8 * first], digits, m);
    });
}

PYR_IFMA_FN EdwardsPoint add_one(const EdwardsPoint& P, const EdwardsPoint& Q, bool subtract) noexcept {
    const Cached4 q = to_cached4(load_point4(Q));
    return store_point4(add4(load_point4(P), subtract ? neg4(q) : q));
}

}  // namespace ifma
}  // namespace pyristretto

#else

#include <cstdlib>

namespace pyristretto {
namespace ifma {
const size_t kOneAccumulatorMax = 0;
EdwardsPoint mul_ct_one(const uint8_t*, const EdwardsPoint&) noexcept { std::abort(); }
EdwardsPoint add_one(const EdwardsPoint&, const EdwardsPoint&, bool) noexcept { std::abort(); }
EdwardsPoint straus_ct_one_accumulator(const uint8_t*, const EdwardsPoint*, size_t) { std::abort(); }
EdwardsPoint straus_ct_tables(const uint8_t*, const uint8_t*, size_t) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
