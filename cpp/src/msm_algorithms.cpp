// The multi-scalar multiplications on decoded points (msm_algorithms.hpp): each a call through the backend table
// (dispatch.hpp), and the digit schedule of the variable-time Straus that every backend's shares.
#include "pyristretto/msm_algorithms.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "pyristretto/dispatch.hpp"
#include "pyristretto/ristretto.hpp"

namespace pyristretto {

EdwardsPoint Straus::mul_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    return backend_ops().straus_ct(scalars, points, n);
}

EdwardsPoint Straus::mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    return backend_ops().straus_vartime(scalars, points, n);
}

EdwardsPoint msm_vartime_decoded(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    return backend_ops().msm_vartime(scalars, points, n);
}

EdwardsPoint sum_decoded(const EdwardsPoint* points, size_t n) noexcept { return backend_ops().sum(points, n); }

NafSchedule build_naf_schedule(const uint8_t* scalars, size_t n, unsigned width) {
    NafSchedule s;
    s.naf.resize(kNafDigits * n);
    s.live.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        int8_t* d = &s.naf[kNafDigits * s.live.size()];
        const size_t t = width_naf(scalars + 32 * i, width, d);
        if (t == 0) continue;
        for (size_t b = 0; b < t; ++b) s.column[b] |= static_cast<uint8_t>(d[b] != 0);
        s.live.push_back(i);
        s.top = std::max(s.top, t);
    }
    return s;
}

namespace {

// G as the decoder returns it from its encoding: the same Ristretto point as EdwardsPoint::basepoint(), but another
// representative (measured: other limbs, and not even projectively equal).
const EdwardsPoint& decoded_basepoint() {
    static const EdwardsPoint g = [] {
        uint8_t b[32];
        ristretto_encode(b, EdwardsPoint::basepoint());
        EdwardsPoint p;
        ristretto_decode(p, b);
        return p;
    }();
    return g;
}

// Whether p is G as a Ristretto point (public data). The limbs of X first, which differ for every other point (a
// false "no", from a G made some other way, only loses the wide table), then Ristretto equality: p may be another
// representative than the tables', which changes the sum by a 4-torsion point only, the same Ristretto point.
bool is_basepoint(const EdwardsPoint& p) {
    const EdwardsPoint& g = EdwardsPoint::basepoint();
    const bool candidate =
        std::memcmp(&p.X, &g.X, sizeof p.X) == 0 || std::memcmp(&p.X, &decoded_basepoint().X, sizeof p.X) == 0;
    return candidate && ristretto_ct_eq(p, g);
}

}  // namespace

NafSchedule build_naf_schedule_apart_from_g(const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                                            unsigned width, BasepointDigits& g) {
    size_t at = n;
    for (size_t i = 0; i < n && at == n; ++i)
        if (is_basepoint(points[i])) at = i;
    if (at == n) return build_naf_schedule(scalars, n, width);
    std::vector<uint8_t> copy(scalars, scalars + 32 * n);  // public scalars: G's is zeroed in a copy
    std::memset(&copy[32 * at], 0, 32);
    NafSchedule s = build_naf_schedule(copy.data(), n, width);
    g.top = width_naf(scalars + 32 * at, kBasepointNafWidth, g.naf);
    for (size_t b = 0; b < g.top; ++b) s.column[b] |= static_cast<uint8_t>(g.naf[b] != 0);
    s.top = std::max(s.top, g.top);
    return s;
}

}  // namespace pyristretto
