// Pippenger's bucket method and point sums on the AVX2 backend, four independent points in the four lanes
// (edwards_lanes.hpp). The structure of ifma/pippenger.cpp with four lanes instead of eight: scalars are cut into
// signed radix-2^c digits (c = 4..8 by n, 11 from 8192 points; the portable recoding of scalar.cpp); a pass handles
// four windows at once, lane w holding the 2^(c-1) buckets of window 4p + w, and every point is added, in one four-lane
// addition, to bucket |digit| of each of the four windows (with the digit's sign). The lanes' buckets are separate
// arrays, so the four additions never touch the same bucket; a bucket is a 160-byte record of one lane's packed limbs,
// and a transpose brings four of them into the lanes and back (AVX2 has gathers but no scatter). Zero digits add to
// bucket 0, which is never read; a point whose four digits of a pass are all zero is skipped, and the passes stop at
// the highest nonzero digit of any scalar (short scalars, such as 128-bit batch weights, cost half the passes). The
// bucket sums run on the four lanes too; the window sums are combined with c doublings each (portable). (Not a template
// shared with the IFMA code, which has the same structure: the two field types share no interface, and the records and
// transposes differ, 160-byte records and 4 x 4 here, 192-byte records and 8 x 8 there.)
#include "pyristretto/avx2/pippenger.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "pyristretto/avx2/edwards_lanes.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/pippenger_lanes.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scratch.hpp"

namespace pyristretto {
namespace avx2 {

#if PYRISTRETTO_AVX2

// Measured against the AVX2 vartime Straus: see pippenger.cpp's msm_vartime_decoded.
const size_t kPippengerMin = 168;
// Measured (xbench, one thread, decoded points, ns per point, portable / four lanes): n = 8: 218 / 252, 12: 189 / 183,
// 16: 188 / 165, 256: 118 / 69, 4096: 115 / 65. The end (four lane sums added portably) is what a short run pays.
const size_t kSumMin = 16;

namespace {

static_assert(sizeof(EdwardsPoint) == 20 * 8, "a point is 20 limbs: X, Y, Z, T, five each");

// The window: each pass costs n four-lane additions plus 2^c for its bucket sums, and there are
// ceil(ceil(254 / c) / 4) passes (c = 4: 16, 5: 13, 6: 11, 7: 10, 8: 8); the switches are the fastest c measured, and
// c = 11 from 8192 points, where every pass keeps its buckets (docs/backends.md, the AVX2 backend).
int window_bits(size_t n) {
    if (n < 48) return 4;
    if (n < 192) return 5;
    if (n < 512) return 6;
    if (n < 640) return 7;
    if (n < 8192) return 8;
    return 11;
}

// How many points ahead the additions prefetch their buckets when these are larger than L2 (c > 8): 4 gained 3-6%
// at c = 11; 2 and 8 measured the same as 4.
constexpr size_t kPrefetchAhead = 4;

// Four points' limbs (radix 2^51) into the lanes, reduced to radix 2^25.5: field4.hpp's from_lanes on each
// coordinate, the loads as transposes.
PYR_AVX2_FN inline __attribute__((always_inline)) L4 load_points(const EdwardsPoint* a, const EdwardsPoint* b,
                                                                 const EdwardsPoint* c, const EdwardsPoint* d) {
    __m256i l[20];
    gather_records(&a->X.limb[0], &b->X.limb[0], &c->X.limb[0], &d->X.limb[0], l);
    L4 r;
    F4* out[4] = {&r.X, &r.Y, &r.Z, &r.T};
    for (int k = 0; k < 4; ++k) {
        __m256i z[10];
        for (int i = 0; i < 5; ++i) {
            z[2 * i] = _mm256_and_si256(l[5 * k + i], PYR_AVX2_LOW_MASK(0));
            z[2 * i + 1] = _mm256_srli_epi64(l[5 * k + i], 26);
        }
        *out[k] = reduce(z);
    }
    return r;
}

// Whether every point has Z = 1 (decoded points do): then the additions take lanes_add_z1, 7 products instead of 8.
bool all_z_one(const EdwardsPoint* points, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        const FieldElement& z = points[i].Z;
        if (z.limb[0] != 1 || (z.limb[1] | z.limb[2] | z.limb[3] | z.limb[4]) != 0) return false;
    }
    return true;
}

// acc += p, out of line: the window sums' loop with its two additions inlined is about 6,000 instructions, too many
// for the core's instruction caches (a bucket took 660 ns inlined, 430 with this call).
PYR_AVX2_FN __attribute__((noinline)) void add_to(L4& acc, const L4& p, const F4& d2) {
    acc = lanes_add(acc, lanes_cached(p, d2));
}

// The windows' buckets (lane w of pass p holds window 4p + w's; past one block every pass keeps its own), the
// digits and cached copies of one block of points (kMsmBlock at most, so this extra memory does not grow with n),
// and the four window sums of each pass once summed.
struct State {
    State(size_t total, int c);  // c: 4..11, 0 for the measured choice
    int c, stride, passes;
    size_t nb, block;
    bool keep;
    int top = 0;                   // the digits past the highest nonzero one of every scalar added so far are zero
    ScratchMemory buckets;         // records of 20 qwords: pass (if kept), lane, |digit|
    std::vector<int16_t> digits;   // the block's digits, stride per point
    std::vector<uint64_t> cached;  // the block's points, (Y + X, Y - X, 2Z, 2dT) packed (edwards_lanes.hpp)
    std::vector<EdwardsPoint> window_sum;
    uint64_t* lane(int pass, int w) { return buckets.as<uint64_t>() + ((keep ? pass : 0) * 4 + w) * nb * 20; }
};

void clear_pass(State& st, int pass) {
    uint64_t identity_record[20] = {};
    identity_record[5] = identity_record[10] = 1;  // Y and Z: limb 0 = 1
    for (int w = 0; w < 4; ++w)
        for (size_t b = 0; b < st.nb; ++b) std::memcpy(st.lane(pass, w) + 20 * b, identity_record, 160);
}

// The window sums of a pass, lane by lane: sum_b b * bucket[b] as running sums from the top bucket down.
PYR_AVX2_FN void sum_pass(State& st, int pass) {
    const F4 d2 = splat_fe(constants::EDWARDS_D2);
    uint64_t* const lane[4] = {st.lane(pass, 0), st.lane(pass, 1), st.lane(pass, 2), st.lane(pass, 3)};
    L4 running = lanes_identity(), sum = lanes_identity();
    for (size_t b = st.nb - 1; b >= 1; --b) {
        L4 bucket;
        gather_records(lane[0] + 20 * b, lane[1] + 20 * b, lane[2] + 20 * b, lane[3] + 20 * b, vectors(bucket));
        add_to(running, bucket, d2);
        add_to(sum, running, d2);
    }
    lanes_to_points(sum, &st.window_sum[4 * pass]);
}

State::State(size_t total, int c) {
    State& st = *this;
    st.c = c ? c : window_bits(total);
    if (st.c < 4 || st.c > 11) std::abort();  // the digits' buffers below are sized for these
    // The folded scalars (< 2^253) have at most ceil(254 / c) nonzero digits: c = 8 8 passes, c = 11 6.
    st.passes = ((254 + st.c - 1) / st.c + 3) / 4;
    st.stride = 4 * st.passes;              // digits per point, zero-padded to whole passes
    st.nb = (size_t(1) << (st.c - 1)) + 1;  // |digit| in 0..2^(c-1); bucket 0 is discarded
    st.keep = total > kMsmBlock;
    st.block = std::min(std::max<size_t>(total, 1), kMsmBlock);
    st.buckets = ScratchMemory(sizeof(uint64_t) * (st.keep ? st.passes : 1) * 4 * st.nb * 20);
    if (st.keep)
        for (int pass = 0; pass < st.passes; ++pass) clear_pass(st, pass);
    st.digits.resize(st.stride * st.block);
    st.cached.resize(20 * ((st.block + 3) & ~size_t(3)));
    st.window_sum.resize(4 * st.passes);
}

PYR_AVX2_FN void pippenger_add(State& st, const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    // Locals, not members, in the loops: the bucket stores could alias the State, whose fields would be read again.
    const int c = st.c, stride = st.stride;
    int16_t* const digits = st.digits.data();
    const bool prefetch = c > 8;  // the buckets (c = 11: 3.9 MB) are larger than L2
    uint64_t* const cached = st.cached.data();
    const F4 d2 = splat_fe(constants::EDWARDS_D2);
    int16_t d[radix2c_digit_count(4)];
    for (size_t first = 0; first < n; first += st.block) {
        const size_t m = std::min(st.block, n - first);
        const EdwardsPoint* const p = points + first;
        int top = 0;  // this block's
        for (size_t i = 0; i < m; ++i) {
            const auto t = static_cast<int>(signed_radix2c(scalars + 32 * (first + i), static_cast<unsigned>(c), d));
            top = std::max(top, t);
            for (int k = 0; k < stride; ++k)
                digits[stride * i + k] = static_cast<int16_t>(k < t ? d[k] : 0);  // |d| <= 2^(c-1)
        }
        st.top = std::max(st.top, top);
        if (top == 0) continue;
        const bool z_one = all_z_one(p, m);
        for (size_t i = 0; i < m; i += 4) {
            const size_t last = m - 1 - i;  // the padding records repeat the last point (never added)
            const EdwardsPoint* at = p + i;
            LC4 q = lanes_cached(load_points(at, at + std::min<size_t>(1, last), at + std::min<size_t>(2, last),
                                             at + std::min<size_t>(3, last)),
                                 d2);
            uint64_t* r = &cached[20 * i];
            scatter_records(vectors(q), r, r + 20, r + 40, r + 60);
        }
        for (int pass = 0; pass < (top + 3) / 4; ++pass) {
            if (!st.keep) clear_pass(st, pass);
            uint64_t* const lane[4] = {st.lane(pass, 0), st.lane(pass, 1), st.lane(pass, 2), st.lane(pass, 3)};
            for (size_t i = 0; i < m; ++i) {
                const int16_t* group = &digits[stride * i + 4 * pass];
                uint64_t any;
                std::memcpy(&any, group, 8);
                if (any == 0) continue;                    // all four digits zero (public scalars: skipping is fine)
                if (prefetch && i + kPrefetchAhead < m) {  // the buckets point i + 4 will add to
                    const int16_t* ahead = group + kPrefetchAhead * stride;
                    for (int w = 0; w < 4; ++w) {  // 160 bytes, 16-byte aligned: up to four lines
                        const char* r = reinterpret_cast<const char*>(lane[w] + 20 * size_t(std::abs(ahead[w])));
                        for (int byte : {0, 64, 128, 159}) __builtin_prefetch(r + byte, 1);
                    }
                }
                const __m256i negative = _mm256_cmpgt_epi64(
                    _mm256_setzero_si256(), _mm256_cvtepi16_epi64(_mm_cvtsi64_si128(static_cast<long long>(any))));
                uint64_t* at[4];
                for (int w = 0; w < 4; ++w) at[w] = lane[w] + 20 * static_cast<size_t>(std::abs(group[w]));
                L4 bucket;
                gather_records(at[0], at[1], at[2], at[3], vectors(bucket));
                LC4 q;
                splat_record(&cached[20 * i], vectors(q));
                const LC4 signed_q = lanes_negate_where(q, negative);
                const L4 sum = z_one ? lanes_add_z1(bucket, signed_q) : lanes_add(bucket, signed_q);
                scatter_records(vectors(sum), at[0], at[1], at[2], at[3]);
            }
            if (!st.keep) sum_pass(st, pass);
        }
    }
}

EdwardsPoint pippenger_finish(State& st) {
    if (st.top == 0) return EdwardsPoint::identity();
    if (st.keep)
        for (int pass = 0; pass < (st.top + 3) / 4; ++pass) sum_pass(st, pass);
    EdwardsPoint acc = st.window_sum[st.top - 1];  // the windows past it are empty
    for (int w = st.top - 2; w >= 0; --w)
        acc = acc.mul_by_pow2(static_cast<unsigned>(st.c)) + st.window_sum[w].to_cached();
    return acc;
}

}  // namespace

// PippengerBuckets on these lanes (pippenger_lanes.hpp).
using Buckets = LanePippenger<State>;

std::unique_ptr<PippengerBuckets> new_pippenger_buckets(size_t total, int c) {
    return std::unique_ptr<PippengerBuckets>(new Buckets(total, c));
}

EdwardsPoint pippenger_vartime_window(const uint8_t* scalars, const EdwardsPoint* points, size_t n, int c) {
    if (n == 0) return EdwardsPoint::identity();
    Buckets buckets(n, c);
    buckets.add(scalars, points, n);
    return buckets.finish();
}

EdwardsPoint pippenger_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    return pippenger_vartime_window(scalars, points, n, 0);
}

// Lane k sums the points k, k + 4, k + 8, ...: one four-lane addition per four points (9 lane-wise products: the
// cached form's 2dT and the addition's 8), then the four lane sums and the last n % 4 points portably.
PYR_AVX2_FN EdwardsPoint sum_points(const EdwardsPoint* points, size_t n) noexcept {
    const F4 d2 = splat_fe(constants::EDWARDS_D2);
    L4 lanes = lanes_identity();
    size_t i = 0;
    const bool z_one = all_z_one(points, n);
    for (; i + 4 <= n; i += 4) {
        const LC4 q = lanes_cached(load_points(points + i, points + i + 1, points + i + 2, points + i + 3), d2);
        lanes = z_one ? lanes_add_z1(lanes, q) : lanes_add(lanes, q);
    }
    EdwardsPoint lane_sum[4];
    lanes_to_points(lanes, lane_sum);
    EdwardsPoint acc = lane_sum[0];
    for (int k = 1; k < 4; ++k) acc = acc + lane_sum[k];
    for (; i < n; ++i) acc = acc + points[i];
    return acc;
}

#else

const size_t kPippengerMin = 0;
std::unique_ptr<PippengerBuckets> new_pippenger_buckets(size_t, int) { std::abort(); }
EdwardsPoint pippenger_vartime_window(const uint8_t*, const EdwardsPoint*, size_t, int) { std::abort(); }
EdwardsPoint pippenger_vartime(const uint8_t*, const EdwardsPoint*, size_t) { std::abort(); }
const size_t kSumMin = 0;
EdwardsPoint sum_points(const EdwardsPoint*, size_t) noexcept { std::abort(); }

#endif  // PYRISTRETTO_AVX2

}  // namespace avx2
}  // namespace pyristretto
