// Generator folding G_lo x + G_hi y on the IFMA backend. x and y are public and the same for every pair, so the
// digit schedule (width-5 NAF of x and of y) is computed once and shared by all lanes: zero digits are skipped by
// a branch on the public schedule, each nonzero digit indexes the lane's table directly (no constant-time scan),
// and both scalars ride one doubling chain per pair (two-scalar Straus). Per pair: ~253 doublings and ~84
// additions (2 * 253 / 6 nonzero digits), plus 2 doublings and 14 additions for the odd-multiple tables, against
// the constant-time route's 2 * (252 doublings + 64 additions + 7 table operations + 64 nine-entry blends) + 1.
#include "pyristretto/ifma/fold.hpp"

#include <algorithm>

#include "pyristretto/ifma/edwards8.hpp"
#include "pyristretto/scalar.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

namespace {

constexpr unsigned kWidth = 5;               // NAF digits odd, |d| < 16
constexpr size_t kOdd = 1u << (kWidth - 2);  // table of 1, 3, .., 15 times the point: 8 entries

// t[k] = (2k + 1) P on every lane.
PYR_IFMA_FN __attribute__((noinline)) void odd_multiples(const Point8& p, Cached8 t[kOdd]) {
    const Cached8 p2 = to_cached(dbl(p, true));
    Point8 cur = p;
    t[0] = to_cached(p);
    for (size_t k = 1; k < kOdd; ++k) {
        cur = add(cur, p2);
        t[k] = to_cached(cur);
    }
}

// acc + d Q for the odd public digit d != 0 (negation: -Q = (Y-X, Y+X, Z, -2dT)).
PYR_IFMA_INLINE Point8 add_digit(const Point8& acc, const Cached8 t[kOdd], int d) {
    if (d > 0) return add(acc, t[d >> 1]);
    const Cached8& q = t[(-d) >> 1];
    return add(acc, Cached8{q.YmX, q.YpX, q.Z, neg(q.T2d)});
}

}  // namespace

PYR_IFMA_FN void fold_vartime(EdwardsPoint* out, const EdwardsPoint* lo_points, const EdwardsPoint* hi_points, size_t n,
                              const uint8_t x[32], const uint8_t y[32]) {
    const auto table_memory = aligned_array<Cached8>(2 * kOdd);  // before anything is written
    Cached8* const tx = table_memory.get();
    Cached8* const ty = tx + kOdd;
    int8_t nx[kNafDigits], ny[kNafDigits];
    const size_t top = std::max(width_naf(x, kWidth, nx), width_naf(y, kWidth, ny));
    for (size_t first = 0; first < n; first += 8) {
        const size_t m = std::min<size_t>(8, n - first);
        EdwardsPoint lo[8], hi[8];
        for (size_t j = 0; j < 8; ++j) {  // lanes past m: the identity, thrown away
            lo[j] = j < m ? lo_points[first + j] : EdwardsPoint::identity();
            hi[j] = j < m ? hi_points[first + j] : EdwardsPoint::identity();
        }
        odd_multiples(load_points(lo), tx);
        odd_multiples(load_points(hi), ty);
        Point8 acc = identity8();
        bool started = false;
        for (size_t k = top; k-- > 0;) {
            const int dx = nx[k], dy = ny[k];
            if (started) acc = dbl(acc, dx != 0 || dy != 0 || k == 0);  // T where an addition or the result reads it
            if (dx != 0) {
                acc = add_digit(acc, tx, dx);
                started = true;
            }
            if (dy != 0) {
                acc = add_digit(acc, ty, dy);
                started = true;
            }
        }
        EdwardsPoint lanes[8];
        store_points(acc, lanes);  // the group's points were read above: out may alias them
        std::copy(lanes, lanes + m, out + first);
    }
}

}  // namespace ifma
}  // namespace pyristretto

#else

#include <cstdlib>

namespace pyristretto {
namespace ifma {
void fold_vartime(EdwardsPoint*, const EdwardsPoint*, const EdwardsPoint*, size_t, const uint8_t*, const uint8_t*) {
    std::abort();
}
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
