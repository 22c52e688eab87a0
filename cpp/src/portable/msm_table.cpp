// MSMTable's kernels on the portable backend (portable/msm_table.hpp).
#include "pyristretto/portable/msm_table.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {
namespace portable {

namespace {

constexpr size_t kBuildBlock = 32;  // bases converted to affine form with one batched inversion
// Constant-time msm: bases per block (their tables, 240 KiB, stay in L2; 253 doublings per block).
constexpr size_t kCtBlock = 256;

// For i < n and k < count: out[count i + k] = P_i plus k steps, each step P_i (every multiple, odd = false) or 2 P_i
// (the odd ones), in extended form, then to affine Niels form kBuildBlock bases at a time.
void build_progressions(const EdwardsPoint* points, size_t n, size_t count, bool odd, AffineNielsPoint* out) {
    std::vector<EdwardsPoint> multiples(kBuildBlock * count);
    for (size_t first = 0; first < n; first += kBuildBlock) {
        const size_t m = std::min(kBuildBlock, n - first);
        for (size_t i = 0; i < m; ++i) {
            const EdwardsPoint& p = points[first + i];
            EdwardsPoint* e = &multiples[count * i];
            const CachedPoint step = odd ? p.dbl().to_cached() : p.to_cached();
            e[0] = p;
            for (size_t k = 1; k < count; ++k) e[k] = e[k - 1] + step;
        }
        batch_to_affine_niels(multiples.data(), count * m, out + count * first);
    }
}

}  // namespace

void build_odd_multiples(const EdwardsPoint* points, size_t n, size_t odd_count, uint8_t* odd) {
    build_progressions(points, n, odd_count, true, reinterpret_cast<AffineNielsPoint*>(odd));
}

void build_multiples_1_to_8(const EdwardsPoint* points, size_t n, uint8_t* small) {
    build_progressions(points, n, 8, false, reinterpret_cast<AffineNielsPoint*>(small));
}

// Runs of doublings by mul_by_pow2, whose inner doublings skip T.
EdwardsPoint straus_tables(const TableTerms& list) {
    EdwardsPoint acc = EdwardsPoint::identity();
    size_t t = 0;
    for (size_t c = 0; c < list.count.size(); ++c) {
        if (c) acc = acc.mul_by_pow2(list.doublings[c]);  // >= 1
        for (const size_t end = t + list.count[c]; t < end; ++t) {
            const AffineNielsPoint& q = *reinterpret_cast<const AffineNielsPoint*>(list.entry(t));
            acc = list.negative(t) ? acc - q : acc + q;
        }
    }
    return list.tail ? acc.mul_by_pow2(list.tail) : acc;
}

EdwardsPoint straus_ct_tables(const uint8_t* small, const uint8_t* scalars, size_t n) {
    const AffineNielsPoint* tables = reinterpret_cast<const AffineNielsPoint*>(small);
    return straus_ct_blocks(scalars, n, kCtBlock, [&](size_t first, size_t m, const int8_t* digits) {
        const AffineNielsPoint* t = &tables[8 * first];
        return straus_ct_columns(digits, m, [&](const EdwardsPoint& acc, size_t i, int8_t d) {
            return acc + ct::select_signed(&t[8 * i], 8, d);
        });
    });
}

}  // namespace portable
}  // namespace pyristretto
