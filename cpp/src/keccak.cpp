// Keccak-f[1600] (FIPS 202 section 3): theta, rho, pi, chi and iota, 24 rounds on 25 64-bit lanes.
#include "pyristretto/keccak.hpp"

#include <cstring>

#include <sodium.h>

namespace pyristretto {
namespace {

// rc(t) of FIPS 202 Algorithm 5: the output bit of the LFSR x^8 + x^6 + x^5 + x^4 + 1 after t steps.
constexpr bool lfsr_bit(unsigned t) {
    unsigned r = 1;  // bits r[0..7], r[0] in bit 0
    for (unsigned i = 0; i < t % 255; ++i) {
        unsigned r8 = (r >> 7) & 1;  // the bit shifted out becomes the feedback
        r = (r << 1) & 0xFF;
        r ^= r8 | (r8 << 4) | (r8 << 5) | (r8 << 6);
    }
    return r & 1;
}

struct RoundConstants {
    uint64_t rc[24];
};

// iota's constants (FIPS 202 Algorithm 6): bit 2^j - 1 of RC[i] is rc(j + 7i), j = 0..6.
constexpr RoundConstants make_round_constants() {
    RoundConstants out{};
    for (unsigned i = 0; i < 24; ++i)
        for (unsigned j = 0; j < 7; ++j)
            if (lfsr_bit(j + 7 * i)) out.rc[i] |= uint64_t{1} << ((1u << j) - 1);
    return out;
}

constexpr RoundConstants kRC = make_round_constants();
static_assert(kRC.rc[0] == 1 && kRC.rc[1] == 0x8082 && kRC.rc[23] == 0x8000000080008008ULL,
              "the LFSR must give FIPS 202's first, second and last round constants");

// rho's rotation offsets (FIPS 202 Algorithm 2): (t + 1)(t + 2) / 2 mod 64 for the t-th lane visited from
// (x, y) = (1, 0) by (x, y) <- (y, 2x + 3y mod 5); lane (0, 0) is not rotated. Indexed by lane x + 5y.
struct RhoOffsets {
    unsigned r[25];
};

constexpr RhoOffsets make_rho_offsets() {
    RhoOffsets out{};
    unsigned x = 1, y = 0;
    for (unsigned t = 0; t < 24; ++t) {
        out.r[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
        unsigned nx = y, ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
    return out;
}

constexpr RhoOffsets kRho = make_rho_offsets();
static_assert(kRho.r[1] == 1 && kRho.r[2] == 62 && kRho.r[5] == 36 && kRho.r[24] == 14,
              "rho offsets of FIPS 202 Table 2");

// pi moves lane x + 5y to lane y + 5(2x + 3y mod 5); from[j] is the lane that lands on lane j.
struct PiSources {
    unsigned from[25];
};

constexpr PiSources make_pi_sources() {
    PiSources out{};
    for (unsigned x = 0; x < 5; ++x)
        for (unsigned y = 0; y < 5; ++y) out.from[y + 5 * ((2 * x + 3 * y) % 5)] = x + 5 * y;
    return out;
}

constexpr PiSources kPi = make_pi_sources();

#if defined(__clang__)
#define PYR_DO_PRAGMA(x) _Pragma(#x)
#define PYR_UNROLL(n) PYR_DO_PRAGMA(clang loop unroll(full))
#elif defined(__GNUC__)
#define PYR_DO_PRAGMA(x) _Pragma(#x)
#define PYR_UNROLL(n) PYR_DO_PRAGMA(GCC unroll n)
#else
#define PYR_UNROLL(n)
#endif

inline uint64_t rotl(uint64_t v, unsigned n) { return n ? (v << n) | (v >> (64 - n)) : v; }

// One round from the lanes in `in` to `out`. Every index is a compile-time constant once the loops are unrolled
// (no % at run time). The steps are fused row by row: each row of the result takes its five lanes through
// theta (the column parities d), rho (rotations) and pi (the lanes' new places) in registers, then chi.
inline void keccak_round(const uint64_t* in, uint64_t* out, uint64_t rc) noexcept {
    uint64_t c[5], d[5];
    PYR_UNROLL(5)
    for (unsigned x = 0; x < 5; ++x) c[x] = in[x] ^ in[x + 5] ^ in[x + 10] ^ in[x + 15] ^ in[x + 20];
    PYR_UNROLL(5)
    for (unsigned x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
    PYR_UNROLL(5)
    for (unsigned y = 0; y < 25; y += 5) {
        uint64_t b[5];
        PYR_UNROLL(5)
        for (unsigned x = 0; x < 5; ++x) {
            unsigned i = kPi.from[x + y];
            b[x] = rotl(in[i] ^ d[i % 5], kRho.r[i]);
        }
        PYR_UNROLL(5)
        for (unsigned x = 0; x < 5; ++x) out[x + y] = b[x] ^ (~b[(x + 1) % 5] & b[(x + 2) % 5]);  // chi
    }
    out[0] ^= rc;  // iota
}

}  // namespace

void keccak_f1600_lanes(uint64_t a[25]) noexcept {
    uint64_t e[25];
    for (unsigned round = 0; round < 24; round += 2) {  // two rounds, the lanes going a -> e -> a
        keccak_round(a, e, kRC.rc[round]);
        keccak_round(e, a, kRC.rc[round + 1]);
    }
    sodium_memzero(e, sizeof e);
}

void keccak_f1600(uint8_t state[kKeccakStateBytes]) noexcept {
    uint64_t lanes[25];
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    std::memcpy(lanes, state, sizeof lanes);  // the byte order of the lanes is the host's
    keccak_f1600_lanes(lanes);
    std::memcpy(state, lanes, sizeof lanes);
#else
    for (unsigned i = 0; i < 25; ++i) {
        uint64_t v = 0;
        for (unsigned k = 0; k < 8; ++k) v |= uint64_t{state[8 * i + k]} << (8 * k);
        lanes[i] = v;
    }
    keccak_f1600_lanes(lanes);
    for (unsigned i = 0; i < 25; ++i)
        for (unsigned k = 0; k < 8; ++k) state[8 * i + k] = static_cast<uint8_t>(lanes[i] >> (8 * k));
#endif
    sodium_memzero(lanes, sizeof lanes);
}

}  // namespace pyristretto
