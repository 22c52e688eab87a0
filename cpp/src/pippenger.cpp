// Bucket (Pippenger) multiplication for public scalars, and the choice between it and Straus by size.
#include <algorithm>
#include <vector>

#include "pyristretto/backend.hpp"
#include "pyristretto/ifma/pippenger.hpp"
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
unsigned Pippenger::window_for(size_t n) noexcept {
    if (n < 224) return 6;
    if (n < 512) return 7;
    if (n < 1280) return 8;
    if (n < 2560) return 9;
    if (n < 6144) return 10;
    if (n < 24576) return 11;
    return 12;
}

EdwardsPoint Pippenger::mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                                    unsigned c) {
    if (c < 4) c = 4;
    if (c > 16) c = 16;
    const size_t count = radix2c_digit_count(c);
    // Digits stored window-major: digits[w * m + j] for the j-th nonzero scalar.
    std::vector<int16_t> digits;
    std::vector<const EdwardsPoint*> live;
    live.reserve(n);
    std::vector<int16_t> all(count * n);
    size_t top = 0;
    for (size_t i = 0; i < n; ++i) {
        int16_t* d = &all[count * live.size()];
        const size_t t = signed_radix2c(scalars + 32 * i, c, d);
        if (t == 0) continue;
        live.push_back(&points[i]);
        top = std::max(top, t);
    }
    const size_t m = live.size();
    if (m == 0) return EdwardsPoint::identity();
    digits.resize(top * m);
    for (size_t j = 0; j < m; ++j)
        for (size_t w = 0; w < top; ++w) digits[w * m + j] = all[count * j + w];
    std::vector<int16_t>().swap(all);

    std::vector<CachedPoint> cached(m);
    for (size_t j = 0; j < m; ++j) cached[j] = live[j]->to_cached();

    const size_t nb = size_t(1) << (c - 1);
    std::vector<EdwardsPoint> buckets(nb);
    std::vector<uint8_t> used(nb);

    EdwardsPoint acc = EdwardsPoint::identity();
    bool started = false;
    for (size_t w = top; w-- > 0;) {
        if (started) acc = acc.mul_by_pow2(c);
        std::fill(used.begin(), used.end(), 0);
        const int16_t* dw = &digits[w * m];
        size_t highest = 0;  // 1 + highest used bucket
        for (size_t j = 0; j < m; ++j) {
            const int d = dw[j];
            if (d > 0) {
                const size_t b = static_cast<size_t>(d - 1);
                if (used[b]) {
                    buckets[b] = buckets[b] + cached[j];
                } else {
                    buckets[b] = *live[j];
                    used[b] = 1;
                    if (b + 1 > highest) highest = b + 1;
                }
            } else if (d < 0) {
                const size_t b = static_cast<size_t>(-d - 1);
                if (used[b]) {
                    buckets[b] = buckets[b] - cached[j];
                } else {
                    buckets[b] = -*live[j];
                    used[b] = 1;
                    if (b + 1 > highest) highest = b + 1;
                }
            }
        }
        if (highest == 0) continue;
        // sum_b (b + 1) * buckets[b] as a sum of running sums from the top bucket down.
        EdwardsPoint running = buckets[highest - 1];
        EdwardsPoint total = running;
        for (size_t b = highest - 1; b-- > 0;) {
            if (used[b]) running = running + buckets[b];
            total = total + running;
        }
        acc = started ? acc + total : total;
        started = true;
    }
    return acc;
}

EdwardsPoint msm_vartime_decoded(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    if (backend() == Backend::Ifma && n >= ifma::kPippengerMin) return ifma::pippenger_vartime(scalars, points, n);
    if (n < kPippengerCrossover) return Straus::mul_vartime(scalars, points, n);
    return Pippenger::mul_vartime(scalars, points, n, Pippenger::window_for(n));
}

}  // namespace pyristretto
