// Constant-time check (the ctgrind technique of bitcoin-core/secp256k1's ctime_tests): the secret scalar bytes
// (reduced ones, and unreduced ones with bit 255 set for the constant-time fold of scalar.hpp)
// are marked undefined for valgrind memcheck (msm, Straus::mul_ct, pedersen_commit, FixedBaseTable::mul,
// base_mul, point_mul; and the object layer's paths: point_mul_decoded behind Point * secret, point_add_decoded and
// point_sub_decoded behind Point + Point and Point - Point on secret points, a FixedBaseTable of an arbitrary point
// behind FixedBase * secret, MSMTable::msm, msm_points (PointVector.msm), the element-wise
// scale_points (PointVector.scale) and scale_points_encoded with its batched inversion, fixed_base_scale (FixedBase *
// ScalarVector) and scale_one_point (Point * ScalarVector), and the batch encoding of
// points that depend on secrets), which then reports every branch and every memory address that depends on them;
// the 64 input bytes of the one-way map (ristretto_from_uniform, fed by hashes of possibly secret data) are checked
// the same way, and so is the scalar arithmetic applied to secrets by Scalar and by the protocols
// (pyristretto.oprf, pyristretto.frost): libsodium's scalar add/sub/mul/negate/invert/reduce, the core's own
// scalar_invert (Scalar.invert, sc_inv), crypto_verify_32 and
// sodium_is_zero (Scalar == and bool), hash_to_scalar of a secret message, and FROST's nonce hash of a secret share
// (hash_to_scalar_with_secret), and sr25519's secret paths (check_sr25519: signing, key expansion, soft and hard
// derivation, VRF signing).
// Built with -DPYRISTRETTO_IFMA_EMULATE (ifma/emulate.hpp) the same checks run the IFMA backend's code, which
// valgrind cannot execute as AVX-512: msm, Straus::mul_ct and msm_points then go through the eight-lane
// ifma::straus_ct or the four-lane one-accumulator Straus, MSMTable::msm through the latter on the table's four-lane
// multiples (ifma::straus_ct_tables); ifma::straus_ct is also called directly below its routing threshold (padding
// lanes), Point * s
// and point_mul through the four-lane ifma::mul_ct_one (ifma/scalar_mul.cpp, also called directly), and
// FixedBaseTable::mul / mul2 (base_mul, pedersen_commit, FixedBase * secret) through the eight-lane comb
// (ifma/fixed_base.cpp), also called directly.
// Run with PYRISTRETTO_BACKEND=avx2 (valgrind executes AVX2 natively: the real instructions) the backend is AVX2:
// point_mul, point_mul_decoded, msm, Straus::mul_ct, msm_points, scale_points and MSMTable::msm (on the table's
// four-lane 0P..8P, avx2::straus_ct_tables) then run the four-lane code (avx2/straus.cpp), whose avx2::point_mul and
// avx2::straus_ct are also called directly; the batch encoding of
// secret points and the one-way map of secret inputs run the four-lane square roots (avx2/batch.cpp), also called
// directly with 1, 2 and 4 groups of lanes; FixedBaseTable::mul / mul2 run the four-lane comb (avx2/fixed_base.cpp),
// also called directly.
// OPAQUE's and CPace's steps (pyristretto/_opaque.pxi, opaque_mul_encode): secret scalars halved by libsodium's
// scalar product, multiplied (point_mul_decoded, the fixed-base table) and the results encoded with one batched
// inversion (ristretto_encode_doubled); and OPAQUE's curve25519 3DH, libsodium's X25519 of a secret key.
// Run: valgrind --error-exitcode=1 ./ct_check   -> must report 0 errors.
// Outputs are declassified (VALGRIND_MAKE_MEM_DEFINED) before they are compared or printed.
#include <sodium.h>
#include <valgrind/memcheck.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "pyristretto/avx2/batch.hpp"
#include "pyristretto/avx2/fixed_base.hpp"
#include "pyristretto/avx2/straus.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/frost.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/ifma/fixed_base.hpp"
#include "pyristretto/ifma/scalar8.hpp"
#include "pyristretto/ifma/scalar_mul.hpp"
#include "pyristretto/ifma/straus.hpp"
#include "pyristretto/lizard.hpp"
#include "pyristretto/msm.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/msm_table.hpp"
#include "pyristretto/point_vector.hpp"
#include "pyristretto/points.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scalar_mul.hpp"
#include "pyristretto/scalar_vector.hpp"
#include "pyristretto/sigma.hpp"
#include "pyristretto/sr25519.hpp"
#include "pyristretto/transcript.hpp"

using namespace pyristretto;

namespace {

int g_failed = 0;

void secret(void* p, size_t len) { VALGRIND_MAKE_MEM_UNDEFINED(p, len); }
void declassify(void* p, size_t len) { VALGRIND_MAKE_MEM_DEFINED(p, len); }

void expect(bool ok, const char* what) {
    std::printf("%s: %s\n", ok ? "ok" : "FAIL", what);
    if (!ok) ++g_failed;
}

// n random scalars and points; edge scalars ride along: 0 and 1.
void random_inputs(size_t n, std::vector<uint8_t>& s, std::vector<uint8_t>& p) {
    s.resize(32 * n);
    p.resize(32 * n);
    for (size_t i = 0; i < n; ++i) {
        crypto_core_ristretto255_scalar_random(&s[32 * i]);
        crypto_core_ristretto255_random(&p[32 * i]);
    }
    if (n > 2) {  // edge scalars ride along: 0 and 1, and unreduced ones (bit 255 set; 2^256 - 1) for the fold
        std::memset(&s[0], 0, 32);
        std::memset(&s[32], 0, 32);
        s[32] = 1;
        s[64 + 31] |= 0x80;
        if (n > 3) std::memset(&s[96], 0xff, 32);
    }
}

// s mod q by libsodium, on public (defined) data: the reference for unreduced scalars.
void reduce(const uint8_t s[32], uint8_t out[32]) {
    uint8_t wide[64] = {0};
    std::memcpy(wide, s, 32);
    crypto_core_ristretto255_scalar_reduce(out, wide);
}

void check_msm(size_t n, const char* what) {
    std::vector<uint8_t> s, p;
    random_inputs(n, s, p);
    uint8_t want[32], got[32];
    msm_vartime(s.data(), p.data(), n, want);  // public computation first, on defined data

    secret(s.data(), s.size());
    const size_t rc = msm(s.data(), p.data(), n, got);
    declassify(got, 32);
    expect(rc == n && std::memcmp(got, want, 32) == 0, what);

    std::vector<EdwardsPoint> d(n);
    ristretto_decode_many(d.data(), p.data(), n);
    EdwardsPoint r = Straus::mul_ct(s.data(), d.data(), n);
    ristretto_encode(got, r);
    declassify(got, 32);
    expect(std::memcmp(got, want, 32) == 0, "Straus::mul_ct");
    // Where Straus::mul_ct above reached the backend's Straus (IFMA's eight lanes from ifma::kOneAccumulatorMax + 1
    // points, AVX2 at every n), the direct call would repeat it under valgrind: it runs on the small n alone.
    if (backend() == Backend::Ifma && n <= ifma::kOneAccumulatorMax) {  // below Straus::mul_ct's eight-lane switch
        ristretto_encode(got, ifma::straus_ct(s.data(), d.data(), n));
        declassify(got, 32);
        expect(std::memcmp(got, want, 32) == 0, "ifma::straus_ct");
    }
    if (backend() == Backend::Avx2 && n < 10) {  // the routed calls above run it too; called directly to be sure
        ristretto_encode(got, avx2::straus_ct(s.data(), d.data(), n));
        declassify(got, 32);
        expect(std::memcmp(got, want, 32) == 0, "avx2::straus_ct");
    }
    declassify(s.data(), s.size());
}

// The object layer's constant-time operations on decoded points: MSMTable::msm (the backend's Straus on the table's
// own multiples, TableKernels::straus_ct, in blocks of 256 bases; fewer scalars than bases too), msm_points
// (PointVector.msm), scale_points (PointVector.scale), fixed_base_scale (FixedBase * ScalarVector) and
// scale_one_point (Point * ScalarVector: both of its paths, as n is below or above its table threshold).
void check_decoded(size_t n, const char* what) {
    std::vector<uint8_t> s, p;
    random_inputs(n, s, p);
    std::vector<EdwardsPoint> d(n);
    decode_points(d.data(), p.data(), n);
    const MSMTable table(d.data(), n);
    const size_t m = n - n / 3;
    uint8_t want[32], want_m[32], got[32];
    msm_vartime(s.data(), p.data(), n, want);  // public reference values first, on defined data
    msm_vartime(s.data(), p.data(), m, want_m);
    std::vector<uint8_t> want_scaled(32 * n), want_fixed(32 * n);  // s_i P_i, and s_i P_0 for fixed_base_scale
    for (size_t i = 0; i < n; ++i) {  // libsodium ignores bit 255: reduce the unreduced edge scalars first
        uint8_t r[32];
        reduce(&s[32 * i], r);
        if (crypto_scalarmult_ristretto255(&want_scaled[32 * i], r, &p[32 * i]) != 0)
            std::memset(&want_scaled[32 * i], 0, 32);
        if (crypto_scalarmult_ristretto255(&want_fixed[32 * i], r, &p[0]) != 0) std::memset(&want_fixed[32 * i], 0, 32);
    }
    const FixedBaseTable comb(d[0]);  // public: built from a public base

    secret(s.data(), s.size());
    EdwardsPoint r;
    bool ok = table.msm(s.data(), n, r);
    ristretto_encode(got, r);
    declassify(got, 32);
    expect(ok && std::memcmp(got, want, 32) == 0, what);
    ok = table.msm(s.data(), m, r);
    ristretto_encode(got, r);
    declassify(got, 32);
    expect(ok && std::memcmp(got, want_m, 32) == 0, "MSMTable::msm, fewer scalars than bases");
    ok = msm_points(s.data(), d.data(), n, r);
    ristretto_encode(got, r);
    declassify(got, 32);
    expect(ok && std::memcmp(got, want, 32) == 0, "msm_points");
    std::vector<EdwardsPoint> scaled(n);
    scale_points(scaled.data(), s.data(), d.data(), n);
    std::vector<uint8_t> got_scaled(32 * n);
    encode_points(got_scaled.data(), scaled.data(), n);
    declassify(got_scaled.data(), got_scaled.size());
    expect(got_scaled == want_scaled, "scale_points");
    std::vector<uint8_t> enc_scaled(32 * n);  // the halves' batched inversion (IFMA lanes from 8 points)
    scale_points_encoded(scaled.data(), enc_scaled.data(), s.data(), d.data(), n, false);
    encode_points(got_scaled.data(), scaled.data(), n);
    declassify(enc_scaled.data(), enc_scaled.size());
    declassify(got_scaled.data(), got_scaled.size());
    expect(enc_scaled == want_scaled && got_scaled == want_scaled, "scale_points_encoded");
    fixed_base_scale(scaled.data(), comb, s.data(), n);  // FixedBase * ScalarVector, Point * ScalarVector
    encode_points(got_scaled.data(), scaled.data(), n);
    declassify(got_scaled.data(), got_scaled.size());
    expect(got_scaled == want_fixed, "fixed_base_scale");
    scale_one_point(scaled.data(), d[0], s.data(), n);  // Point * ScalarVector: a table from a few scalars on
    encode_points(got_scaled.data(), scaled.data(), n);
    declassify(got_scaled.data(), got_scaled.size());
    expect(got_scaled == want_fixed, "scale_one_point");
    if (backend() == Backend::Ifma) {
        // scale_points above ran it on every lane group but a last one of fewer than ifma::kScaleMin points (it
        // leaves those to the portable code): 9 points end in such a group, padded here.
        const size_t k = std::min<size_t>(n, 9);
        ifma::scale_ct(scaled.data(), s.data(), d.data(), k);
        encode_points(got_scaled.data(), scaled.data(), k);
        declassify(got_scaled.data(), 32 * k);
        expect(std::equal(got_scaled.begin(), got_scaled.begin() + 32 * k, want_scaled.begin()), "ifma::scale_ct");
    }
    declassify(s.data(), s.size());
}

void check_fixed_base(bool unreduced) {
    uint8_t a[32], b[32], want[32], got[32], r[32];
    crypto_core_ristretto255_scalar_random(a);
    crypto_core_ristretto255_scalar_random(b);
    if (unreduced) {  // any 32 bytes are folded mod q in constant time (scalar.hpp)
        randombytes_buf(a, 32);
        a[31] |= 0x80;
        std::memset(b, 0xff, 32);
    }
    pedersen_commit(a, b, want);   // public run first: reference value, and builds the tables
    uint8_t ra[32], sum_want[32];  // (a + b) G by libsodium: the reference for the IFMA mul2 on G twice
    reduce(a, ra);
    reduce(b, r);
    crypto_core_ristretto255_scalar_add(r, ra, r);
    if (crypto_scalarmult_ristretto255_base(sum_want, r) != 0) std::memset(sum_want, 0, 32);
    secret(a, 32);
    secret(b, 32);
    uint8_t c[32];
    pedersen_commit(a, b, c);
    declassify(c, 32);
    expect(std::memcmp(c, want, 32) == 0, "pedersen_commit");

    uint8_t base_want[32];
    declassify(a, 32);
    reduce(a, r);
    if (crypto_scalarmult_ristretto255_base(base_want, r) != 0) std::memset(base_want, 0, 32);
    secret(a, 32);
    ristretto_encode(got, basepoint_table().mul(a));
    declassify(got, 32);
    expect(std::memcmp(got, base_want, 32) == 0, "FixedBaseTable::mul");
    base_mul(a, got);
    declassify(got, 32);
    expect(std::memcmp(got, base_want, 32) == 0, "base_mul");
    // The backend's own comb, also called directly (the calls above route to it): G's rows, or nullptr if missing.
    if (backend() != Backend::Portable) {
        const std::string name = backend_name();
        const FixedBaseRows* G = basepoint_table().rows();
        expect(G != nullptr, ("the basepoint table has " + name + " rows").c_str());
        if (G != nullptr) {
            ristretto_encode(got, G->mul(a));
            declassify(got, 32);
            expect(std::memcmp(got, base_want, 32) == 0, (name + " fixed-base mul").c_str());
            ristretto_encode(got, G->mul2(a, *G, b));
            declassify(got, 32);
            expect(std::memcmp(got, sum_want, 32) == 0, (name + " fixed-base mul2").c_str());
        }
    }

    uint8_t p[32], pm_want[32];
    crypto_core_ristretto255_random(p);
    declassify(b, 32);
    reduce(b, r);
    if (crypto_scalarmult_ristretto255(pm_want, r, p) != 0) std::memset(pm_want, 0, 32);
    secret(b, 32);
    const bool valid = point_mul(b, p, got);
    declassify(got, 32);
    expect(valid && std::memcmp(got, pm_want, 32) == 0, "point_mul");
    declassify(a, 32);
    declassify(b, 32);
}

// The object layer keeps points decoded: Point * s is point_mul_decoded, FixedBase(P) * s is a FixedBaseTable of
// an arbitrary P, and Scalar's arithmetic is libsodium's crypto_core_ristretto255_scalar_*.
void check_objects() {
    uint8_t s[32], p[32], want[32], got[32];
    crypto_core_ristretto255_scalar_random(s);
    crypto_core_ristretto255_random(p);
    EdwardsPoint P;
    expect(ristretto_decode(P, p), "decode a random point");
    if (crypto_scalarmult_ristretto255(want, s, p) != 0) std::memset(want, 0, 32);
    const FixedBaseTable table(P);  // public: built from the public base

    secret(s, 32);
    ristretto_encode(got, point_mul_decoded(s, P));
    declassify(got, 32);
    expect(std::memcmp(got, want, 32) == 0, "point_mul_decoded (Point * secret)");
    if (backend() == Backend::Avx2) {
        ristretto_encode(got, avx2::point_mul(s, P));
        declassify(got, 32);
        expect(std::memcmp(got, want, 32) == 0, "avx2::point_mul");
    }
    ristretto_encode(got, table.mul(s));
    declassify(got, 32);
    expect(std::memcmp(got, want, 32) == 0, "FixedBaseTable(P).mul (FixedBase * secret)");
    if (backend() == Backend::Ifma) {  // the four-lane one-point code behind point_mul_decoded, called directly
        ristretto_encode(got, ifma::mul_ct_one(s, P));
        declassify(got, 32);
        expect(std::memcmp(got, want, 32) == 0, "ifma::mul_ct_one");
        uint8_t u[32], r[32], u_want[32];  // 2^256 - 1: the constant-time fold of an unreduced scalar too
        std::memset(u, 0xff, 32);
        reduce(u, r);
        if (crypto_scalarmult_ristretto255(u_want, r, p) != 0) std::memset(u_want, 0, 32);
        secret(u, 32);
        ristretto_encode(got, ifma::mul_ct_one(u, P));
        declassify(got, 32);
        expect(std::memcmp(got, u_want, 32) == 0, "ifma::mul_ct_one, unreduced scalar");
    }
    declassify(s, 32);

    // Point + Point and Point - Point on secret points (a blinded element, a share): point_add_decoded and
    // point_sub_decoded, one four-lane addition on the vector backends.
    EdwardsPoint Q;
    expect(ristretto_decode(Q, want), "decode s * P");
    uint8_t sum_want[32], difference_want[32];
    ristretto_encode(sum_want, P + Q);
    ristretto_encode(difference_want, P - Q);
    secret(&P, sizeof P);
    secret(&Q, sizeof Q);
    ristretto_encode(got, point_add_decoded(P, Q));
    declassify(got, 32);
    expect(std::memcmp(got, sum_want, 32) == 0, "point_add_decoded (secret P + Q)");
    ristretto_encode(got, point_sub_decoded(P, Q));
    declassify(got, 32);
    expect(std::memcmp(got, difference_want, 32) == 0, "point_sub_decoded (secret P - Q)");
    declassify(&P, sizeof P);
    declassify(&Q, sizeof Q);
}

void check_one_way_map() {
    for (int k = 0; k < 4; ++k) {
        uint8_t u[64], want[32], got[32];
        randombytes_buf(u, sizeof u);
        if (k & 1) u[31] |= 0x80;                  // bit 255 set in the first half
        if (k & 2) std::memset(u + 32, 0xff, 32);  // second half >= p, bit 255 set
        crypto_core_ristretto255_from_hash(want, u);
        secret(u, sizeof u);
        ristretto_from_uniform(got, u);
        declassify(got, 32);
        declassify(u, sizeof u);
        expect(std::memcmp(got, want, 32) == 0, "ristretto_from_uniform");
    }
    // Many inputs at once (hash_to_group's batches, derive_generators): the eight-lane maps on the IFMA backend,
    // in full passes and padded tails (2, 9 and 17 inputs; one left over runs the portable maps).
    for (size_t n : {size_t(2), size_t(8), size_t(9), size_t(17)}) {
        std::vector<uint8_t> u(64 * n);
        randombytes_buf(u.data(), u.size());
        u[31] |= 0x80;
        std::vector<EdwardsPoint> mapped(n);
        secret(u.data(), u.size());
        ristretto_from_uniform_many(mapped.data(), u.data(), n);
        declassify(mapped.data(), sizeof(EdwardsPoint) * n);
        declassify(u.data(), u.size());
        for (size_t i = 0; i < n; ++i) {
            uint8_t want[32], got[32];
            crypto_core_ristretto255_from_hash(want, &u[64 * i]);
            ristretto_encode(got, mapped[i]);
            expect(std::memcmp(got, want, 32) == 0, "ristretto_from_uniform_many");
        }
    }
}

// The AVX2 batches (avx2/batch.cpp) on secret data, every group count and the tails: encoding of secret points
// (secret multiples of G, all coordinates undefined) and the one-way map of secret inputs.
void check_avx2_batches() {
    if (backend() != Backend::Avx2) return;
    for (size_t n : {size_t(3), size_t(4), size_t(5), size_t(19)}) {
        std::vector<EdwardsPoint> pts(n);
        std::vector<uint8_t> want(32 * n), got(32 * n), u(64 * n);
        for (size_t i = 0; i < n; ++i) {
            uint8_t k[32];
            crypto_core_ristretto255_scalar_random(k);
            pts[i] = i == 1 ? EdwardsPoint::identity() : point_mul_decoded(k, EdwardsPoint::basepoint());
            ristretto_encode(&want[32 * i], pts[i]);
        }
        randombytes_buf(u.data(), u.size());
        u[31] |= 0x80;
        std::vector<EdwardsPoint> want_map(n), got_map(n);
        for (size_t i = 0; i < n; ++i) want_map[i] = ristretto_from_uniform_point(&u[64 * i]);
        for (int groups : {0, 1, 2, 4}) {
            secret(pts.data(), sizeof(EdwardsPoint) * n);
            secret(u.data(), u.size());
            if (groups == 0) ristretto_encode_many(got.data(), pts.data(), n);
            else avx2::encode_many_groups(got.data(), pts.data(), n, groups);
            if (groups == 0) ristretto_from_uniform_many(got_map.data(), u.data(), n);
            else avx2::from_uniform_many_groups(got_map.data(), u.data(), n, groups);
            declassify(pts.data(), sizeof(EdwardsPoint) * n);
            declassify(u.data(), u.size());
            declassify(got.data(), got.size());
            declassify(got_map.data(), sizeof(EdwardsPoint) * n);
            expect(got == want, groups == 0 ? "ristretto_encode_many (avx2)" : "avx2::encode_many_groups");
            bool same = true;
            for (size_t i = 0; i < n; ++i) same = same && ristretto_ct_eq(got_map[i], want_map[i]);
            expect(same, groups == 0 ? "ristretto_from_uniform_many (avx2)" : "avx2::from_uniform_many_groups");
        }
    }
}

// The scalar work of the protocols (pyristretto.oprf and pyristretto.frost, through sc_add, sc_sub, sc_mul, sc_neg,
// sc_inv and sc_reduce) on secret keys, shares, nonces and blinds: libsodium's crypto_core_ristretto255_scalar_*
// and the core's scalar_invert (Scalar.invert, sc_inv), run here exactly as the wrappers call them.
void check_scalar_arithmetic() {
    uint8_t a[32], b[32], wide[64], want[7][32], got[7][32];
    crypto_core_ristretto255_scalar_random(a);
    crypto_core_ristretto255_scalar_random(b);
    randombytes_buf(wide, sizeof wide);
    for (int pass = 0; pass < 2; ++pass) {  // pass 0 on public data (the reference), pass 1 on secret data
        uint8_t(*out)[32] = pass == 0 ? want : got;
        if (pass == 1) {
            secret(a, 32);
            secret(b, 32);
            secret(wide, sizeof wide);
        }
        crypto_core_ristretto255_scalar_add(out[0], a, b);
        crypto_core_ristretto255_scalar_sub(out[1], a, b);
        crypto_core_ristretto255_scalar_mul(out[2], a, b);
        crypto_core_ristretto255_scalar_negate(out[3], a);
        int rc = crypto_core_ristretto255_scalar_invert(out[4], a);
        declassify(&rc, sizeof rc);  // sc_inv branches on this: it reveals only whether a is zero
        if (rc != 0) std::memset(out[4], 0, 32);
        crypto_core_ristretto255_scalar_reduce(out[5], wide);
        rc = scalar_invert(out[6], a);  // Scalar.invert, invert_vartime and sc_inv: the C++ core's own inverse
        declassify(&rc, sizeof rc);     // likewise only whether a is zero mod q
        expect(rc == 0, "scalar_invert of a nonzero secret succeeds");
        int same = crypto_verify_32(a, b);  // Scalar ==: only the result is revealed
        int zero = sodium_is_zero(a, 32);   // bool(Scalar): likewise
        declassify(out, 7 * 32);
        declassify(&same, sizeof same);
        declassify(&zero, sizeof zero);
        expect(same == -1 && zero == 0, "crypto_verify_32 and sodium_is_zero (Scalar == and bool)");
    }
    declassify(a, 32);
    declassify(b, 32);
    declassify(wide, sizeof wide);
    expect(std::memcmp(got, want, sizeof want) == 0,
           "libsodium scalar add, sub, mul, negate, invert, reduce and scalar_invert (Scalar and the protocols' sc_* "
           "calls)");
    expect(std::memcmp(want[6], want[4], 32) == 0, "scalar_invert agrees with libsodium's invert");
}

// RFC 9497 DeriveKeyPair hashes the secret seed with HashToScalar (expand_message_xmd over libsodium's SHA-512).
void check_hash_to_scalar() {
    uint8_t seed[32 + 2 + 8 + 1] = {0}, want[32], got[32];
    randombytes_buf(seed, 32);
    const uint8_t dst[] = "DeriveKeyPairOPRFV1-\x01-ristretto255-SHA512";
    hash_to_scalar(seed, sizeof seed, dst, sizeof dst - 1, want);
    secret(seed, sizeof seed);
    hash_to_scalar(seed, sizeof seed, dst, sizeof dst - 1, got);
    declassify(got, 32);
    declassify(seed, sizeof seed);
    expect(std::memcmp(got, want, 32) == 0, "hash_to_scalar of a secret message (DeriveKeyPair)");
}

// RFC 9591 nonce_generate: SHA-512(contextString || "nonce" || random_bytes || secret share) mod q.
void check_nonce_hash() {
    const uint8_t prefix[] = "FROST-RISTRETTO255-SHA512-v1nonce";
    uint8_t random_bytes[32], share[32], wide[64] = {0}, want[32], got[32];
    randombytes_buf(random_bytes, 32);
    randombytes_buf(wide, 32);
    crypto_core_ristretto255_scalar_reduce(share, wide);
    hash_to_scalar_with_secret(prefix, sizeof prefix - 1, random_bytes, 32, share, want);
    secret(random_bytes, 32);
    secret(share, 32);
    hash_to_scalar_with_secret(prefix, sizeof prefix - 1, random_bytes, 32, share, got);
    declassify(got, 32);
    declassify(random_bytes, 32);
    declassify(share, 32);
    expect(std::memcmp(got, want, 32) == 0, "hash_to_scalar_with_secret of a secret share (FROST nonce_generate)");
}

// opaque_mul_encode (_opaque.pxi) as the server's KE2 runs it: the encodings of k*B, e*G, e*X, s*X, e*P for secret
// k, e, s, each scalar halved mod q (libsodium's product by 1/2), the halves multiplied, then encoded doubled with one
// batched inversion; the results must equal the plain products' encodings. Then X25519 (crypto_scalarmult, _base)
// of a secret key, as X25519PrivateKey runs it.
void check_opaque_step() {
    static const uint8_t half[32] = {0xf7, 0xe9, 0x7a, 0x2e, 0x8d, 0x31, 0x09, 0x2c, 0x6b, 0xce, 0x7b,
                                     0x51, 0xef, 0x7c, 0x6f, 0x0a, 0,    0,    0,    0,    0,    0,
                                     0,    0,    0,    0,    0,    0,    0,    0,    0,    0x08};
    constexpr size_t n = 5;
    const int which[n] = {0, 1, 1, 2, 1};  // k, e, e, s, e
    uint8_t keys[3][32], halves[n][32], enc[3][32], want[n][32], got[n][32];
    EdwardsPoint bases[3], products[n];
    for (int j = 0; j < 3; ++j) {
        crypto_core_ristretto255_scalar_random(keys[j]);
        crypto_core_ristretto255_random(enc[j]);
        ristretto_decode(bases[j], enc[j]);
    }
    const int base_of[n] = {0, -1, 1, 1, 2};  // B, G, X, X, P
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* k = keys[which[i]];
        if (base_of[i] < 0) base_mul(k, want[i]);
        else ristretto_encode(want[i], point_mul_decoded(k, bases[base_of[i]]));
    }
    secret(keys, sizeof keys);
    for (size_t i = 0; i < n; ++i) {
        crypto_core_ristretto255_scalar_mul(halves[i], keys[which[i]], half);
        products[i] =
            base_of[i] < 0 ? basepoint_table().mul(halves[i]) : point_mul_decoded(halves[i], bases[base_of[i]]);
    }
    ristretto_encode_doubled(&got[0][0], products, products, n);
    declassify(got, sizeof got);
    declassify(keys, sizeof keys);
    expect(std::memcmp(got, want, sizeof got) == 0, "opaque_mul_encode: halved secrets, products, doubled encodings");

    uint8_t sk[32], peer_sk[32], pk[32], peer[32], shared[32], shared_want[32];
    randombytes_buf(sk, 32);
    randombytes_buf(peer_sk, 32);
    crypto_scalarmult_base(peer, peer_sk);
    crypto_scalarmult_base(pk, sk);
    int bad = crypto_scalarmult(shared_want, peer_sk, pk);
    secret(sk, 32);
    uint8_t pk_got[32];
    int base_result = crypto_scalarmult_base(pk_got, sk);
    int result = crypto_scalarmult(shared, sk, peer);  // -1 when the shared secret is zero: computed without a branch,
    declassify(&base_result, sizeof base_result);      // then public (X25519PrivateKey.exchange raises on it)
    declassify(&result, sizeof result);
    bad |= base_result | result;
    declassify(pk_got, 32);
    declassify(shared, 32);
    declassify(sk, 32);
    expect(bad == 0 && std::memcmp(pk_got, pk, 32) == 0 && std::memcmp(shared, shared_want, 32) == 0,
           "X25519 of a secret key (crypto_scalarmult_base, crypto_scalarmult)");
}

// sr25519 (pyristretto.sr25519): the secret key scalar, the nonce and the witness randomness marked undefined
// through signing (the transcript RNG keyed with the nonce, r G and its encoding, s = k key + r), the mini secret
// key's expansion in both modes, the canonical check of a secret key read from bytes, soft derivation of a key
// pair (key + scalar, the nonce RNG keyed with the secret), hard derivation (the secret key in the transcript), the
// Ed25519-form conversions, and VRF signing (key H and the DLEQ proof).
void check_sr25519() {
    using namespace pyristretto::sr25519;
    uint8_t mini[32], key[32], nonce[32], pub[32], random[32], sig[64], want[64];
    randombytes_buf(mini, 32);
    randombytes_buf(random, 32);
    expand_ed25519(mini, key, nonce);
    base_mul(key, pub);
    const uint8_t msg[] = "transfer 10 DOT";
    MerlinTranscript ctx = signing_context(reinterpret_cast<const uint8_t*>("substrate"), 9);
    ctx.append_message(reinterpret_cast<const uint8_t*>("sign-bytes"), 10, msg, sizeof msg - 1);
    MerlinTranscript t1 = ctx, t2 = ctx;
    sign(t1, key, nonce, pub, random, want);
    secret(key, 32);
    secret(nonce, 32);
    secret(random, 32);
    sign(t2, key, nonce, pub, random, sig);
    declassify(sig, 64);
    expect(std::memcmp(sig, want, 64) == 0, "sr25519 sign (secret key, nonce and witness randomness)");

    uint8_t k2[32], n2[32], k_want[32], n_want[32];
    declassify(mini, 32);
    expand_uniform(mini, k_want, n_want);
    secret(mini, 32);
    expand_uniform(mini, k2, n2);
    declassify(k2, 32);
    declassify(n2, 32);
    expect(std::memcmp(k2, k_want, 32) == 0 && std::memcmp(n2, n_want, 32) == 0, "sr25519 expand_uniform");
    expand_ed25519(mini, k2, n2);
    bool canonical = key_is_canonical(k2);
    multiply_by_cofactor(k2);
    divide_by_cofactor(k2);
    declassify(k2, 32);
    declassify(&canonical, sizeof canonical);
    expect(canonical, "sr25519 expand_ed25519, key_is_canonical, the cofactor conversions");

    uint8_t cc[32], index[4] = {1, 2, 3, 4}, key_out[32], nonce_out[32], pub_out[32], cc_out[32], mini_out[32];
    randombytes_buf(cc, 32);
    derive_keypair_soft(cc, pub, key, nonce, index, 4, random, key_out, nonce_out, pub_out, cc_out);
    hard_derive_mini(cc, key, index, 4, mini_out, cc_out);
    declassify(key_out, 32);
    declassify(nonce_out, 32);
    declassify(pub_out, 32);
    declassify(mini_out, 32);
    uint8_t check[32];
    base_mul(key_out, check);
    expect(std::memcmp(check, pub_out, 32) == 0, "sr25519 soft derivation of a key pair, hard derivation");

    MerlinTranscript input = ctx, extra(reinterpret_cast<const uint8_t*>("VRF"), 3);
    uint8_t h_enc[32], o_enc[32], proof[64], batchable[96];
    vrf_sign(input, extra, key, nonce, pub, random, true, false, h_enc, o_enc, proof, batchable);
    declassify(h_enc, 32);
    declassify(o_enc, 32);
    declassify(proof, 64);
    declassify(batchable, 96);
    declassify(key, 32);
    EdwardsPoint H, O, A;
    const bool decoded = ristretto_decode(H, h_enc) && ristretto_decode(O, o_enc) && ristretto_decode(A, pub);
    MerlinTranscript extra2(reinterpret_cast<const uint8_t*>("VRF"), 3);
    uint8_t batchable2[96];
    const bool verified =
        decoded && dleq_verify_vartime(extra2, H, h_enc, O, o_enc, A, pub, proof, true, batchable2) == Check::kValid;
    expect(verified && std::memcmp(batchable, batchable2, 96) == 0, "sr25519 VRF signing (key H, the DLEQ proof)");
    declassify(nonce, 32);
    declassify(random, 32);
}

// The toolkit (scalar_vector.hpp): select / swap with a secret bit on scalars and on decoded points, and the
// ScalarVector arithmetic on secret scalars (element-wise product, scale, inner product, fold, powers, the
// constant-time batch inversion, Scalar ** e for a public e).
void check_toolkit() {
    const size_t n = 6;
    std::vector<uint8_t> a(32 * n), b(32 * n), want(32 * n), got(32 * n);
    for (size_t i = 0; i < n; ++i) {
        crypto_core_ristretto255_scalar_random(&a[32 * i]);
        crypto_core_ristretto255_scalar_random(&b[32 * i]);
    }
    for (uint8_t bit = 0; bit < 2; ++bit) {
        uint8_t k = bit, s[32], x[32], y[32];
        std::memcpy(x, &a[0], 32);
        std::memcpy(y, &b[0], 32);
        EdwardsPoint p = EdwardsPoint::basepoint(), q = p.dbl(), r;
        secret(&k, 1);
        secret(x, 32);
        secret(y, 32);
        ct_select_bytes(s, x, y, 32, k);
        ct_swap_bytes(x, y, 32, k);
        ct_select_bytes(reinterpret_cast<uint8_t*>(&r), reinterpret_cast<const uint8_t*>(&p),
                        reinterpret_cast<const uint8_t*>(&q), sizeof r, k);
        ct_swap_bytes(reinterpret_cast<uint8_t*>(&p), reinterpret_cast<uint8_t*>(&q), sizeof p, k);
        declassify(s, 32);
        declassify(x, 32);
        declassify(y, 32);
        declassify(&r, sizeof r);
        declassify(&p, sizeof p);
        declassify(&q, sizeof q);
        const uint8_t* chosen = bit ? &b[0] : &a[0];
        uint8_t re[32], pe[32], want_r[32];
        ristretto_encode(re, r);
        ristretto_encode(pe, p);
        ristretto_encode(want_r, bit ? EdwardsPoint::basepoint().dbl() : EdwardsPoint::basepoint());
        expect(std::memcmp(s, chosen, 32) == 0 && std::memcmp(x, bit ? &b[0] : &a[0], 32) == 0 &&
                   std::memcmp(re, want_r, 32) == 0 && std::memcmp(pe, want_r, 32) == 0,
               bit ? "ct_select_bytes / ct_swap_bytes, bit 1" : "ct_select_bytes / ct_swap_bytes, bit 0");
    }
    for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_scalar_mul(&want[32 * i], &a[32 * i], &b[32 * i]);
    secret(a.data(), a.size());
    secret(b.data(), b.size());
    sv_mul(got.data(), a.data(), b.data(), n);
    uint8_t inner[32], folded[32 * 3], powers[32 * 4], power[32], inverses[32 * 6], total[32];
    std::vector<uint8_t> sums(64 * n);  // a + b, then a - b
    const uint8_t e[2] = {0x35, 0x01};  // a public exponent
    sv_inner(inner, a.data(), b.data(), n);
    sv_scale(got.data() + 0, got.data(), &b[0], 1);
    sv_fold(folded, a.data(), 3, &b[0], &b[32]);
    sv_powers(powers, &a[0], 4);
    sv_add(sums.data(), a.data(), b.data(), n);
    sv_sub(sums.data() + 32 * n, a.data(), b.data(), n);
    sv_sum(total, a.data(), n);
    scalar_pow(power, &a[0], e, 2);
    const bool ok = sv_batch_invert(inverses, a.data(), n);
    uint8_t eq = ct_bytes_equal(a.data(), b.data(), 32);
    declassify(a.data(), a.size());
    declassify(b.data(), b.size());
    declassify(got.data(), got.size());
    declassify(inner, 32);
    declassify(folded, sizeof folded);
    declassify(powers, sizeof powers);
    declassify(power, 32);
    declassify(inverses, sizeof inverses);
    declassify(sums.data(), sums.size());
    declassify(total, 32);
    declassify(const_cast<bool*>(&ok), sizeof ok);
    declassify(&eq, 1);
    uint8_t check[32], add_want[32], sub_want[32];
    crypto_core_ristretto255_scalar_mul(check, &inverses[0], &a[0]);
    crypto_core_ristretto255_scalar_add(add_want, &a[32], &b[32]);
    crypto_core_ristretto255_scalar_sub(sub_want, &a[32], &b[32]);
    expect(std::memcmp(&got[32], &want[32], 32 * (n - 1)) == 0 && ok && check[0] == 1 && eq == 0 &&
               std::memcmp(&sums[32], add_want, 32) == 0 && std::memcmp(&sums[32 * (n + 1)], sub_want, 32) == 0,
           "ScalarVector arithmetic on secret scalars (sv_mul, add, sub, sum, scale, inner, fold, powers, pow, "
           "batch_invert)");
}

// The lane products on secret scalars at 19 elements (full groups of eight lanes, sv_mul8's pair of them, and three
// in a padded group): on the IFMA backend sv_mul, sv_scale, sv_fold, sv_powers and sv_inner route to
// ifma/scalar8.cpp, also called directly. References by libsodium's scalar arithmetic.
void check_toolkit_lanes() {
    const size_t n = 19;
    std::vector<uint8_t> a(64 * n), b(32 * n), want(4 * 32 * n + 32), got(4 * 32 * n + 32);  // a: fold's 2n
    for (size_t i = 0; i < 2 * n; ++i) crypto_core_ristretto255_scalar_random(&a[32 * i]);
    for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_scalar_random(&b[32 * i]);
    uint8_t s[32], x[32], y[32], t[32], lanes[8 * 32] = {0};  // lanes: sv_inner8's eight sums
    crypto_core_ristretto255_scalar_random(s);
    crypto_core_ristretto255_scalar_random(x);
    crypto_core_ristretto255_scalar_random(y);
    uint8_t* const w = want.data();
    uint8_t p[32] = {1};
    for (size_t i = 0; i < n; ++i) {
        crypto_core_ristretto255_scalar_mul(w + 32 * i, &a[32 * i], &b[32 * i]);
        crypto_core_ristretto255_scalar_mul(w + 32 * (n + i), &a[32 * i], s);
        crypto_core_ristretto255_scalar_mul(t, &a[32 * (n + i)], y);
        crypto_core_ristretto255_scalar_mul(w + 32 * (2 * n + i), &a[32 * i], x);
        crypto_core_ristretto255_scalar_add(w + 32 * (2 * n + i), w + 32 * (2 * n + i), t);
        std::memcpy(w + 32 * (3 * n + i), p, 32);
        crypto_core_ristretto255_scalar_mul(p, p, x);
        crypto_core_ristretto255_scalar_add(w + 128 * n, w + 128 * n, w + 32 * i);  // the inner product
    }
    for (int direct = 0; direct < 2; ++direct) {
        if (direct && backend() != Backend::Ifma) break;
        uint8_t* const g = got.data();
        secret(a.data(), a.size());
        secret(b.data(), b.size());
        secret(s, 32);
        secret(x, 32);
        secret(y, 32);
        if (direct) {
            ifma::sv_mul8(g, a.data(), b.data(), n);
            ifma::sv_scale8(g + 32 * n, a.data(), s, n);
            ifma::sv_fold8(g + 64 * n, a.data(), &a[32 * n], n, x, y);
            ifma::sv_powers8(g + 96 * n, x, n);
            ifma::sv_inner8(lanes, a.data(), b.data(), n);
        } else {
            sv_mul(g, a.data(), b.data(), n);
            sv_scale(g + 32 * n, a.data(), s, n);
            sv_fold(g + 64 * n, a.data(), n, x, y);
            sv_powers(g + 96 * n, x, n);
            sv_inner(g + 128 * n, a.data(), b.data(), n);
        }
        declassify(a.data(), a.size());
        declassify(b.data(), b.size());
        declassify(s, 32);
        declassify(x, 32);
        declassify(y, 32);
        declassify(got.data(), got.size());
        declassify(lanes, sizeof lanes);
        if (direct) {  // the eight lane sums' total
            std::memset(g + 128 * n, 0, 32);
            for (int j = 0; j < 8; ++j) crypto_core_ristretto255_scalar_add(g + 128 * n, g + 128 * n, lanes + 32 * j);
        }
        expect(got == want, direct ? "ifma::sv_mul8, sv_scale8, sv_fold8, sv_powers8, sv_inner8 on secret scalars"
                                   : "sv_mul, sv_scale, sv_fold, sv_powers, sv_inner at 19 elements on secret scalars");
    }
}

// pyristretto.sigma's prover (SigmaPlan::prove): a statement with an AND part (C = a G + b H), a 1-of-2 OR group of
// equal shape (A0 = x G | A1 = x G: the simulated branch's lhs selected and multiplied once) and a 2-of-3 group
// (B0 = y H | B1 = y H | B2 = y H: the constant-time interpolation of the challenges). The witness, which
// branches are true and the RNG's random bytes are secret; the proof is declassified and compared with the same
// proof computed on defined data.
void check_sigma_prover() {
    SigmaPlan plan;
    plan.label = "ct-check";
    plan.shape = "ct-check shape";
    plan.secret_names = {"a", "b", "x", "x", "y", "y", "y"};
    plan.point_names = {"C", "G", "H", "A0", "A1", "B0", "B1", "B2"};
    const size_t np = plan.point_names.size();
    plan.terms = {{0, 1}, {1, 2}, {2, 1}, {3, 1}, {4, 2}, {5, 2}, {6, 2}};
    plan.equations = {{0, 0, 2, 0}, {3, 2, 1, 1}, {4, 3, 1, 2}, {5, 4, 1, 3}, {6, 5, 1, 4}, {7, 6, 1, 5}};
    plan.branches = {{0, 2, -1}, {2, 1, 0}, {3, 1, 0}, {4, 1, 1}, {5, 1, 1}, {6, 1, 1}};
    plan.groups = {{1, 2, 1}, {3, 3, 2}};
    plan.is_fixed.assign(np, 0);
    plan.fixed_points.assign(np, EdwardsPoint::identity());
    plan.fixed_encodings.assign(32 * np, 0);
    plan.is_fixed[1] = 1;  // G: a fixed base, on its comb
    plan.fixed_points[1] = EdwardsPoint::basepoint();
    ristretto_encode(&plan.fixed_encodings[32], EdwardsPoint::basepoint());
    expect(plan.finalize().empty(), "sigma plan finalizes");
    const size_t ns = plan.n_secrets(), ne = plan.n_equations(), ngc = plan.n_group_challenges();
    // the witness: a, b; x true in branch A1; y true in B0 and B2
    uint8_t wit[7][32], wide[64] = {0};
    for (auto& w : wit) {
        randombytes_buf(wide, 32);
        crypto_core_ristretto255_scalar_reduce(w, wide);
    }
    std::memcpy(wit[2], wit[3], 32);
    std::memcpy(wit[5], wit[4], 32);
    std::memcpy(wit[6], wit[4], 32);
    std::vector<EdwardsPoint> pts(np);
    pts[1] = EdwardsPoint::basepoint();
    uint8_t h[32];
    crypto_core_ristretto255_random(h);
    ristretto_decode(pts[2], h);
    pts[0] = point_mul_decoded(wit[0], pts[1]) + point_mul_decoded(wit[1], pts[2]);
    pts[3] = point_mul_decoded(wit[4], pts[2]);  // A0: not x G (a false branch)
    pts[4] = point_mul_decoded(wit[3], pts[1]);
    pts[5] = point_mul_decoded(wit[4], pts[2]);
    pts[6] = point_mul_decoded(wit[0], pts[1]);  // B1: not y H
    pts[7] = point_mul_decoded(wit[4], pts[2]);
    std::vector<uint8_t> enc(32 * np);
    encode_points(enc.data(), pts.data(), np);
    uint8_t real[6] = {1, 0, 1, 1, 0, 1}, random_bytes[32];
    randombytes_buf(random_bytes, 32);
    const uint8_t label[] = "ct";
    std::vector<uint8_t> want(32 * (ne + 1 + ngc + ns)), got(want.size());
    for (int pass = 0; pass < 2; ++pass) {
        std::vector<uint8_t>& out = pass ? got : want;
        if (pass) {
            secret(wit, sizeof wit);
            secret(real, sizeof real);
            secret(random_bytes, sizeof random_bytes);
        }
        MerlinTranscript t(label, 2);
        const bool ok = plan.prove(t, pts.data(), enc.data(), &wit[0][0], real, random_bytes, out.data(),
                                   out.data() + 32 * ne, out.data() + 32 * (ne + 1), out.data() + 32 * (ne + 1 + ngc));
        declassify(out.data(), out.size());
        expect(ok, "SigmaPlan::prove ran");
    }
    declassify(wit, sizeof wit);
    declassify(real, sizeof real);
    declassify(random_bytes, sizeof random_bytes);
    expect(got == want, "SigmaPlan::prove on a secret witness and secret true branches (AND, 1-of-2, 2-of-3)");
    MerlinTranscript t(label, 2);
    expect(plan.verify_compact(t, pts.data(), enc.data(), got.data() + 32 * ne, got.data() + 32 * (ne + 1),
                               got.data() + 32 * (ne + 1 + ngc)) == SumCheck::kIdentity,
           "the constant-time prover's proof verifies");
}

// Lizard (its data is an ElGamal plaintext) and the Elligator inverse of a secret point; exponential ElGamal's
// encryption of secret values with secret randomness on the combs.
void check_lizard_and_elgamal() {
    uint8_t data[16], enc_want[32], enc_got[32], back[16], slots_want[16 * 32], slots_got[16 * 32], def_want[16],
        def_got[16];
    randombytes_buf(data, 16);
    const EdwardsPoint P = lizard_encode(data);
    ristretto_encode(enc_want, P);
    ristretto_elligator_inverse(P, slots_want, def_want);
    secret(data, 16);
    const EdwardsPoint Q = lizard_encode(data);
    EdwardsPoint S = Q;
    ristretto_encode(enc_got, Q);
    declassify(enc_got, 32);
    ristretto_elligator_inverse(S, slots_got, def_got);
    uint8_t one = lizard_decode(S, back);
    declassify(slots_got, sizeof slots_got);
    declassify(def_got, sizeof def_got);
    declassify(&one, 1);
    declassify(back, 16);
    declassify(data, 16);
    expect(std::memcmp(enc_got, enc_want, 32) == 0, "lizard_encode of secret data");
    expect(std::memcmp(slots_got, slots_want, sizeof slots_got) == 0 && std::memcmp(def_got, def_want, 16) == 0,
           "ristretto_elligator_inverse of a secret point");
    expect(one == 1 && std::memcmp(back, data, 16) == 0, "lizard_decode of a secret point");

    const size_t n = 5;
    std::vector<uint8_t> r(32 * n), m(32 * n, 0);
    for (size_t i = 0; i < n; ++i) {
        crypto_core_ristretto255_scalar_random(&r[32 * i]);
        m[32 * i] = static_cast<uint8_t>(i);
    }
    uint8_t kenc[32];
    crypto_core_ristretto255_random(kenc);
    EdwardsPoint K;
    ristretto_decode(K, kenc);
    const FixedBaseTable table(K);
    std::vector<EdwardsPoint> a(n), b(n), a2(n), b2(n);
    elgamal_encrypt_many(table, r.data(), m.data(), n, a.data(), b.data());
    secret(r.data(), r.size());
    secret(m.data(), m.size());
    elgamal_encrypt_many(table, r.data(), m.data(), n, a2.data(), b2.data());
    std::vector<uint8_t> e1(64 * n), e2(64 * n);
    encode_points(e1.data(), a.data(), n);
    encode_points(e1.data() + 32 * n, b.data(), n);
    encode_points(e2.data(), a2.data(), n);
    encode_points(e2.data() + 32 * n, b2.data(), n);
    declassify(e2.data(), e2.size());
    declassify(r.data(), r.size());
    declassify(m.data(), m.size());
    expect(e1 == e2, "elgamal_encrypt_many of secret values with secret randomness");
}

}  // namespace

int main() {
    if (sodium_init() < 0) return 2;
    std::printf("backend: %s\n", backend_name());
    set_msm_max_threads(1);  // single-threaded path
    check_msm(1, "msm n = 1");
    check_msm(2, "msm n = 2");
    check_msm(3, "msm n = 3");
    check_msm(9, "msm n = 9");
    check_msm(600, "msm n = 600, one thread (more than one block of Straus::mul_ct)");
    check_decoded(5, "MSMTable::msm n = 5");
    check_decoded(300, "MSMTable::msm n = 300, one thread (more than one block)");
    set_msm_max_threads(2);  // the threaded path (msm threads from 128 points)
    check_msm(200, "msm n = 200, 2 threads");
    check_decoded(200, "MSMTable::msm n = 200, 2 threads");
    set_msm_max_threads(0);  // the default: one thread per hardware thread
    check_fixed_base(false);
    check_fixed_base(true);
    check_objects();
    check_one_way_map();
    check_avx2_batches();
    check_scalar_arithmetic();
    check_hash_to_scalar();
    check_nonce_hash();
    check_opaque_step();
    check_sr25519();
    check_toolkit();
    check_toolkit_lanes();
    check_sigma_prover();
    check_lizard_and_elgamal();
    std::printf("%s\n", g_failed == 0 ? "all results correct" : "WRONG RESULTS");
    return g_failed == 0 ? 0 : 1;
}
