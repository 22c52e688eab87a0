// Pippenger's bucket method on the IFMA backend, with a window per lane. Scalars are cut into signed radix-2^c digits
// (windows, c = 4..8 by n, 11 from 8192 points); a pass handles eight windows at once: lane w of the bucket array
// holds the 2^(c-1) buckets of window 8p + w, and every point is added, in one eight-lane addition, to bucket |digit|
// of each of the eight windows (with the digit's sign). The eight lanes never touch the same memory, so there are no
// bucket conflicts to schedule around, unlike eight buckets of one window; the price is that each lane's bucket index
// differs, so the buckets are per-lane records brought into the lanes by transposes (BucketRecord below). ceil(254 / c)
// windows take ceil(that / 8) passes, the bucket sums run on eight lanes too, and the window sums are combined with c
// doublings each at the end (portable). Zero digits add to bucket 0, which is never read, instead of being skipped: no
// lane ever waits for another. A point whose eight digits of a pass are all zero is skipped in that pass (a short
// scalar, such as the 128-bit weights of a batch verification, then costs about half the passes).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "pyristretto/bytes.hpp"
#include "pyristretto/ifma/edwards8.hpp"
#include "pyristretto/ifma/pippenger.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/pippenger_lanes.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scratch.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

// Measured (test_ifma --bench, decoded points, one thread, ns per point portable / IFMA): n = 32: 8372 / 9601,
// n = 48: 8083 / 6912, n = 64: 8064 / 5562, n = 128: 7847 / 3503, n = 4096: 4626 / 1569. The four passes' fixed
// cost (4 x 256 eight-lane additions for the bucket sums) loses below ~40 points.
// (Measured with c = 8 at every n; the smaller windows of window_bits below cut that fixed cost, so the crossover
// may now lie lower, which has not been measured.)
const size_t kPippengerMin = 48;

// Measured (test_ifma --bench, one thread, ns per point portable / IFMA): n = 16: 121 / 89, n = 32: 110 / 53,
// n = 256: 100 / 22, n = 4096: 99 / 18. The end (the eight lane sums added portably) is what a short run pays.
const size_t kSumMin = 16;

namespace {

static_assert(sizeof(Point8) == 160 * 8, "bucket stride: coordinate c, limb l, lane w at qword (5 c + l) 8 + w");

// The window: passes(c) (n + 2^c) eight-lane additions, least at c = 4 below 96 points and 5 below 160; the
// switches from there measured (within ~1% of the best for decoded and computed points alike), and c = 11 from 8192
// points, where every pass keeps its buckets (docs/backends.md, the IFMA backend).
int window_bits(size_t n) {
    if (n < 96) return 4;
    if (n < 160) return 5;
    if (n < 320) return 6;
    if (n < 448) return 7;
    if (n < 8192) return 8;
    return 11;
}

// How many points ahead the additions prefetch their buckets when these are larger than L2 (c > 8; 1.13x at c = 11).
constexpr size_t kPrefetchAhead = 4;

// Signed radix-2^c digits in [-2^(c-1), 2^(c-1)) (the top one in [0, 2^(c-1)]) of any 32-byte scalar, folded below
// 2^253 first (scalar.hpp: the same value mod q): windows = ceil(254 / c) digits, then zeros up to `stride`. Digit:
// int8_t up to c = 8, int16_t beyond.
template <class Digit>
void signed_radix2c_digits(const uint8_t scalar[32], int c, int windows, int stride, Digit* d) {
    uint8_t s[32 + 7] = {};  // seven zero bytes past the end: a window's 64-bit load never leaves the array
    scalar_fold(scalar, s);
    const int half = 1 << (c - 1);
    int carry = 0;
    for (int k = 0; k < windows; ++k) {
        const int bit = c * k;                                                 // < 256
        const uint64_t bits = detail::load64_le(s + (bit >> 3)) >> (bit & 7);  // the window's c bits, and more
        const int v = static_cast<int>(bits & ((1u << c) - 1)) + carry;
        carry = k + 1 < windows && v >= half;  // the top digit keeps its value (at most 2^(c-1))
        d[k] = static_cast<Digit>(v - (carry << c));
    }
    for (int k = windows; k < stride; ++k) d[k] = 0;
}

// A bucket of one lane: that lane's 20 qwords of a Point8 (coordinate c, limb l at 5 c + l), padded to three cache
// lines so that each record is three aligned 64-byte loads. Records, not one interleaved Point8 per bucket: gathering
// a bucket per lane from those took 20 vpgatherqq and 20 vpscatterqq an addition, which cost more than the addition.
struct BucketRecord {
    uint64_t q[24];
};

#if !defined(PYRISTRETTO_IFMA_EMULATE)
// The 8 x 8 transpose of 64-bit elements (r[k] lane m <-> r[m] lane k): pairs, then 128-bit blocks twice.
PYR_IFMA_INLINE void transpose8(__m512i r[8]) {
    __m512i t[8], u[8];
    for (int k = 0; k < 4; ++k) {
        t[2 * k] = _mm512_unpacklo_epi64(r[2 * k], r[2 * k + 1]);  // (r[2k][2i], r[2k + 1][2i]) in block i
        t[2 * k + 1] = _mm512_unpackhi_epi64(r[2 * k], r[2 * k + 1]);
    }
    for (int e = 0; e < 2; ++e) {
        u[e] = _mm512_shuffle_i64x2(t[e], t[2 + e], 0x88);      // blocks 0, 2 of each
        u[2 + e] = _mm512_shuffle_i64x2(t[e], t[2 + e], 0xdd);  // blocks 1, 3
        u[4 + e] = _mm512_shuffle_i64x2(t[4 + e], t[6 + e], 0x88);
        u[6 + e] = _mm512_shuffle_i64x2(t[4 + e], t[6 + e], 0xdd);
    }
    for (int e = 0; e < 2; ++e) {
        r[e] = _mm512_shuffle_i64x2(u[e], u[4 + e], 0x88);
        r[4 + e] = _mm512_shuffle_i64x2(u[e], u[4 + e], 0xdd);
        r[2 + e] = _mm512_shuffle_i64x2(u[2 + e], u[6 + e], 0x88);
        r[6 + e] = _mm512_shuffle_i64x2(u[2 + e], u[6 + e], 0xdd);
    }
}
#endif

// Lane w of the result is the record at[w]; scatter_records writes lane w back there.
PYR_IFMA_INLINE void gather_records(BucketRecord* const at[8], Point8& p) {
    uint64_t* out = reinterpret_cast<uint64_t*>(&p);  // vector k (5 c + l), lane w at qword 8 k + w
#if defined(PYRISTRETTO_IFMA_EMULATE)
    for (int k = 0; k < 20; ++k)
        for (int w = 0; w < 8; ++w) out[8 * k + w] = at[w]->q[k];
#else
    for (int block = 0; block < 3; ++block) {
        __m512i r[8];
        for (int w = 0; w < 8; ++w) r[w] = _mm512_load_si512(at[w]->q + 8 * block);
        transpose8(r);
        for (int k = 0; k < 8 && 8 * block + k < 20; ++k) _mm512_store_si512(out + 8 * (8 * block + k), r[k]);
    }
#endif
}

PYR_IFMA_INLINE void scatter_records(const Point8& p, BucketRecord* const at[8]) {
    const uint64_t* in = reinterpret_cast<const uint64_t*>(&p);
#if defined(PYRISTRETTO_IFMA_EMULATE)
    for (int k = 0; k < 20; ++k)
        for (int w = 0; w < 8; ++w) at[w]->q[k] = in[8 * k + w];
#else
    for (int block = 0; block < 3; ++block) {
        __m512i r[8];
        for (int k = 0; k < 8; ++k)
            r[k] = 8 * block + k < 20 ? _mm512_load_si512(in + 8 * (8 * block + k)) : _mm512_setzero_si512();
        transpose8(r);
        for (int w = 0; w < 8; ++w) _mm512_store_si512(at[w]->q + 8 * block, r[w]);
    }
#endif
}

PYR_IFMA_INLINE Cached8 splat_cached(const CachedPoint& q) {
    return Cached8{splat(q.Y_plus_X), splat(q.Y_minus_X), splat(q.Z), splat(q.T2d)};
}

// Adds m points to the buckets of one pass, lane w to bucket |digit| of window 8 pass + w: the points' digits of the
// pass `stride` apart from `digits`, their cached forms, and whether all have Z = 1.
template <class Digit>
PYR_IFMA_INLINE void add_pass(const Digit* digits, int stride, size_t m, const CachedPoint* cached, bool z_one,
                              BucketRecord* const lane[8]) {
    const bool prefetch = sizeof(Digit) > 1;  // the buckets of c = 11 (4.7 MB) are larger than L2
    for (size_t i = 0; i < m; ++i) {
        const Digit* group = &digits[stride * i];
        uint64_t any[sizeof(Digit)];
        std::memcpy(any, group, sizeof any);
        if ((any[0] | any[sizeof(Digit) - 1]) == 0) continue;  // all eight digits zero (public scalars)
        if (prefetch && i + kPrefetchAhead < m) {              // the buckets point i + 4 will add to: 3 lines each
            const Digit* ahead = group + kPrefetchAhead * stride;
            for (int w = 0; w < 8; ++w)
                for (int byte : {0, 64, 128})
                    __builtin_prefetch(reinterpret_cast<const char*>(lane[w] + std::abs(ahead[w])) + byte, 1);
        }
        __mmask8 negative;
        if constexpr (sizeof(Digit) == 1) {
            const __m512i d = _mm512_cvtepi8_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(group)));
            negative = _mm512_cmplt_epi64_mask(d, _mm512_setzero_si512());
        } else {
            negative = 0;
            for (int w = 0; w < 8; ++w) negative = static_cast<__mmask8>(negative | (group[w] < 0) << w);
        }
        BucketRecord* at[8];
        for (int w = 0; w < 8; ++w) at[w] = lane[w] + std::abs(group[w]);
        const Cached8 q = splat_cached(cached[i]);
        const Cached8 signed_q{select(negative, q.YpX, q.YmX), select(negative, q.YmX, q.YpX), q.Z,
                               select(negative, q.T2d, neg(q.T2d))};
        Point8 bucket;
        gather_records(at, bucket);
        // Z2 = 1 (decoded points): the affine Niels form's 7 products, its 2d x y being the cached 2d T.
        const Point8 sum =
            z_one ? ifma::add(bucket, Niels8{signed_q.YpX, signed_q.YmX, signed_q.T2d}) : ifma::add(bucket, signed_q);
        scatter_records(sum, at);
    }
}

// The windows' buckets, the digits and cached copies of one block of points (kMsmBlock at most, so this extra
// memory does not grow with n), and the eight window sums of each pass once summed.
struct State {
    State(size_t total, int c);  // c: 4..11, 0 for the measured choice
    int c, windows, passes, stride;
    size_t buckets_per_lane, pass_records;
    bool keep;  // every pass keeps its own buckets until finish; else one pass's, summed as soon as it is done
    ScratchMemory memory;           // the buckets
    std::vector<int8_t> digits8;    // the block's digits up to c = 8 (half the memory, which counts in L2)
    std::vector<int16_t> digits16;  // c = 11
    std::vector<CachedPoint> cached;
    std::vector<EdwardsPoint> window_sum;
    BucketRecord* records(int pass) {  // a pass's buckets
        return memory.as<BucketRecord>() + (keep ? pass * pass_records : 0);
    }
    void lanes(int pass, BucketRecord* lane[8]) {  // lane w's buckets of that pass
        for (int w = 0; w < 8; ++w) lane[w] = records(pass) + w * buckets_per_lane;
    }
};

PYR_IFMA_FN void clear_pass(State& st, int pass) {
    BucketRecord identity_record = {};
    identity_record.q[5] = identity_record.q[10] = 1;  // Y and Z: limb 0 = 1
    BucketRecord* const records = st.records(pass);
    for (size_t r = 0; r < st.pass_records; ++r) records[r] = identity_record;
}

// The window sums of a pass, lane by lane: sum_b b * bucket[b] as running sums from the top bucket down.
PYR_IFMA_FN void sum_pass(State& st, int pass) {
    BucketRecord* lane[8];
    st.lanes(pass, lane);
    Point8 running = identity8(), sum = identity8();
    for (size_t b = st.buckets_per_lane - 1; b >= 1; --b) {
        BucketRecord* at[8];
        for (int w = 0; w < 8; ++w) at[w] = lane[w] + b;
        Point8 bucket;
        gather_records(at, bucket);
        running = ifma::add(running, to_cached(bucket));
        sum = ifma::add(sum, to_cached(running));
    }
    store_points(sum, &st.window_sum[8 * pass]);
}

PYR_IFMA_FN State::State(size_t total, int c) {
    State& st = *this;
    const bool keep = total > kMsmBlock;
    st.c = c ? c : window_bits(total);
    if (st.c < 4 || st.c > 11) std::abort();  // the digit types below hold these
    st.windows = (254 + st.c - 1) / st.c;     // c = 11: 24 windows, 3 passes; 8: 32, 4; 4: 64, 8
    st.passes = (st.windows + 7) / 8;
    st.stride = 8 * st.passes;                            // digits per point, zero-padded to whole passes
    st.buckets_per_lane = (size_t(1) << (st.c - 1)) + 1;  // |digit| in 0..2^(c-1); bucket 0 is discarded
    st.pass_records = 8 * st.buckets_per_lane;
    st.keep = keep;
    st.memory = ScratchMemory(sizeof(BucketRecord) * (keep ? st.passes : 1) * st.pass_records);
    if (keep)
        for (int pass = 0; pass < st.passes; ++pass) clear_pass(st, pass);
    const size_t block = std::min(std::max<size_t>(total, 1), kMsmBlock);
    if (st.c > 8) st.digits16.resize(st.stride * block);
    else st.digits8.resize(st.stride * block);
    st.cached.resize(block);
    // On the heap: 64 points (c = 4: 8 passes of 8 windows) were 10 KB of a 15 KB frame, half of the 32 KiB stack a
    // Python thread may have (tests/test_threads.py runs msm_vartime on such a stack); g++ -fstack-usage: 4.8 KB now.
    st.window_sum.resize(8 * st.passes);
}

// Past one block every pass keeps its own buckets (c = 8: 4 x 198 KB; c = 11: 3 x 1.6 MB) across the blocks and the
// feeds, so the bucket sums and the window sums are paid once; one block (keep = false) reuses one pass's buckets,
// which stay in L2.
PYR_IFMA_FN void pippenger_add(State& st, const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    const size_t block = st.cached.size();
    for (size_t first = 0; first < n; first += block) {
        const size_t m = std::min(block, n - first);
        bool z_one = true;
        for (size_t i = 0; i < m; ++i) {
            const FieldElement& z = points[first + i].Z;
            z_one = z_one && z.limb[0] == 1 && (z.limb[1] | z.limb[2] | z.limb[3] | z.limb[4]) == 0;
            const uint8_t* scalar = scalars + 32 * (first + i);
            if (st.c > 8) signed_radix2c_digits(scalar, st.c, st.windows, st.stride, &st.digits16[st.stride * i]);
            else signed_radix2c_digits(scalar, st.c, st.windows, st.stride, &st.digits8[st.stride * i]);
            st.cached[i] = points[first + i].to_cached();
        }
        for (int pass = 0; pass < st.passes; ++pass) {
            if (!st.keep) clear_pass(st, pass);
            BucketRecord* lane[8];
            st.lanes(pass, lane);
            if (st.c > 8) add_pass(st.digits16.data() + 8 * pass, st.stride, m, st.cached.data(), z_one, lane);
            else add_pass(st.digits8.data() + 8 * pass, st.stride, m, st.cached.data(), z_one, lane);
            if (!st.keep) sum_pass(st, pass);
        }
    }
}

PYR_IFMA_FN EdwardsPoint pippenger_finish(State& st) {
    if (st.keep)
        for (int pass = 0; pass < st.passes; ++pass) sum_pass(st, pass);
    EdwardsPoint acc = st.window_sum[st.windows - 1];  // the padding windows past it are empty
    for (int w = st.windows - 2; w >= 0; --w) acc = acc.mul_by_pow2(st.c) + st.window_sum[w].to_cached();
    return acc;
}

}  // namespace

// PippengerBuckets on these lanes (pippenger_lanes.hpp).
using Buckets = LanePippenger<State>;

std::unique_ptr<PippengerBuckets> new_pippenger_buckets(size_t total, int c) {
    return std::unique_ptr<PippengerBuckets>(new Buckets(total, c));
}

EdwardsPoint pippenger_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    if (n == 0) return EdwardsPoint::identity();
    Buckets buckets(n);
    buckets.add(scalars, points, n);
    return buckets.finish();
}

// Lane j sums the points j, j + 8, j + 16, ...: one eight-lane addition per eight points instead of eight serial
// ones (the loads transpose them into the lanes), then the eight lane sums and the last n % 8 points portably.
PYR_IFMA_FN EdwardsPoint sum_points(const EdwardsPoint* points, size_t n) {
    Point8 lanes = identity8();
    size_t i = 0;
    for (; i + 8 <= n; i += 8) lanes = add(lanes, to_cached(load_points(points + i)));
    EdwardsPoint lane_sum[8];
    store_points(lanes, lane_sum);
    EdwardsPoint acc = lane_sum[0];
    for (int j = 1; j < 8; ++j) acc = acc + lane_sum[j];
    for (; i < n; ++i) acc = acc + points[i];
    return acc;
}

}  // namespace ifma
}  // namespace pyristretto

#else

namespace pyristretto {
namespace ifma {
const size_t kPippengerMin = 0;
EdwardsPoint pippenger_vartime(const uint8_t*, const EdwardsPoint*, size_t) { std::abort(); }
std::unique_ptr<PippengerBuckets> new_pippenger_buckets(size_t, int) { std::abort(); }
const size_t kSumMin = 0;
EdwardsPoint sum_points(const EdwardsPoint*, size_t) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
