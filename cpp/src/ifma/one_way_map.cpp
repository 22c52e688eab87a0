// RFC 9496 4.3.4's one-way map eight field elements at a time on the IFMA field (field8.hpp), step for step as
// ristretto_elligator (ristretto.cpp). Each input of 64 bytes takes two maps and one addition: eight inputs are two
// eight-lane maps, whose points are added lane by lane. Constant-time: selections are lane masks.
#include <sodium.h>

#include <cstdlib>
#include <cstring>

#include "pyristretto/ifma/edwards8.hpp"
#include "pyristretto/ifma/one_way_map.hpp"
#include "pyristretto/ristretto.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

namespace {

// MAP(t) on the eight field elements at in, in + stride, ... (bit 255 of each dropped, as FieldElement::from_bytes).
PYR_IFMA_FN Point8 elligator8(const uint8_t* in, size_t stride) {
    FieldElement t_lanes[8];
    for (size_t j = 0; j < 8; ++j) t_lanes[j] = FieldElement::from_bytes(in + stride * j);
    const F8 t = load(t_lanes);
    sodium_memzero(t_lanes, sizeof t_lanes);
    const F8 one_ = one(), minus_one = neg(one_), d = splat(constants::EDWARDS_D);
    const F8 r = mul(splat(constants::SQRT_M1), square(t));
    const F8 u = mul(add(r, one_), splat(constants::ONE_MINUS_D_SQ));
    const F8 v = mul(sub(minus_one, mul(r, d)), add(r, d));
    F8 s;
    const __mmask8 not_square = static_cast<__mmask8>(~sqrt_ratio_i(u, v, s));
    s = select(not_square, s, neg(abs(mul(s, t))));
    const F8 c = select(not_square, minus_one, r);
    const F8 n = sub(mul(mul(c, sub(r, one_)), splat(constants::D_MINUS_ONE_SQ)), v);
    const F8 w0 = mul(add(s, s), v);
    const F8 w1 = mul(n, splat(constants::SQRT_AD_MINUS_ONE));
    const F8 ss = square(s);
    const F8 w2 = sub(one_, ss), w3 = add(one_, ss);
    return Point8{mul(w0, w3), mul(w2, w1), mul(w1, w3), mul(w0, w2)};
}

// out[0..8) from the eight 64-byte inputs at uniform.
PYR_IFMA_FN void from_uniform8(EdwardsPoint out[8], const uint8_t* uniform) {
    const Point8 first = elligator8(uniform, 64), second = elligator8(uniform + 32, 64);
    store_points(add(first, to_cached(second)), out);
}

}  // namespace

PYR_IFMA_FN void from_uniform_many(EdwardsPoint* out, const uint8_t* uniform, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) from_uniform8(out + i, uniform + 64 * i);
    const size_t rest = n - i;
    if (rest == 0) return;
    // A pass costs the same whatever its fill: for one input the two portable maps are cheaper.
    if (rest == 1) {
        out[i] = ristretto_from_uniform_point(uniform + 64 * i);
        return;
    }
    uint8_t padded[8 * 64] = {};  // the missing inputs are zeros, whose lanes are then ignored
    std::memcpy(padded, uniform + 64 * i, 64 * rest);
    EdwardsPoint mapped[8];
    from_uniform8(mapped, padded);
    for (size_t j = 0; j < rest; ++j) out[i + j] = mapped[j];
    sodium_memzero(padded, sizeof padded);
    sodium_memzero(mapped, sizeof mapped);
}

}  // namespace ifma
}  // namespace pyristretto

#else  // no IFMA code in this build: backend() never selects it.

namespace pyristretto {
namespace ifma {
void from_uniform_many(EdwardsPoint*, const uint8_t*, size_t) { std::abort(); }
}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
