#include "pyristretto/fixed_base.hpp"

#include <sodium.h>

#include "pyristretto/avx2/fixed_base.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/ifma/fixed_base.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {

FixedBaseTable::FixedBaseTable(const EdwardsPoint& base) noexcept {
    // Row i holds 1..8 times 256^i B (B = base). The multiples are computed in extended form, then converted
    // with one batched inversion of their Z (batch_to_affine_niels) per group of kRows rows instead of one inversion
    // each: measured 47 us for the whole table with a single batch against 460 us for the 256 inversions alone.
    // Groups, not one batch of 256: the points of a group take ~5.1 KB of stack, not ~41 KB, since the
    // tables are built lazily on whichever thread first needs them (a Python thread may have a 32 KiB stack:
    // tests/test_threads.py). 8 inversions instead of 1 cost 1.18 M instead of 0.93 M instructions (callgrind),
    // once per table.
    constexpr int kRows = 4;
    static_assert(32 % kRows == 0, "the groups must tile the 32 rows");
    EdwardsPoint row = base;  // 256^i B
    for (int first = 0; first < 32; first += kRows) {
        EdwardsPoint pts[kRows][8];
        for (int r = 0; r < kRows; ++r) {
            const int i = first + r;
            const CachedPoint c = row.to_cached();
            pts[r][0] = row;
            for (int j = 1; j < 8; ++j) pts[r][j] = pts[r][j - 1] + c;  // (j + 1) 256^i B
            if (i < 31) row = pts[r][7].mul_by_pow2(5);                  // 8 * 2^5 = 256 times 256^i B
        }
        batch_to_affine_niels(&pts[0][0], 8 * kRows, &table_[first][0]);  // rows first .. first + kRows - 1
    }
    if (ifma_available()) lanes_ = ifma::fixed_base_lanes_new(table_);
    if (backend() == Backend::Avx2) avx2_rows_ = avx2::fixed_base_rows_new(table_);
}

FixedBaseTable::~FixedBaseTable() {
    ifma::fixed_base_lanes_free(lanes_);
    avx2::fixed_base_rows_free(avx2_rows_);
}

AffineNielsPoint FixedBaseTable::select(unsigned i, int8_t d) const noexcept {
    return ct::select_signed(table_[i], 8, d);
}

EdwardsPoint FixedBaseTable::mul(const uint8_t s[32]) const noexcept {
    // The eight-lane comb: results checked against this code by cpp/tests/test_ifma.cpp, constant time by
    // tests/test_constant_time.py on the emulated build.
    if (lanes_ != nullptr && backend() == Backend::Ifma) return ifma::fixed_base_mul(*lanes_, s);
    if (avx2_rows_ != nullptr && backend() == Backend::Avx2) return avx2::fixed_base_mul(*avx2_rows_, s);
    int8_t d[64];
    signed_radix16(s, d);
    EdwardsPoint acc = EdwardsPoint::identity();
    for (unsigned k = 1; k < 64; k += 2) acc = acc + select(k / 2, d[k]);
    acc = acc.mul_by_pow2(4);
    for (unsigned k = 0; k < 64; k += 2) acc = acc + select(k / 2, d[k]);
    sodium_memzero(d, sizeof d);
    return acc;
}

EdwardsPoint FixedBaseTable::mul2(const FixedBaseTable& A, const uint8_t a[32], const FixedBaseTable& B,
                                  const uint8_t b[32]) noexcept {
    if (A.lanes_ != nullptr && B.lanes_ != nullptr && backend() == Backend::Ifma)
        return ifma::fixed_base_mul2(*A.lanes_, a, *B.lanes_, b);
    if (A.avx2_rows_ != nullptr && B.avx2_rows_ != nullptr && backend() == Backend::Avx2)
        return avx2::fixed_base_mul2(*A.avx2_rows_, a, *B.avx2_rows_, b);
    int8_t da[64], db[64];
    signed_radix16(a, da);
    signed_radix16(b, db);
    EdwardsPoint acc = EdwardsPoint::identity();
    for (unsigned k = 1; k < 64; k += 2) {
        acc = acc + A.select(k / 2, da[k]);
        acc = acc + B.select(k / 2, db[k]);
    }
    acc = acc.mul_by_pow2(4);
    for (unsigned k = 0; k < 64; k += 2) {
        acc = acc + A.select(k / 2, da[k]);
        acc = acc + B.select(k / 2, db[k]);
    }
    sodium_memzero(da, sizeof da);
    sodium_memzero(db, sizeof db);
    return acc;
}

const FixedBaseTable& basepoint_table() noexcept {
    static const FixedBaseTable table(EdwardsPoint::basepoint());
    return table;
}

void base_mul(const uint8_t s[32], uint8_t out[32]) noexcept { ristretto_encode(out, basepoint_table().mul(s)); }

}  // namespace pyristretto
