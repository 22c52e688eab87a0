// Bucket (Pippenger) multiplication for public scalars, and the choice between it and Straus by size.
#include <algorithm>
#include <vector>

#include "pyristretto/avx2/pippenger.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/ifma/pippenger.hpp"
#include "pyristretto/ifma/straus_vartime.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {

// Straus (width-5 NAF) vs Pippenger crossover for msm_vartime. Measured with bench_msm tune (decoded points, one
// thread, best of 3, us per point), Straus vs Pippenger c=6:
//   n = 64: 4.42 vs 5.49   n = 96: 4.30 vs 4.70   n = 112: 4.27 vs 4.49   n = 120: 4.43 vs 4.41
//   n = 128: 4.42 vs 4.47  n = 136: 4.39 vs 4.44  n = 144: 4.40 vs 4.24   n = 160: 4.67 vs 4.11   n = 192: 4.63 vs 4.02
// The two are within 3% of each other from 112 to 144; Straus is clearly ahead below, Pippenger from 144 on
// (callgrind instruction counts put the tie at ~150, but Straus' 1.25 KiB table per point costs cache misses).
const size_t kPippengerCrossover = 128;

// Pippenger window c by number of points: the fastest c measured (us per point, decoded points, one thread):
//   n = 128: c=5 5.75, c=6 4.86, c=7 5.36      n = 192: c=6 4.40, c=7 4.49      n = 256: c=6 4.19, c=7 4.12
//   n = 384: c=7 3.77, c=8 3.86                n = 512: c=7 3.63, c=8 3.59      n = 768: c=8 3.34, c=9 3.54
//   n = 1024: c=8 3.31, c=9 3.35               n = 1536: c=9 3.06, c=10 3.26    n = 2048: c=9 3.09, c=10 3.17
//   n = 3072: c=10 2.83, c=9 2.86              n = 4096: c=10 2.86, c=11 2.89   n = 8192: c=11 2.54, c=10 2.62
//   n = 16384: c=11 2.38, c=12 2.44            n = 32768: c=12 2.23, c=11 2.29
// and c = 12 beyond, measured again with the buckets of every window kept while the blocks stream through
// (PippengerSums, block 4096; BENCH_CPU=1 bench_msm tune 262144, on the loaded shared machine):
//   without the bucket prefetch: c=10 3.27  c=11 3.38  c=12 3.71  c=13 4.10  c=14 4.60  c=15 4.97
//   with it:                     c=10 3.02  c=11 2.77  c=12 2.61  c=13 2.53  c=14 2.49  c=15 2.73
// c = 13 and 14 gain 3-5% but hold 12.5 and 24 MiB of buckets per thread (windows x 2^(c-1) x 160 bytes);
// c = 12 holds 6.9 MiB. The cost per point still falls with n, as 22 (1 + 2^12 / n) additions.
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
// point kPrefetchAhead further on hides that latency. Measured (BENCH_CPU=1 bench_msm tune 262144, block 4096):
// without / with the prefetch, c=11 3.38 / 2.77, c=12 3.71 / 2.61, c=13 4.10 / 2.53, c=14 4.60 / 2.49 us per point.
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

EdwardsPoint PippengerSums::finish() const {
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

EdwardsPoint Pippenger::mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                                    unsigned c) {
    PippengerSums sums(c, n);
    sums.add(scalars, points, n);
    return sums.finish();
}

EdwardsPoint msm_vartime_decoded(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    // Issue 19 item 4: msm_vartime is never slower than msm. On IFMA the four-lane vartime Straus (one point on four
    // lanes, ifma/straus_vartime.cpp) beats both the constant-time Straus (which had beaten the vartime paths to 128
    // points) and the IFMA Pippenger up to kStraus4Max points (one thread, pinned, CPU time, us, straus4 / ct /
    // Pippenger, one run: n = 1: 12.3 / 13.6 / -, 2: 14.5 / 26.6 / 70.8, 16: 45.5 / 78.0 / 108.8, 128: 312.8 /
    // 376.7 / 399.7, 160: 412.6 / 467.5 / 546.9, 176: 473.6 / 503.8 / 485.0, 184: 479.6 / 538.6 / 505.3,
    // 192: 541.2 / 550.4 / 534.5, 208: 588.4 / 591.5 / 552.9).
    if (backend() == Backend::Ifma && n <= ifma::kStraus4Max) return ifma::straus_vartime4(scalars, points, n);
    // (It, and the AVX2 one below, keep their memory bounded: kMsmBlock points' digits at a time, the buckets across
    // the blocks.)
    if (backend() == Backend::Ifma && n >= ifma::kPippengerMin) return ifma::pippenger_vartime(scalars, points, n);
    // On AVX2 the four-lane Pippenger (a window per lane) from avx2::kPippengerMin points; below, the AVX2 vartime
    // Straus, which also beats the portable Pippenger from 128 (C++, one thread, one core, best of 5, two runs, us,
    // AVX2 Straus / four-lane Pippenger: n = 96: 314 / 374, 128: 419-441 / 455-460, 144: 473-481 / 498,
    // 152: 504-505 / 516-517, 160: 525-527 / 537-548, 168: 552-555 / 558-559, 176: 609-615 / 581-583; the portable
    // Pippenger, through Python: 128: 628-873, 144: 679-717).
    if (backend() == Backend::Avx2 && n >= avx2::kPippengerMin) return avx2::pippenger_vartime(scalars, points, n);
    if (n < kPippengerCrossover || backend() == Backend::Avx2) return Straus::mul_vartime(scalars, points, n);
    return Pippenger::mul_vartime(scalars, points, n, Pippenger::window_for(n));
}

EdwardsPoint sum_decoded(const EdwardsPoint* points, size_t n) noexcept {
    if (backend() == Backend::Ifma && n >= ifma::kSumMin) return ifma::sum_points(points, n);
    if (backend() == Backend::Avx2 && n >= avx2::kSumMin) return avx2::sum_points(points, n);
    EdwardsPoint acc = EdwardsPoint::identity();
    for (size_t i = 0; i < n; ++i) acc = acc + points[i];
    return acc;
}

}  // namespace pyristretto
