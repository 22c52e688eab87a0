// MSMTable's kernels on the AVX2 backend (avx2/msm_table.hpp): the odd multiples P, 3P, ... of each base with one
// point on four lanes (add and to_cached of edwards4.hpp, no inversion), stored as they sit in registers
// (field4.hpp packs two limbs per 64-bit slot: 160 bytes), and the width-w NAF Straus over them, about
// 256 / (w + 1) additions per scalar.
#include "pyristretto/avx2/msm_table.hpp"

#include "pyristretto/avx2/edwards4.hpp"

namespace pyristretto {
namespace avx2 {

#if PYRISTRETTO_AVX2

namespace {

static_assert(sizeof(F4) == kTableEntryBytes, "an entry is one cached point as it sits in registers");

PYR_AVX2_FN inline void store_entry(const C4& q, uint8_t* out) {
    for (int i = 0; i < F4::kVectors; ++i) _mm256_store_si256(reinterpret_cast<__m256i*>(out + 32 * i), q.f.v[i]);
}

PYR_AVX2_FN inline C4 load_entry(const uint8_t* in) {
    C4 q;
    for (int i = 0; i < F4::kVectors; ++i) q.f.v[i] = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + 32 * i));
    return q;
}

}  // namespace

// Two bases at a time: their chains of additions are independent, which the core overlaps. Each step keeps
// diff_sum_xy of the last multiple, which both its cached form and the next addition start from.
PYR_AVX2_FN void build_odd_multiples(const EdwardsPoint* points, size_t n, size_t odd_count, uint8_t* odd) noexcept {
    const size_t stride = kTableEntryBytes * odd_count;
    size_t i = 0;
    for (; i + 2 <= n; i += 2) {
        uint8_t* t = odd + stride * i;
        const P4 p = from_point(points[i]), r = from_point(points[i + 1]);
        const C4 p2 = to_cached(dbl(p)), r2 = to_cached(dbl(r));
        F4 dp = diff_sum_xy(p.f), dr = diff_sum_xy(r.f);  // of (2k + 1) P and (2k + 1) R
        for (size_t k = 0;; ++k) {
            store_entry(cached_from_diff_sum(dp), t + kTableEntryBytes * k);
            store_entry(cached_from_diff_sum(dr), t + stride + kTableEntryBytes * k);
            if (k + 1 == odd_count) break;
            dp = diff_sum_xy(add_to_diff_sum(dp, p2).f);
            dr = diff_sum_xy(add_to_diff_sum(dr, r2).f);
        }
    }
    for (; i < n; ++i) {
        uint8_t* t = odd + stride * i;
        const P4 p = from_point(points[i]);
        const C4 p2 = to_cached(dbl(p));
        F4 dp = diff_sum_xy(p.f);
        for (size_t k = 0;; ++k) {
            store_entry(cached_from_diff_sum(dp), t + kTableEntryBytes * k);
            if (k + 1 == odd_count) break;
            dp = diff_sum_xy(add_to_diff_sum(dp, p2).f);
        }
    }
}

PYR_AVX2_FN EdwardsPoint straus_tables(const TableTerms& list) noexcept {
    if (list.terms.empty()) return EdwardsPoint::identity();
    P4 acc = identity4();
    size_t t = 0;
    for (size_t c = 0; c < list.count.size(); ++c) {
        if (c) acc = mul_by_pow2_inlined(acc, list.doublings[c]);  // inlined, as portable/straus.cpp's loops
        for (const size_t end = t + list.count[c]; t < end; ++t) {
            list.prefetch(t + TableTerms::kAhead);
            const C4 q = load_entry(list.entry(t));
            acc = add_inlined(acc, list.negative(t) ? negate(q) : q);
        }
    }
    return to_point(mul_by_pow2(acc, list.tail));
}

#else  // no AVX2 in this build: never called (avx2_available() is false)

void build_odd_multiples(const EdwardsPoint*, size_t, size_t, uint8_t*) noexcept {}
EdwardsPoint straus_tables(const TableTerms&) noexcept { return EdwardsPoint::identity(); }

#endif

}  // namespace avx2
}  // namespace pyristretto
