// libFuzzer harness: the entry points that take scalars, on ANY 32-byte scalars (bit 255 and values >= q
// included: they are taken mod q). Input: one byte (n = 0..15 points in its low bits, a Pippenger window and
// whether to build a FixedBaseTable in its high bits) and one byte of flags, then for each point a
// 32-byte scalar and 32 bytes that become a point: through the one-way map of their SHA-512 (a valid point), or
// as they are (mostly invalid) when the point's flag bit is set (the first 8 points have flag bits). Checked
// against a naive loop of libsodium scalarmult + add on the scalars reduced mod q: msm, msm_vartime,
// point_sum (the index of the first invalid point, out untouched; when the high nibble of the first byte is 15, the
// valid pairs also repeated to 128..191 pairs over 2 or 3 threads), Pippenger and Straus on the decoded points,
// point_mul, point_add/sub/neg, base_mul, pedersen_commit and a FixedBaseTable of the first point.
#include <vector>

#include "fuzz_common.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/msm.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/points.hpp"
#include "pyristretto/portable/pippenger.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

using namespace pyristretto;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::init();
    if (size < 2) return 0;
    size_t n = data[0] % 16;
    const unsigned window = 4 + (data[0] >> 4) % 8;  // the Pippenger window tried besides 4: 4..11
    const bool build_table = data[0] >> 7;           // a FixedBaseTable of the first point (~256 additions)
    const bool threaded = (data[0] >> 4) == 15;      // also the pairs repeated past the threaded split
    const uint8_t flags = data[1];
    data += 2;
    size -= 2;
    if (n > size / 64) n = size / 64;
    std::vector<uint8_t> s(32 * n + 64, 0), p(32 * n);  // + 64: room for pedersen_commit's two scalars
    size_t first_invalid = n;
    for (size_t i = 0; i < n; ++i) {
        std::memcpy(&s[32 * i], data + 64 * i, 32);
        const uint8_t* raw = data + 64 * i + 32;
        if (i < 8 && (flags >> i) & 1) {
            std::memcpy(&p[32 * i], raw, 32);
        } else {
            uint8_t h[64];
            crypto_hash_sha512(h, raw, 32);
            crypto_core_ristretto255_from_hash(&p[32 * i], h);
        }
        if (first_invalid == n && !fuzz::ref_valid(&p[32 * i])) first_invalid = i;
    }
    uint8_t want[32] = {0}, term[32], out[32];
    if (first_invalid == n) {
        for (size_t i = 0; i < n; ++i) {
            fuzz::ref_mul(&s[32 * i], &p[32 * i], term);
            fuzz::ref_add(want, term, want);
        }
    }
    for (auto f : {msm, msm_vartime}) {
        std::memset(out, 0xaa, 32);
        const size_t rc = f(s.data(), p.data(), n, out);
        fuzz::require(rc == first_invalid, "msm/msm_vartime return the first invalid index, or n");
        if (rc == n) {
            fuzz::require(std::memcmp(out, want, 32) == 0, "msm/msm_vartime == libsodium loop (scalars mod q)");
        } else {
            for (uint8_t b : out) fuzz::require(b == 0xaa, "out untouched on an invalid point");
        }
    }
    fuzz::require(point_sum(p.data(), n, out) == first_invalid, "point_sum returns the first invalid index");
    if (first_invalid == n) {
        // The algorithms on decoded points directly: Pippenger (window 4 and one from the input, 4..11; msm_vartime
        // only uses it from 128 points) and both Straus variants.
        std::vector<EdwardsPoint> d(n);
        ristretto_decode_many(d.data(), p.data(), n);
        for (unsigned c : {4u, window}) {
            ristretto_encode(out, portable::Pippenger::mul_vartime(s.data(), d.data(), n, c));
            fuzz::require(std::memcmp(out, want, 32) == 0, "portable::Pippenger::mul_vartime == libsodium loop");
        }
        ristretto_encode(out, Straus::mul_ct(s.data(), d.data(), n));
        fuzz::require(std::memcmp(out, want, 32) == 0, "Straus::mul_ct == libsodium loop");
        ristretto_encode(out, Straus::mul_vartime(s.data(), d.data(), n));
        fuzz::require(std::memcmp(out, want, 32) == 0, "Straus::mul_vartime == libsodium loop");
    }
    if (threaded && n >= 2 && first_invalid == n) {
        // The threaded split (from 128 points): the n pairs repeated up to m = 128..191 pairs, 2 or 3 threads.
        // Reference by linearity: repeat_i copies of s_i P_i (libsodium), so only n scalar multiplications.
        const size_t m = 128 + flags % 64;
        std::vector<uint8_t> sm(32 * m), pm(32 * m);
        for (size_t j = 0; j < m; ++j) {
            std::memcpy(&sm[32 * j], &s[32 * (j % n)], 32);
            std::memcpy(&pm[32 * j], &p[32 * (j % n)], 32);
        }
        uint8_t msm_want[32] = {0}, sum_want[32] = {0};
        for (size_t i = 0; i < n; ++i) {
            fuzz::ref_mul(&s[32 * i], &p[32 * i], term);
            for (size_t j = i; j < m; j += n) {
                fuzz::ref_add(msm_want, term, msm_want);
                fuzz::ref_add(sum_want, &p[32 * i], sum_want);
            }
        }
        set_msm_max_threads(2 + (flags >> 7));
        fuzz::require(msm(sm.data(), pm.data(), m, out) == m && std::memcmp(out, msm_want, 32) == 0,
                      "threaded msm == libsodium");
        fuzz::require(msm_vartime(sm.data(), pm.data(), m, out) == m && std::memcmp(out, msm_want, 32) == 0,
                      "threaded msm_vartime == libsodium");
        fuzz::require(point_sum(pm.data(), m, out) == m && std::memcmp(out, sum_want, 32) == 0,
                      "threaded point_sum == libsodium");
        std::memset(&pm[32 * (m - 1 - flags % 32)], 0xff, 32);  // an invalid point in the last chunk
        fuzz::require(msm(sm.data(), pm.data(), m, out) == m - 1 - flags % 32, "threaded msm: invalid index");
        fuzz::require(point_sum(pm.data(), m, out) == m - 1 - flags % 32, "threaded point_sum: invalid index");
        set_msm_max_threads(0);
    }
    if (n >= 2) {  // point_add / point_sub / point_neg: 0, or which argument is invalid (1 or 2)
        const bool v0 = fuzz::ref_valid(&p[0]), v1 = fuzz::ref_valid(&p[32]);
        const int expect_rc = !v0 ? 1 : !v1 ? 2 : 0;
        uint8_t ref_out[32];
        fuzz::require(point_add(&p[0], &p[32], out) == expect_rc, "point_add reports the invalid argument");
        if (expect_rc == 0) {
            fuzz::ref_add(&p[0], &p[32], ref_out);
            fuzz::require(std::memcmp(out, ref_out, 32) == 0, "point_add == crypto_core_ristretto255_add");
        }
        fuzz::require(point_sub(&p[0], &p[32], out) == expect_rc, "point_sub reports the invalid argument");
        if (expect_rc == 0) {
            if (crypto_core_ristretto255_sub(ref_out, &p[0], &p[32]) != 0) std::memset(ref_out, 0, 32);
            fuzz::require(std::memcmp(out, ref_out, 32) == 0, "point_sub == crypto_core_ristretto255_sub");
        }
        fuzz::require(point_neg(&p[32], out) == v1, "point_neg rejects exactly the invalid points");
    }
    if (n >= 1 && first_invalid != 0) {
        fuzz::ref_mul(&s[0], &p[0], term);
        fuzz::require(point_mul(&s[0], &p[0], out) && std::memcmp(out, term, 32) == 0, "point_mul == libsodium");
        if (build_table) {
            EdwardsPoint P;
            ristretto_decode(P, &p[0]);
            ristretto_encode(out, FixedBaseTable(P).mul(&s[32]));  // s[32..63]: the next scalar, or zeros
            fuzz::ref_mul(&s[32], &p[0], term);
            fuzz::require(std::memcmp(out, term, 32) == 0, "FixedBaseTable::mul == libsodium");
        }
    }
    // base_mul and pedersen_commit on the first two scalars (zeros when absent).
    uint8_t g[32], h[32];
    fuzz::ref_base_mul(&s[0], g);
    base_mul(&s[0], out);
    fuzz::require(std::memcmp(out, g, 32) == 0, "base_mul == libsodium");
    fuzz::ref_mul(&s[32], generator_H(), h);
    fuzz::ref_add(g, h, want);
    pedersen_commit(&s[0], &s[32], out);
    fuzz::require(std::memcmp(out, want, 32) == 0, "pedersen_commit == a*G + b*H by libsodium");
    return 0;
}
