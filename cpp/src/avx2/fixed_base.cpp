// The fixed-base comb on the AVX2 backend (avx2/fixed_base.hpp): fixed_base.cpp's 64 additions of signed
// radix-16 table entries and 4 doublings, each addition one four-lane addition (edwards4.hpp) instead of the
// portable 8 products in a row.
#include "pyristretto/avx2/fixed_base.hpp"

#include <sodium.h>

#include <new>

#include "pyristretto/avx2/edwards4.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {
namespace avx2 {

#if PYRISTRETTO_AVX2

struct FixedBaseRows {
    C4 row[32][9];
};

// The entries come in affine Niels form (y + x, y - x, 2dxy); the four-lane cached form is made from the point
// (x, y, 1, xy), once per table.
PYR_AVX2_FN FixedBaseRows* fixed_base_rows_new(const AffineNielsPoint (*table)[8]) noexcept {
    FixedBaseRows* rows = new (std::nothrow) FixedBaseRows;  // 32-byte aligned (C++17 aligned new)
    if (rows == nullptr) return nullptr;
    const FieldElement one = FieldElement::one(), half = (one + one).invert();
    for (int i = 0; i < 32; ++i) {
        rows->row[i][0] = cached_identity4();
        for (int k = 0; k < 8; ++k) {
            const AffineNielsPoint& e = table[i][k];
            const FieldElement x = (e.y_plus_x - e.y_minus_x) * half, y = (e.y_plus_x + e.y_minus_x) * half;
            rows->row[i][k + 1] = to_cached(from_point(EdwardsPoint{x, y, one, x * y}));
        }
    }
    return rows;
}

void fixed_base_rows_free(FixedBaseRows* rows) noexcept { delete rows; }

// s B = 16 sum_{odd k} d_k 16^(k-1) B + sum_{even k} d_k 16^k B, row k / 2 holding the multiples of 16^k B (even k).
PYR_AVX2_FN EdwardsPoint fixed_base_mul(const FixedBaseRows& A, const uint8_t a[32]) noexcept {
    int8_t d[64];  // secret: wiped below
    signed_radix16(a, d);
    P4 acc = identity4();
    for (unsigned k = 1; k < 64; k += 2) acc = add_signed_multiple_inlined(acc, A.row[k / 2], d[k]);
    acc = mul_by_pow2(acc, 4);
    for (unsigned k = 0; k < 64; k += 2) acc = add_signed_multiple_inlined(acc, A.row[k / 2], d[k]);
    sodium_memzero(d, sizeof d);
    return to_point(acc);
}

PYR_AVX2_FN EdwardsPoint fixed_base_mul2(const FixedBaseRows& A, const uint8_t a[32], const FixedBaseRows& B,
                                         const uint8_t b[32]) noexcept {
    int8_t da[64], db[64];  // secret: wiped below
    signed_radix16(a, da);
    signed_radix16(b, db);
    P4 acc = identity4();
    for (unsigned k = 1; k < 64; k += 2) {
        acc = add_signed_multiple_inlined(acc, A.row[k / 2], da[k]);
        acc = add_signed_multiple_inlined(acc, B.row[k / 2], db[k]);
    }
    acc = mul_by_pow2(acc, 4);
    for (unsigned k = 0; k < 64; k += 2) {
        acc = add_signed_multiple_inlined(acc, A.row[k / 2], da[k]);
        acc = add_signed_multiple_inlined(acc, B.row[k / 2], db[k]);
    }
    sodium_memzero(da, sizeof da);
    sodium_memzero(db, sizeof db);
    return to_point(acc);
}

#else  // no AVX2 in this build: never called with rows (avx2_available() is false)

struct FixedBaseRows {};
FixedBaseRows* fixed_base_rows_new(const AffineNielsPoint (*)[8]) noexcept { return nullptr; }
void fixed_base_rows_free(FixedBaseRows* rows) noexcept { delete rows; }
EdwardsPoint fixed_base_mul(const FixedBaseRows&, const uint8_t*) noexcept { return EdwardsPoint::identity(); }
EdwardsPoint fixed_base_mul2(const FixedBaseRows&, const uint8_t*, const FixedBaseRows&, const uint8_t*) noexcept {
    return EdwardsPoint::identity();
}

#endif

}  // namespace avx2
}  // namespace pyristretto
