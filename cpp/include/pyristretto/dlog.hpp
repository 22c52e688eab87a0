// Small discrete logarithms base G by baby-step giant-step with a reusable table (exponential ElGamal's tallies).
// Public values only: everything here is variable time.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pyristretto/edwards.hpp"

namespace pyristretto {

// The baby steps j G, j < size, keyed by the first 8 bytes of their encodings in an open-addressed hash table
// (load factor at most 1/2); a hit is confirmed by recomputing v G, so a key collision costs time, never a wrong
// answer. 12 bytes per slot: a 2^20-step table holds 2^21 slots (24 MiB).
class DlogTable {
public:
    // At most 2^30 steps (24 GiB): values are stored in 32 bits, and a larger table is not a reasonable request.
    static constexpr uint64_t kMaxSize = uint64_t(1) << 30;

    // Builds the table of size baby steps, 1 <= size <= kMaxSize: the steps' halves by additions, their encodings
    // with one batched inversion per block (ristretto_encode_doubled). Throws std::bad_alloc.
    explicit DlogTable(uint64_t size);

    uint64_t size() const noexcept { return size_; }
    size_t nbytes() const noexcept { return keys_.size() * (sizeof(uint64_t) + sizeof(uint32_t)); }

    // v with v G == p and 0 <= v < bound (bound <= 2^62), or -1 when there is none; -2 when memory ran out.
    int64_t solve(const EdwardsPoint& p, uint64_t bound) const noexcept;

    // results[i] = solve(points[i], bound) for i < n, the first giant step of all of them encoded at once.
    void solve_many(const EdwardsPoint* points, size_t n, uint64_t bound, int64_t* results) const noexcept;

private:
    // The candidates j for one encoding's key, checked against giant step `giant` of p (v = giant * size + j).
    int64_t lookup(const uint8_t enc[32], uint64_t giant, uint64_t bound, const EdwardsPoint& p) const noexcept;

    uint64_t size_;
    uint64_t mask_;  // slots - 1
    std::vector<uint64_t> keys_;
    std::vector<uint32_t> values_;  // kEmpty marks a free slot
    EdwardsPoint giant_half_;       // (-size / 2) G: half of the giant step
};

}  // namespace pyristretto
