// Control for the AVX2 constant-time check (ct_check.cpp run with PYRISTRETTO_BACKEND=avx2): the four-lane P * s of
// avx2/straus.cpp (a table 0P..8P in cached form, one secret signed radix-16 digit per step) with one deliberate
// leak each, which valgrind memcheck MUST flag once the scalar is marked undefined:
//   branch  the negation is applied only `if` the digit is negative (a branch on the secret sign);
//   index   the table entry is read at the secret digit's address (table[|d|]).
// Everything else is the constant-time code's own (F4/P4 arithmetic, the masked negation), so the other kind of
// report must stay absent: the check sees each leak on its own. Run as
//   valgrind --error-exitcode=1 ./ct_leaky_avx2 branch|index
#include <sodium.h>
#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstring>

#include "pyristretto/avx2/edwards4.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scalar_mul.hpp"

using namespace pyristretto;
using namespace pyristretto::avx2;

namespace {

enum class Leak { Branch, Index };

volatile long long g_zero = 0;

PYR_AVX2_FN EdwardsPoint leaky_mul(const uint8_t s[32], const EdwardsPoint& point, Leak leak) {
    C4 t[9];
    P4 m = identity4();
    const C4 c1 = to_cached(from_point(point));
    t[0] = cached_identity4();
    for (int e = 1; e < 9; ++e) {
        m = add(m, c1);
        t[e] = to_cached(m);
    }
    int8_t digits[64];
    signed_radix16(s, digits);
    P4 acc = identity4();
    for (int k = 63; k >= 0; --k) {
        if (k != 63) acc = mul_by_pow2(acc, 4);
        const uint32_t v = static_cast<uint32_t>(static_cast<int32_t>(digits[k]));
        const uint32_t sign = v >> 31, abs = (v ^ (0u - sign)) + sign;
        C4 r = ct_select(t, 9, abs);
        if (leak == Leak::Index) {  // LEAK (index): vector loads at a secret address, merged with a zero the
            // compiler cannot see (so it stays loads, not a memcpy whose own alignment tests would branch)
            const __m256i keep = _mm256_set1_epi64x(g_zero);
            for (int i = 0; i < F4::kVectors; ++i)
                r.f.v[i] = _mm256_or_si256(_mm256_and_si256(r.f.v[i], keep), _mm256_load_si256(&t[abs].f.v[i]));
        }
        if (leak == Leak::Branch) {
            if (sign) r = negate(r);  // LEAK (branch): a branch on the secret sign
        } else {
            r = conditional_negate(r, static_cast<uint8_t>(sign));
        }
        acc = add(acc, r);
    }
    return to_point(acc);
}

}  // namespace

int main(int argc, char** argv) {
    if (sodium_init() < 0) return 2;
    if (argc != 2 || (std::strcmp(argv[1], "branch") != 0 && std::strcmp(argv[1], "index") != 0)) {
        std::printf("usage: %s branch|index\n", argv[0]);
        return 2;
    }
    if (!avx2_available()) {
        std::printf("avx2: not available\n");
        return 0;
    }
    const Leak leak = std::strcmp(argv[1], "branch") == 0 ? Leak::Branch : Leak::Index;
    uint8_t s[32], enc[32], want[32], got[32];
    crypto_core_ristretto255_scalar_random(s);
    crypto_core_ristretto255_random(enc);
    EdwardsPoint p;
    ristretto_decode(p, enc);
    if (crypto_scalarmult_ristretto255(want, s, enc) != 0) std::memset(want, 0, 32);  // public reference first
    VALGRIND_MAKE_MEM_UNDEFINED(s, 32);
    ristretto_encode(got, leaky_mul(s, p, leak));
    VALGRIND_MAKE_MEM_DEFINED(got, 32);
    std::printf("leaky %s result %s\n", argv[1], std::memcmp(got, want, 32) == 0 ? "correct" : "WRONG");
    return 0;
}
