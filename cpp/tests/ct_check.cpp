// Constant-time check (the ctgrind technique of bitcoin-core/secp256k1's ctime_tests): the secret scalar bytes
// (reduced ones, and unreduced ones with bit 255 set for the constant-time fold of scalar.hpp)
// are marked undefined for valgrind memcheck (msm, Straus::mul_ct, pedersen_commit, FixedBaseTable::mul,
// base_mul, point_mul), which then reports every branch and every memory address that
// depends on them; the 64 input bytes of the one-way map (ristretto_from_uniform, fed by hashes of possibly secret
// data) are checked the same way. Run: valgrind --error-exitcode=1 ./ct_check   -> must report 0 errors.
// Outputs are declassified (VALGRIND_MAKE_MEM_DEFINED) before they are compared or printed.
#include <sodium.h>
#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/msm.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

using namespace pyristretto;

namespace {

int g_failed = 0;

void secret(void* p, size_t len) { VALGRIND_MAKE_MEM_UNDEFINED(p, len); }
void declassify(void* p, size_t len) { VALGRIND_MAKE_MEM_DEFINED(p, len); }

void expect(bool ok, const char* what) {
    std::printf("%s: %s\n", ok ? "ok" : "FAIL", what);
    if (!ok) ++g_failed;
}

void check_msm(size_t n, const char* what) {
    std::vector<uint8_t> s(32 * n), p(32 * n);
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
    declassify(s.data(), s.size());
}

// s mod q by libsodium, on public (defined) data: the reference for unreduced scalars.
void reduce(const uint8_t s[32], uint8_t out[32]) {
    uint8_t wide[64] = {0};
    std::memcpy(wide, s, 32);
    crypto_core_ristretto255_scalar_reduce(out, wide);
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
    pedersen_commit(a, b, want);  // public run first: reference value, and builds the tables
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

void check_one_way_map() {
    for (int k = 0; k < 4; ++k) {
        uint8_t u[64], want[32], got[32];
        randombytes_buf(u, sizeof u);
        if (k & 1) u[31] |= 0x80;          // bit 255 set in the first half
        if (k & 2) std::memset(u + 32, 0xff, 32);  // second half >= p, bit 255 set
        crypto_core_ristretto255_from_hash(want, u);
        secret(u, sizeof u);
        ristretto_from_uniform(got, u);
        declassify(got, 32);
        declassify(u, sizeof u);
        expect(std::memcmp(got, want, 32) == 0, "ristretto_from_uniform");
    }
}

}  // namespace

int main() {
    if (sodium_init() < 0) return 2;
    set_msm_max_threads(1);  // single-threaded path
    check_msm(1, "msm n = 1");
    check_msm(3, "msm n = 3");
    check_msm(9, "msm n = 9");
    check_msm(600, "msm n = 600, one thread (more than one block of Straus::mul_ct)");
    set_msm_max_threads(2);  // the threaded path (msm threads from 128 points)
    check_msm(200, "msm n = 200, 2 threads");
    set_msm_max_threads(0);  // the default: one thread per hardware thread
    check_fixed_base(false);
    check_fixed_base(true);
    check_one_way_map();
    std::printf("%s\n", g_failed == 0 ? "all results correct" : "WRONG RESULTS");
    return g_failed == 0 ? 0 : 1;
}
