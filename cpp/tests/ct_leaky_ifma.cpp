// Control for the IFMA constant-time check (ct_check.cpp built with -DPYRISTRETTO_IFMA_EMULATE): the eight-lane
// constant-time Straus step of ifma/straus.cpp (tables 0P..8P of eight points, one secret signed digit per lane),
// with one deliberate leak each, which valgrind memcheck MUST flag once the scalars are marked undefined:
//   branch  the sign is applied only `if` a lane mask computed from the digits is nonzero;
//   index   the table entry is read by a gather at the secret digit's offset (as the variable-time Pippenger does
//           with its public digits).
// Everything else is the constant-time code's own (F8/Point8 arithmetic, the blends), so the other kind of report
// must stay absent: the check sees each leak on its own. Built with the same flags as ct_check; run as
//   valgrind --error-exitcode=1 ./ct_leaky_ifma branch|index
#include <sodium.h>
#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstring>

#include "pyristretto/ifma/edwards8.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar.hpp"

#if !defined(PYRISTRETTO_IFMA_EMULATE)
#error "ct_leaky_ifma runs under valgrind: build it with -DPYRISTRETTO_IFMA_EMULATE"
#endif

using namespace pyristretto;
using namespace pyristretto::ifma;

namespace {

enum class Leak { Branch, Index };

Cached8 negate(const Cached8& c) { return Cached8{c.YmX, c.YpX, c.Z, neg(c.T2d)}; }

// The constant-time selection of ifma/straus.cpp, except where `leak` says.
Cached8 select_leaky(const Cached8 t[9], const int8_t d[8], Leak leak) {
    const __m512i digits = _mm512_cvtepi8_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(d)));
    const __m512i magnitude = _mm512_abs_epi64(digits);
    const __mmask8 negative = _mm512_cmplt_epi64_mask(digits, _mm512_setzero_si512());
    Cached8 r;
    if (leak == Leak::Index) {
        // LEAK: lane j reads t[|d_j|] at an address computed from the digit (sizeof(Cached8) / 8 = 160 words).
        const __m512i lane = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
        const __m512i idx =
            _mm512_add_epi64(_mm512_add_epi64(_mm512_slli_epi64(magnitude, 7), _mm512_slli_epi64(magnitude, 5)), lane);
        const uint64_t* base = reinterpret_cast<const uint64_t*>(t);
        F8* const out[4] = {&r.YpX, &r.YmX, &r.Z, &r.T2d};
        for (int c = 0; c < 4; ++c)
            for (int l = 0; l < 5; ++l) out[c]->v[l] = _mm512_i64gather_epi64(idx, base + (5 * c + l) * 8, 8);
    } else {
        r = t[0];
        for (int e = 1; e < 9; ++e) {
            const __mmask8 m = _mm512_cmpeq_epi64_mask(magnitude, splat(uint64_t(e)));
            r = Cached8{select(m, r.YpX, t[e].YpX), select(m, r.YmX, t[e].YmX), select(m, r.Z, t[e].Z),
                        select(m, r.T2d, t[e].T2d)};
        }
    }
    if (leak == Leak::Branch) {
        if (negative != 0)
            r = Cached8{select(negative, r.YpX, r.YmX), select(negative, r.YmX, r.YpX), r.Z,
                        select(negative, r.T2d, neg(r.T2d))};  // LEAK: branch on a secret mask
    } else {
        const Cached8 n = negate(r);
        r = Cached8{select(negative, r.YpX, n.YpX), select(negative, r.YmX, n.YmX), r.Z,
                    select(negative, r.T2d, n.T2d)};
    }
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    if (sodium_init() < 0) return 2;
    if (argc != 2 || (std::strcmp(argv[1], "branch") != 0 && std::strcmp(argv[1], "index") != 0)) {
        std::printf("usage: %s branch|index\n", argv[0]);
        return 2;
    }
    const Leak leak = std::strcmp(argv[1], "branch") == 0 ? Leak::Branch : Leak::Index;
    uint8_t scalars[8 * 32], enc[8 * 32], want[32], got[32];
    EdwardsPoint p[8];
    for (int j = 0; j < 8; ++j) {
        crypto_core_ristretto255_scalar_random(&scalars[32 * j]);
        crypto_core_ristretto255_random(&enc[32 * j]);
        ristretto_decode(p[j], &enc[32 * j]);
    }
    ristretto_encode(want, Straus::mul_vartime(scalars, p, 8));  // public reference first

    // Tables t[e] = e * P_j on lane j (public).
    alignas(64) Cached8 t[9];
    const Point8 p8 = load_points(p);
    const Cached8 c1 = to_cached(p8);
    Point8 m = identity8();
    t[0] = cached_identity8();
    for (int e = 1; e < 9; ++e) {
        m = add(m, c1);
        t[e] = to_cached(m);
    }

    VALGRIND_MAKE_MEM_UNDEFINED(scalars, sizeof scalars);
    int8_t digits[64 * 8];  // digits[8 k + j]: digit k of lane j's scalar
    for (int j = 0; j < 8; ++j) {
        int8_t one[64];
        signed_radix16(&scalars[32 * j], one);
        for (int k = 0; k < 64; ++k) digits[8 * k + j] = one[k];
    }
    Point8 acc = identity8();
    for (int k = 63; k >= 0; --k) {
        if (k != 63) acc = mul_by_pow2(acc, 4);
        acc = add(acc, select_leaky(t, &digits[8 * k], leak));
    }
    EdwardsPoint lanes[8];
    store_points(acc, lanes);
    EdwardsPoint sum = lanes[0];
    for (int j = 1; j < 8; ++j) sum = sum + lanes[j].to_cached();
    ristretto_encode(got, sum);
    VALGRIND_MAKE_MEM_DEFINED(got, 32);
    std::printf("leaky %s result %s\n", argv[1], std::memcmp(got, want, 32) == 0 ? "correct" : "WRONG");
    return 0;
}
