// Portable stand-ins for the AVX-512 intrinsics the IFMA backend uses, for the constant-time check only
// (tests/test_constant_time.py builds cpp/tests/ct_check.cpp with -DPYRISTRETTO_IFMA_EMULATE). valgrind cannot run
// AVX-512 instructions, so under this macro every IFMA source is compiled against these lane loops instead, and
// memcheck then sees the IFMA code's own control flow and memory addresses (the C++ around the intrinsics is the
// same source): a branch or an address that depends on a secret is reported there as in the portable code.
//
// The stand-ins keep the intrinsics' types and semantics (cpp/tests/test_ifma_emulation.cpp compares each with the
// real instruction on edge and random lanes) and are branch-free and index-free in lane values, as the instructions
// are: comparisons and blends are arithmetic on the values, and only gather/scatter form addresses from them (the
// real instructions do too, and the constant-time code never passes them a secret). Never used in the extension.
#pragma once
#include <cstdint>
#include <cstring>

namespace pyristretto {
namespace ifma_emulation {

struct __m512i {  // 8-byte aligned: only memcpy touches it (64-byte alignment would change the call ABI)
    uint64_t v[8];
};
struct __m128i {
    uint64_t v[2];
};
typedef uint8_t __mmask8;

#define PYR_EMU_LANES(expr)                      \
    __m512i r;                                   \
    for (int j = 0; j < 8; ++j) r.v[j] = (expr); \
    return r

inline __m512i _mm512_setzero_si512() { return __m512i{{0, 0, 0, 0, 0, 0, 0, 0}}; }
inline __m512i _mm512_set1_epi64(long long x) { PYR_EMU_LANES(static_cast<uint64_t>(x)); }
inline __m512i _mm512_setr_epi64(long long e0, long long e1, long long e2, long long e3, long long e4, long long e5,
                                 long long e6, long long e7) {
    return __m512i{{uint64_t(e0), uint64_t(e1), uint64_t(e2), uint64_t(e3), uint64_t(e4), uint64_t(e5), uint64_t(e6),
                    uint64_t(e7)}};
}
inline __m512i _mm512_add_epi64(__m512i a, __m512i b) { PYR_EMU_LANES(a.v[j] + b.v[j]); }
inline __m512i _mm512_sub_epi64(__m512i a, __m512i b) { PYR_EMU_LANES(a.v[j] - b.v[j]); }
inline __m512i _mm512_and_si512(__m512i a, __m512i b) { PYR_EMU_LANES(a.v[j] & b.v[j]); }
inline __m512i _mm512_or_si512(__m512i a, __m512i b) { PYR_EMU_LANES(a.v[j] | b.v[j]); }
// Counts of 64 and more give 0, as vpsrlq/vpsllq do (the count is a public immediate).
inline __m512i _mm512_srli_epi64(__m512i a, unsigned k) { PYR_EMU_LANES(k > 63 ? 0 : a.v[j] >> k); }
inline __m512i _mm512_slli_epi64(__m512i a, unsigned k) { PYR_EMU_LANES(k > 63 ? 0 : a.v[j] << k); }

// vpmadd52luq / vpmadd52huq: the low 52 bits of each operand multiplied; the low (high) 52 bits of the 104-bit
// product added to the accumulator lane, mod 2^64.
constexpr uint64_t kLow52 = (uint64_t(1) << 52) - 1;
inline unsigned __int128 product52(uint64_t b, uint64_t c) {
    return static_cast<unsigned __int128>(b & kLow52) * (c & kLow52);
}
inline __m512i _mm512_madd52lo_epu64(__m512i a, __m512i b, __m512i c) {
    PYR_EMU_LANES(a.v[j] + (static_cast<uint64_t>(product52(b.v[j], c.v[j])) & kLow52));
}
inline __m512i _mm512_madd52hi_epu64(__m512i a, __m512i b, __m512i c) {
    PYR_EMU_LANES(a.v[j] + static_cast<uint64_t>(product52(b.v[j], c.v[j]) >> 52));
}

// Lane masks without comparisons the compiler could turn into branches: x == 0 iff (x | -x) has bit 63 clear;
// the signed x < y is Hacker's Delight's ((x - y) ^ ((x ^ y) & ((x - y) ^ x))) >> 63.
inline uint64_t nonzero_bit(uint64_t x) { return (x | (0 - x)) >> 63; }
inline __mmask8 _mm512_cmpeq_epi64_mask(__m512i a, __m512i b) {
    unsigned m = 0;
    for (int j = 0; j < 8; ++j) m |= unsigned((nonzero_bit(a.v[j] ^ b.v[j]) ^ 1) << j);
    return static_cast<__mmask8>(m);
}
inline __mmask8 _mm512_test_epi64_mask(__m512i a, __m512i b) {
    unsigned m = 0;
    for (int j = 0; j < 8; ++j) m |= unsigned(nonzero_bit(a.v[j] & b.v[j]) << j);
    return static_cast<__mmask8>(m);
}
inline __mmask8 _mm512_cmplt_epi64_mask(__m512i a, __m512i b) {
    unsigned m = 0;
    for (int j = 0; j < 8; ++j) {
        const uint64_t x = a.v[j], y = b.v[j], d = x - y;
        m |= unsigned(((d ^ ((x ^ y) & (d ^ x))) >> 63) << j);
    }
    return static_cast<__mmask8>(m);
}
// All ones where bit j of k is set, else zero, through an empty asm: without it clang turns the four-lane blends
// below into conditional moves on the mask, which the valgrind check (rightly) reports.
inline uint64_t lane_mask(__mmask8 k, int j) {
    uint64_t m = 0 - uint64_t((k >> j) & 1);
    __asm__("" : "+r"(m));
    return m;
}
// Lane j from b where bit j of k is set, else from a: a mask of all ones or all zeros, no branch.
inline __m512i _mm512_mask_blend_epi64(__mmask8 k, __m512i a, __m512i b) {
    PYR_EMU_LANES(a.v[j] ^ ((a.v[j] ^ b.v[j]) & lane_mask(k, j)));
}
inline __m512i _mm512_abs_epi64(__m512i a) {
    PYR_EMU_LANES((a.v[j] ^ uint64_t(int64_t(a.v[j]) >> 63)) - uint64_t(int64_t(a.v[j]) >> 63));
}

// Lane j from lane idx[j] mod 8 of a (the index vector is public wherever the IFMA code permutes).
inline __m512i _mm512_permutexvar_epi64(__m512i idx, __m512i a) { PYR_EMU_LANES(a.v[idx.v[j] & 7]); }

inline __m128i _mm_loadl_epi64(const __m128i* p) {
    __m128i r{{0, 0}};
    std::memcpy(&r.v[0], p, 8);
    return r;
}
// The low eight bytes, each sign-extended to a lane.
inline __m512i _mm512_cvtepi8_epi64(__m128i a) { PYR_EMU_LANES(uint64_t(int64_t(int8_t(uint8_t(a.v[0] >> (8 * j)))))); }

inline void _mm512_store_si512(void* p, __m512i a) { std::memcpy(p, a.v, sizeof a.v); }
inline __m512i _mm512_i64gather_epi64(__m512i idx, const void* base, int scale) {
    __m512i r;
    for (int j = 0; j < 8; ++j) std::memcpy(&r.v[j], static_cast<const char*>(base) + int64_t(idx.v[j]) * scale, 8);
    return r;
}
inline void _mm512_i64scatter_epi64(void* base, __m512i idx, __m512i a, int scale) {
    for (int j = 0; j < 8; ++j) std::memcpy(static_cast<char*>(base) + int64_t(idx.v[j]) * scale, &a.v[j], 8);
}

// The 256-bit forms the four-lane code (field4.hpp) uses: one point's coordinates in four lanes.
struct __m256i {
    uint64_t v[4];
};
#define PYR_EMU_LANES4(expr)                     \
    __m256i r;                                   \
    for (int j = 0; j < 4; ++j) r.v[j] = (expr); \
    return r
inline __m256i _mm256_setzero_si256() { return __m256i{{0, 0, 0, 0}}; }
inline __m256i _mm256_set1_epi64x(long long x) { PYR_EMU_LANES4(static_cast<uint64_t>(x)); }
inline __m256i _mm256_setr_epi64x(long long e0, long long e1, long long e2, long long e3) {
    return __m256i{{uint64_t(e0), uint64_t(e1), uint64_t(e2), uint64_t(e3)}};
}
inline __m256i _mm256_add_epi64(__m256i a, __m256i b) { PYR_EMU_LANES4(a.v[j] + b.v[j]); }
inline __m256i _mm256_sub_epi64(__m256i a, __m256i b) { PYR_EMU_LANES4(a.v[j] - b.v[j]); }
inline __m256i _mm256_and_si256(__m256i a, __m256i b) { PYR_EMU_LANES4(a.v[j] & b.v[j]); }
inline __m256i _mm256_or_si256(__m256i a, __m256i b) { PYR_EMU_LANES4(a.v[j] | b.v[j]); }
inline __m256i _mm256_xor_si256(__m256i a, __m256i b) { PYR_EMU_LANES4(a.v[j] ^ b.v[j]); }
inline __m256i _mm256_srli_epi64(__m256i a, unsigned k) { PYR_EMU_LANES4(k > 63 ? 0 : a.v[j] >> k); }
inline __m256i _mm256_slli_epi64(__m256i a, unsigned k) { PYR_EMU_LANES4(k > 63 ? 0 : a.v[j] << k); }
inline __m256i _mm256_madd52lo_epu64(__m256i a, __m256i b, __m256i c) {
    PYR_EMU_LANES4(a.v[j] + (static_cast<uint64_t>(product52(b.v[j], c.v[j])) & kLow52));
}
inline __m256i _mm256_madd52hi_epu64(__m256i a, __m256i b, __m256i c) {
    PYR_EMU_LANES4(a.v[j] + static_cast<uint64_t>(product52(b.v[j], c.v[j]) >> 52));
}
// Lane j from lane (imm >> 2j) & 3 (a public immediate, as vpermq's).
inline __m256i _mm256_permute4x64_epi64(__m256i a, int imm) { PYR_EMU_LANES4(a.v[(imm >> (2 * j)) & 3]); }
// 32-bit element e of each 128-bit half from element (imm >> 2e) & 3 of the same half (vpshufd; imm public).
inline __m256i _mm256_shuffle_epi32(__m256i a, int imm) {
    __m256i r;
    for (int j = 0; j < 4; ++j) {
        uint64_t v = 0;
        for (int e = 0; e < 2; ++e) {
            const int src = ((imm >> (2 * (2 * (j & 1) + e))) & 3);  // dword of the half
            const uint64_t d = (a.v[(j & 2) | (src >> 1)] >> (32 * (src & 1))) & 0xffffffffull;
            v |= d << (32 * e);
        }
        r.v[j] = v;
    }
    return r;
}
// 32-bit element e from b where bit e of imm is set (vpblendd; imm public).
inline __m256i _mm256_blend_epi32(__m256i a, __m256i b, int imm) {
    __m256i r;
    for (int j = 0; j < 4; ++j) {
        const uint64_t m =
            ((imm >> (2 * j)) & 1 ? 0xffffffffull : 0) | ((imm >> (2 * j + 1)) & 1 ? 0xffffffff00000000ull : 0);
        r.v[j] = (a.v[j] & ~m) | (b.v[j] & m);
    }
    return r;
}
// All ones where equal: arithmetic, no comparison the compiler could branch on.
inline __m256i _mm256_cmpeq_epi64(__m256i a, __m256i b) { PYR_EMU_LANES4(0 - (nonzero_bit(a.v[j] ^ b.v[j]) ^ 1)); }
inline __mmask8 _mm256_cmpeq_epi64_mask(__m256i a, __m256i b) {
    unsigned m = 0;
    for (int j = 0; j < 4; ++j) m |= unsigned((nonzero_bit(a.v[j] ^ b.v[j]) ^ 1) << j);
    return static_cast<__mmask8>(m);
}
// Lane j from b where bit j of k is set, else from a, as the 512-bit form.
inline __m256i _mm256_mask_blend_epi64(__mmask8 k, __m256i a, __m256i b) {
    PYR_EMU_LANES4(a.v[j] ^ ((a.v[j] ^ b.v[j]) & lane_mask(k, j)));
}
// Lane j is a - b where bit j of k is set, else src's.
inline __m256i _mm256_mask_sub_epi64(__m256i src, __mmask8 k, __m256i a, __m256i b) {
    PYR_EMU_LANES4(src.v[j] ^ ((src.v[j] ^ (a.v[j] - b.v[j])) & lane_mask(k, j)));
}
inline void _mm256_storeu_si256(__m256i* p, __m256i a) { std::memcpy(p, a.v, sizeof a.v); }
inline __m256i _mm256_loadu_si256(const __m256i* p) {
    __m256i r;
    std::memcpy(r.v, p, sizeof r.v);
    return r;
}
#undef PYR_EMU_LANES4

#undef PYR_EMU_LANES

}  // namespace ifma_emulation

namespace ifma {
using namespace ifma_emulation;
}  // namespace ifma
}  // namespace pyristretto
