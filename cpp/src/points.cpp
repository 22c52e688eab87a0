#include "pyristretto/points.hpp"

#include "pyristretto/avx2/straus.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/ifma/scalar_mul.hpp"
#include "pyristretto/ristretto.hpp"

namespace pyristretto {

// The portable addition is nine field products in one chain (Q's cached form, then 8M); on four lanes it is three
// four-lane products (the cached form, then the addition's two).
static EdwardsPoint add_or_sub(const EdwardsPoint& P, const EdwardsPoint& Q, bool subtract) noexcept {
    if (backend() == Backend::Ifma) return ifma::add_one(P, Q, subtract);
    if (backend() == Backend::Avx2) return avx2::add_one(P, Q, subtract);
    return subtract ? P - Q : P + Q;
}

EdwardsPoint point_add_decoded(const EdwardsPoint& P, const EdwardsPoint& Q) noexcept { return add_or_sub(P, Q, false); }

EdwardsPoint point_sub_decoded(const EdwardsPoint& P, const EdwardsPoint& Q) noexcept { return add_or_sub(P, Q, true); }

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
