// The portable backend's bucket (Pippenger) multiplication for public scalars, the choice between it and Straus by
// size, and the plain sum.
#include "pyristretto/portable/pippenger.hpp"

#include <algorithm>
#include <vector>

#include "pyristretto/portable/straus.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {
namespace portable {

// Straus (width-5 NAF) against Pippenger: within 3% of each other from 112 to 144 points (measured:
// docs/backends.md, the portable backend).
const size_t kPippengerCrossover = 128;

// The window c measured fastest for n points (docs/backends.md); from 24576 points c = 12, whose 6.9 MiB of buckets a
// thread is the most kept (c = 13 and 14 gained 3-5% for 12.5 and 24 MiB).
unsigned Pippenger::window_for(size_t n) noexcept {
    if (n < 224) return 6;
    if (n < 512) return 7;
    if (n < 1280) return 8;
    if (n < 2560) return 9;
    if (n < 6144) return 10;
    if (n < 24576) return 11;
    return 12;
}

PippengerSums::PippengerSums(unsigned c, size_t block)
    : c_(std::min(std::max(c, 4u), 16u)),
      block_(std::max<size_t>(1, std::min(block, kMsmBlock))),
      windows_(radix2c_digit_count(c_)),
      nb_(size_t(1) << (c_ - 1)),
      // Not initialised (used_ says which hold a sum), and kept for the next call (scratch.hpp).
      buckets_(sizeof(EdwardsPoint) * windows_ * nb_),
      used_(windows_ * nb_, 0),
      niels_(new AffineNielsPoint[block_]),
      digits_(new int16_t[windows_ * block_]) {}

void PippengerSums::add(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    for (size_t first = 0; first < n; first += block_) {
        const size_t m = std::min(block_, n - first);
        add_block(scalars + 32 * first, points + first, m);
    }
}

// Bucket additions hit random buckets, which miss L1 and, for larger windows, L2: prefetching the bucket of the
// point kPrefetchAhead further on hides that latency (c = 12: 1.4x; docs/backends.md).
constexpr size_t kPrefetchAhead = 8;

void PippengerSums::add_block(const uint8_t* scalars, const EdwardsPoint* points, size_t m) {
    // Digits stored window-major (digits_[w * m + j]) so that the loop below reads them in order.
    int16_t d[radix2c_digit_count(4)];
    size_t top = 0;
    for (size_t j = 0; j < m; ++j) {
        const size_t t = signed_radix2c(scalars + 32 * j, c_, d);
        for (size_t w = 0; w < t; ++w) digits_[w * m + j] = d[w];
        for (size_t w = t; w < top; ++w) digits_[w * m + j] = 0;
        if (t > top) {
            for (size_t w = top; w < t; ++w)
                std::fill(&digits_[w * m], &digits_[w * m + j], int16_t(0));  // earlier points: zero digits
            top = t;
        }
    }
    to_affine_niels(points, m);
    top_ = std::max(top_, top);
    // One window at a time over the block: that window's buckets (2^(c-1) * 160 bytes) stay in L2 while the
    // block's points stream through.
    for (size_t w = 0; w < top; ++w) {
        EdwardsPoint* bw = buckets_.as<EdwardsPoint>() + w * nb_;
        uint8_t* uw = &used_[w * nb_];
        const int16_t* dw = &digits_[w * m];
        for (size_t j = 0; j < m; ++j) {
            if (j + kPrefetchAhead < m) {  // the bucket of a later point, while this addition runs
                const int dn = dw[j + kPrefetchAhead];
                if (dn != 0) {
                    const char* q = reinterpret_cast<const char*>(&bw[static_cast<size_t>(dn > 0 ? dn : -dn) - 1]);
                    __builtin_prefetch(q, 1);
                    __builtin_prefetch(q + 64, 1);
                    __builtin_prefetch(q + 128, 1);  // 160 bytes: three cache lines
                }
            }
            const int dj = dw[j];
            if (dj > 0) {
                const size_t b = static_cast<size_t>(dj - 1);
                if (uw[b]) {
                    bw[b] = bw[b] + niels_[j];
                } else {
                    bw[b] = points[j];
                    uw[b] = 1;
                }
            } else if (dj < 0) {
                const size_t b = static_cast<size_t>(-dj - 1);
                if (uw[b]) {
                    bw[b] = bw[b] - niels_[j];
                } else {
                    bw[b] = -points[j];
                    uw[b] = 1;
                }
            }
        }
    }
}

// The block's points in affine Niels form, so that each bucket addition costs 7 multiplications instead of the
// 8 of the cached (projective) form. Decoded points have Z = 1 and cost one multiplication (2d * T); others
// (C++ callers with computed points) share one inversion per block (Montgomery's trick: 3 more per point).
void PippengerSums::to_affine_niels(const EdwardsPoint* points, size_t m) {
    bool z_is_one = true;  // public data: variable time is fine
    for (size_t j = 0; j < m && z_is_one; ++j) {
        const FieldElement& z = points[j].Z;
        z_is_one = z.limb[0] == 1 && (z.limb[1] | z.limb[2] | z.limb[3] | z.limb[4]) == 0;
    }
    if (z_is_one) {
        for (size_t j = 0; j < m; ++j) {
            const EdwardsPoint& p = points[j];
            niels_[j] = AffineNielsPoint{p.Y + p.X, p.Y - p.X, p.T * constants::EDWARDS_D2};
        }
        return;
    }
    batch_to_affine_niels(points, m, niels_.get());
}

EdwardsPoint PippengerSums::finish() {
    EdwardsPoint acc = EdwardsPoint::identity();
    bool started = false;
    for (size_t w = top_; w-- > 0;) {
        if (started) acc = acc.mul_by_pow2(c_);
        const EdwardsPoint* bw = buckets_.as<EdwardsPoint>() + w * nb_;
        const uint8_t* uw = &used_[w * nb_];
        size_t highest = nb_;  // 1 + highest used bucket
        while (highest > 0 && !uw[highest - 1]) --highest;
        if (highest == 0) continue;
        // sum_b (b + 1) * buckets[b] as a sum of running sums from the top bucket down.
        EdwardsPoint running = bw[highest - 1];
        EdwardsPoint total = running;
        for (size_t b = highest - 1; b-- > 0;) {
            if (uw[b]) running = running + bw[b];
            total = total + running;
        }
        acc = started ? acc + total : total;
        started = true;
    }
    return acc;
}

EdwardsPoint Pippenger::mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n, unsigned c) {
    PippengerSums sums(c, n);
    sums.add(scalars, points, n);
    return sums.finish();
}

EdwardsPoint msm_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    if (n < kPippengerCrossover) return straus_vartime(scalars, points, n);
    return Pippenger::mul_vartime(scalars, points, n, Pippenger::window_for(n));
}

EdwardsPoint sum(const EdwardsPoint* points, size_t n) noexcept {
    EdwardsPoint acc = EdwardsPoint::identity();
    for (size_t i = 0; i < n; ++i) acc = acc + points[i];
    return acc;
}

std::unique_ptr<PippengerBuckets> new_buckets(size_t total) {
    if (total < kPippengerCrossover) return nullptr;  // Straus, block by block
    return std::unique_ptr<PippengerBuckets>(new PippengerSums(Pippenger::window_for(total), total));
}

}  // namespace portable
}  // namespace pyristretto
