#include "pyristretto/msm.hpp"

#include <sodium.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scalar_mul.hpp"

namespace pyristretto {

// ---------------------------------------------------------------------------------------------------------
// Tuning constants (measured on the project machine; figures in the comments).
// ---------------------------------------------------------------------------------------------------------

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

namespace {

// Threads. The points are split into one chunk per thread (each decodes its chunk and computes a partial sum),
// one thread per hardware thread by default (capped at 64). Measured on the project machine (2 vCPUs, quiet,
// -O3, best of 5, ms per call, 1 vs 2 threads):
//   msm_vartime  n = 256: 2.25 vs 1.32   n = 512: 4.07 vs 2.33   n = 1024: 6.76 vs 4.31   n = 4096: 24.7 vs 13.3
//                n = 16384: 82.2 vs 47.5
//   msm (CT)     n = 64: 0.621 vs 0.659 (slower)   n = 128: 1.21 vs 0.70   n = 256: 2.42 vs 1.29
//                n = 4096: 40.2 vs 20.3
//   point_sum    n = 128: 0.312 vs 0.232   n = 512: 1.26 vs 0.685   n = 4096: 10.3 vs 5.37
// and a second series, bench_msm threads 2 (with the threshold lowered in a copy for the small sizes):
//   msm_vartime  n = 32: 0.230 vs 0.177   n = 64: 0.434 vs 0.282   n = 128: 0.862 vs 0.495   n = 4096: 20.5 vs 10.7
//   msm (CT)     n = 32: 0.319 vs 0.226   n = 64: 0.618 vs 0.375   n = 128: 1.22 vs 0.68    n = 4096: 39.5 vs 20.1
//   point_sum    n = 32: 0.074 vs 0.085   n = 64: 0.147 vs 0.125   n = 128: 0.291 vs 0.200  n = 4096: 9.21 vs 4.70
// The two n = 64 msm figures disagree; with the other vCPU busy (another process running), n = 64 gave 0.618 vs
// 0.622 and point_sum n = 256 0.58 vs 1.01: a thread that has to wait for a core costs more than a small sum
// gains. Threading therefore starts only at 128 points, where every kind gains at least 1.45x, with at least
// kThreadedMin / 2 points per thread. (An earlier measurement that showed no gain at all, n = 4096, was taken on a
// loaded machine.) set_msm_max_threads(1) turns threading off.
constexpr size_t kThreadedMin = 128;  // msm, msm_vartime and point_sum alike
constexpr unsigned kDefaultMaxThreads = 0;  // 0: std::thread::hardware_concurrency()
constexpr unsigned kMaxThreadsCap = 64;

// Constant-time Straus works on blocks of this many points (tables: 9 * 160 bytes per point, ~720 KiB).
constexpr size_t kCtBlock = 512;

constexpr unsigned kNafWidth = 5;
constexpr unsigned kNafTable = 1u << (kNafWidth - 2);  // P, 3P, ..., 15P

// ---- threading -------------------------------------------------------------------------------------------

std::atomic<unsigned> g_max_threads{kDefaultMaxThreads};

unsigned worker_count(size_t n) noexcept {
    if (n < kThreadedMin) return 1;
    unsigned hc = g_max_threads.load(std::memory_order_relaxed);
    if (hc == 0) hc = std::thread::hardware_concurrency();
    if (hc == 0) hc = 1;
    if (hc > kMaxThreadsCap) hc = kMaxThreadsCap;
    const size_t by_size = n / (kThreadedMin / 2);  // at least kThreadedMin / 2 points per worker; >= 2 here
    if (by_size < hc) hc = static_cast<unsigned>(by_size);
    return hc;
}

// Runs body(k) for k in [0, count) (count <= kMaxThreadsCap): k = 0 on the calling thread, the rest on new
// threads; a share whose thread cannot be started runs on the calling thread.
template <class Body>
void run_parallel(unsigned count, Body body) noexcept {
    std::thread threads[kMaxThreadsCap];
    bool started[kMaxThreadsCap] = {false};
    for (unsigned k = 1; k < count; ++k) {
        try {
            threads[k] = std::thread(body, k);
            started[k] = true;
        } catch (...) {
        }
    }
    body(0u);
    for (unsigned k = 1; k < count; ++k) {
        if (started[k]) threads[k].join();
        else body(k);
    }
}

enum class Kind { ConstantTime, Vartime, Sum };

EdwardsPoint sum_decoded(Kind kind, const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    switch (kind) {
        case Kind::ConstantTime:
            return Straus::mul_ct(scalars, points, n);
        case Kind::Vartime:
            return msm_vartime_decoded(scalars, points, n);
        default: {
            EdwardsPoint acc = EdwardsPoint::identity();
            for (size_t i = 0; i < n; ++i) acc = acc + points[i];
            return acc;
        }
    }
}

// Decodes the points and computes the sum; returns n, the index of the first invalid point, or kOutOfMemory.
constexpr size_t kOutOfMemory = SIZE_MAX;

size_t decode_and_sum_or_throw(Kind kind, const uint8_t* scalars, const uint8_t* points, size_t n,
                               EdwardsPoint& result) {
    const unsigned workers = worker_count(n);
    std::vector<EdwardsPoint> decoded(n);
    if (workers <= 1) {
        const size_t bad = ristretto_decode_many(decoded.data(), points, n);
        if (bad != n) return bad;
        result = sum_decoded(kind, scalars, decoded.data(), n);
        return n;
    }
    std::vector<EdwardsPoint> partial(workers, EdwardsPoint::identity());
    std::vector<size_t> first_bad(workers, n);
    std::vector<uint8_t> failed(workers, 0);
    run_parallel(workers, [&](unsigned k) noexcept {
        const size_t begin = n * k / workers, end = n * (k + 1) / workers;
        const size_t bad = ristretto_decode_many(decoded.data() + begin, points + 32 * begin, end - begin);
        if (bad != end - begin) {
            first_bad[k] = begin + bad;
            return;
        }
        try {
            partial[k] = sum_decoded(kind, scalars ? scalars + 32 * begin : nullptr, decoded.data() + begin,
                                     end - begin);
        } catch (...) {
            failed[k] = 1;
        }
    });
    for (unsigned k = 0; k < workers; ++k)
        if (first_bad[k] != n) return first_bad[k];  // chunks are in order: the first one found is the first
    for (unsigned k = 0; k < workers; ++k)
        if (failed[k]) return kOutOfMemory;
    EdwardsPoint acc = partial[0];
    for (unsigned k = 1; k < workers; ++k) acc = acc + partial[k];
    result = acc;
    return n;
}

size_t decode_and_sum(Kind kind, const uint8_t* scalars, const uint8_t* points, size_t n,
                      EdwardsPoint& result) noexcept {
    try {
        return decode_and_sum_or_throw(kind, scalars, points, n, result);
    } catch (...) {  // std::bad_alloc: out is left untouched
        return kOutOfMemory;
    }
}

// ---- fixed bases for pedersen_commit ----------------------------------------------------------------------

// G's table is basepoint_table() (shared with base_mul); only H's is built here.
const FixedBaseTable& h_table() noexcept {
    static const FixedBaseTable table([] {  // built once, thread-safe (C++11 function-local static)
        EdwardsPoint h;
        if (!ristretto_decode(h, generator_H())) h = EdwardsPoint::identity();  // cannot happen
        return h;
    }());
    return table;
}

}  // namespace

void set_msm_max_threads(unsigned count) noexcept { g_max_threads.store(count, std::memory_order_relaxed); }

// ---------------------------------------------------------------------------------------------------------
// Straus
// ---------------------------------------------------------------------------------------------------------

namespace {

// t[j] = j * p in cached form, j = 0..8: 3 additions and 4 doublings.
void multiples_0_to_8(const EdwardsPoint& p, CachedPoint t[9]) noexcept {
    const EdwardsPoint p2 = p.dbl();
    const CachedPoint c1 = p.to_cached();
    const EdwardsPoint p3 = p2 + c1;
    const EdwardsPoint p4 = p2.dbl();
    const EdwardsPoint p6 = p3.dbl();
    t[0] = CachedPoint::identity();
    t[1] = c1;
    t[2] = p2.to_cached();
    t[3] = p3.to_cached();
    t[4] = p4.to_cached();
    t[5] = (p4 + c1).to_cached();
    t[6] = p6.to_cached();
    t[7] = (p6 + c1).to_cached();
    t[8] = p4.dbl().to_cached();
}

// acc + d * P for a secret signed digit d in [-8, 8], with t = multiples_0_to_8(P): the whole table is read
// and the sign applied by a conditional negation, so neither the address nor a branch depends on d.
EdwardsPoint add_signed_multiple(const EdwardsPoint& acc, const CachedPoint t[9], int8_t d) noexcept {
    uint32_t abs;
    uint8_t negative;
    ct::split_digit(d, abs, negative);
    CachedPoint r = ct::select(t, 9, abs);
    r.conditional_negate(negative);
    return acc + r;
}

}  // namespace

bool point_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) noexcept {
    EdwardsPoint P;
    if (!ristretto_decode(P, p)) return false;
    CachedPoint table[9];
    multiples_0_to_8(P, table);
    int8_t digits[64];  // secret: wiped below
    signed_radix16(s, digits);
    EdwardsPoint acc = EdwardsPoint::identity();
    for (int k = 63; k >= 0; --k) {
        if (k != 63) acc = acc.mul_by_pow2(4);
        acc = add_signed_multiple(acc, table, digits[k]);
    }
    sodium_memzero(digits, sizeof digits);
    ristretto_encode(out, acc);
    return true;
}

EdwardsPoint Straus::mul_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    if (n == 0) return EdwardsPoint::identity();
    // Blocks of at most kCtBlock points, each with its own doublings (252 per block: < 0.5 per point), so the
    // tables stay in L2 and memory stays bounded for any n.
    const size_t block = std::min(n, kCtBlock);
    std::vector<CachedPoint> tables(9 * block);  // tables[9 i + j] = j * points[i], cached form (public)
    const std::unique_ptr<int8_t[]> digits(new int8_t[64 * block]);  // secret: wiped below
    EdwardsPoint total = EdwardsPoint::identity();
    for (size_t first = 0; first < n; first += block) {
        const size_t m = std::min(block, n - first);
        for (size_t i = 0; i < m; ++i) {
            multiples_0_to_8(points[first + i], &tables[9 * i]);
            signed_radix16(scalars + 32 * (first + i), &digits[64 * i]);
        }
        EdwardsPoint acc = EdwardsPoint::identity();
        for (int k = 63; k >= 0; --k) {
            if (k != 63) acc = acc.mul_by_pow2(4);
            for (size_t i = 0; i < m; ++i) acc = add_signed_multiple(acc, &tables[9 * i], digits[64 * i + k]);
        }
        total = first == 0 ? acc : total + acc;  // branch on the public block index only
    }
    sodium_memzero(digits.get(), 64 * block);
    return total;
}

EdwardsPoint Straus::mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    std::vector<int8_t> naf(kNafDigits * n);
    std::vector<size_t> live;  // indices of nonzero scalars
    uint8_t column[kNafDigits] = {0};  // column[b] = 1 iff some scalar has a nonzero digit b
    live.reserve(n);
    size_t top = 0;
    for (size_t i = 0; i < n; ++i) {
        const size_t t = width_naf(scalars + 32 * i, kNafWidth, &naf[kNafDigits * live.size()]);
        if (t == 0) continue;
        const int8_t* d = &naf[kNafDigits * live.size()];
        for (size_t b = 0; b < t; ++b) column[b] |= static_cast<uint8_t>(d[b] != 0);
        live.push_back(i);
        top = std::max(top, t);
    }
    const size_t m = live.size();
    if (m == 0) return EdwardsPoint::identity();
    // tables[kNafTable j + k] = (2k + 1) * points[live[j]].
    std::vector<CachedPoint> tables(kNafTable * m);
    for (size_t j = 0; j < m; ++j) {
        const EdwardsPoint& p = points[live[j]];
        const CachedPoint p2 = p.dbl().to_cached();
        CachedPoint* t = &tables[kNafTable * j];
        EdwardsPoint q = p;
        t[0] = q.to_cached();
        for (unsigned k = 1; k < kNafTable; ++k) {
            q = q + p2;
            t[k] = q.to_cached();
        }
    }
    // Runs of all-zero columns are crossed with mul_by_pow2, whose inner doublings skip T.
    EdwardsPoint acc = EdwardsPoint::identity();
    bool started = false;
    unsigned owed = 0;  // doublings not yet applied to acc
    for (size_t b = top; b-- > 0;) {
        if (started) ++owed;
        if (!column[b]) continue;
        if (owed) {
            acc = acc.mul_by_pow2(owed);
            owed = 0;
        }
        for (size_t j = 0; j < m; ++j) {
            const int d = naf[kNafDigits * j + b];
            if (d > 0) {
                acc = acc + tables[kNafTable * j + (d >> 1)];
            } else if (d < 0) {
                acc = acc - tables[kNafTable * j + ((-d) >> 1)];
            }
        }
        started = true;
    }
    if (owed) acc = acc.mul_by_pow2(owed);
    return acc;
}

// ---------------------------------------------------------------------------------------------------------
// Pippenger
// ---------------------------------------------------------------------------------------------------------

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
    if (n < kPippengerCrossover) return Straus::mul_vartime(scalars, points, n);
    return Pippenger::mul_vartime(scalars, points, n, Pippenger::window_for(n));
}

// ---------------------------------------------------------------------------------------------------------
// Public entry points (msm.hpp)
// ---------------------------------------------------------------------------------------------------------

size_t msm(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    EdwardsPoint result;
    const size_t rc = decode_and_sum(Kind::ConstantTime, scalars, points, n, result);
    if (rc == n) ristretto_encode(out, result);
    return rc;
}

size_t msm_vartime(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    EdwardsPoint result;
    const size_t rc = decode_and_sum(Kind::Vartime, scalars, points, n, result);
    if (rc == n) ristretto_encode(out, result);
    return rc;
}

size_t point_sum(const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    EdwardsPoint result;
    const size_t rc = decode_and_sum(Kind::Sum, nullptr, points, n, result);
    if (rc == n) ristretto_encode(out, result);
    return rc;
}

void pedersen_commit(const uint8_t amount[32], const uint8_t blinding[32], uint8_t out[32]) noexcept {
    const EdwardsPoint r = FixedBaseTable::mul2(basepoint_table(), amount, h_table(), blinding);
    ristretto_encode(out, r);
}

}  // namespace pyristretto
