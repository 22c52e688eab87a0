// MSMTable's kernels on the IFMA backend (ifma/msm_table.hpp).
//
// Build: eight bases at a time, one per lane of edwards8.hpp's Point8: the odd multiples P, 3P, ...,
// (2 odd_count - 1) P and the multiples 1P..8P in edwards4.hpp's Cached4 form, which needs no inversion, by a 4 x 8
// transpose per limb (lane j of the four coordinates -> base j's four-lane entry).
// MSM: the width-w NAF Straus of msm_table.cpp with one point on four lanes (straus_vartime.cpp's loop), about
// 256 / (w + 1) add4 per scalar and the shared doublings; the entries are read as they are stored. The constant-time
// msm reads 1P..8P with scalar_mul.cpp's one-accumulator Straus (straus_ct_tables).
#include "pyristretto/ifma/msm_table.hpp"

#include <algorithm>

#include "pyristretto/ifma/edwards4.hpp"
#include "pyristretto/ifma/edwards8.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

namespace {

static_assert(sizeof(Cached4) == kTableEntryBytes, "Cached4 entries");

// Writes the Cached4 entry of lane j, whose four lanes are (a, b, c, d) (edwards4.hpp's order), to out[j] (nullptr:
// lane unused, a padding base).
PYR_IFMA_INLINE void store_cached4(const F8& a, const F8& b, const F8& c, const F8& d, uint8_t* const out[8]) {
#if defined(PYRISTRETTO_IFMA_EMULATE)
    alignas(64) uint64_t t[4][5][8];
    const F8* lanes[4] = {&a, &b, &c, &d};
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 5; ++i) _mm512_store_si512(t[k][i], lanes[k]->v[i]);
    for (int j = 0; j < 8; ++j)
        if (out[j])
            for (int i = 0; i < 5; ++i)
                for (int k = 0; k < 4; ++k) reinterpret_cast<uint64_t*>(out[j])[4 * i + k] = t[k][i][j];
#else
    const __m512i lo_idx = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    const __m512i hi_idx = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    for (int i = 0; i < 5; ++i) {
        const __m512i ab0 = _mm512_unpacklo_epi64(a.v[i], b.v[i]);  // (a0 b0 a2 b2 a4 b4 a6 b6)
        const __m512i ab1 = _mm512_unpackhi_epi64(a.v[i], b.v[i]);  // lanes 1, 3, 5, 7
        const __m512i cd0 = _mm512_unpacklo_epi64(c.v[i], d.v[i]);
        const __m512i cd1 = _mm512_unpackhi_epi64(c.v[i], d.v[i]);
        const __m512i r[4] = {_mm512_permutex2var_epi64(ab0, lo_idx, cd0),   // lanes 0, 2
                              _mm512_permutex2var_epi64(ab1, lo_idx, cd1),   // 1, 3
                              _mm512_permutex2var_epi64(ab0, hi_idx, cd0),   // 4, 6
                              _mm512_permutex2var_epi64(ab1, hi_idx, cd1)};  // 5, 7
        for (int j = 0; j < 8; ++j) {
            if (!out[j]) continue;
            const __m512i x = r[(j & 1) | ((j >> 2) << 1)];
            const __m256i y = (j & 2) ? _mm512_extracti64x4_epi64(x, 1) : _mm512_castsi512_si256(x);
            _mm256_store_si256(reinterpret_cast<__m256i*>(out[j] + 32 * i), y);
        }
    }
#endif
}

PYR_IFMA_INLINE void store_cached4(const Point8& p, const F8& d2, uint8_t* const out[8]) {
    store_cached4(sub(p.Y, p.X), add(p.Y, p.X), mul(p.T, d2), add(p.Z, p.Z), out);  // (Y - X, Y + X, 2d T, 2Z)
}

// For i < n and k < count: table[count i + k] = P_i plus k steps, each step P_i (every multiple, odd = false) or 2 P_i
// (the odd ones), eight points at a time. One running point: a Point8 is 1.25 KiB, and this runs on Python threads'
// small stacks too (4 doublings and 3 additions for 1P..8P kept four of them live, 15 KiB of frame).
PYR_IFMA_FN void build_progressions(const EdwardsPoint* points, size_t n, size_t count, bool odd, uint8_t* table) {
    const F8 d2 = splat(constants::EDWARDS_D2);
    for (size_t first = 0; first < n; first += 8) {
        const size_t m = std::min<size_t>(8, n - first);
        EdwardsPoint in[8];
        uint8_t* out[8];
        for (size_t j = 0; j < 8; ++j) {
            in[j] = j < m ? points[first + j] : EdwardsPoint::identity();
            out[j] = j < m ? table + kTableEntryBytes * count * (first + j) : nullptr;
        }
        Point8 q = load_points(in);
        const Cached8 step = to_cached(odd ? dbl(q, true) : q);
        store_cached4(q, d2, out);
        for (size_t k = 1; k < count; ++k) {
            q = add(q, step);
            for (size_t j = 0; j < m; ++j) out[j] += kTableEntryBytes;
            store_cached4(q, d2, out);
        }
    }
}

}  // namespace

PYR_IFMA_FN void build_odd_multiples(const EdwardsPoint* points, size_t n, size_t odd_count, uint8_t* odd) {
    build_progressions(points, n, odd_count, true, odd);
}

PYR_IFMA_FN void build_multiples_1_to_8(const EdwardsPoint* points, size_t n, uint8_t* table) {
    build_progressions(points, n, 8, false, table);
}

PYR_IFMA_FN EdwardsPoint straus_tables(const TableTerms& list) {
    if (list.terms.empty()) return EdwardsPoint::identity();
    Point4 acc = identity4();
    size_t t = 0;
    for (size_t c = 0; c < list.count.size(); ++c) {
        if (c) acc = mul_by_pow2_4(acc, list.doublings[c]);  // >= 1
        for (const size_t end = t + list.count[c]; t < end; ++t) {
            list.prefetch(t + TableTerms::kAhead);
            const Cached4& q = *reinterpret_cast<const Cached4*>(list.entry(t));
            acc = add4(acc, list.negative(t) ? neg4(q) : q);
        }
    }
    acc = mul_by_pow2_4(acc, list.tail);  // (none when 0)
    return store_point4(acc);
}

}  // namespace ifma
}  // namespace pyristretto

#else

#include <cstdlib>

namespace pyristretto {
namespace ifma {
void build_odd_multiples(const EdwardsPoint*, size_t, size_t, uint8_t*) { std::abort(); }
void build_multiples_1_to_8(const EdwardsPoint*, size_t, uint8_t*) { std::abort(); }
EdwardsPoint straus_tables(const TableTerms&) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
