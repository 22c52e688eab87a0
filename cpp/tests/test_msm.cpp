// Tests of the scalar recodings, the multi-scalar multiplications, point_sum, pedersen_commit, the
// fixed-base tables, the operations on decoded point arrays (point_vector.hpp) and MSMTable: differential against
// libsodium on random and edge inputs. Build: g++ -O2 -std=c++17 -Icpp/include cpp/tests/test_msm.cpp cpp/src/*.cpp
// cpp/src/*/*.cpp -lsodium -lpthread The last line printed is "N passed, M failed"; the exit status is non-zero when M
// > 0.
#include <sodium.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <thread>
#include <vector>

#include "pyristretto/backend.hpp"
#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/msm.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/msm_table.hpp"
#include "pyristretto/point_vector.hpp"
#include "pyristretto/portable/pippenger.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scalar_mul.hpp"
#include "pyristretto/scratch.hpp"

using namespace pyristretto;

namespace {

int g_passed = 0, g_failed = 0;

void check(bool ok, const char* what, long long detail = -1) {
    if (ok) {
        ++g_passed;
    } else {
        ++g_failed;
        if (detail >= 0) std::printf("FAIL: %s (%lld)\n", what, detail);
        else std::printf("FAIL: %s\n", what);
    }
}

using Bytes = std::vector<uint8_t>;

const uint8_t Q_MINUS_1[32] = {0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                               0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                               0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};

// ---- reference implementations on libsodium -------------------------------------------------------------

// s mod q for any 32 bytes, by libsodium (a zero-extended 64-byte copy): the reference for every entry point,
// which takes its scalars mod q. (crypto_scalarmult_ristretto255 itself ignores bit 255, so it needs this.)
void ref_reduce(const uint8_t s[32], uint8_t out[32]) {
    uint8_t wide[64] = {0};
    std::memcpy(wide, s, 32);
    crypto_core_ristretto255_scalar_reduce(out, wide);
}

void ref_point_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) {
    uint8_t r[32];
    ref_reduce(s, r);
    // libsodium returns -1 (and zeros) for an identity result.
    if (crypto_scalarmult_ristretto255(out, r, p) != 0) std::memset(out, 0, 32);
}

void ref_base_mul(const uint8_t s[32], uint8_t out[32]) {
    uint8_t r[32];
    ref_reduce(s, r);
    if (crypto_scalarmult_ristretto255_base(out, r) != 0) std::memset(out, 0, 32);
}

void ref_add(const uint8_t a[32], const uint8_t b[32], uint8_t out[32]) {
    uint8_t r[32];
    if (crypto_core_ristretto255_add(r, a, b) != 0) std::memset(r, 0, 32);
    std::memcpy(out, r, 32);
}

Bytes ref_msm(const Bytes& scalars, const Bytes& points, size_t n) {
    Bytes acc(32, 0);
    uint8_t t[32];
    for (size_t i = 0; i < n; ++i) {
        ref_point_mul(&scalars[32 * i], &points[32 * i], t);
        ref_add(acc.data(), t, acc.data());
    }
    return acc;
}

// ---- inputs -------------------------------------------------------------------------------------------

void random_point(uint8_t out[32]) { crypto_core_ristretto255_random(out); }
void random_scalar(uint8_t out[32]) { crypto_core_ristretto255_scalar_random(out); }

// 32 bytes that are not a reduced scalar, by kind: q, q + 1, 2^255 - 1, 2^255, 2^256 - 1, 2^253, 15q + 5,
// random with bit 255 set, random 256 bits. Before the fold, bit 255 gave a top radix-16 digit of 16 (the select
// returned an all-zero point) and a lost width-5 NAF carry.
constexpr int kUnreducedKinds = 9;
void unreduced_scalar(int kind, uint8_t out[32]) {
    std::memset(out, 0, 32);
    switch (kind % kUnreducedKinds) {
        case 0:
            std::memcpy(out, Q_MINUS_1, 32);
            out[0] += 1;
            break;  // q (Q_MINUS_1[0] = 0xec: no carry)
        case 1:
            std::memcpy(out, Q_MINUS_1, 32);
            out[0] += 2;
            break;  // q + 1
        case 2:
            std::memset(out, 0xff, 32);
            out[31] = 0x7f;
            break;  // 2^255 - 1
        case 3:
            out[31] = 0x80;
            break;  // 2^255
        case 4:
            std::memset(out, 0xff, 32);
            break;  // 2^256 - 1
        case 5:
            out[31] = 0x20;
            break;  // 2^253
        case 6: {   // 15q + 5 (< 2^256)
            uint8_t q[32], acc[64] = {0};
            std::memcpy(q, Q_MINUS_1, 32);
            q[0] += 1;
            unsigned carry = 5;
            for (int i = 0; i < 32; ++i) {
                carry += 15u * q[i];
                acc[i] = uint8_t(carry);
                carry >>= 8;
            }
            std::memcpy(out, acc, 32);
            break;
        }
        case 7:
            randombytes_buf(out, 32);
            out[31] |= 0x80;
            break;
        default:
            randombytes_buf(out, 32);
            break;
    }
}

// Mixes in edge cases at fixed positions: identity points, zero / one / q-1 scalars, a duplicate, P and -P.
void make_inputs(size_t n, Bytes& scalars, Bytes& points, bool edges) {
    scalars.assign(32 * n, 0);
    points.assign(32 * n, 0);
    for (size_t i = 0; i < n; ++i) {
        random_scalar(&scalars[32 * i]);
        random_point(&points[32 * i]);
    }
    if (!edges) return;
    for (size_t i = 0; i < n; ++i) {
        switch (i % 11) {
            case 1:
                std::memset(&points[32 * i], 0, 32);
                break;  // identity point
            case 2:
                std::memset(&scalars[32 * i], 0, 32);
                break;  // zero scalar
            case 3:
                std::memset(&scalars[32 * i], 0, 32);
                scalars[32 * i] = 1;
                break;
            case 4:
                std::memcpy(&scalars[32 * i], Q_MINUS_1, 32);
                break;
            case 5:
                if (i >= 1) std::memcpy(&points[32 * i], &points[32 * (i - 1)], 32);
                break;  // duplicate
            case 6:     // -P of the previous point
                if (i >= 1) {
                    uint8_t zero[32] = {0};
                    crypto_core_ristretto255_sub(&points[32 * i], zero, &points[32 * (i - 1)]);
                }
                break;
            case 7:
                std::memcpy(&scalars[32 * i], &scalars[32 * (i - 1)], 32);
                break;  // same scalar again
            case 8:
                unreduced_scalar(int(i / 11), &scalars[32 * i]);
                break;  // q, 2^255, 2^256 - 1, ...
            case 9:
                randombytes_buf(&scalars[32 * i], 32);
                scalars[32 * i + 31] |= 0x80;
                break;  // bit 255 set
            default:
                break;
        }
    }
}

Bytes invalid_encoding(int kind) {
    Bytes p(32);
    random_point(p.data());
    if (kind == 0) p[31] |= 0x80;  // bit 255 set (libsodium 1.0.18 would accept it)
    else if (kind == 1) std::memset(p.data(), 0xff, 32), p[31] = 0x7f;  // non-canonical field element
    else if (kind == 2) {
        std::memset(p.data(), 0, 32);
        p[0] = 1;
    }  // negative s
    else {
        std::memset(p.data(), 0, 32);
        p[0] = 2;
    }  // s = 1: not a valid point
    return p;
}

// ---- big-integer recombination for the recodings -------------------------------------------------------

struct BigInt {  // two's complement, 320 bits in 32-bit limbs
    uint32_t limb[10] = {0};
    void add_shifted(int64_t v, size_t pos) {
        // adds v * 2^pos
        const size_t word = pos / 32, bit = pos % 32;
        __int128 x = static_cast<__int128>(v) * (static_cast<__int128>(1) << bit);
        __int128 carry = 0;
        for (size_t i = word; i < 10; ++i) {
            const __int128 cur = static_cast<__int128>(limb[i]) + static_cast<uint32_t>(x) + carry;
            limb[i] = static_cast<uint32_t>(cur);
            carry = cur >> 32;
            x >>= 32;  // arithmetic: the sign extension of a negative v keeps flowing up
        }
    }
    bool equals_bytes(const uint8_t s[32]) const {
        for (size_t i = 0; i < 8; ++i) {
            const uint32_t w = uint32_t(s[4 * i]) | uint32_t(s[4 * i + 1]) << 8 | uint32_t(s[4 * i + 2]) << 16 |
                               uint32_t(s[4 * i + 3]) << 24;
            if (limb[i] != w) return false;
        }
        return limb[8] == 0 && limb[9] == 0;
    }
};

void test_recodings() {
    std::vector<Bytes> scalars;
    for (int i = 0; i < 300; ++i) {
        Bytes s(32);
        random_scalar(s.data());
        scalars.push_back(s);
    }
    for (int i = 0; i < 100; ++i) {  // arbitrary 255-bit values (bit 255 clear)
        Bytes s(32);
        randombytes_buf(s.data(), 32);
        s[31] &= 0x7f;
        scalars.push_back(s);
    }
    scalars.push_back(Bytes(32, 0));
    Bytes one(32, 0);
    one[0] = 1;
    scalars.push_back(one);
    scalars.push_back(Bytes(Q_MINUS_1, Q_MINUS_1 + 32));
    Bytes max(32, 0xff);
    max[31] = 0x7f;
    scalars.push_back(max);  // 2^255 - 1
    Bytes eights(32, 0x88);
    eights[31] = 0x08;
    scalars.push_back(eights);  // every nibble 8: carries all the way
    Bytes alt(32, 0x77);
    alt[31] = 0x77;
    scalars.push_back(alt);
    // signed_radix16's carries: one from nibble 0 passed on by every 7 above it (across all four 64-bit words), one
    // started at the top of each word, and nibbles drawn from the cases that matter (0, 7, 8, 15).
    for (int start : {0, 7, 15, 23}) {
        Bytes chain(32, 0x77);
        chain[31] = 0x07;
        chain[start] = static_cast<uint8_t>(start == 0 ? 0x78 : 0x87);
        scalars.push_back(chain);
    }
    for (int i = 0; i < 50; ++i) {
        Bytes s(32);
        randombytes_buf(s.data(), 32);
        static const uint8_t kNibbles[4] = {0, 7, 8, 15};
        for (uint8_t& b : s) b = static_cast<uint8_t>(kNibbles[b & 3] | kNibbles[(b >> 2) & 3] << 4);
        s[31] &= 0x1f;
        scalars.push_back(s);
    }
    for (int kind = 0; kind < 4 * kUnreducedKinds; ++kind) {  // any 32 bytes: digits of fold(s)
        Bytes s(32);
        unreduced_scalar(kind, s.data());
        scalars.push_back(s);
    }

    bool radix16_ok = true, radix16_range = true;
    bool naf_ok = true, naf_shape = true;
    bool r2c_ok = true, r2c_range = true;
    bool fold_ok = true, naf_list_ok = true;
    for (const Bytes& input : scalars) {
        // fold(s): < 2^253, congruent to s mod q (checked with libsodium), and s itself when s < 2^253.
        Bytes s(32);
        scalar_fold(input.data(), s.data());
        uint8_t r1[32], r2[32];
        ref_reduce(input.data(), r1);
        ref_reduce(s.data(), r2);
        if (s[31] >= 0x20 || std::memcmp(r1, r2, 32) != 0) fold_ok = false;
        if (input[31] < 0x20 && s != input) fold_ok = false;
        int8_t d[64];
        signed_radix16(input.data(), d);
        BigInt a;
        for (int i = 0; i < 64; ++i) {
            a.add_shifted(d[i], 4 * i);
            if (i < 63 && (d[i] < -8 || d[i] > 7)) radix16_range = false;
            if (i == 63 && (d[i] < -8 || d[i] > 2)) radix16_range = false;
        }
        if (!a.equals_bytes(s.data())) radix16_ok = false;

        for (unsigned w = 2; w <= 8; ++w) {
            int8_t naf[kNafDigits];
            const size_t top = width_naf(input.data(), w, naf);
            BigInt b;
            size_t last_nonzero = 0;
            bool any = false;
            for (size_t i = 0; i < kNafDigits; ++i) {
                if (naf[i] == 0) continue;
                b.add_shifted(naf[i], i);
                if ((naf[i] & 1) == 0 || naf[i] >= (1 << (w - 1)) || naf[i] <= -(1 << (w - 1))) naf_shape = false;
                if (any && i - last_nonzero < w) naf_shape = false;
                any = true;
                last_nonzero = i;
            }
            if (top != (any ? last_nonzero + 1 : 0)) naf_shape = false;
            if (!b.equals_bytes(s.data())) naf_ok = false;
            // width_naf_list: exactly the nonzero digits above, lowest first.
            NafDigit list[kNafListCapacity];
            const size_t count = width_naf_list(input.data(), w, list);
            size_t k = 0;
            for (size_t i = 0; i < kNafDigits; ++i) {
                if (naf[i] == 0) continue;
                if (k >= count || list[k].position != i || list[k].value != naf[i]) naf_list_ok = false;
                ++k;
            }
            if (k != count) naf_list_ok = false;
        }
        for (unsigned c = 4; c <= 16; ++c) {
            int16_t digits[80];
            const size_t count = radix2c_digit_count(c);
            const size_t top = signed_radix2c(input.data(), c, digits);
            BigInt b;
            size_t expect_top = 0;
            for (size_t i = 0; i < count; ++i) {
                b.add_shifted(digits[i], c * i);
                if (digits[i] < -(1 << (c - 1)) || digits[i] >= (1 << (c - 1))) r2c_range = false;
                if (digits[i] != 0) expect_top = i + 1;
            }
            if (top != expect_top) r2c_range = false;
            if (!b.equals_bytes(s.data())) r2c_ok = false;
        }
    }
    check(fold_ok, "scalar_fold: < 2^253, = s mod q (libsodium), = s below 2^253; on any 32 bytes");
    check(radix16_ok, "signed_radix16 recombines to the (folded) scalar");
    check(radix16_range, "signed_radix16 digit range");
    check(naf_ok, "width_naf recombines to the scalar (w = 2..8)");
    check(naf_shape, "width_naf digits odd, bounded, w apart; top index");
    check(naf_list_ok, "width_naf_list lists width_naf's nonzero digits in order (w = 2..8)");
    check(r2c_ok, "signed_radix2c recombines to the scalar (c = 4..16)");
    check(r2c_range, "signed_radix2c digit range and top index");
}

// ---- msm ----------------------------------------------------------------------------------------------

void test_msm_size(size_t n, bool edges) {
    Bytes scalars, points;
    make_inputs(n, scalars, points, edges);
    const Bytes expect = ref_msm(scalars, points, n);
    uint8_t out[32];
    std::memset(out, 0xaa, 32);
    size_t rc = msm(scalars.data(), points.data(), n, out);
    check(rc == n && std::memcmp(out, expect.data(), 32) == 0, "msm matches libsodium, n =", (long long)n);
    std::memset(out, 0xaa, 32);
    rc = msm_vartime(scalars.data(), points.data(), n, out);
    check(rc == n && std::memcmp(out, expect.data(), 32) == 0, "msm_vartime matches libsodium, n =", (long long)n);
}

void test_msm_all_zero_and_special() {
    for (size_t n : {1u, 5u, 200u}) {
        Bytes scalars(32 * n, 0), points(32 * n);
        for (size_t i = 0; i < n; ++i) random_point(&points[32 * i]);
        uint8_t out[32];
        std::memset(out, 0xaa, 32);
        check(msm(scalars.data(), points.data(), n, out) == n && sodium_is_zero(out, 32),
              "msm with zero scalars is the identity, n =", (long long)n);
        std::memset(out, 0xaa, 32);
        check(msm_vartime(scalars.data(), points.data(), n, out) == n && sodium_is_zero(out, 32),
              "msm_vartime with zero scalars is the identity, n =", (long long)n);
        // s*P + s*(-P) = identity
        Bytes s2(32 * 2 * n), p2(32 * 2 * n);
        uint8_t zero[32] = {0};
        for (size_t i = 0; i < n; ++i) {
            random_scalar(&s2[64 * i]);
            std::memcpy(&s2[64 * i + 32], &s2[64 * i], 32);
            std::memcpy(&p2[64 * i], &points[32 * i], 32);
            crypto_core_ristretto255_sub(&p2[64 * i + 32], zero, &points[32 * i]);
        }
        std::memset(out, 0xaa, 32);
        check(msm(s2.data(), p2.data(), 2 * n, out) == 2 * n && sodium_is_zero(out, 32),
              "msm of P and -P with equal scalars is the identity, n =", (long long)n);
        std::memset(out, 0xaa, 32);
        check(msm_vartime(s2.data(), p2.data(), 2 * n, out) == 2 * n && sodium_is_zero(out, 32),
              "msm_vartime of P and -P with equal scalars is the identity, n =", (long long)n);
    }
    // n = 0 is the identity for both
    uint8_t out[32];
    std::memset(out, 0xaa, 32);
    check(msm(nullptr, nullptr, 0, out) == 0 && sodium_is_zero(out, 32), "msm n = 0 is the identity");
    std::memset(out, 0xaa, 32);
    check(msm_vartime(nullptr, nullptr, 0, out) == 0 && sodium_is_zero(out, 32), "msm_vartime n = 0");
    std::memset(out, 0xaa, 32);
    check(point_sum(nullptr, 0, out) == 0 && sodium_is_zero(out, 32), "point_sum n = 0 is the identity");
}

void test_invalid_points() {
    for (size_t n : {1u, 3u, 40u, 300u, 1000u}) {
        for (int kind = 0; kind < 4; ++kind) {
            for (size_t where : {size_t(0), n / 2, n - 1}) {
                Bytes scalars, points;
                make_inputs(n, scalars, points, false);
                const Bytes bad = invalid_encoding(kind);
                std::memcpy(&points[32 * where], bad.data(), 32);
                if (where + 1 < n) std::memcpy(&points[32 * (n - 1)], bad.data(), 32);  // a later one too
                uint8_t out[32];
                std::memset(out, 0xaa, 32);
                bool untouched = true;
                size_t rc1 = msm(scalars.data(), points.data(), n, out);
                for (uint8_t b : out) untouched &= (b == 0xaa);
                size_t rc2 = msm_vartime(scalars.data(), points.data(), n, out);
                for (uint8_t b : out) untouched &= (b == 0xaa);
                size_t rc3 = point_sum(points.data(), n, out);
                for (uint8_t b : out) untouched &= (b == 0xaa);
                check(rc1 == where && rc2 == where && rc3 == where && untouched,
                      "invalid point index returned, out untouched; n*1000+where =", (long long)(n * 1000 + where));
            }
        }
    }
}

void test_algorithms_direct() {
    // Every Pippenger window and both Straus variants on decoded points.
    for (size_t n : {1u, 2u, 7u, 33u, 150u}) {
        Bytes scalars, points;
        make_inputs(n, scalars, points, true);
        const Bytes expect = ref_msm(scalars, points, n);
        std::vector<EdwardsPoint> dec(n);
        check(ristretto_decode_many(dec.data(), points.data(), n) == n, "decode_many");
        uint8_t out[32];
        bool all = true;
        for (unsigned c = 4; c <= 16; ++c) {
            ristretto_encode(out, portable::Pippenger::mul_vartime(scalars.data(), dec.data(), n, c));
            if (std::memcmp(out, expect.data(), 32) != 0) {
                all = false;
                std::printf("  pippenger c=%u n=%zu wrong\n", c, n);
            }
        }
        check(all, "Pippenger c = 4..16 matches libsodium, n =", (long long)n);
        ristretto_encode(out, Straus::mul_ct(scalars.data(), dec.data(), n));
        check(std::memcmp(out, expect.data(), 32) == 0, "Straus::mul_ct, n =", (long long)n);
        ristretto_encode(out, Straus::mul_vartime(scalars.data(), dec.data(), n));
        check(std::memcmp(out, expect.data(), 32) == 0, "Straus::mul_vartime, n =", (long long)n);
    }
    // Maximal recodings: scalars q-1 everywhere.
    {
        const size_t n = 20;
        Bytes scalars(32 * n), points(32 * n);
        for (size_t i = 0; i < n; ++i) {
            std::memcpy(&scalars[32 * i], Q_MINUS_1, 32);
            random_point(&points[32 * i]);
        }
        const Bytes expect = ref_msm(scalars, points, n);
        uint8_t out[32];
        check(msm(scalars.data(), points.data(), n, out) == n && std::memcmp(out, expect.data(), 32) == 0,
              "msm with all scalars q-1");
        check(msm_vartime(scalars.data(), points.data(), n, out) == n && std::memcmp(out, expect.data(), 32) == 0,
              "msm_vartime with all scalars q-1");
    }
}

void test_point_sum() {
    for (size_t n : {1u, 2u, 3u, 100u, 127u, 128u, 129u, 512u, 1000u}) {
        Bytes scalars, points;
        make_inputs(n, scalars, points, true);
        Bytes acc(32, 0);
        for (size_t i = 0; i < n; ++i) ref_add(acc.data(), &points[32 * i], acc.data());
        uint8_t out[32];
        check(point_sum(points.data(), n, out) == n && std::memcmp(out, acc.data(), 32) == 0,
              "point_sum matches libsodium, n =", (long long)n);
    }
    // P + (-P) = identity
    Bytes p(64);
    uint8_t zero[32] = {0}, out[32];
    random_point(p.data());
    crypto_core_ristretto255_sub(&p[32], zero, p.data());
    check(point_sum(p.data(), 2, out) == 2 && sodium_is_zero(out, 32), "point_sum P + (-P)");
}

// ---- blocks: the multi-point operations decode and accumulate kMsmBlock points at a time -------------------
// Run by the normal build (kMsmBlock = 4096) and by a build with -DPYRISTRETTO_MSM_BLOCK=64 (test_cpp_units.py),
// which crosses many boundaries cheaply. The threaded runs put block boundaries inside each thread's range.

Bytes ref_sum(const Bytes& points, size_t n) {
    Bytes acc(32, 0);
    for (size_t i = 0; i < n; ++i) ref_add(acc.data(), &points[32 * i], acc.data());
    return acc;
}

void test_blocks(unsigned threads) {
    set_msm_max_threads(threads);
    const size_t B = kMsmBlock;
    for (size_t n : {B - 1, B, B + 1, 2 * B, 3 * B + 5}) {
        Bytes scalars, points;
        make_inputs(n, scalars, points, true);
        const Bytes expect = ref_msm(scalars, points, n), expect_sum = ref_sum(points, n);
        uint8_t out[32];
        const long long tag = (long long)(n * 100 + threads);
        check(msm(scalars.data(), points.data(), n, out) == n && std::memcmp(out, expect.data(), 32) == 0,
              "blocks: msm matches libsodium, n*100+threads =", tag);
        check(msm_vartime(scalars.data(), points.data(), n, out) == n && std::memcmp(out, expect.data(), 32) == 0,
              "blocks: msm_vartime matches libsodium, n*100+threads =", tag);
        check(point_sum(points.data(), n, out) == n && std::memcmp(out, expect_sum.data(), 32) == 0,
              "blocks: point_sum matches libsodium, n*100+threads =", tag);
    }
    // Scalars of very different lengths per block (the top window changes between blocks), and a block of
    // zero scalars between two others.
    {
        const size_t n = 3 * B;
        Bytes scalars, points;
        make_inputs(n, scalars, points, false);
        for (size_t i = 0; i < B; ++i) std::memset(&scalars[32 * i + 2], 0, 30);  // block 0: 16-bit scalars
        for (size_t i = B; i < 2 * B; ++i) std::memset(&scalars[32 * i], 0, 32);  // block 1: zero
        const Bytes expect = ref_msm(scalars, points, n);
        uint8_t out[32];
        check(msm_vartime(scalars.data(), points.data(), n, out) == n && std::memcmp(out, expect.data(), 32) == 0,
              "blocks: short, zero and full scalars by block; threads =", threads);
        check(msm(scalars.data(), points.data(), n, out) == n && std::memcmp(out, expect.data(), 32) == 0,
              "blocks: msm with short, zero and full scalars by block; threads =", threads);
    }
    // Invalid points in the second block (and in a later block) are reported with their global index; an invalid
    // point in the last thread's range is not reported when an earlier one exists.
    for (size_t where : {B, B + 7, 2 * B - 1}) {
        const size_t n = 3 * B + 1;
        Bytes scalars, points;
        make_inputs(n, scalars, points, false);
        const Bytes bad = invalid_encoding(static_cast<int>(where % 4));
        std::memcpy(&points[32 * where], bad.data(), 32);
        std::memcpy(&points[32 * (2 * B + 3)], bad.data(), 32);
        std::memcpy(&points[32 * (n - 1)], bad.data(), 32);
        uint8_t out[32];
        std::memset(out, 0xaa, 32);
        const size_t rc1 = msm(scalars.data(), points.data(), n, out);
        const size_t rc2 = msm_vartime(scalars.data(), points.data(), n, out);
        const size_t rc3 = point_sum(points.data(), n, out);
        bool untouched = true;
        for (uint8_t b : out) untouched &= (b == 0xaa);
        check(rc1 == where && rc2 == where && rc3 == where && untouched,
              "blocks: first invalid point's global index, where*100+threads =", (long long)(where * 100 + threads));
    }
}

// The algorithms on decoded points across their own blocks: Pippenger (PippengerSums, fed in uneven pieces)
// and variable-time Straus (blocks of 256).
void test_blocks_decoded() {
    const size_t B = kMsmBlock;
    const size_t n = std::max<size_t>(2 * B + 3, 513);
    Bytes scalars, points;
    make_inputs(n, scalars, points, true);
    std::vector<EdwardsPoint> dec(n);
    check(ristretto_decode_many(dec.data(), points.data(), n) == n, "decode_many");
    uint8_t out[32];
    for (size_t m : {B - 1, B, B + 1, 2 * B + 3}) {
        const Bytes expect = ref_msm(scalars, points, m);
        for (unsigned c : {5u, 9u, 13u}) {
            ristretto_encode(out, portable::Pippenger::mul_vartime(scalars.data(), dec.data(), m, c));
            check(std::memcmp(out, expect.data(), 32) == 0,
                  "blocks: portable::Pippenger::mul_vartime, m*100+c =", (long long)(m * 100 + c));
        }
        portable::PippengerSums sums(portable::Pippenger::window_for(m));
        const size_t cut = std::min<size_t>(17, m);
        sums.add(scalars.data(), dec.data(), cut);
        sums.add(scalars.data() + 32 * cut, dec.data() + cut, m - cut);
        ristretto_encode(out, sums.finish());
        check(std::memcmp(out, expect.data(), 32) == 0,
              "blocks: portable::PippengerSums in two pieces, m =", (long long)m);
    }
    // The same points in other projective representations (Z != 1, as for computed points): the blocks then take
    // the batch-inversion path to affine form; only some points are rescaled, so blocks mix both kinds.
    std::vector<EdwardsPoint> scaled(dec);
    for (size_t i = 1; i < n; i += 2) {
        const FieldElement r{{i + 2, 0, 0, 0, 0}};
        scaled[i] = EdwardsPoint{dec[i].X * r, dec[i].Y * r, dec[i].Z * r, dec[i].T * r};
    }
    for (size_t m : {B - 1, B + 1, 2 * B + 3}) {
        const Bytes expect = ref_msm(scalars, points, m);
        ristretto_encode(out, portable::Pippenger::mul_vartime(scalars.data(), scaled.data(), m, 8));
        check(std::memcmp(out, expect.data(), 32) == 0, "blocks: Pippenger on points with Z != 1, m =", (long long)m);
    }
    for (size_t m : {size_t(255), size_t(256), size_t(257), size_t(513)}) {
        const Bytes expect = ref_msm(scalars, points, m);
        ristretto_encode(out, Straus::mul_vartime(scalars.data(), dec.data(), m));
        check(std::memcmp(out, expect.data(), 32) == 0, "blocks: Straus::mul_vartime, m =", (long long)m);
    }
}

// The object layer's sums on decoded points (PointVector, MSMTable) cross the same blocks: Pippenger's blocks in
// each thread's chunk, constant-time Straus' blocks of 512.
void test_blocks_objects() {
    const size_t B = kMsmBlock;
    for (size_t n : {B - 1, B + 1, 3 * B + 5}) {
        Bytes scalars, points;
        make_inputs(n, scalars, points, true);
        const Bytes expect = ref_msm(scalars, points, n), expect_sum = ref_sum(points, n);
        std::vector<EdwardsPoint> dec(n);
        check(decode_points(dec.data(), points.data(), n) == n, "decode_points");
        auto matches = [](bool ok, const EdwardsPoint& r, const Bytes& want) {
            uint8_t out[32];
            ristretto_encode(out, r);
            return ok && std::memcmp(out, want.data(), 32) == 0;
        };
        EdwardsPoint r;
        bool ok = msm_vartime_points(scalars.data(), dec.data(), n, r);
        check(matches(ok, r, expect), "blocks: msm_vartime_points, n =", (long long)n);
        ok = msm_points(scalars.data(), dec.data(), n, r);
        check(matches(ok, r, expect), "blocks: msm_points, n =", (long long)n);
        check(matches(true, sum_points(dec.data(), n), expect_sum), "blocks: sum_points, n =", (long long)n);
        const MSMTable table(dec.data(), n);
        ok = table.msm_vartime(scalars.data(), n, r);
        check(matches(ok, r, expect), "blocks: MSMTable::msm_vartime, n =", (long long)n);
    }
}

// MsmAccumulator: the same sums fed in uneven pieces (encoded and decoded), invalid points in a later feed by their
// global index, and misuse (too many points, finish before all are fed, feeding after a failure).
void test_accumulator(unsigned threads) {
    set_msm_max_threads(threads);
    const size_t B = kMsmBlock;
    const size_t n = 3 * B + 5;
    Bytes scalars, points;
    make_inputs(n, scalars, points, true);
    std::vector<EdwardsPoint> dec(n);
    check(decode_points(dec.data(), points.data(), n) == n, "accumulator: decode_points");
    const Bytes expect = ref_msm(scalars, points, n), expect_sum = ref_sum(points, n);
    const size_t cuts[] = {0, 1, B, B + 7, 2 * B + 30, n};  // pieces of 1, B - 1, 7, B + 23, the rest (B - 25)
    for (int kind : {MsmAccumulator::kConstantTime, MsmAccumulator::kVartime, MsmAccumulator::kSum}) {
        for (bool decoded : {false, true}) {
            MsmAccumulator acc(kind, n);
            bool fed_ok = true;
            for (size_t k = 0; k + 1 < sizeof cuts / sizeof cuts[0]; ++k) {
                const size_t first = cuts[k], m = cuts[k + 1] - first;
                const size_t rc = decoded ? acc.feed_decoded(scalars.data() + 32 * first, dec.data() + first, m)
                                          : acc.feed(scalars.data() + 32 * first, points.data() + 32 * first, m);
                fed_ok &= rc == cuts[k + 1];
            }
            EdwardsPoint r;
            uint8_t out[32];
            const bool done = acc.finish(r);
            ristretto_encode(out, r);
            const Bytes& want = kind == MsmAccumulator::kSum ? expect_sum : expect;
            check(fed_ok && done && std::memcmp(out, want.data(), 32) == 0,
                  "accumulator: uneven feeds match libsodium, kind*100+decoded*10+threads =",
                  (long long)(kind * 100 + decoded * 10 + threads));
        }
    }
    {  // an invalid point in the third feed (and a later one): its global index, then the accumulator is spent
        Bytes bad_points = points;
        const Bytes bad = invalid_encoding(1);
        std::memcpy(&bad_points[32 * (B + 9)], bad.data(), 32);
        std::memcpy(&bad_points[32 * (2 * B + 1)], bad.data(), 32);
        MsmAccumulator acc(MsmAccumulator::kVartime, n);
        const size_t rc1 = acc.feed(scalars.data(), bad_points.data(), B);
        const size_t rc2 = acc.feed(scalars.data() + 32 * B, bad_points.data() + 32 * B, 2 * B);
        const size_t rc3 = acc.feed(scalars.data() + 32 * 3 * B, bad_points.data() + 32 * 3 * B, n - 3 * B);
        EdwardsPoint r;
        check(rc1 == B && rc2 == B + 9 && rc3 == SIZE_MAX && !acc.finish(r),
              "accumulator: invalid point by global index, then spent; threads =", threads);
    }
    {  // more points than announced; finish before all are fed
        MsmAccumulator acc(MsmAccumulator::kSum, 3);
        EdwardsPoint r;
        check(acc.feed(nullptr, points.data(), 2) == 2 && !acc.finish(r), "accumulator: finish before n points");
        check(acc.feed(nullptr, points.data(), 2) == SIZE_MAX && !acc.finish(r), "accumulator: more than n points");
        MsmAccumulator empty(MsmAccumulator::kVartime, 0);
        uint8_t out[32];
        check(empty.finish(r) && (ristretto_encode(out, r), sodium_is_zero(out, 32)), "accumulator: n = 0");
    }
}

void test_pedersen_and_fixed_base() {
    const uint8_t* H = generator_H();
    std::vector<Bytes> edge;
    edge.push_back(Bytes(32, 0));
    Bytes one(32, 0);
    one[0] = 1;
    edge.push_back(one);
    edge.push_back(Bytes(Q_MINUS_1, Q_MINUS_1 + 32));
    bool ped_ok = true, base_ok = true;
    for (int t = 0; t < 9 + 4 * kUnreducedKinds + 20; ++t) {
        Bytes a(32), b(32);
        random_scalar(a.data());
        random_scalar(b.data());
        if (t < 9) {
            a = edge[t % 3];
            b = edge[t / 3];
        } else if (t < 9 + 4 * kUnreducedKinds) {  // any 32 bytes: q, 2^255, 2^256 - 1, ... (mod q)
            unreduced_scalar(t, a.data());
            if (t % 2) unreduced_scalar(t / 2, b.data());
        }
        uint8_t ga[32], hb[32], expect[32], out[32];
        ref_base_mul(a.data(), ga);
        ref_point_mul(b.data(), H, hb);
        ref_add(ga, hb, expect);
        pedersen_commit(a.data(), b.data(), out);
        if (std::memcmp(out, expect, 32) != 0) ped_ok = false;
        ristretto_encode(out, basepoint_table().mul(a.data()));
        if (std::memcmp(out, ga, 32) != 0) base_ok = false;
        std::memset(out, 0xaa, 32);
        base_mul(a.data(), out);
        if (std::memcmp(out, ga, 32) != 0) base_ok = false;
    }
    check(ped_ok,
          "pedersen_commit (FixedBaseTable::mul2) matches a*G + b*H from libsodium (random, 0, 1, q-1, "
          "and unreduced: bit 255, >= q)");
    check(base_ok,
          "FixedBaseTable::mul(G) and base_mul match crypto_scalarmult_ristretto255_base (0, 1, q-1, "
          "and unreduced: bit 255, >= q)");
    // A table of another point.
    uint8_t penc[32];
    random_point(penc);
    EdwardsPoint P;
    ristretto_decode(P, penc);
    FixedBaseTable tp(P);
    bool other_ok = true;
    for (int t = 0; t < 20 + 2 * kUnreducedKinds; ++t) {
        uint8_t s[32], out[32], expect[32];
        random_scalar(s);
        if (t >= 20) unreduced_scalar(t, s);
        ref_point_mul(s, penc, expect);
        ristretto_encode(out, tp.mul(s));
        if (std::memcmp(out, expect, 32) != 0) other_ok = false;
    }
    check(other_ok, "FixedBaseTable of a random point matches libsodium");
}

void test_point_mul() {
    bool ok = true;
    for (int t = 0; t < 20 * kUnreducedKinds; ++t) {
        uint8_t s[32], p[32], expect[32], out[32];
        random_scalar(s);
        random_point(p);
        if (t % 10 == 1) std::memset(s, 0, 32);
        if (t % 10 == 2) std::memcpy(s, Q_MINUS_1, 32);
        if (t % 10 == 3) {
            std::memset(s, 0, 32);
            s[0] = 1;
        }
        if (t % 10 == 4) std::memset(p, 0, 32);   // identity point
        if (t % 10 >= 5) unreduced_scalar(t, s);  // any 32 bytes: bit 255 set, >= q
        ref_point_mul(s, p, expect);
        std::memset(out, 0xaa, 32);
        if (!point_mul(s, p, out) || std::memcmp(out, expect, 32) != 0) ok = false;
    }
    check(ok,
          "point_mul matches crypto_scalarmult_ristretto255 (random, 0, 1, q-1, identity point, "
          "and unreduced: bit 255, >= q)");
    bool rejects = true;
    for (int kind = 0; kind < 4; ++kind) {
        const Bytes bad = invalid_encoding(kind);
        uint8_t s[32], out[32];
        random_scalar(s);
        std::memset(out, 0xaa, 32);
        if (point_mul(s, bad.data(), out)) rejects = false;
        for (uint8_t b : out) rejects &= (b == 0xaa);
    }
    check(rejects, "point_mul rejects invalid encodings, out untouched");
}

// ---- arrays of decoded points (point_vector.hpp) and MSMTable ----------------------------------------------

Bytes encode_one(const EdwardsPoint& p) {
    Bytes out(32);
    ristretto_encode(out.data(), p);
    return out;
}

std::vector<EdwardsPoint> decoded(const Bytes& points, size_t n) {
    std::vector<EdwardsPoint> d(n);
    if (ristretto_decode_many(d.data(), points.data(), n) != n) check(false, "decoded: invalid input");
    return d;
}

void test_point_vector_ops() {
    for (size_t n : {size_t(0), size_t(1), size_t(2), size_t(63), size_t(127), size_t(128), size_t(129), size_t(300),
                     size_t(1000)}) {
        Bytes scalars, points;
        make_inputs(n, scalars, points, true);
        std::vector<EdwardsPoint> d(n);
        check(decode_points(d.data(), points.data(), n) == n,
              "decode_points accepts valid encodings, n =", (long long)n);
        Bytes enc(32 * n, 0xaa);
        encode_points(enc.data(), d.data(), n);
        check(enc == points, "encode_points(decode_points(x)) == x, n =", (long long)n);

        const Bytes expect = ref_msm(scalars, points, n);
        EdwardsPoint r = EdwardsPoint::basepoint();
        check(msm_points(scalars.data(), d.data(), n, r) && encode_one(r) == expect, "msm_points, n =", (long long)n);
        r = EdwardsPoint::basepoint();
        check(msm_vartime_points(scalars.data(), d.data(), n, r) && encode_one(r) == expect,
              "msm_vartime_points, n =", (long long)n);

        Bytes sum(32, 0);
        for (size_t i = 0; i < n; ++i) ref_add(sum.data(), &points[32 * i], sum.data());
        check(encode_one(sum_points(d.data(), n)) == sum, "sum_points, n =", (long long)n);

        std::vector<EdwardsPoint> scaled(n);
        scale_points(scaled.data(), scalars.data(), d.data(), n);
        bool scale_ok = true;
        Bytes scaled_enc(32 * n);
        encode_points(scaled_enc.data(), scaled.data(), n);
        for (size_t i = 0; i < n; ++i) {
            uint8_t want[32];
            ref_point_mul(&scalars[32 * i], &points[32 * i], want);
            scale_ok &= std::memcmp(want, &scaled_enc[32 * i], 32) == 0;
        }
        check(scale_ok, "scale_points matches crypto_scalarmult_ristretto255 per element, n =", (long long)n);

        // In place: out aliases the input.
        std::vector<EdwardsPoint> in_place = d;
        scale_points(in_place.data(), scalars.data(), in_place.data(), n);
        Bytes in_place_enc(32 * n);
        encode_points(in_place_enc.data(), in_place.data(), n);
        check(scale_ok && in_place_enc == scaled_enc, "scale_points in place, n =", (long long)n);

        // Element-wise sum and difference against libsodium, with b = the points in reverse order.
        std::vector<EdwardsPoint> rev(d.rbegin(), d.rend()), out(n);
        bool add_ok = true, sub_ok = true;
        Bytes got(32 * n);
        add_points(out.data(), d.data(), rev.data(), n, false);
        encode_points(got.data(), out.data(), n);
        for (size_t i = 0; i < n; ++i) {
            uint8_t want[32];
            ref_add(&points[32 * i], &points[32 * (n - 1 - i)], want);
            add_ok &= std::memcmp(want, &got[32 * i], 32) == 0;
        }
        add_points(out.data(), d.data(), rev.data(), n, true);
        encode_points(got.data(), out.data(), n);
        for (size_t i = 0; i < n; ++i) {
            uint8_t want[32];
            if (crypto_core_ristretto255_sub(want, &points[32 * i], &points[32 * (n - 1 - i)]) != 0)
                std::memset(want, 0, 32);
            sub_ok &= std::memcmp(want, &got[32 * i], 32) == 0;
        }
        check(add_ok, "add_points element-wise, n =", (long long)n);
        check(sub_ok, "add_points subtract element-wise, n =", (long long)n);
    }
    // The first invalid index, whatever thread finds it; and a later invalid one does not hide it.
    for (size_t n : {1u, 3u, 127u, 128u, 300u, 1000u}) {
        for (int kind = 0; kind < 4; ++kind) {
            for (size_t where : {size_t(0), n / 3, n / 2, n - 1}) {
                Bytes scalars, points;
                make_inputs(n, scalars, points, false);
                const Bytes bad = invalid_encoding(kind);
                std::memcpy(&points[32 * where], bad.data(), 32);
                if (where + 1 < n) std::memcpy(&points[32 * (n - 1)], bad.data(), 32);
                std::vector<EdwardsPoint> d(n);
                check(decode_points(d.data(), points.data(), n) == where,
                      "decode_points returns the first invalid index; n*1000+where =", (long long)(n * 1000 + where));
            }
        }
    }
    // derive_generator_points == decode(derive_generators).
    for (uint32_t n : {0u, 1u, 5u, 200u}) {
        const uint8_t domain[] = "pyristretto test domain";
        Bytes enc(32 * n + 1);
        derive_generators(domain, sizeof domain - 1, 0, n, enc.data());
        std::vector<EdwardsPoint> d(n);
        derive_generator_points(d.data(), domain, sizeof domain - 1, n);
        Bytes got(32 * n + 1, 0);
        encode_points(got.data(), d.data(), n);
        got[32 * n] = enc[32 * n];
        check(got == enc, "derive_generator_points encodes to derive_generators, n =", (long long)n);
    }
}

// MSMTable against libsodium: every NAF width, the Pippenger path (straus_max = 0), fewer scalars than bases.
void test_msm_table() {
    for (size_t n : {size_t(0), size_t(1), size_t(2), size_t(7), size_t(33), size_t(127), size_t(128), size_t(129),
                     size_t(300), size_t(1100)}) {
        Bytes scalars, points;
        make_inputs(n, scalars, points, true);
        const std::vector<EdwardsPoint> d = decoded(points, n);
        std::vector<std::pair<unsigned, size_t>> configs = {{0, MSMTable::kStrausMax}, {8, SIZE_MAX}, {0, 0}};
        if (n <= 300)
            for (unsigned w = 2; w <= 7; ++w) configs.push_back({w, SIZE_MAX});
        for (const auto& cfg : configs) {
            const MSMTable table(d.data(), n, cfg.first, cfg.second);
            const long long tag = (long long)(n * 100 + cfg.first * 10 + (cfg.second == 0));
            check(table.size() == n, "MSMTable size; n*100+w*10+pippenger =", tag);
            for (size_t m : {n, n / 2, n ? n - 1 : 0}) {
                const Bytes expect = ref_msm(scalars, points, m);
                EdwardsPoint r = EdwardsPoint::basepoint();
                check(table.msm(scalars.data(), m, r) && encode_one(r) == expect,
                      "MSMTable::msm matches libsodium; n*100+w*10+pippenger =", tag * 10000 + m);
                r = EdwardsPoint::basepoint();
                check(table.msm_vartime(scalars.data(), m, r) && encode_one(r) == expect,
                      "MSMTable::msm_vartime matches libsodium; (n*100+w*10+pippenger)*10000+m =", tag * 10000 + m);
            }
            EdwardsPoint r = EdwardsPoint::basepoint();
            const Bytes before = encode_one(r);
            Bytes more(32 * (n + 1), 0);
            check(!table.msm(more.data(), n + 1, r) && !table.msm_vartime(more.data(), n + 1, r) &&
                      encode_one(r) == before,
                  "MSMTable refuses more scalars than bases, out untouched; n =", (long long)n);
        }
        // Memory: per base the point (160 B), the constant-time multiples (8 of 120 B in affine Niels form; on the
        // vector backends in their four-lane cached form, 160 B each: IFMA 1P..8P, AVX2 0P..8P) and 2^(w-2) odd
        // multiples (120 B each, 160 in the four-lane form), plus each table's 64-byte alignment.
        const MSMTable wide(d.data(), n, 8, SIZE_MAX), narrow(d.data(), n, 8, 0);
        const size_t odd_entry = backend() == Backend::Portable ? 120 : 160;
        const size_t small = backend() == Backend::Portable ? 8 * 120 : backend() == Backend::Ifma ? 8 * 160 : 9 * 160;
        const size_t base = 160 + small;
        check(wide.nbytes() >= n * (base + odd_entry * 64) &&
                  wide.nbytes() <= sizeof(MSMTable) + n * (base + odd_entry * 64) + 128,
              "MSMTable nbytes with wide tables, n =", (long long)n);
        check(narrow.nbytes() >= n * base && narrow.nbytes() <= sizeof(MSMTable) + n * base + 64,
              "MSMTable nbytes without wide tables, n =", (long long)n);
    }
    // Zero scalars, q-1 everywhere, and P, -P with equal scalars.
    for (size_t n : {size_t(1), size_t(40), size_t(200)}) {
        Bytes zeros(32 * n, 0), qm1(32 * n), points(32 * n);
        for (size_t i = 0; i < n; ++i) {
            random_point(&points[32 * i]);
            std::memcpy(&qm1[32 * i], Q_MINUS_1, 32);
        }
        const std::vector<EdwardsPoint> d = decoded(points, n);
        const MSMTable table(d.data(), n);
        EdwardsPoint r;
        check(table.msm(zeros.data(), n, r) && sodium_is_zero(encode_one(r).data(), 32) &&
                  table.msm_vartime(zeros.data(), n, r) && sodium_is_zero(encode_one(r).data(), 32),
              "MSMTable with zero scalars is the identity, n =", (long long)n);
        const Bytes expect = ref_msm(qm1, points, n);
        check(table.msm(qm1.data(), n, r) && encode_one(r) == expect && table.msm_vartime(qm1.data(), n, r) &&
                  encode_one(r) == expect,
              "MSMTable with all scalars q-1, n =", (long long)n);
        Bytes p2(64 * n), s2(64 * n);
        uint8_t zero[32] = {0};
        for (size_t i = 0; i < n; ++i) {
            std::memcpy(&p2[64 * i], &points[32 * i], 32);
            crypto_core_ristretto255_sub(&p2[64 * i + 32], zero, &points[32 * i]);
            random_scalar(&s2[64 * i]);
            std::memcpy(&s2[64 * i + 32], &s2[64 * i], 32);
        }
        const std::vector<EdwardsPoint> d2 = decoded(p2, 2 * n);
        const MSMTable t2(d2.data(), 2 * n);
        check(t2.msm(s2.data(), 2 * n, r) && sodium_is_zero(encode_one(r).data(), 32) &&
                  t2.msm_vartime(s2.data(), 2 * n, r) && sodium_is_zero(encode_one(r).data(), 32),
              "MSMTable of P and -P with equal scalars is the identity, n =", (long long)n);
    }
}

// derive_generators at the top of the 32-bit index range: Hp(domain, le32(i)) by libsodium (BLAKE2b-512 of the
// concatenation, then crypto_core_ristretto255_from_hash) for i up to 2^32 - 1, and a count past 2^32 - 1 cut
// there (untouched output beyond), never wrapped to index 0. (The Python loop over chunks uses 64-bit counters.)
void test_derive_generators_top_indices() {
    static const uint8_t domain[] = "pyristretto test domain";
    const size_t dlen = sizeof domain - 1;
    auto expect = [&](uint32_t i, uint8_t out[32]) {
        uint8_t buf[64], h[64];
        std::memcpy(buf, domain, dlen);
        for (int b = 0; b < 4; ++b) buf[dlen + b] = uint8_t(i >> (8 * b));
        crypto_generichash(h, 64, buf, dlen + 4, nullptr, 0);
        crypto_core_ristretto255_from_hash(out, h);
    };
    bool ok = true;
    for (uint32_t first : {0xfffffffdu, 0xfffffc00u, 0xfffffbffu, 0xffffffffu}) {
        const uint32_t count = 0xffffffffu - first + 1;  // exactly up to index 2^32 - 1
        Bytes out(32 * (size_t(count) + 3), 0xaa);
        derive_generators(domain, dlen, first, count + 3, out.data());  // 3 past the end: cut
        for (size_t k = 0; k < count; ++k) {
            uint8_t want[32];
            expect(uint32_t(first + k), want);
            if (std::memcmp(&out[32 * k], want, 32) != 0) ok = false;
        }
        for (size_t b = 32 * size_t(count); b < out.size(); ++b) ok &= (out[b] == 0xaa);
    }
    check(ok, "derive_generators up to index 2^32 - 1 matches libsodium; a count past it is cut, not wrapped");
}

// ScratchMemory (the Pippenger buckets' memory): aligned, a freed large block is kept and handed out again, the
// pool stays under its cap, and blocks held at the same time by several threads never overlap.
void test_scratch() {
    const auto aligned = [](const ScratchMemory& m) { return reinterpret_cast<uintptr_t>(m.data()) % 64 == 0; };
    {
        ScratchMemory small(1000), empty(0);
        check(aligned(small) && small.data() != nullptr, "scratch: a small block is 64-byte aligned");
        std::memset(small.data(), 0x5a, 1000);
    }
    {
        ScratchMemory big(kScratchPooled);
        const bool huge_aligned = reinterpret_cast<uintptr_t>(big.data()) % (size_t(2) << 20) == 0;
        check(aligned(big) && (huge_aligned || !kScratchPool), "scratch: a pooled block is 2 MiB aligned");
        std::memset(big.data(), 0x5a, kScratchPooled);
        // An earlier call may have left larger blocks, one of which big may be: the kept bytes grow by whole 2 MiB.
        const size_t before = scratch_kept_bytes();
        big = ScratchMemory();  // freed
        const size_t freed = scratch_kept_bytes() - before;
        check(kScratchPool ? freed >= (size_t(2) << 20) && freed % (size_t(2) << 20) == 0 : freed == 0,
              "scratch: a freed large block is kept, in whole 2 MiB");
        ScratchMemory again(kScratchPooled + kScratchPooled / 2);
        check(scratch_kept_bytes() < before + freed || !kScratchPool,
              "scratch: a kept block is handed out again, not mapped anew");
        void* const at = again.data();
        ScratchMemory moved;
        moved = std::move(again);
        check(moved.data() == at && again.data() == nullptr, "scratch: a block moves with its owner");
    }
    {
        std::vector<ScratchMemory> many;
        for (int k = 0; k < 24; ++k) many.emplace_back(size_t(3) << 20);
    }
    check(scratch_kept_bytes() <= kScratchKeptBytes, "scratch: the pool keeps at most its cap");
    bool refused = false;
    try {
        ScratchMemory absurd(SIZE_MAX - 100);
    } catch (const std::bad_alloc&) {
        refused = true;
    }
    check(refused, "scratch: a size near SIZE_MAX is refused with bad_alloc, not wrapped");
    bool overlap = false;
    std::vector<std::thread> threads;
    std::vector<char> failed(6, 0);
    for (int t = 0; t < 6; ++t) {
        threads.emplace_back([t, &failed] {
            for (int round = 0; round < 50; ++round) {
                const size_t words = ((size_t(1) + (round + t) % 3) << 20) / 8;
                ScratchMemory m(8 * words);
                uint64_t* w = m.as<uint64_t>();
                const uint64_t tag = uint64_t(t) << 32 | uint64_t(round);
                for (size_t i = 0; i < words; i += 512) w[i] = tag + i;
                std::this_thread::yield();
                for (size_t i = 0; i < words; i += 512) failed[t] |= w[i] != tag + i;
            }
        });
    }
    for (std::thread& thread : threads) thread.join();
    for (char f : failed) overlap |= f != 0;
    check(!overlap, "scratch: blocks held by six threads at once never overlap");
}

}  // namespace

int main() {
    if (sodium_init() < 0) {
        std::printf("sodium_init failed\n0 passed, 1 failed\n");
        return 1;
    }
    test_recodings();
    test_derive_generators_top_indices();
    test_scratch();
    // Single-threaded path: threading off (the default is one thread per hardware thread).
    set_msm_max_threads(1);
    for (size_t n :
         {size_t(0), size_t(1), size_t(2), size_t(3), size_t(4), size_t(8), size_t(16), size_t(17),
          portable::kPippengerCrossover - 1, portable::kPippengerCrossover, portable::kPippengerCrossover + 1,
          size_t(255), size_t(256), size_t(257), size_t(600), size_t(4096)}) {
        test_msm_size(n, true);
    }
    test_msm_size(64, false);
    test_msm_size(1000, false);
    test_msm_all_zero_and_special();
    test_invalid_points();
    test_algorithms_direct();
    test_point_sum();
    test_pedersen_and_fixed_base();
    test_point_mul();
    test_blocks(1);
    test_accumulator(1);
    test_blocks_decoded();
    test_blocks_objects();
    test_point_vector_ops();
    test_msm_table();
    // Threaded path, forced to 3 threads whatever the machine, with sizes around the threshold (128 points for
    // msm, msm_vartime and point_sum, at least 64 points per thread: 2 threads from 128, 3 from 192) and the
    // Straus/Pippenger crossover inside the chunks.
    set_msm_max_threads(3);
    for (size_t n : {size_t(63), size_t(64), size_t(127), size_t(128), size_t(129), size_t(200), size_t(255),
                     size_t(256), size_t(257), size_t(384), size_t(700), size_t(4096)}) {
        test_msm_size(n, true);
    }
    test_msm_all_zero_and_special();
    test_point_sum();
    test_invalid_points();
    test_blocks(3);
    test_accumulator(3);
    test_blocks_objects();
    test_point_vector_ops();
    test_msm_table();
    // The default (0: one thread per hardware thread).
    set_msm_max_threads(0);
    for (size_t n : {size_t(100), size_t(300), size_t(1000)}) test_msm_size(n, true);
    test_invalid_points();
    std::printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
