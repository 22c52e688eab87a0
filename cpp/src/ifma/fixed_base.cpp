// Fixed-base multiplication on the IFMA backend. The portable comb (fixed_base.cpp) sums 64 independent terms
// d_k 16^k B, the odd k ones times 16, one table row per digit pair. Here they are dealt to the eight lanes: lane j
// takes rows i = j, j + 8, j + 16, j + 24 (steps s = 0..3, row 8 s + j), sums its four odd-digit terms, all lanes
// are multiplied by 16 together (4 eight-lane doublings), each adds its four even-digit terms, and the eight lane
// sums are added at the end (in registers): 8 + 3 eight-lane additions and 4 doublings instead of 64 additions and
// 4 doublings.
#include "pyristretto/ifma/fixed_base.hpp"

#include <sodium.h>

#include <cstdlib>
#include <new>

#include "pyristretto/ifma/edwards8.hpp"
#include "pyristretto/scalar.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

namespace {

// The table's entries interleaved for the eight lanes (64-byte aligned): lane j of step s holds row 8 s + j, and for
// each candidate the eight lanes' coordinates are contiguous (a candidate is 15 aligned loads).
struct FixedBaseLanes {
    Niels8 t[4][8];  // t[s][k]: lane j holds (k + 1) 256^(8 s + j) B
};
static_assert(sizeof(FixedBaseLanes) == 4 * 8 * 15 * 64, "30 KiB of whole cache lines");

PYR_IFMA_FN FixedBaseLanes* lanes_new(const AffineNielsPoint (*table)[8]) noexcept {
    void* p = std::aligned_alloc(64, sizeof(FixedBaseLanes));
    if (p == nullptr) return nullptr;
    FixedBaseLanes* lanes = static_cast<FixedBaseLanes*>(p);
    for (int s = 0; s < 4; ++s) {
        for (int k = 0; k < 8; ++k) {
            FieldElement ypx[8], ymx[8], xy2d[8];
            for (int j = 0; j < 8; ++j) {
                const AffineNielsPoint& e = table[8 * s + j][k];
                ypx[j] = e.y_plus_x;
                ymx[j] = e.y_minus_x;
                xy2d[j] = e.xy2d;
            }
            lanes->t[s][k] = Niels8{load(ypx), load(ymx), load(xy2d)};
        }
    }
    return lanes;
}

// Lane j gets d[j] * (its row's base), d[j] in [-8, 8] secret: the identity (1, 1, 0) blended with all eight
// candidates under compare masks, then the sign by blends (-Q = (y - x, y + x, -2dxy)). Every candidate is read
// from the same public addresses whatever the digits.
PYR_IFMA_FN Niels8 select_signed(const Niels8 t[8], const int8_t d[8]) {
    __mmask8 negative;
    const __m512i magnitude = digit_magnitudes(d, negative);
    Niels8 r{one(), one(), zero()};
    for (int k = 0; k < 8; ++k) {
        const __mmask8 m = _mm512_cmpeq_epi64_mask(magnitude, splat(uint64_t(k + 1)));
        r.YpX = select(m, r.YpX, t[k].YpX);
        r.YmX = select(m, r.YmX, t[k].YmX);
        r.XY2d = select(m, r.XY2d, t[k].XY2d);
    }
    return Niels8{select(negative, r.YpX, r.YmX), select(negative, r.YmX, r.YpX),
                  select(negative, r.XY2d, neg(r.XY2d))};
}

// Lane j of the result is lane idx[j] of p (idx public).
PYR_IFMA_INLINE F8 permute(const F8& a, __m512i idx) {
    F8 r;
    for (int i = 0; i < 5; ++i) r.v[i] = _mm512_permutexvar_epi64(idx, a.v[i]);
    return r;
}

// The sum of the eight lanes, in registers: lane j adds lane j ^ 4, then j ^ 2, then j ^ 1 (every lane ends with
// the total): three eight-lane additions instead of seven portable ones (12% off a mul).
PYR_IFMA_FN EdwardsPoint sum_lanes(Point8 acc) {
    for (int x = 4; x >= 1; x /= 2) {
        const __m512i idx = _mm512_setr_epi64(0 ^ x, 1 ^ x, 2 ^ x, 3 ^ x, 4 ^ x, 5 ^ x, 6 ^ x, 7 ^ x);
        const Point8 other{permute(acc.X, idx), permute(acc.Y, idx), permute(acc.Z, idx), permute(acc.T, idx)};
        acc = add(acc, to_cached(other));
    }
    EdwardsPoint lanes[8];
    store_points(acc, lanes);
    return lanes[0];
}

// sum_t scalars[t] * (table t's base) for n <= 2 tables, the additions of the tables interleaved (as mul2).
PYR_IFMA_FN EdwardsPoint comb(const FixedBaseLanes* const tables[], const uint8_t* const scalars[], int n) {
    int8_t d[64];
    int8_t lanes[2][2][4][8];  // [table][odd][step][lane]: the digits regrouped by lane (public indices); secret
    for (int t = 0; t < n; ++t) {
        signed_radix16(scalars[t], d);
        for (int s = 0; s < 4; ++s) {
            for (int j = 0; j < 8; ++j) {
                lanes[t][0][s][j] = d[2 * (8 * s + j)];
                lanes[t][1][s][j] = d[2 * (8 * s + j) + 1];
            }
        }
    }
    Point8 acc = identity8();
    for (int s = 0; s < 4; ++s)
        for (int t = 0; t < n; ++t) acc = add(acc, select_signed(tables[t]->t[s], lanes[t][1][s]));
    acc = mul_by_pow2(acc, 4);
    for (int s = 0; s < 4; ++s)
        for (int t = 0; t < n; ++t) acc = add(acc, select_signed(tables[t]->t[s], lanes[t][0][s]));
    sodium_memzero(d, sizeof d);
    sodium_memzero(lanes, sizeof lanes);
    return sum_lanes(acc);
}

// The rows of a FixedBaseTable on the eight lanes.
class LaneRows final : public FixedBaseRows {
public:
    explicit LaneRows(FixedBaseLanes* lanes) noexcept : lanes_(lanes) {}
    ~LaneRows() override { std::free(lanes_); }
    EdwardsPoint mul(const uint8_t s[32]) const noexcept override;
    EdwardsPoint mul2(const uint8_t a[32], const FixedBaseRows& B, const uint8_t b[32]) const noexcept override;

private:
    FixedBaseLanes* lanes_;
};

PYR_IFMA_FN EdwardsPoint LaneRows::mul(const uint8_t s[32]) const noexcept {
    const FixedBaseLanes* const tables[1] = {lanes_};
    const uint8_t* const scalars[1] = {s};
    return comb(tables, scalars, 1);
}

PYR_IFMA_FN EdwardsPoint LaneRows::mul2(const uint8_t a[32], const FixedBaseRows& B,
                                        const uint8_t b[32]) const noexcept {
    const FixedBaseLanes* const tables[2] = {lanes_, static_cast<const LaneRows&>(B).lanes_};
    const uint8_t* const scalars[2] = {a, b};
    return comb(tables, scalars, 2);
}

}  // namespace

std::unique_ptr<FixedBaseRows> fixed_base_rows(const AffineNielsPoint (*table)[8]) noexcept {
    FixedBaseLanes* lanes = lanes_new(table);
    if (lanes == nullptr) return nullptr;
    LaneRows* rows = new (std::nothrow) LaneRows(lanes);
    if (rows == nullptr) std::free(lanes);
    return std::unique_ptr<FixedBaseRows>(rows);
}

}  // namespace ifma
}  // namespace pyristretto

#else

namespace pyristretto {
namespace ifma {
std::unique_ptr<FixedBaseRows> fixed_base_rows(const AffineNielsPoint (*)[8]) noexcept { return nullptr; }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
