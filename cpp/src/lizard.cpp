// Lizard and the inverse of the RFC 9496 MAP (lizard.hpp), after curve25519-dalek's lizard module and its README
// (the Elligator map as e: F -> Jacobi quartic J, the 2-isogeny theta: J -> E, the quotients by J[2] and E[4]):
// an element has four even Edwards representatives, each is the image of two points of J, and each point of J has
// a pair of preimages +-f under e. Constant-time: every candidate is computed, undefined ones masked.
#include "pyristretto/lizard.hpp"

#include <sodium.h>

#include <cstring>

#include "pyristretto/ristretto.hpp"

namespace pyristretto {

namespace {
using FE = FieldElement;

// 1/sqrt(x) when x is a square (returns 1), else sqrt(i/x) (returns 0); the non-negative root.
uint8_t invsqrt(const FE& x, FE& r) { return FE::sqrt_ratio_i(FE::one(), x, r); }

// The constants of the inversion, derived once from d, i and 1/sqrt(a - d).
struct LizardConstants {
    FE sqrt_id;                     // +sqrt(i d): the preimage of the quartic's point (0, 1)
    FE dp1_over_dm1;                // (d + 1) / (d - 1)
    FE mdouble_invsqrt_a_minus_d;   // -2 / sqrt(a - d)
    FE midouble_invsqrt_a_minus_d;  // -2 i / sqrt(a - d)
    FE minvsqrt_one_plus_d;         // -1 / sqrt(1 + d)

    LizardConstants() {
        const FE one = FE::one(), d = constants::EDWARDS_D;
        FE::sqrt_ratio_i(constants::SQRT_M1 * d, one, sqrt_id);
        dp1_over_dm1 = (d + one) * (d - one).invert();
        mdouble_invsqrt_a_minus_d = -(constants::INVSQRT_A_MINUS_D + constants::INVSQRT_A_MINUS_D);
        midouble_invsqrt_a_minus_d = mdouble_invsqrt_a_minus_d * constants::SQRT_M1;
        FE r;
        invsqrt(d + one, r);
        minvsqrt_one_plus_d = -r;
    }
};

const LizardConstants& lizard_constants() {
    static const LizardConstants k;  // thread-safe initialisation (C++11)
    return k;
}

struct JacobiPoint {
    FE s, t;
};

// One point of J over each of the element's four Edwards representatives (for the identity's (0, -1), which has
// none, one over (0, 1) again): dalek's to_jacobi_quartic_ristretto, in projective coordinates.
void jacobi_points(const EdwardsPoint& p, JacobiPoint out[4]) {
    const LizardConstants& k = lizard_constants();
    const FE x2 = p.X.square(), y2 = p.Y.square(), y4 = y2.square(), z2 = p.Z.square();
    const FE z_min_y = p.Z - p.Y, z_pl_y = p.Z + p.Y, z2_min_y2 = z2 - y2;
    FE gamma;  // 1 / sqrt(Y^4 X^2 (Z^2 - Y^2))
    invsqrt(y4 * x2 * z2_min_y2, gamma);
    const FE den = gamma * y2;
    const FE s_over_x = den * z_min_y, sp_over_xp = den * z_pl_y;
    const FE tz = k.mdouble_invsqrt_a_minus_d * p.Z;
    out[0] = {s_over_x * p.X, tz * s_over_x};
    out[1] = {-(sp_over_xp)*p.X, tz * sp_over_xp};
    // The same with (X, Y, Z) -> (Y, X, i Z): the representatives rotated by the 4-torsion.
    const FE den_y = -(z2_min_y2)*k.minvsqrt_one_plus_d * gamma;
    const FE iz = constants::SQRT_M1 * p.Z;
    const FE s_over_y = den_y * (iz - p.X), sp_over_yp = den_y * (iz + p.X);
    const FE tiz = k.mdouble_invsqrt_a_minus_d * iz;
    out[2] = {s_over_y * p.Y, tiz * s_over_y};
    out[3] = {-(sp_over_yp)*p.Y, tiz * sp_over_yp};
    // X = 0 or Y = 0 (the identity's representatives): the points (0, 1), (1, -2i/sqrt(a-d)), (-1, -2i/sqrt(a-d)).
    const uint8_t special = p.X.is_zero() | p.Y.is_zero();
    out[0].t.conditional_assign(FE::one(), special);
    out[1].t.conditional_assign(FE::one(), special);
    out[2].t.conditional_assign(k.midouble_invsqrt_a_minus_d, special);
    out[3].t.conditional_assign(k.midouble_invsqrt_a_minus_d, special);
    out[2].s.conditional_assign(FE::one(), special);
    out[3].s.conditional_assign(-FE::one(), special);
}

// The non-negative f with e(f) = (s, t), if any (the other is -f): defined is set to 1 when it exists.
FE e_inverse_positive(const JacobiPoint& j, uint8_t& defined) {
    const LizardConstants& k = lizard_constants();
    FE out = FE::zero();
    // s = 0: t = 1 has the preimage sqrt(i d), t = -1 the preimage 0.
    const uint8_t s_is_zero = j.s.is_zero();
    out.conditional_assign(k.sqrt_id, j.t.ct_eq(FE::one()));
    defined = s_is_zero;
    uint8_t done = s_is_zero;
    const FE a = (j.t + FE::one()) * k.dp1_over_dm1;  // a = (t + 1)(d + 1)/(d - 1)
    const FE s2 = j.s.square();
    FE y;  // 1 / sqrt(i (s^4 - a^2)): no preimage when it is not a square
    const uint8_t square = invsqrt((s2.square() - a.square()) * constants::SQRT_M1, y);
    defined |= square;
    done |= static_cast<uint8_t>(square ^ 1);
    FE pm_s2 = s2;
    pm_s2.conditional_negate(j.s.is_negative());
    const FE x = ((a + pm_s2) * y).abs();
    out.conditional_assign(x, static_cast<uint8_t>(done ^ 1));
    return out;
}

}  // namespace

EdwardsPoint ristretto_map_to_curve(const uint8_t fe[32]) noexcept { return ristretto_elligator(FE::from_bytes(fe)); }

void ristretto_elligator_inverse(const EdwardsPoint& p, uint8_t out[16 * 32], uint8_t defined[16]) noexcept {
    JacobiPoint jc[4];
    jacobi_points(p, jc);
    for (int i = 0; i < 4; ++i) {
        for (int dual = 0; dual < 2; ++dual) {  // (s, t) and its dual (-s, -t)
            const JacobiPoint j = dual ? JacobiPoint{-jc[i].s, -jc[i].t} : jc[i];
            const int slot = 2 * i + dual;
            uint8_t ok;
            FE f = e_inverse_positive(j, ok);
            f.conditional_assign(FE::zero(), static_cast<uint8_t>(ok ^ 1));
            f.to_bytes(out + 32 * slot);
            (-f).to_bytes(out + 32 * (slot + 8));
            defined[slot] = defined[slot + 8] = ok;
        }
    }
}

EdwardsPoint lizard_encode(const uint8_t data[16]) noexcept {
    uint8_t fe[32];
    crypto_hash_sha256(fe, data, 16);
    std::memcpy(fe + 8, data, 16);
    fe[0] &= 0xfe;   // even: the preimage is found among the first eight slots
    fe[31] &= 0x3f;  // below 2^254 < p: read as is
    const EdwardsPoint p = ristretto_map_to_curve(fe);
    sodium_memzero(fe, sizeof fe);
    return p;
}

uint8_t lizard_decode(const EdwardsPoint& p, uint8_t data[16]) noexcept {
    uint8_t fes[16 * 32], defined[16], expected[32];
    unsigned found = 0;
    ristretto_elligator_inverse(p, fes, defined);
    std::memset(data, 0, 16);
    for (int i = 0; i < 8; ++i) {
        const uint8_t* fe = fes + 32 * i;
        crypto_hash_sha256(expected, fe + 8, 16);
        std::memcpy(expected + 8, fe + 8, 16);
        expected[0] &= 0xfe;
        expected[31] &= 0x3f;
        uint8_t diff = 0;
        for (int k = 0; k < 32; ++k) diff |= static_cast<uint8_t>(expected[k] ^ fe[k]);
        const uint8_t ok = static_cast<uint8_t>(defined[i] & (((static_cast<unsigned>(diff) - 1) >> 8) & 1));
        const uint8_t mask = static_cast<uint8_t>(-ok);
        for (int k = 0; k < 16; ++k) data[k] = static_cast<uint8_t>((data[k] & ~mask) | (fe[8 + k] & mask));
        found += ok;
    }
    // exactly one: found == 1, without a branch (the caller branches on the result, which is revealed)
    const unsigned x = found ^ 1u;
    const uint8_t one = static_cast<uint8_t>(((x | (0u - x)) >> 31) ^ 1u);
    const uint8_t keep = static_cast<uint8_t>(-one);
    for (int k = 0; k < 16; ++k) data[k] &= keep;
    sodium_memzero(fes, sizeof fes);
    sodium_memzero(expected, sizeof expected);
    return one;
}

}  // namespace pyristretto
