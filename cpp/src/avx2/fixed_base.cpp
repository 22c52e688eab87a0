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

namespace {

// The rows in the four-lane cached form, each with the identity in front (row i, entry k: k 256^i B, k = 0..8).
class CachedRows final : public FixedBaseRows {
public:
    EdwardsPoint mul(const uint8_t s[32]) const noexcept override;
    EdwardsPoint mul2(const uint8_t a[32], const FixedBaseRows& B, const uint8_t b[32]) const noexcept override;
    C4 row[32][9];
};

}  // namespace

// The entries come in affine Niels form (y + x, y - x, 2dxy); the four-lane cached form is made from the point
// (x, y, 1, xy), once per table.
PYR_AVX2_FN std::unique_ptr<FixedBaseRows> fixed_base_rows(const AffineNielsPoint (*table)[8]) noexcept {
    std::unique_ptr<CachedRows> rows(new (std::nothrow) CachedRows);  // 32-byte aligned (C++17 aligned new)
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

// s B = 16 sum_{odd k} d_k 16^(k-1) B + sum_{even k} d_k 16^k B, row k / 2 holding the multiples of 16^k B (even k).
PYR_AVX2_FN EdwardsPoint CachedRows::mul(const uint8_t a[32]) const noexcept {
    const CachedRows& A = *this;
    int8_t d[64];  // secret: wiped below
    signed_radix16(a, d);
    P4 acc = identity4();
    for (unsigned k = 1; k < 64; k += 2) acc = add_signed_multiple_inlined(acc, A.row[k / 2], d[k]);
    acc = mul_by_pow2(acc, 4);
    for (unsigned k = 0; k < 64; k += 2) acc = add_signed_multiple_inlined(acc, A.row[k / 2], d[k]);
    sodium_memzero(d, sizeof d);
    return to_point(acc);
}

PYR_AVX2_FN EdwardsPoint CachedRows::mul2(const uint8_t a[32], const FixedBaseRows& other,
                                          const uint8_t b[32]) const noexcept {
    const CachedRows &A = *this, &B = static_cast<const CachedRows&>(other);
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

std::unique_ptr<FixedBaseRows> fixed_base_rows(const AffineNielsPoint (*)[8]) noexcept { return nullptr; }

#endif

}  // namespace avx2
}  // namespace pyristretto
