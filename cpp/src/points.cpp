// Single-point operations on encodings and decoded points (points.hpp, scalar_mul.hpp): the arithmetic through the
// backend table (dispatch.hpp).
#include "pyristretto/points.hpp"

#include "pyristretto/dispatch.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

namespace pyristretto {

EdwardsPoint point_add_decoded(const EdwardsPoint& P, const EdwardsPoint& Q) noexcept {
    return backend_ops().add(P, Q, false);
}

EdwardsPoint point_sub_decoded(const EdwardsPoint& P, const EdwardsPoint& Q) noexcept {
    return backend_ops().add(P, Q, true);
}

EdwardsPoint point_mul_decoded(const uint8_t s[32], const EdwardsPoint& P) noexcept { return backend_ops().mul(s, P); }

bool point_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) noexcept {
    EdwardsPoint P;
    if (!ristretto_decode(P, p)) return false;
    ristretto_encode(out, point_mul_decoded(s, P));
    return true;
}

bool is_valid_point(const uint8_t p[32]) noexcept {
    EdwardsPoint decoded;
    return ristretto_decode(decoded, p);
}

// Decodes both arguments, reporting the first invalid one as 1 or 2.
static int decode_pair(const uint8_t p[32], const uint8_t q[32], EdwardsPoint& P, EdwardsPoint& Q) noexcept {
    if (!ristretto_decode(P, p)) return 1;
    if (!ristretto_decode(Q, q)) return 2;
    return 0;
}

int point_add(const uint8_t p[32], const uint8_t q[32], uint8_t out[32]) noexcept {
    EdwardsPoint P, Q;
    const int bad = decode_pair(p, q, P, Q);
    if (bad == 0) ristretto_encode(out, point_add_decoded(P, Q));
    return bad;
}

int point_sub(const uint8_t p[32], const uint8_t q[32], uint8_t out[32]) noexcept {
    EdwardsPoint P, Q;
    const int bad = decode_pair(p, q, P, Q);
    if (bad == 0) ristretto_encode(out, point_sub_decoded(P, Q));
    return bad;
}

bool point_neg(const uint8_t p[32], uint8_t out[32]) noexcept {
    EdwardsPoint P;
    if (!ristretto_decode(P, p)) return false;
    ristretto_encode(out, -P);
    return true;
}

}  // namespace pyristretto
