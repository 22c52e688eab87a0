// Fixed-base scalar multiplication with a precomputed table, constant-time in the scalar.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "pyristretto/backend.hpp"
#include "pyristretto/edwards.hpp"

namespace pyristretto {

// A FixedBaseTable's rows in a vector backend's own layout: made from the table's rows when it is built
// (BackendOps::fixed_base_rows; avx2/ and ifma/ implement it) and read by that backend's comb. mul and mul2 have
// FixedBaseTable's contracts; mul2's B was made by the same backend.
class FixedBaseRows {
public:
    virtual ~FixedBaseRows() = default;
    virtual EdwardsPoint mul(const uint8_t s[32]) const noexcept = 0;
    virtual EdwardsPoint mul2(const uint8_t a[32], const FixedBaseRows& B, const uint8_t b[32]) const noexcept = 0;
};

// Signed radix-16 comb: table_[i][j] = (j + 1) * 256^i * B for i < 32, j < 8 (affine Niels form, ~30 KiB).
// s*B = 16 * sum_{odd k} d_k 16^(k-1) B + sum_{even k} d_k 16^k B: 64 table additions and 4 doublings.
class FixedBaseTable {
public:
    explicit FixedBaseTable(const EdwardsPoint& base) noexcept;
    ~FixedBaseTable();
    FixedBaseTable(const FixedBaseTable&) = delete;
    FixedBaseTable& operator=(const FixedBaseTable&) = delete;

    // s * base for any 32-byte little-endian s (taken mod q, bit 255 included); constant-time in s.
    EdwardsPoint mul(const uint8_t s[32]) const noexcept;

    // a * A.base + b * B.base sharing the doublings; any 32-byte a and b (mod q); constant-time in a and b.
    static EdwardsPoint mul2(const FixedBaseTable& A, const uint8_t a[32], const FixedBaseTable& B,
                             const uint8_t b[32]) noexcept;

    // The vector backend's rows, or nullptr (tests call its comb on them directly).
    const FixedBaseRows* rows() const noexcept { return rows_.get(); }

    // (|d| * 256^i * base) negated when d < 0, for d in [-8, 8]; scans the whole row.
    AffineNielsPoint select(unsigned i, int8_t d) const noexcept;

private:
    AffineNielsPoint table_[32][8];
    // The same rows in the form of the backend in use when the table was built (rows_backend_: IFMA's eight lanes,
    // 30 KiB; AVX2's four-lane cached form, 45 KiB), read by mul and mul2 while that backend is in use; nullptr on
    // the portable backend or without the memory. Under another backend (set_backend_for_testing) the portable comb
    // runs.
    std::unique_ptr<FixedBaseRows> rows_;
    Backend rows_backend_ = Backend::Portable;
};

// The table of the RFC 9496 generator, built once (thread-safe).
const FixedBaseTable& basepoint_table() noexcept;

}  // namespace pyristretto
