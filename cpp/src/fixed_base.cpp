#include "pyristretto/fixed_base.hpp"

#include <sodium.h>

#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/dispatch.hpp"
#include "pyristretto/portable/fixed_base.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

namespace pyristretto {

FixedBaseTable::FixedBaseTable(const EdwardsPoint& base) noexcept {
    // Row i holds 1..8 times 256^i B (B = base). The multiples are computed in extended form, then converted
    // with one batched inversion of their Z (batch_to_affine_niels) per group of kRows rows instead of one inversion
    // each (10x faster: docs/backends.md). Groups, not one batch of 256: the points of a group take ~5.1 KB of stack,
    // not ~41 KB, since the tables are built lazily on whichever thread first needs them (a Python thread may have a
    // 32 KiB stack: tests/test_threads.py).
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
            if (i < 31) row = pts[r][7].mul_by_pow2(5);                 // 8 * 2^5 = 256 times 256^i B
        }
        batch_to_affine_niels(&pts[0][0], 8 * kRows, &table_[first][0]);  // rows first .. first + kRows - 1
    }
    const BackendOps& ops = backend_ops();
    rows_ = ops.fixed_base_rows(table_);
    rows_backend_ = ops.backend;
}

FixedBaseTable::~FixedBaseTable() = default;

AffineNielsPoint FixedBaseTable::select(unsigned i, int8_t d) const noexcept {
    return ct::select_signed(table_[i], 8, d);
}

EdwardsPoint FixedBaseTable::mul(const uint8_t s[32]) const noexcept {
    if (rows_ != nullptr && rows_backend_ == backend()) return rows_->mul(s);
    return portable::comb(table_, s);
}

EdwardsPoint FixedBaseTable::mul2(const FixedBaseTable& A, const uint8_t a[32], const FixedBaseTable& B,
                                  const uint8_t b[32]) noexcept {
    const Backend in_use = backend();
    if (A.rows_ != nullptr && B.rows_ != nullptr && A.rows_backend_ == in_use && B.rows_backend_ == in_use)
        return A.rows_->mul2(a, *B.rows_, b);
    return portable::comb2(A.table_, a, B.table_, b);
}

const FixedBaseTable& basepoint_table() noexcept {
    static const FixedBaseTable table(EdwardsPoint::basepoint());
    return table;
}

void base_mul(const uint8_t s[32], uint8_t out[32]) noexcept { ristretto_encode(out, basepoint_table().mul(s)); }

}  // namespace pyristretto
