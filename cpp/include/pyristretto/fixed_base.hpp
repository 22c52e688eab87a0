// Fixed-base scalar multiplication with a precomputed table, constant-time in the scalar.
#pragma once
#include <cstddef>
#include <cstdint>
#include "pyristretto/edwards.hpp"

namespace pyristretto {

namespace ifma {
struct FixedBaseLanes;  // ifma/fixed_base.hpp
}
namespace avx2 {
struct FixedBaseRows;  // avx2/fixed_base.hpp
}

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

    // The IFMA lane table, or nullptr (tests call the IFMA code on it directly).
    const ifma::FixedBaseLanes* ifma_lanes() const noexcept { return lanes_; }
    // The AVX2 rows, or nullptr (likewise).
    const avx2::FixedBaseRows* avx2_rows() const noexcept { return avx2_rows_; }

    // (|d| * 256^i * base) negated when d < 0, for d in [-8, 8]; scans the whole row.
    AffineNielsPoint select(unsigned i, int8_t d) const noexcept;

private:
    AffineNielsPoint table_[32][8];
    // Where the CPU has IFMA: the same entries interleaved for the eight lanes (another 30 KiB, built with the
    // table), used by mul and mul2 when backend() is IFMA; nullptr otherwise (or if it could not be allocated).
    ifma::FixedBaseLanes* lanes_ = nullptr;
    // On the AVX2 backend: the rows in its four-lane cached form (45 KiB), used by mul and mul2 when backend() is
    // AVX2. Built only for a table made while the backend is AVX2 (on an IFMA CPU it would sit unused); nullptr
    // otherwise, and such a table runs the portable comb under a later AVX2 backend (set_backend_for_testing).
    avx2::FixedBaseRows* avx2_rows_ = nullptr;
};

// The table of the RFC 9496 generator, built once (thread-safe).
const FixedBaseTable& basepoint_table() noexcept;

}  // namespace pyristretto
