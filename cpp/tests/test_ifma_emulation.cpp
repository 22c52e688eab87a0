// The IFMA emulation (ifma/emulate.hpp, used only by the constant-time check's build) against the real AVX-512
// instructions, intrinsic by intrinsic: every stand-in the IFMA code uses, on lanes mixing edge values (0, 1, the
// 51/52-bit radix bounds and their neighbours, 2^63, 2^64 - 1) with random ones, must give the instruction's exact
// result. Needs a CPU with AVX-512 IFMA (otherwise it says "ifma: not available" and checks nothing).
//
//   g++ -std=c++17 -O2 -Icpp/include cpp/tests/test_ifma_emulation.cpp -o /tmp/t && /tmp/t
//
// Ends with "N passed, M failed"; exits non-zero on any failure.
// The emulation first: GCC (without optimisation) and clang define some intrinsics as function-like macros, which would
// rewrite the stand-ins' declarations (and every call of a stand-in below is parenthesised for the same reason).
#include "pyristretto/ifma/emulate.hpp"

#include <immintrin.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace E = pyristretto::ifma_emulation;

#define IFMA_TARGET __attribute__((target("avx512f,avx512ifma,avx512vl")))

static int g_pass = 0, g_fail = 0;
static uint64_t g_state = 0x243f6a8885a308d3ULL;
static uint64_t rnd() {  // splitmix64
    uint64_t z = (g_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static const uint64_t EDGES[] = {0,
                                 1,
                                 2,
                                 19,
                                 (uint64_t(1) << 51) - 1,
                                 uint64_t(1) << 51,
                                 (uint64_t(1) << 52) - 1,
                                 uint64_t(1) << 52,
                                 (uint64_t(1) << 52) + 1,
                                 (uint64_t(1) << 63) - 1,
                                 uint64_t(1) << 63,
                                 ~uint64_t(0),
                                 ~uint64_t(0) - 1,
                                 uint64_t(int64_t(-8)),
                                 8};
constexpr int N_EDGES = sizeof(EDGES) / sizeof(EDGES[0]);

// Lane values: an edge value or a random one (full 64 bits, or below 2^52), chosen per lane.
static uint64_t lane_value() {
    const uint64_t r = rnd() % 4;
    if (r == 0) return EDGES[rnd() % N_EDGES];
    return r == 1 ? rnd() >> 12 : rnd();
}

struct Lanes {
    uint64_t v[8];
};
static Lanes random_lanes() {
    Lanes l;
    for (auto& x : l.v) x = lane_value();
    return l;
}

IFMA_TARGET static __m512i real(const Lanes& l) { return _mm512_loadu_si512(l.v); }
static E::__m512i emu(const Lanes& l) {
    E::__m512i r;
    std::memcpy(r.v, l.v, 64);
    return r;
}
IFMA_TARGET static bool same(__m512i a, E::__m512i b) {
    uint64_t t[8];
    _mm512_storeu_si512(t, a);
    return std::memcmp(t, b.v, 64) == 0;
}

static void check(bool ok, const char* what, size_t* wrong) {
    if (!ok && (*wrong)++ == 0) std::printf("FAIL: %s differs from the instruction\n", what);
}

template <unsigned K>
IFMA_TARGET static void shifts(const Lanes& a, size_t* wrong) {
    check(same(_mm512_srli_epi64(real(a), K), (E::_mm512_srli_epi64)(emu(a), K)), "_mm512_srli_epi64", wrong);
    check(same(_mm512_slli_epi64(real(a), K), (E::_mm512_slli_epi64)(emu(a), K)), "_mm512_slli_epi64", wrong);
}

IFMA_TARGET static void compare_all(size_t trials) {
    size_t wrong = 0;
    alignas(64) uint64_t table[64 * 8];
    for (auto& x : table) x = rnd();
    for (size_t n = 0; n < trials; ++n) {
        const Lanes a = random_lanes(), b = random_lanes(), c = random_lanes();
        const __m512i ra = real(a), rb = real(b), rc = real(c);
        const E::__m512i ea = emu(a), eb = emu(b), ec = emu(c);
        check(same(_mm512_add_epi64(ra, rb), (E::_mm512_add_epi64)(ea, eb)), "_mm512_add_epi64", &wrong);
        check(same(_mm512_sub_epi64(ra, rb), (E::_mm512_sub_epi64)(ea, eb)), "_mm512_sub_epi64", &wrong);
        check(same(_mm512_and_si512(ra, rb), (E::_mm512_and_si512)(ea, eb)), "_mm512_and_si512", &wrong);
        check(same(_mm512_or_si512(ra, rb), (E::_mm512_or_si512)(ea, eb)), "_mm512_or_si512", &wrong);
        check(same(_mm512_madd52lo_epu64(ra, rb, rc), (E::_mm512_madd52lo_epu64)(ea, eb, ec)), "_mm512_madd52lo_epu64",
              &wrong);
        check(same(_mm512_madd52hi_epu64(ra, rb, rc), (E::_mm512_madd52hi_epu64)(ea, eb, ec)), "_mm512_madd52hi_epu64",
              &wrong);
        // Comparisons also on equal lanes (b with some lanes copied from a).
        Lanes b2 = b;
        for (int j = 0; j < 8; ++j)
            if (rnd() & 1) b2.v[j] = a.v[j];
        check(_mm512_cmpeq_epi64_mask(ra, real(b2)) == (E::_mm512_cmpeq_epi64_mask)(ea, emu(b2)),
              "_mm512_cmpeq_epi64_mask", &wrong);
        check(_mm512_cmplt_epi64_mask(ra, real(b2)) == (E::_mm512_cmplt_epi64_mask)(ea, emu(b2)),
              "_mm512_cmplt_epi64_mask", &wrong);
        check(_mm512_cmplt_epi64_mask(ra, _mm512_setzero_si512()) ==
                  (E::_mm512_cmplt_epi64_mask)(ea, (E::_mm512_setzero_si512)()),
              "_mm512_cmplt_epi64_mask against 0", &wrong);
        check(_mm512_test_epi64_mask(ra, real(b2)) == (E::_mm512_test_epi64_mask)(ea, emu(b2)),
              "_mm512_test_epi64_mask", &wrong);
        const __mmask8 k = static_cast<__mmask8>(rnd());
        check(same(_mm512_mask_blend_epi64(k, ra, rb), (E::_mm512_mask_blend_epi64)(k, ea, eb)),
              "_mm512_mask_blend_epi64", &wrong);
        check(same(_mm512_abs_epi64(ra), (E::_mm512_abs_epi64)(ea)), "_mm512_abs_epi64", &wrong);
        check(same(_mm512_permutexvar_epi64(rb, ra), (E::_mm512_permutexvar_epi64)(eb, ea)), "_mm512_permutexvar_epi64",
              &wrong);  // b's lanes as indices: only their low 3 bits count
        check(same(_mm512_set1_epi64(static_cast<long long>(a.v[0])),
                   (E::_mm512_set1_epi64)(static_cast<long long>(a.v[0]))),
              "_mm512_set1_epi64", &wrong);
        check(same(_mm512_setr_epi64(a.v[0], a.v[1], a.v[2], a.v[3], a.v[4], a.v[5], a.v[6], a.v[7]),
                   (E::_mm512_setr_epi64)(a.v[0], a.v[1], a.v[2], a.v[3], a.v[4], a.v[5], a.v[6], a.v[7])),
              "_mm512_setr_epi64", &wrong);
        // Eight signed bytes to eight lanes, through the 8-byte load.
        alignas(16) uint8_t bytes[16];
        for (auto& x : bytes) x = static_cast<uint8_t>(rnd());
        bytes[rnd() % 8] = 0x80;  // -128
        check(same(_mm512_cvtepi8_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(bytes))),
                   (E::_mm512_cvtepi8_epi64)(E::_mm_loadl_epi64(reinterpret_cast<const E::__m128i*>(bytes)))),
              "_mm512_cvtepi8_epi64(_mm_loadl_epi64)", &wrong);
        // Gather and scatter at random word indices of a table (scale 8, as the IFMA code uses).
        Lanes idx;
        for (auto& x : idx.v) x = rnd() % 64;
        check(same(_mm512_i64gather_epi64(real(idx), table, 8), (E::_mm512_i64gather_epi64)(emu(idx), table, 8)),
              "_mm512_i64gather_epi64", &wrong);
        alignas(64) uint64_t t1[64], t2[64];
        std::memset(t1, 0, sizeof t1);
        std::memset(t2, 0, sizeof t2);
        for (int j = 0; j < 8; ++j) idx.v[j] = (8 * j + rnd() % 8);  // distinct indices
        _mm512_i64scatter_epi64(t1, real(idx), ra, 8);
        (E::_mm512_i64scatter_epi64)(t2, emu(idx), ea, 8);
        check(std::memcmp(t1, t2, sizeof t1) == 0, "_mm512_i64scatter_epi64", &wrong);
        alignas(64) uint64_t s1[8], s2[8];
        _mm512_store_si512(s1, ra);
        (E::_mm512_store_si512)(s2, ea);
        check(std::memcmp(s1, s2, 64) == 0, "_mm512_store_si512", &wrong);
        shifts<0>(a, &wrong);
        shifts<1>(a, &wrong);
        shifts<4>(a, &wrong);
        shifts<5>(a, &wrong);
        shifts<7>(a, &wrong);
        shifts<51>(a, &wrong);
        shifts<52>(a, &wrong);
        shifts<63>(a, &wrong);
    }
    check(same(_mm512_setzero_si512(), (E::_mm512_setzero_si512)()), "_mm512_setzero_si512", &wrong);
    if (wrong == 0) ++g_pass;
    else ++g_fail;
    std::printf("%zu random and edge trials of every emulated intrinsic: %zu mismatches\n", trials, wrong);
}

// The 256-bit stand-ins (the four-lane code, field4.hpp) on the low four lanes of random and edge Lanes.
IFMA_TARGET static __m256i real4(const Lanes& l) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(l.v)); }
static E::__m256i emu4(const Lanes& l) {
    E::__m256i r;
    std::memcpy(r.v, l.v, 32);
    return r;
}
IFMA_TARGET static bool same4(__m256i a, E::__m256i b) {
    uint64_t t[4];
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(t), a);
    return std::memcmp(t, b.v, 32) == 0;
}

template <int Imm>
IFMA_TARGET static void immediates4(const Lanes& a, const Lanes& b, size_t* wrong) {
    check(same4(_mm256_permute4x64_epi64(real4(a), Imm), (E::_mm256_permute4x64_epi64)(emu4(a), Imm)),
          "_mm256_permute4x64_epi64", wrong);
    check(same4(_mm256_blend_epi32(real4(a), real4(b), Imm), (E::_mm256_blend_epi32)(emu4(a), emu4(b), Imm)),
          "_mm256_blend_epi32", wrong);
    check(same4(_mm256_shuffle_epi32(real4(a), Imm), (E::_mm256_shuffle_epi32)(emu4(a), Imm)), "_mm256_shuffle_epi32",
          wrong);
    check(same4(_mm256_srli_epi64(real4(a), Imm % 64), (E::_mm256_srli_epi64)(emu4(a), Imm % 64)), "_mm256_srli_epi64",
          wrong);
    check(same4(_mm256_slli_epi64(real4(a), Imm % 64), (E::_mm256_slli_epi64)(emu4(a), Imm % 64)), "_mm256_slli_epi64",
          wrong);
}

IFMA_TARGET static void compare_all4(size_t trials) {
    size_t wrong = 0;
    for (size_t n = 0; n < trials; ++n) {
        const Lanes a = random_lanes(), b = random_lanes(), c = random_lanes();
        const __m256i ra = real4(a), rb = real4(b), rc = real4(c);
        const E::__m256i ea = emu4(a), eb = emu4(b), ec = emu4(c);
        check(same4(_mm256_add_epi64(ra, rb), (E::_mm256_add_epi64)(ea, eb)), "_mm256_add_epi64", &wrong);
        check(same4(_mm256_sub_epi64(ra, rb), (E::_mm256_sub_epi64)(ea, eb)), "_mm256_sub_epi64", &wrong);
        check(same4(_mm256_and_si256(ra, rb), (E::_mm256_and_si256)(ea, eb)), "_mm256_and_si256", &wrong);
        check(same4(_mm256_or_si256(ra, rb), (E::_mm256_or_si256)(ea, eb)), "_mm256_or_si256", &wrong);
        check(same4(_mm256_xor_si256(ra, rb), (E::_mm256_xor_si256)(ea, eb)), "_mm256_xor_si256", &wrong);
        check(same4(_mm256_madd52lo_epu64(ra, rb, rc), (E::_mm256_madd52lo_epu64)(ea, eb, ec)), "_mm256_madd52lo_epu64",
              &wrong);
        check(same4(_mm256_madd52hi_epu64(ra, rb, rc), (E::_mm256_madd52hi_epu64)(ea, eb, ec)), "_mm256_madd52hi_epu64",
              &wrong);
        Lanes b2 = b;
        for (int j = 0; j < 4; ++j)
            if (rnd() & 1) b2.v[j] = a.v[j];
        check(same4(_mm256_cmpeq_epi64(ra, real4(b2)), (E::_mm256_cmpeq_epi64)(ea, emu4(b2))), "_mm256_cmpeq_epi64",
              &wrong);
        check(same4(_mm256_set1_epi64x(static_cast<long long>(a.v[0])),
                    (E::_mm256_set1_epi64x)(static_cast<long long>(a.v[0]))),
              "_mm256_set1_epi64x", &wrong);
        check(same4(_mm256_setr_epi64x(a.v[0], a.v[1], a.v[2], a.v[3]),
                    (E::_mm256_setr_epi64x)(a.v[0], a.v[1], a.v[2], a.v[3])),
              "_mm256_setr_epi64x", &wrong);
        uint64_t s1[4], s2[4];
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(s1), ra);
        (E::_mm256_storeu_si256)(reinterpret_cast<E::__m256i*>(s2),
                                 (E::_mm256_loadu_si256)(reinterpret_cast<const E::__m256i*>(a.v)));
        check(std::memcmp(s1, s2, 32) == 0, "_mm256_storeu_si256(_mm256_loadu_si256)", &wrong);
        immediates4<0x00>(a, b, &wrong);
        immediates4<0x1b>(a, b, &wrong);
        immediates4<0x33>(a, b, &wrong);
        immediates4<0x39>(a, b, &wrong);
        immediates4<0x5a>(a, b, &wrong);
        immediates4<0xc0>(a, b, &wrong);
        immediates4<0xe4>(a, b, &wrong);
        immediates4<0xff>(a, b, &wrong);
        immediates4<0x44>(a, b, &wrong);  // shuf4 (field4.hpp): the low, high and swapped pairs of each half
        immediates4<0xee>(a, b, &wrong);
        immediates4<0x4e>(a, b, &wrong);
    }
    check(same4(_mm256_setzero_si256(), (E::_mm256_setzero_si256)()), "_mm256_setzero_si256", &wrong);
    if (wrong == 0) ++g_pass;
    else ++g_fail;
    std::printf("%zu random and edge trials of every emulated 256-bit intrinsic: %zu mismatches\n", trials, wrong);
}

// Every pair of edge values through the multipliers, lane by lane (the products at the 52-bit bounds).
IFMA_TARGET static void madd_edges() {
    size_t wrong = 0;
    for (int x = 0; x < N_EDGES; ++x)
        for (int y = 0; y < N_EDGES; ++y) {
            Lanes a, b, c;
            for (int j = 0; j < 8; ++j) {
                a.v[j] = EDGES[(x + y + j) % N_EDGES];
                b.v[j] = EDGES[x];
                c.v[j] = EDGES[(y + j) % N_EDGES];
            }
            check(same(_mm512_madd52lo_epu64(real(a), real(b), real(c)),
                       (E::_mm512_madd52lo_epu64)(emu(a), emu(b), emu(c))),
                  "_mm512_madd52lo_epu64 at the edges", &wrong);
            check(same(_mm512_madd52hi_epu64(real(a), real(b), real(c)),
                       (E::_mm512_madd52hi_epu64)(emu(a), emu(b), emu(c))),
                  "_mm512_madd52hi_epu64 at the edges", &wrong);
        }
    if (wrong == 0) ++g_pass;
    else ++g_fail;
}

int main() {
    if (!(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma") &&
          __builtin_cpu_supports("avx512vl"))) {
        std::printf("ifma: not available on this CPU\n0 passed, 0 failed\n");
        return 0;
    }
    compare_all(200000);
    compare_all4(100000);
    madd_edges();
    std::printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail == 0 ? 0 : 1;
}
