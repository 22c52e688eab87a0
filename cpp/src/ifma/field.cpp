// The exponentiation chains and SQRT_RATIO_M1 of the eight-lane IFMA field (field8.hpp): the same addition chains
// and case analysis as field.cpp, so every lane gives exactly the portable result.
#include "pyristretto/ifma/field8.hpp"

#if PYRISTRETTO_IFMA

namespace pyristretto {
namespace ifma {

namespace {

// (x^(2^250 - 1), x^11): the prefix shared by p - 2 and (p - 5) / 8. 250 squarings, 11 multiplications.
PYR_IFMA_FN void pow22501(const F8& x, F8& t_2_250_1, F8& t_11) {
    F8 t0 = square(x);             // x^2
    F8 t1 = mul(pow2k(t0, 2), x);  // x^9
    t0 = mul(t0, t1);              // x^11
    t_11 = t0;
    t1 = mul(t1, square(t0));            // 2^5 - 1
    F8 t2 = mul(pow2k(t1, 5), t1);       // 2^10 - 1
    F8 t3 = mul(pow2k(t2, 10), t2);      // 2^20 - 1
    t3 = mul(pow2k(t3, 20), t3);         // 2^40 - 1
    t2 = mul(pow2k(t3, 10), t2);         // 2^50 - 1
    t3 = mul(pow2k(t2, 50), t2);         // 2^100 - 1
    t3 = mul(pow2k(t3, 100), t3);        // 2^200 - 1
    t_2_250_1 = mul(pow2k(t3, 50), t2);  // 2^250 - 1
}

}  // namespace

PYR_IFMA_FN F8 invert(const F8& a) {
    F8 t, x11;
    pow22501(a, t, x11);
    return mul(pow2k(t, 5), x11);  // p - 2
}

PYR_IFMA_FN F8 pow_p58(const F8& a) {
    F8 t, x11;
    pow22501(a, t, x11);
    return mul(pow2k(t, 2), a);  // (p - 5) / 8
}

// RFC 9496 SQRT_RATIO_M1 on eight lanes; returns the mask of lanes where u/v was square (see field.cpp).
PYR_IFMA_FN __mmask8 sqrt_ratio_i(const F8& u, const F8& v, F8& r) {
    const F8 sqrt_m1 = splat(constants::SQRT_M1);
    const F8 v3 = mul(square(v), v);
    const F8 v7 = mul(square(v3), v);
    F8 rr = mul(mul(u, v3), pow_p58(mul(u, v7)));
    const F8 check = mul(v, square(rr));
    const F8 neg_u = neg(u);
    const __mmask8 correct_sign = eq(check, u);
    const __mmask8 flipped_sign = eq(check, neg_u);
    const __mmask8 flipped_sign_i = eq(check, mul(neg_u, sqrt_m1));
    rr = select(flipped_sign | flipped_sign_i, rr, mul(rr, sqrt_m1));
    r = abs(rr);
    return correct_sign | flipped_sign;
}

}  // namespace ifma
}  // namespace pyristretto

#endif  // PYRISTRETTO_IFMA
