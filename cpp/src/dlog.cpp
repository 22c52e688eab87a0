// Baby-step giant-step for small discrete logarithms base G (dlog.hpp). Public values: variable time.
#include "pyristretto/dlog.hpp"

#include <sodium.h>

#include <cstring>
#include <new>

#include "pyristretto/bytes.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

namespace pyristretto {

namespace {

constexpr uint32_t kEmpty = 0xFFFFFFFFu;
constexpr size_t kBlock = 256;  // points per batched inversion (ristretto_encode_doubled)

// (q + 1) / 2, the inverse of 2 mod q, little-endian.
constexpr uint8_t kHalf[32] = {0xf7, 0xe9, 0x7a, 0x2e, 0x8d, 0x31, 0x09, 0x2c, 0x6b, 0xce, 0x7b,
                               0x51, 0xef, 0x7c, 0x6f, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                               0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08};

// The scalar v (< 2^64) as 32 little-endian bytes.
void scalar_of(uint64_t v, uint8_t out[32]) {
    std::memset(out, 0, 32);
    detail::store64_le(out, v);
}

// The point v G / 2 (any v < 2^64, taken mod q), constant-time but public here.
EdwardsPoint half_of_multiple(uint64_t v) {
    uint8_t s[32], h[32];
    scalar_of(v, s);
    crypto_core_ristretto255_scalar_mul(h, s, kHalf);
    return basepoint_table().mul(h);
}

uint64_t key_of(const uint8_t enc[32]) { return detail::load64_le(enc); }

}  // namespace

DlogTable::DlogTable(uint64_t size) : size_(size) {
    if (size == 0 || size > kMaxSize) throw std::bad_alloc();
    uint64_t slots = 2;
    while (slots < 2 * size) slots <<= 1;
    mask_ = slots - 1;
    keys_.assign(slots, 0);
    values_.assign(slots, kEmpty);
    giant_half_ = -half_of_multiple(size);
    // j G = 2 (j G / 2): the halves by additions, their doubles' encodings with one inversion per block.
    const EdwardsPoint step = half_of_multiple(1);
    const CachedPoint step_cached = step.to_cached();
    std::vector<EdwardsPoint> halves(kBlock), doubled(kBlock);
    std::vector<uint8_t> enc(32 * kBlock);
    EdwardsPoint h = EdwardsPoint::identity();
    for (uint64_t first = 0; first < size; first += kBlock) {
        const size_t m = size - first < kBlock ? static_cast<size_t>(size - first) : kBlock;
        for (size_t i = 0; i < m; ++i) {
            halves[i] = h;
            h = h + step_cached;
        }
        ristretto_encode_doubled(enc.data(), doubled.data(), halves.data(), m);
        for (size_t i = 0; i < m; ++i) {
            const uint64_t key = key_of(&enc[32 * i]);
            uint64_t slot = key & mask_;
            while (values_[slot] != kEmpty) slot = (slot + 1) & mask_;
            keys_[slot] = key;
            values_[slot] = static_cast<uint32_t>(first + i);
        }
    }
}

int64_t DlogTable::lookup(const uint8_t enc[32], uint64_t giant, uint64_t bound, const EdwardsPoint& p) const noexcept {
    const uint64_t key = key_of(enc);
    for (uint64_t slot = key & mask_; values_[slot] != kEmpty; slot = (slot + 1) & mask_) {
        if (keys_[slot] != key) continue;
        const uint64_t v = giant * size_ + values_[slot];
        if (v >= bound) continue;
        uint8_t s[32];
        scalar_of(v, s);
        if (ristretto_ct_eq(basepoint_table().mul(s), p)) return static_cast<int64_t>(v);  // not a key collision
    }
    return -1;
}

int64_t DlogTable::solve(const EdwardsPoint& p, uint64_t bound) const noexcept {
    int64_t result = -1;
    solve_many(&p, 1, bound, &result);
    return result;
}

void DlogTable::solve_many(const EdwardsPoint* points, size_t n, uint64_t bound, int64_t* results) const noexcept {
    try {
        // Giant step 0 of every point, encoded at once.
        std::vector<uint8_t> enc(32 * n);
        ristretto_encode_many(enc.data(), points, n);
        for (size_t i = 0; i < n; ++i) results[i] = bound > 0 ? lookup(&enc[32 * i], 0, bound, points[i]) : -1;
        const uint64_t giants = (bound + size_ - 1) / size_;
        if (giants <= 1) return;
        // The others: p - g size G = 2 (p / 2 + g (-size G / 2)), kBlock giant steps per batched inversion.
        std::vector<EdwardsPoint> halves(kBlock), doubled(kBlock);
        std::vector<uint8_t> block(32 * kBlock);
        const CachedPoint giant = giant_half_.to_cached();
        for (size_t i = 0; i < n; ++i) {
            if (results[i] >= 0) continue;
            EdwardsPoint h = point_mul_decoded(kHalf, points[i]) + giant;
            for (uint64_t g = 1; g < giants && results[i] < 0; g += kBlock) {
                const size_t m = giants - g < kBlock ? static_cast<size_t>(giants - g) : kBlock;
                for (size_t k = 0; k < m; ++k) {
                    halves[k] = h;
                    h = h + giant;
                }
                ristretto_encode_doubled(block.data(), doubled.data(), halves.data(), m);
                for (size_t k = 0; k < m && results[i] < 0; ++k) {
                    results[i] = lookup(&block[32 * k], g + k, bound, points[i]);
                }
            }
        }
    } catch (const std::bad_alloc&) {
        for (size_t i = 0; i < n; ++i) results[i] = -2;
    }
}

}  // namespace pyristretto
