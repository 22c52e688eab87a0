// Variable-time Straus on the IFMA backend, one point on four lanes: the portable Straus::mul_vartime's algorithm
// (straus.cpp: width-5 NAF, the shared schedule of msm_algorithms.hpp, tables P, 3P, ..., 15P, one accumulator and
// ~253 doublings shared by all points) with each doubling and addition one or two four-lane products. When one of
// the points is G (public data: a compare is fine) its scalar runs on a width-8 NAF over a table of 64 odd multiples
// built once, which removes ~20 of its ~43 additions and its 7-addition table: the double-base check a A + b G.
#include "pyristretto/ifma/straus_vartime.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "pyristretto/ifma/edwards4.hpp"
#include "pyristretto/ifma/edwards8.hpp"  // AlignedFree
#include "pyristretto/ifma/msm_table.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/scalar.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

const size_t kStraus4Max = 184;  // measured: docs/backends.md, the IFMA backend

namespace {

constexpr unsigned kNafWidth = 5;
constexpr unsigned kNafTable = 1u << (kNafWidth - 2);  // P, 3P, ..., 15P
// Blocks of this many points (tables 1.25 KiB per point, 320 KiB), so a direct call on a large input stays bounded.
constexpr size_t kBlock = 256;

struct GTable {
    Cached4 t[kBasepointTable];
};

// t[k] = (2k + 1) p.
PYR_IFMA_FN void odd_multiples(const EdwardsPoint& point, Cached4* t, unsigned count) {
    const Point4 p = load_point4(point);
    const Cached4 p2 = to_cached4(dbl4(p));
    Point4 q = p;
    t[0] = to_cached4(q);
    for (unsigned k = 1; k < count; ++k) {
        q = add4(q, p2);
        t[k] = to_cached4(q);
    }
}

PYR_IFMA_FN GTable make_g_table() {
    GTable g;
    odd_multiples(EdwardsPoint::basepoint(), g.t, kBasepointTable);
    return g;
}

PYR_IFMA_FN const GTable& g_table() {
    static const GTable table = make_g_table();  // built once, thread-safe (C++11 function-local static)
    return table;
}

// One addition of a column: +- t[|d| >> 1] for a nonzero digit d.
struct Term {
    const Cached4* q;
    bool negative;
};
PYR_IFMA_INLINE Term term(const Cached4* t, int d) { return Term{&t[(d < 0 ? -d : d) >> 1], d < 0}; }
PYR_IFMA_INLINE Point4 add_term(const Point4& acc, const Term& e) { return add4(acc, e.negative ? neg4(*e.q) : *e.q); }

PYR_IFMA_FN EdwardsPoint straus_block(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    BasepointDigits g;
    const NafSchedule s = build_naf_schedule_apart_from_g(scalars, points, n, kNafWidth, g);
    const size_t m = s.live.size();
    if (m == 0 && g.top == 0) return EdwardsPoint::identity();
    // tables[kNafTable j + k] = (2k + 1) points[live[j]]; by hand, as edwards8.hpp's aligned_array: std::vector
    // returned memory aligned for 16 bytes only, and the 32-byte aligned loads faulted.
    const size_t bytes = sizeof(Cached4) * kNafTable * std::max<size_t>(m, 1);  // a multiple of 32
    const std::unique_ptr<Cached4[], AlignedFree> tables(static_cast<Cached4*>(std::aligned_alloc(32, bytes)));
    if (!tables) throw std::bad_alloc();
    // Eight points at a time on eight lanes (msm_table.cpp's builder: an eight-lane addition costs about 25 ns a
    // point against add4's 32), the last m % 8 on four (from 5 to 7 left over, eight lanes gained nothing).
    size_t j = 0;
    for (; j + 8 <= m; j += 8) {
        EdwardsPoint batch[8];
        for (size_t i = 0; i < 8; ++i) batch[i] = points[s.live[j + i]];
        build_odd_multiples(batch, 8, kNafTable, reinterpret_cast<uint8_t*>(&tables[kNafTable * j]));
    }
    for (; j < m; ++j) odd_multiples(points[s.live[j]], &tables[kNafTable * j], kNafTable);
    const Cached4* gt = g.top ? g_table().t : nullptr;
    // One accumulator: two (each with its own doublings) lost by their extra doublings, add4 being bound by
    // throughput, not latency (docs/backends.md).
    Point4 acc = identity4();
    bool started = false;
    for (size_t b = s.top; b-- > 0;) {
        if (started) acc = dbl4(acc);
        if (!s.column[b]) continue;
        for (size_t j = 0; j < m; ++j)
            if (const int d = s.digit(j, b)) acc = add_term(acc, term(&tables[kNafTable * j], d));
        if (g.naf[b]) acc = add_term(acc, term(gt, g.naf[b]));
        started = true;
    }
    return store_point4(acc);
}

}  // namespace

PYR_IFMA_FN EdwardsPoint straus_vartime4(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    return sum_of_blocks(n, kBlock,
                         [&](size_t first, size_t m) { return straus_block(scalars + 32 * first, points + first, m); });
}

}  // namespace ifma
}  // namespace pyristretto

#else

#include <cstdlib>

namespace pyristretto {
namespace ifma {
const size_t kStraus4Max = 0;
EdwardsPoint straus_vartime4(const uint8_t*, const EdwardsPoint*, size_t) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
