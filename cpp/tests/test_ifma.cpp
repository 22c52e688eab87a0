// Differential tests of the AVX-512 IFMA backend (ifma/*.hpp, ifma_*.cpp) against the portable radix-2^51 code,
// which test_core.cpp checks against a reference field, the RFC 9496 vectors and libsodium: the eight-lane field at
// its limb bounds and on millions of random inputs, batch decoding (RFC vectors, random bytes, libsodium points),
// constant-time Straus and Pippenger (against libsodium), the fixed-base comb (FixedBaseTable::mul / mul2, base_mul,
// pedersen_commit; against the portable comb and libsodium). Expected values come from the portable backend or
// libsodium, never from the IFMA code.
//
//   g++ -std=c++17 -O2 -Icpp/include cpp/tests/test_ifma.cpp cpp/src/*.cpp cpp/src/*/*.cpp -lsodium -lpthread \
//       -o /tmp/test_ifma
//   /tmp/test_ifma tests/vectors/ristretto255.json [--quick] [--bench]
//
// Prints one line per failure and ends with "N passed, M failed"; exits non-zero on any failure. On a CPU without
// AVX-512 IFMA (or under valgrind, whose CPU has none) it says "ifma: not available" and checks only that the
// dispatch stays portable.
// --bench: both backends side by side in one run, one thread: field multiplication and squaring, decoding 4096
// points, msm_vartime (n = 4096) and msm (n = 128) through the public entry points, MSMTable::msm (n = 128), the
// IFMA Straus and Pippenger crossovers, FixedBaseTable::mul and mul2.
#include <sodium.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "pyristretto/backend.hpp"
#include "pyristretto/field.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/ifma/decode.hpp"
#include "pyristretto/ifma/edwards4.hpp"
#include "pyristretto/ifma/fixed_base.hpp"
#include "pyristretto/ifma/one_way_map.hpp"
#include "pyristretto/ifma/pippenger.hpp"
#include "pyristretto/ifma/scalar_mul.hpp"
#include "pyristretto/ifma/straus.hpp"
#include "pyristretto/ifma/straus_vartime.hpp"
#include "pyristretto/msm.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/msm_table.hpp"
#include "pyristretto/point_vector.hpp"
#include "pyristretto/portable/pippenger.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <ctime>

#include "check.hpp"

using namespace pyristretto;
typedef FieldElement FE;

constexpr uint64_t BOUND = uint64_t(1) << 52;  // the input bound of every IFMA field function (field8.hpp)

static std::string limbs(const FE& a) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "[%llx %llx %llx %llx %llx]", (unsigned long long)a.limb[0],
                  (unsigned long long)a.limb[1], (unsigned long long)a.limb[2], (unsigned long long)a.limb[3],
                  (unsigned long long)a.limb[4]);
    return buf;
}

static bool same_value(const FE& a, const FE& b) {
    uint8_t x[32], y[32];
    a.to_bytes(x);
    b.to_bytes(y);
    return std::memcmp(x, y, 32) == 0;
}

static bool within_bound(const FE& a) {
    for (int i = 0; i < 5; ++i)
        if (a.limb[i] >= BOUND) return false;
    return true;
}

// Limbs uniform in [0, 2^52): every representation the IFMA functions accept, not only carried ones.
static FE random_fe() { return FE{{rnd() >> 12, rnd() >> 12, rnd() >> 12, rnd() >> 12, rnd() >> 12}}; }

// Per-limb values at the edges of the bounds: 0, 1, the radix and its neighbours, the largest carried limb of a
// product (2^51 + 2^15 - 1), p's limbs, and the largest accepted limb 2^52 - 1.
static const uint64_t EDGE_LIMBS[] = {0,
                                      1,
                                      19,
                                      (uint64_t(1) << 51) - 19,
                                      (uint64_t(1) << 51) - 1,
                                      uint64_t(1) << 51,
                                      (uint64_t(1) << 51) + (uint64_t(1) << 15) - 1,
                                      BOUND - 1};
constexpr int N_EDGE = sizeof(EDGE_LIMBS) / sizeof(EDGE_LIMBS[0]);

static FE edge_fe(unsigned code) {  // code in [0, N_EDGE^5): one limb value per base-N_EDGE digit
    FE a;
    for (int i = 0; i < 5; ++i) {
        a.limb[i] = EDGE_LIMBS[code % N_EDGE];
        code /= N_EDGE;
    }
    return a;
}

// Runs an eight-lane operation against its portable twin over `batches` batches of inputs from gen, reporting the
// first mismatch (value, or an output limb >= 2^52) and one check per operation.
template <class Gen>
static void diff_binary(const char* name, size_t batches, Gen gen, void (*lanes)(FE*, const FE*, const FE*),
                        FE (*portable)(const FE&, const FE&)) {
    size_t bad = 0;
    std::string first;
    for (size_t n = 0; n < batches; ++n) {
        FE a[8], b[8], r[8];
        for (int j = 0; j < 8; ++j) gen(a[j], b[j]);
        lanes(r, a, b);
        for (int j = 0; j < 8; ++j) {
            const FE want = portable(a[j], b[j]);
            if (!same_value(r[j], want) || !within_bound(r[j])) {
                if (bad++ == 0)
                    first = limbs(a[j]) + " " + limbs(b[j]) + " -> " + limbs(r[j]) + ", want " + limbs(want);
            }
        }
    }
    check(bad == 0, std::string(name) + ": " + std::to_string(bad) + " of " + std::to_string(8 * batches) +
                        " lanes differ from the portable backend; first " + first);
}

static FE p_mul(const FE& a, const FE& b) { return a * b; }
static FE p_add(const FE& a, const FE& b) { return a + b; }
static FE p_sub(const FE& a, const FE& b) { return a - b; }
static FE p_square(const FE& a, const FE&) { return a.square(); }
static FE p_invert(const FE& a, const FE&) { return a.invert(); }
static void l_square(FE* r, const FE* a, const FE*) { ifma::square_batch(r, a); }
static void l_invert(FE* r, const FE* a, const FE*) { ifma::invert_batch(r, a); }

static void test_field(bool quick) {
    const size_t random_batches = quick ? 20000 : 250000;  // 8 lanes each: 2 million products per operation in full
    auto random_pair = [](FE& a, FE& b) {
        a = random_fe();
        b = random_fe();
    };
    diff_binary("mul random", random_batches, random_pair, ifma::mul_batch, p_mul);
    diff_binary("square random", random_batches, random_pair, l_square, p_square);
    diff_binary("add random", random_batches, random_pair, ifma::add_batch, p_add);
    diff_binary("sub random", random_batches, random_pair, ifma::sub_batch, p_sub);

    // Every combination of edge limbs (8^5 = 32768 elements) squared, multiplied by random edge elements, and used
    // in sums and differences.
    const unsigned n_codes = N_EDGE * N_EDGE * N_EDGE * N_EDGE * N_EDGE;
    unsigned code = 0;
    auto all_edges = [&](FE& a, FE& b) {
        a = edge_fe(code++ % n_codes);
        b = edge_fe(unsigned(rnd() % n_codes));
    };
    const size_t edge_batches = n_codes / 8;
    diff_binary("square edge limbs", edge_batches, all_edges, l_square, p_square);
    diff_binary("mul edge limbs", edge_batches, all_edges, ifma::mul_batch, p_mul);
    diff_binary("add edge limbs", edge_batches, all_edges, ifma::add_batch, p_add);
    diff_binary("sub edge limbs", edge_batches, all_edges, ifma::sub_batch, p_sub);
    auto all_max = [](FE& a, FE& b) { a = b = edge_fe(N_EDGE * N_EDGE * N_EDGE * N_EDGE * N_EDGE - 1); };
    diff_binary("mul all limbs 2^52 - 1", 1, all_max, ifma::mul_batch, p_mul);

    // Outputs fed back as inputs: long chains stay exact (the output bound is a valid input bound).
    {
        FE x[8], y[8], px[8];
        for (int j = 0; j < 8; ++j) {
            x[j] = px[j] = random_fe();
            y[j] = edge_fe(unsigned(rnd() % n_codes));
        }
        ifma::mul_chain(x, y, 10000);
        for (int r = 0; r < 10000; ++r)
            for (int j = 0; j < 8; ++j) px[j] = px[j] * y[j];
        bool ok = true;
        for (int j = 0; j < 8; ++j) ok = ok && same_value(x[j], px[j]) && within_bound(x[j]);
        check(ok, "10000 chained multiplications equal the portable chain");
        for (int j = 0; j < 8; ++j) {
            x[j] = px[j] = random_fe();
        }
        ifma::square_chain(x, 10000);
        for (int j = 0; j < 8; ++j) px[j] = px[j].pow2k(10000);
        ok = true;
        for (int j = 0; j < 8; ++j) ok = ok && same_value(x[j], px[j]) && within_bound(x[j]);
        check(ok, "10000 chained squarings equal the portable pow2k");
    }

    auto random_one = [](FE& a, FE& b) {
        a = random_fe();
        b = FE::zero();
    };
    diff_binary("invert random", quick ? 200 : 2000, random_one, l_invert, p_invert);
    auto edge_one = [&](FE& a, FE& b) {
        a = edge_fe(unsigned(rnd() % n_codes));
        b = FE::zero();
    };
    diff_binary("invert edge limbs", 200, edge_one, l_invert, p_invert);
}

// Values near 0 and p in several representations (limbs up to 2^52 - 1 make p, 2p, ... reachable).
static std::vector<FE> special_values() {
    const uint64_t M = (uint64_t(1) << 51) - 1;
    std::vector<FE> v = {
        FE::zero(),
        FE::one(),
        FE{{M - 18, M, M, M, M}},                            // p
        FE{{M - 19, M, M, M, M}},                            // p - 1
        FE{{M - 17, M, M, M, M}},                            // p + 1
        FE{{M, M, M, M, M}},                                 // 2^255 - 1 = p + 18
        FE{{2 * M - 37, M, M, M, M}},                        // 2p - 1 + ... with limb 0 above 2^51
        FE{{M - 18 + (uint64_t(1) << 51), M - 1, M, M, M}},  // p, limb 0 borrowed from limb 1
        FE{{BOUND - 1, BOUND - 1, BOUND - 1, BOUND - 1, BOUND - 1}},
        FE{{19, 0, 0, 0, uint64_t(1) << 51}},  // 2^255 + 19 = 38 mod p, through the top carry
        FE{{0, 0, 0, 0, uint64_t(1) << 51}},   // 2^255 = 19
    };
    for (int i = 0; i < 64; ++i) {  // p + k and p - k for small k, and random limbs
        FE a = FE{{M - 18, M, M, M, M}};
        a.limb[0] += static_cast<uint64_t>(i) - 32 + 64;  // p + i + 32 (limb 0 stays < 2^52)
        v.push_back(a);
        v.push_back(random_fe());
    }
    return v;
}

static void test_predicates() {
    std::vector<FE> v = special_values();
    while (v.size() % 8) v.push_back(FE::zero());
    size_t bad = 0;
    std::string first;
    for (size_t i = 0; i < v.size(); i += 8) {
        FE canon[8];
        const uint8_t z = ifma::is_zero_batch(&v[i]);
        const uint8_t n = ifma::is_negative_batch(&v[i]);
        ifma::canonical_batch(canon, &v[i]);
        for (int j = 0; j < 8; ++j) {
            const FE& a = v[i + j];
            uint8_t want[32], got[32];
            a.to_bytes(want);
            // canonical limbs must be the value's unique representative: re-encode without any reduction.
            const FE& c = canon[j];
            bool limbs_canonical = true;
            for (int k = 0; k < 5; ++k) limbs_canonical = limbs_canonical && c.limb[k] < (uint64_t(1) << 51);
            c.to_bytes(got);
            const FE again = FE::from_bytes(want);
            bool same_limbs = true;
            for (int k = 0; k < 5; ++k) same_limbs = same_limbs && again.limb[k] == c.limb[k];
            const bool ok = ((z >> j) & 1) == a.is_zero() && ((n >> j) & 1) == a.is_negative() && limbs_canonical &&
                            same_limbs && std::memcmp(want, got, 32) == 0;
            if (!ok && bad++ == 0) first = limbs(a) + " -> " + limbs(c);
        }
    }
    check(bad == 0, "is_zero/is_negative/canonical near 0 and p: " + std::to_string(bad) + " differ; first " + first);
}

static void test_sqrt_ratio(bool quick) {
    size_t bad = 0;
    std::string first;
    const size_t batches = quick ? 100 : 1000;
    for (size_t n = 0; n < batches; ++n) {
        FE u[8], v[8], r[8];
        for (int j = 0; j < 8; ++j) {
            u[j] = random_fe();
            v[j] = random_fe();
            switch (rnd() % 8) {  // the RFC's special cases, and ratios that are squares by construction
                case 0:
                    u[j] = FE::zero();
                    break;
                case 1:
                    v[j] = FE::zero();
                    break;
                case 2: {
                    const FE w = random_fe();
                    u[j] = w.square() * v[j];
                    break;
                }
                case 3:
                    u[j] = v[j];
                    break;
                default:
                    break;
            }
        }
        const uint8_t sq = ifma::sqrt_ratio_i_batch(r, u, v);
        for (int j = 0; j < 8; ++j) {
            FE want;
            const uint8_t want_sq = FE::sqrt_ratio_i(u[j], v[j], want);
            if ((((sq >> j) & 1) != want_sq || !same_value(r[j], want) || !within_bound(r[j])) && bad++ == 0)
                first = limbs(u[j]) + " / " + limbs(v[j]);
        }
    }
    check(bad == 0, "sqrt_ratio_i: " + std::to_string(bad) + " of " + std::to_string(8 * batches) +
                        " lanes differ from the portable backend; first " + first);
}

// ---- decoding -----------------------------------------------------------------------------------------------

static bool same_point(const EdwardsPoint& a, const EdwardsPoint& b) {
    return same_value(a.X, b.X) && same_value(a.Y, b.Y) && same_value(a.Z, b.Z) && same_value(a.T, b.T);
}

// Portable expectation for decode_many: the index of the first invalid encoding, points before it decoded.
static size_t portable_decode_many(EdwardsPoint* out, const uint8_t* enc, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (!ristretto_decode(out[i], enc + 32 * i)) return i;
    return n;
}

// Decodes each encoding alone (in a padded batch) and all of them in batches of eight where every lane may be valid
// or not; both must agree with the portable decoder on validity and, for valid ones, on X, Y, Z, T mod p.
static void diff_decode(const char* name, const std::vector<uint8_t>& enc, size_t& accepted) {
    const size_t n = enc.size() / 32;
    size_t bad = 0;
    std::string first;
    accepted = 0;
    for (size_t i = 0; i < n; ++i) {
        EdwardsPoint want, got;
        const bool ok = ristretto_decode(want, &enc[32 * i]);
        accepted += ok;
        // Twice in a batch of two: a single point goes to the portable decoder (decode_many's tail rule).
        uint8_t two[64];
        std::memcpy(two, &enc[32 * i], 32);
        std::memcpy(two + 32, &enc[32 * i], 32);
        EdwardsPoint pair[2];
        const size_t r = ifma::decode_many(pair, two, 2);
        got = pair[1];
        if ((r != (ok ? 2u : 0u) || (ok && !same_point(got, want))) && bad++ == 0) first = hex(&enc[32 * i], 32);
    }
    check(bad == 0, std::string(name) + ": " + std::to_string(bad) + " of " + std::to_string(n) +
                        " single decodes differ from the portable decoder; first " + first);
    // In batches: the mask of valid lanes must match lane by lane (decode_many reports the first invalid one, so
    // walk each batch by restarting after it).
    bad = 0;
    for (size_t i = 0; i + 8 <= n; i += 8) {
        size_t start = 0;
        while (start < 8) {
            EdwardsPoint want[8], got[8];
            const size_t m = 8 - start;
            const size_t w = portable_decode_many(want, &enc[32 * (i + start)], m);
            const size_t g = ifma::decode_many(got, &enc[32 * (i + start)], m);
            bool ok = w == g;
            for (size_t j = 0; ok && j < w; ++j) ok = same_point(got[j], want[j]);
            if (!ok && bad++ == 0) first = hex(&enc[32 * (i + start)], 32);
            start += w + 1;
        }
    }
    check(bad == 0, std::string(name) + ": " + std::to_string(bad) + " batches differ from the portable decoder");
}

static void test_decode(const std::string& doc, bool quick) {
    const std::vector<std::string> mult =
        hex_strings_between(doc, "rfc9496_multiples_of_generator", "rfc9496_invalid_encodings");
    const std::vector<std::string> bad = hex_strings_between(doc, "rfc9496_invalid_encodings", "rfc9496_one_way_map");
    check(mult.size() == 16 && bad.size() >= 30, "vectors: 16 multiples and the invalid encodings found");

    // Vectors: every invalid encoding in every lane of a batch of valid ones.
    std::vector<uint8_t> enc;
    for (const auto& s : mult) {
        enc.resize(enc.size() + 32);
        from_hex(s, &enc[enc.size() - 32]);
    }
    size_t accepted = 0;
    diff_decode("RFC 9496 multiples of G", enc, accepted);
    check(accepted == 16, "all 16 RFC multiples accepted");
    size_t wrong = 0;
    for (const auto& s : bad) {
        for (size_t lane = 0; lane < 8; ++lane) {
            uint8_t buf[9 * 32];
            for (size_t j = 0; j < 9; ++j) from_hex(mult[(j + 3) % 16], buf + 32 * j);
            from_hex(s, buf + 32 * lane);
            EdwardsPoint out[9];
            if (ifma::decode_many(out, buf, 9) != lane) ++wrong;
        }
    }
    check(wrong == 0, "each RFC 9496 invalid encoding rejected in each lane: " + std::to_string(wrong) + " wrong");
    for (const auto& s : bad) {
        enc.resize(enc.size() + 32);
        from_hex(s, &enc[enc.size() - 32]);
    }
    diff_decode("RFC 9496 valid and invalid vectors", enc, accepted);

    // Random bytes (mostly invalid, for every reason: bit 255, s >= p, negative s, non-square, negative t),
    // random bytes with the top and bottom bits cleared (canonical and non-negative: the square and t checks).
    const size_t n_random = quick ? 20000 : 200000;
    enc.assign(32 * n_random, 0);
    for (size_t i = 0; i < enc.size(); i += 8) {
        const uint64_t r = rnd();
        std::memcpy(&enc[i], &r, 8);
    }
    diff_decode("random bytes", enc, accepted);
    for (size_t i = 0; i < n_random; ++i) {
        enc[32 * i] &= 0xfe;
        enc[32 * i + 31] &= 0x7f;
    }
    diff_decode("random even canonical-range bytes", enc, accepted);
    check(accepted > n_random / 8, "random even bytes: a fair share decodes (" + std::to_string(accepted) + ")");

    // Valid encodings of random points (libsodium), plus the identity and the top of the canonical range.
    const size_t n_valid = quick ? 4000 : 40000;
    enc.assign(32 * n_valid, 0);
    for (size_t i = 1; i < n_valid; ++i) crypto_core_ristretto255_random(&enc[32 * i]);
    diff_decode("libsodium random points", enc, accepted);
    check(accepted == n_valid, "every libsodium point decodes (" + std::to_string(accepted) + ")");

    // decode_many's contract on long arrays with one invalid encoding at any index (full batches and the tail).
    size_t contract_bad = 0;
    for (size_t n : {size_t(1), size_t(7), size_t(8), size_t(9), size_t(63), size_t(64), size_t(100)}) {
        std::vector<uint8_t> buf(32 * n);
        for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_random(&buf[32 * i]);
        for (size_t at = 0; at <= n; ++at) {
            std::vector<uint8_t> b = buf;
            if (at < n) b[32 * at + 31] |= 0x80;  // bit 255: invalid
            std::vector<EdwardsPoint> want(n), got(n);
            const size_t w = portable_decode_many(want.data(), b.data(), n);
            const size_t g = ifma::decode_many(got.data(), b.data(), n);
            bool ok = w == g && w == at;
            for (size_t j = 0; ok && j < w; ++j) ok = same_point(got[j], want[j]);
            contract_bad += !ok;
        }
    }
    check(contract_bad == 0,
          "decode_many: first invalid index and decoded prefix (" + std::to_string(contract_bad) + " cases wrong)");
    // The dispatching entry point uses the backend in use and gives the same answers.
    {
        std::vector<uint8_t> buf(32 * 50);
        for (size_t i = 0; i < 50; ++i) crypto_core_ristretto255_random(&buf[32 * i]);
        buf[32 * 37] |= 1;  // negative s
        std::vector<EdwardsPoint> out(50);
        check(ristretto_decode_many(out.data(), buf.data(), 50) == 37, "ristretto_decode_many (dispatched): 37");
    }
}

// ---- the one-way map ------------------------------------------------------------------------------------------

// from_uniform_many against the portable ristretto_from_uniform_point, input by input (same point mod p).
static size_t one_way_map_mismatches(const std::vector<uint8_t>& uniform, std::string& first) {
    const size_t n = uniform.size() / 64;
    std::vector<EdwardsPoint> got(n);
    ifma::from_uniform_many(got.data(), uniform.data(), n);
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i)
        if (!same_point(got[i], ristretto_from_uniform_point(&uniform[64 * i])) && bad++ == 0)
            first = hex(&uniform[64 * i], 64);
    return bad;
}

static void test_one_way_map(const std::string& doc, bool quick) {
    // RFC 9496's cases, each in every lane of nine random inputs (a full pass and the portable last one).
    const std::vector<std::string> in =
        hex_strings_between(doc, "rfc9496_one_way_map", "rfc9496_one_way_map_equivalent_inputs", 128);
    const std::vector<std::string> out =
        hex_strings_between(doc, "rfc9496_one_way_map", "rfc9496_one_way_map_equivalent_inputs");
    check(in.size() == 7 && out.size() == 7, "one-way map: the 7 RFC 9496 cases found");
    size_t wrong = 0;
    for (size_t k = 0; k < in.size() && k < out.size(); ++k) {
        for (size_t lane = 0; lane < 9; ++lane) {
            uint8_t buf[9 * 64], enc[32];
            randombytes_buf(buf, sizeof buf);
            from_hex(in[k], buf + 64 * lane, 64);
            EdwardsPoint mapped[9];
            ifma::from_uniform_many(mapped, buf, 9);
            ristretto_encode(enc, mapped[lane]);
            wrong += hex(enc, 32) != out[k];
        }
    }
    check(wrong == 0, "one-way map: each RFC 9496 case in each lane, " + std::to_string(wrong) + " wrong");

    // Every pair of edge halves: 0, 1, 2, p - 1, p, p + 1, 2^255 - 1, all ones (bit 255 set), sqrt(-1), and 1 and
    // p - 1 with bit 255 set. 121 inputs: 15 full passes and a tail of one.
    std::vector<std::array<uint8_t, 32>> edges;
    auto edge = [&](uint64_t low, uint8_t fill, uint8_t top) {
        std::array<uint8_t, 32> e{};
        e.fill(fill);
        for (int i = 0; i < 8; ++i) e[i] = uint8_t(low >> (8 * i));
        e[31] = top;
        edges.push_back(e);
    };
    const uint64_t p_low = 0xffffffffffffffedULL;  // the low 64 bits of p = 2^255 - 19
    edge(0, 0, 0);
    edge(1, 0, 0);
    edge(2, 0, 0);
    edge(p_low - 1, 0xff, 0x7f);
    edge(p_low, 0xff, 0x7f);
    edge(p_low + 1, 0xff, 0x7f);
    edge(~0ULL, 0xff, 0x7f);
    edge(~0ULL, 0xff, 0xff);
    edge(1, 0, 0x80);
    edge(p_low - 1, 0xff, 0xff);
    std::array<uint8_t, 32> sqrt_m1;
    constants::SQRT_M1.to_bytes(sqrt_m1.data());
    edges.push_back(sqrt_m1);
    std::vector<uint8_t> uniform;
    for (const auto& a : edges)
        for (const auto& b : edges) {
            uniform.insert(uniform.end(), a.begin(), a.end());
            uniform.insert(uniform.end(), b.begin(), b.end());
        }
    std::string first;
    size_t bad = one_way_map_mismatches(uniform, first);
    check(bad == 0, "one-way map: pairs of edge halves, " + std::to_string(bad) + " differ; first " + first);

    // Random inputs, and every length from 0 to 40 and around the passes (the tail rules).
    uniform.assign(64 * (quick ? 4000 : 40000), 0);
    randombytes_buf(uniform.data(), uniform.size());
    bad = one_way_map_mismatches(uniform, first);
    check(bad == 0, "one-way map: random inputs, " + std::to_string(bad) + " differ; first " + first);
    bad = 0;
    for (size_t n = 0; n <= 130; n += n < 40 ? 1 : 22) {
        uniform.assign(64 * n, 0);
        randombytes_buf(uniform.data(), uniform.size());
        bad += one_way_map_mismatches(uniform, first);
    }
    check(bad == 0, "one-way map: lengths 0..40, 62, 84, 106, 128: " + std::to_string(bad) + " differ");
}

// ---- multi-scalar multiplication ---------------------------------------------------------------------------------

// sum s_i P_i by libsodium (crypto_scalarmult_ristretto255 per point, then crypto_core_ristretto255_add).
static void libsodium_msm(const std::vector<uint8_t>& scalars, const std::vector<uint8_t>& points, size_t n,
                          uint8_t out[32]) {
    std::memset(out, 0, 32);
    for (size_t i = 0; i < n; ++i) {
        uint8_t term[32];
        if (crypto_scalarmult_ristretto255(term, &scalars[32 * i], &points[32 * i]) != 0) continue;  // identity
        crypto_core_ristretto255_add(out, out, term);
    }
}

// n random points and scalars of one of seven kinds: random; zero and small; q - 1; every radix-16 digit 8 (the
// largest table entry of the constant-time Straus); bytes 127, 128, 255 (the signed radix-256 carries of
// Pippenger); full scalars alternating with 128-bit ones (batch verification weights); any value below 2^255.
static void msm_case(size_t n, int kind, std::vector<uint8_t>& sc, std::vector<uint8_t>& pts,
                     std::vector<EdwardsPoint>& decoded) {
    sc.assign(32 * n, 0);
    pts.assign(32 * n, 0);
    decoded.assign(n, EdwardsPoint::identity());
    for (size_t i = 0; i < n; ++i) {
        crypto_core_ristretto255_random(&pts[32 * i]);
        uint8_t* s = &sc[32 * i];
        switch (kind) {
            case 0:
                crypto_core_ristretto255_scalar_random(s);
                break;
            case 1:
                s[0] = static_cast<uint8_t>(i % 3);
                break;
            case 2:
                s[0] = 1;
                crypto_core_ristretto255_scalar_negate(s, s);
                break;
            case 3:
                std::memset(s, 0x88, 31);
                s[31] = 0x08;
                break;
            case 4:
                for (size_t k = 0; k < 31; ++k) s[k] = (k + i) % 3 == 0 ? 127 : (k + i) % 3 == 1 ? 128 : 255;
                s[31] = 0x0f;
                break;
            case 5:  // a batch verification's layout: full scalars, and 128-bit weights (every other point)
                if (i % 2) randombytes_buf(s, 16);
                else crypto_core_ristretto255_scalar_random(s);
                break;
            default:  // any value below 2^255, q and 2^253 included (the fold); libsodium ignores bit 255
                randombytes_buf(s, 32);
                s[31] &= 0x7f;
        }
        ristretto_decode(decoded[i], &pts[32 * i]);
    }
}

// Runs holds(n, scalars, points, decoded) on msm_case's every kind of scalar for each size: "" when it holds
// everywhere, else how often it failed and the first case that did.
template <class F>
static std::string failures_over_cases(const std::vector<size_t>& sizes, F holds) {
    size_t wrong = 0;
    std::string first;
    for (size_t n : sizes) {
        for (int kind = 0; kind < 7; ++kind) {
            std::vector<uint8_t> sc, pts;
            std::vector<EdwardsPoint> decoded;
            msm_case(n, kind, sc, pts, decoded);
            if (!holds(n, sc, pts, decoded) && wrong++ == 0)
                first = "n = " + std::to_string(n) + ", kind " + std::to_string(kind);
        }
    }
    return wrong == 0 ? "" : std::to_string(wrong) + " wrong; first " + first;
}

// An eight-lane MSM against libsodium (and the portable algorithm given) over every size and kind of scalar.
static void diff_msm(const char* name, EdwardsPoint (*lanes)(const uint8_t*, const EdwardsPoint*, size_t),
                     EdwardsPoint (*portable)(const uint8_t*, const EdwardsPoint*, size_t),
                     const std::vector<size_t>& sizes) {
    const std::string failures =
        failures_over_cases(sizes, [&](size_t n, const std::vector<uint8_t>& sc, const std::vector<uint8_t>& pts,
                                       const std::vector<EdwardsPoint>& decoded) {
            uint8_t want[32], got[32], port[32];
            libsodium_msm(sc, pts, n, want);
            ristretto_encode(got, lanes(sc.data(), decoded.data(), n));
            ristretto_encode(port, portable(sc.data(), decoded.data(), n));
            return std::memcmp(want, got, 32) == 0 && std::memcmp(want, port, 32) == 0;
        });
    check(failures.empty(), std::string(name) + " equals libsodium's sum of scalar multiples: " + failures);
    // n = 0 and all-zero scalars give the identity.
    std::vector<uint8_t> zero(32 * 9, 0);
    std::vector<EdwardsPoint> g(9, EdwardsPoint::basepoint());
    uint8_t enc[32], enc0[32];
    ristretto_encode(enc, lanes(zero.data(), g.data(), 9));
    ristretto_encode(enc0, lanes(zero.data(), g.data(), 0));
    check(std::memcmp(enc, zero.data(), 32) == 0 && std::memcmp(enc0, zero.data(), 32) == 0,
          std::string(name) + ": zero scalars and n = 0 give the identity");
}

static EdwardsPoint portable_straus_ct(const uint8_t* s, const EdwardsPoint* p, size_t n) {
    set_backend_for_testing(Backend::Portable);
    const EdwardsPoint r = Straus::mul_ct(s, p, n);
    set_backend_for_testing(Backend::Ifma);
    return r;
}

// MSMTable built on this backend (ifma/msm_table.cpp: the tables on eight lanes, msm_vartime's Straus on four)
// through its msm_vartime and msm, with as many scalars as bases.
static EdwardsPoint table_vartime(const uint8_t* s, const EdwardsPoint* p, size_t n) {
    const MSMTable table(p, n);
    EdwardsPoint r = EdwardsPoint::identity();
    if (!table.msm_vartime(s, n, r)) std::abort();
    return r;
}
static EdwardsPoint table_ct(const uint8_t* s, const EdwardsPoint* p, size_t n) {
    const MSMTable table(p, n);
    EdwardsPoint r = EdwardsPoint::identity();
    if (!table.msm(s, n, r)) std::abort();
    return r;
}

// Straus::mul_vartime runs ifma::straus_vartime4 on this backend: the portable one for comparisons.
static EdwardsPoint portable_straus_vartime(const uint8_t* s, const EdwardsPoint* p, size_t n) {
    set_backend_for_testing(Backend::Portable);
    const EdwardsPoint r = Straus::mul_vartime(s, p, n);
    set_backend_for_testing(Backend::Ifma);
    return r;
}

// ifma::straus_vartime4 with G (decoded from its encoding, as every caller's G is) among the points: its own wide
// table for the first G, the width-5 tables for a second.
static void test_straus4_with_g() {
    uint8_t g_enc[32];
    ristretto_encode(g_enc, EdwardsPoint::basepoint());
    const std::string failures = failures_over_cases(
        {1, 2, 3, 9},
        [&](size_t n, const std::vector<uint8_t>& sc, std::vector<uint8_t> pts, std::vector<EdwardsPoint> decoded) {
            for (size_t i = n / 2; i < n; i += 2) {  // G at n / 2 (index 0 for n = 1) and every other point after
                std::memcpy(&pts[32 * i], g_enc, 32);
                ristretto_decode(decoded[i], g_enc);
            }
            uint8_t want[32], got[32];
            libsodium_msm(sc, pts, n, want);
            ristretto_encode(got, ifma::straus_vartime4(sc.data(), decoded.data(), n));
            return std::memcmp(want, got, 32) == 0;
        });
    check(failures.empty(), "ifma::straus_vartime4 with G among the points equals libsodium's sum: " + failures);
}

static void test_msms(bool quick) {
    diff_msm("ifma::straus_ct", ifma::straus_ct, portable_straus_ct,
             quick ? std::vector<size_t>{1, 7, 8, 9, 33} : std::vector<size_t>{1, 2, 7, 8, 9, 16, 33, 128, 515});
    diff_msm("ifma::straus_ct_one_accumulator", ifma::straus_ct_one_accumulator, portable_straus_ct,
             quick ? std::vector<size_t>{1, 2, 9, 17}
                   : std::vector<size_t>{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 72, 73, 130, 256, 257});
    diff_msm(
        "ifma::straus_vartime4", ifma::straus_vartime4, portable_straus_vartime,
        quick ? std::vector<size_t>{1, 2, 9, 184, 257} : std::vector<size_t>{1, 2, 3, 8, 9, 33, 183, 184, 185, 257});
    test_straus4_with_g();
    diff_msm("MSMTable::msm_vartime (IFMA tables)", table_vartime, portable_straus_vartime,
             quick ? std::vector<size_t>{1, 3, 8, 9, 65, 200}
                   : std::vector<size_t>{1, 2, 3, 7, 8, 9, 33, 64, 65, 191, 192, 255});
    diff_msm("MSMTable::msm (IFMA tables)", table_ct, portable_straus_vartime,
             quick ? std::vector<size_t>{1, 3, 9} : std::vector<size_t>{1, 2, 3, 7, 8, 9, 33});
    diff_msm(
        "ifma::pippenger_vartime", ifma::pippenger_vartime, portable_straus_vartime,
        quick
            ? std::vector<size_t>{1, 9, 64, 129, 200, 300, 400, 500}
            : std::vector<size_t>{
                  1,   2,   8,   9,   64,  65,  95,   96,   129,  159,  160,  200, 255,
                  256, 300, 319, 320, 447, 448, 1000, 4097, 8191, 8192, 16384});  // past a block: buckets kept; c = 11
}

// ifma::new_pippenger_buckets past one block (every pass's buckets kept across the blocks and the feeds), with the
// measured window and with 8 and 11 bits, against the portable Straus: fed in pieces that cross the blocks, a block of
// zero scalars, a block of computed points (Z != 1) and decoded ones (Z = 1) after it, finish called twice. In the
// quick (emulated) pass too.
static void test_pippenger_kept() {
    const size_t B = kMsmBlock, n = 2 * B + 5;
    std::vector<uint8_t> sc, pts;
    std::vector<EdwardsPoint> p;
    msm_case(n, 6, sc, pts, p);
    for (size_t i = B; i < 2 * B; ++i) std::memset(&sc[32 * i], 0, 32);  // block 1: zero scalars
    for (size_t i = 0; i < B; ++i) {  // block 0: the same points in other projective coordinates
        const FE r{{i + 2, 0, 0, 0, 0}};
        p[i] = EdwardsPoint{p[i].X * r, p[i].Y * r, p[i].Z * r, p[i].T * r};
    }
    uint8_t want[32], got[32];
    ristretto_encode(want, portable_straus_vartime(sc.data(), p.data(), n));
    std::string bad;
    for (int c : {0, 8, 11}) {
        const std::unique_ptr<PippengerBuckets> buckets = ifma::new_pippenger_buckets(n, c);
        const size_t cuts[] = {0, 17, B, 2 * B + 2, n};
        for (int k = 0; k < 4; ++k) buckets->add(&sc[32 * cuts[k]], &p[cuts[k]], cuts[k + 1] - cuts[k]);
        for (int again = 0; again < 2; ++again) {
            ristretto_encode(got, buckets->finish());
            if (std::memcmp(want, got, 32) != 0) bad += " c=" + std::to_string(c) + (again ? " again" : "");
        }
    }
    check(bad.empty(),
          "ifma::new_pippenger_buckets with its buckets kept across blocks and feeds equals the portable sum:" + bad);
}

// ifma::sum_points and the dispatched sum_decoded against libsodium's running sum of the encodings, around the
// eight lanes and the routing threshold (ifma::kSumMin): random points, with repeats (P + P), a point and its
// negation (P + -P) and the identity mixed in.
static void test_sums(bool quick) {
    const std::vector<size_t> sizes =
        quick ? std::vector<size_t>{0, 1, 8, 9, 31, 32, 33, 100}
              : std::vector<size_t>{0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 65, 100, 1000, 4099};
    size_t wrong = 0;
    std::string first;
    for (size_t n : sizes) {
        for (int kind = 0; kind < 2; ++kind) {
            std::vector<uint8_t> enc(32 * n);
            std::vector<EdwardsPoint> pts(n);
            uint8_t want[32] = {0}, got[32], dispatched[32];
            for (size_t i = 0; i < n; ++i) {
                uint8_t* e = &enc[32 * i];
                if (kind == 1 && i % 5 == 1) std::memcpy(e, e - 32, 32);                          // P again
                else if (kind == 1 && i % 5 == 2) crypto_core_ristretto255_sub(e, want, e - 32);  // -P (want is 0)
                else if (kind == 1 && i % 5 == 3) std::memset(e, 0, 32);                          // the identity
                else crypto_core_ristretto255_random(e);
                ristretto_decode(pts[i], e);
            }
            for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_add(want, want, &enc[32 * i]);
            ristretto_encode(got, ifma::sum_points(pts.data(), n));
            ristretto_encode(dispatched, sum_decoded(pts.data(), n));
            if ((std::memcmp(want, got, 32) != 0 || std::memcmp(want, dispatched, 32) != 0) && wrong++ == 0)
                first = "n = " + std::to_string(n) + ", kind " + std::to_string(kind);
        }
    }
    check(wrong == 0, "ifma::sum_points and sum_decoded equal libsodium's running sum: " + std::to_string(wrong) +
                          " wrong; first " + first);
}

// ifma::scale_ct and the dispatched scale_points (PointVector.scale) against libsodium's scalar multiplications,
// point by point: every kind of scalar of msm_case (zero, q - 1, digit 8, carries, bit 255 folded), sizes around
// the eight lanes and the threshold of a last group (ifma::kScaleMin), and in place (out aliasing the points).
static void test_scale(bool quick) {
    const std::vector<size_t> sizes = quick ? std::vector<size_t>{1, 2, 3, 8, 11, 21}
                                            : std::vector<size_t>{1, 2, 3, 4, 7, 8, 9, 10, 11, 16, 17, 21, 64, 203};
    const std::string failures =
        failures_over_cases(sizes, [](size_t n, const std::vector<uint8_t>& sc, const std::vector<uint8_t>& pts,
                                      const std::vector<EdwardsPoint>& decoded) {
            std::vector<uint8_t> want(32 * n), got(32 * n), routed(32 * n), in_place(32 * n);
            for (size_t i = 0; i < n; ++i) {
                uint8_t r[32], wide[64] = {0};
                std::memcpy(wide, &sc[32 * i], 32);
                crypto_core_ristretto255_scalar_reduce(r, wide);  // libsodium ignores bit 255: reduce first
                if (crypto_scalarmult_ristretto255(&want[32 * i], r, &pts[32 * i]) != 0)
                    std::memset(&want[32 * i], 0, 32);  // the identity
            }
            std::vector<EdwardsPoint> out(n), copy = decoded;
            ifma::scale_ct(out.data(), sc.data(), decoded.data(), n);
            encode_points(got.data(), out.data(), n);
            scale_points(out.data(), sc.data(), decoded.data(), n);
            encode_points(routed.data(), out.data(), n);
            scale_points(copy.data(), sc.data(), copy.data(), n);
            encode_points(in_place.data(), copy.data(), n);
            return got == want && routed == want && in_place == want;
        });
    check(failures.empty(), "ifma::scale_ct and scale_points (also in place) equal libsodium's products: " + failures);
}

// ---- four lanes: one point's coordinates (field4.hpp, edwards4.hpp, ifma/scalar_mul.cpp) -------------------------

// The four-lane field operations on lanes (a[0..3]) and (b[0..3]); `op` picks the operation.
PYR_IFMA_FN static void four_lane_op(int op, FE r[4], const FE a[4], const FE b[4]) {
    const ifma::F4 x = ifma::lanes4(a[0], a[1], a[2], a[3]), y = ifma::lanes4(b[0], b[1], b[2], b[3]);
    ifma::F4 z;
    switch (op) {
        case 0:
            z = ifma::mul4(x, y);
            break;
        case 1:
            z = ifma::square4(x);
            break;
        case 2:
            z = ifma::add4(x, y);
            break;
        case 3:
            z = ifma::sub4(x, y);
            break;
        default:
            z = ifma::addsub4<0x5>(x, y);
            break;  // lanes 0 and 2 subtract
    }
    ifma::unlanes4(z, r[0], r[1], r[2], r[3]);
}

// dbl4(p), p + q (add4 of to_cached4(q)) and p - q (neg4), stored back to portable points.
PYR_IFMA_FN static void four_lane_points(const EdwardsPoint& p, const EdwardsPoint& q, EdwardsPoint out[3]) {
    const ifma::Point4 a = ifma::load_point4(p);
    const ifma::Cached4 c = ifma::to_cached4(ifma::load_point4(q));
    out[0] = ifma::store_point4(ifma::dbl4(a));
    out[1] = ifma::store_point4(ifma::add4(a, c));
    out[2] = ifma::store_point4(ifma::add4(a, ifma::neg4(c)));
}

static bool same_coordinates(const EdwardsPoint& a, const EdwardsPoint& b) {
    return same_value(a.X, b.X) && same_value(a.Y, b.Y) && same_value(a.Z, b.Z) && same_value(a.T, b.T) &&
           within_bound(a.X) && within_bound(a.Y) && within_bound(a.Z) && within_bound(a.T);
}

// A field element from limbs of any size (the wide four-lane values): carried with 128-bit sums, twice.
static FE from_wide_limbs(const uint64_t w[5]) {
    unsigned __int128 t[5];
    for (int i = 0; i < 5; ++i) t[i] = w[i];
    for (int round = 0; round < 2; ++round) {
        unsigned __int128 c = 0;
        for (int i = 0; i < 5; ++i) {
            t[i] += c;
            c = t[i] >> 51;
            t[i] &= (uint64_t(1) << 51) - 1;
        }
        t[0] += 19 * c;
    }
    FE r;
    for (int i = 0; i < 5; ++i) r.limb[i] = uint64_t(t[i]);
    return r;
}

// The wide steps (field4.hpp's bounds table) at their bounds: mul4_wide and square4_wide stay below WIDE4_BOUND on
// every edge-limb input (all limbs 2^52 - 1 included); addsub4_wide and dbl4_terms take limbs up to WIDE_P_0 - 1,
// dbl4_lanes up to WIDE4_BOUND - 1 (random, and all limbs at the maximum or 0 in each lane), all carried below 2^52.
PYR_IFMA_FN static void four_lane_wide_op(int op, uint64_t r[4][5], const uint64_t a[4][5], const uint64_t b[4][5]) {
    FE fa[4], fb[4], fr[4];  // limb holders only: lanes4 and unlanes4 copy limbs of any size
    for (int j = 0; j < 4; ++j) std::memcpy(fa[j].limb, a[j], 40), std::memcpy(fb[j].limb, b[j], 40);
    const ifma::F4 x = ifma::lanes4(fa[0], fa[1], fa[2], fa[3]), y = ifma::lanes4(fb[0], fb[1], fb[2], fb[3]);
    ifma::F4 z;
    switch (op) {
        case 0:
            z = ifma::mul4_wide(x, y);
            break;
        case 1:
            z = ifma::square4_wide(x);
            break;
        case 2:
            z = ifma::addsub4_wide<0x5>(x, y);
            break;
        case 3:
            z = ifma::dbl4_terms(x);
            break;
        default:
            z = ifma::dbl4_lanes<false>(x);
            break;  // a doubling of wide coordinates (mul_by_pow2_4's)
    }
    ifma::unlanes4(z, fr[0], fr[1], fr[2], fr[3]);
    for (int j = 0; j < 4; ++j) std::memcpy(r[j], fr[j].limb, 40);
}

// mul_small4 (to_cached4's product by per-lane constants) and neg4 (-2dT as 2p - t, no carry round), at their bounds.
PYR_IFMA_FN static void small_and_neg(const FE a[4], const uint64_t k[4], const FE c[4], FE product[4], FE neg[4],
                                      FE neg_neg[4]) {
    using namespace ifma;  // the intrinsics: global natively, in ifma's namespace when emulated
    const ifma::F4 x = ifma::lanes4(a[0], a[1], a[2], a[3]);
    const auto constants = _mm256_setr_epi64x(static_cast<long long>(k[0]), static_cast<long long>(k[1]),
                                              static_cast<long long>(k[2]), static_cast<long long>(k[3]));
    ifma::unlanes4(ifma::mul_small4(x, constants), product[0], product[1], product[2], product[3]);
    const ifma::Cached4 q{ifma::lanes4(c[0], c[1], c[2], c[3])}, n = ifma::neg4(q);
    ifma::unlanes4(n.c, neg[0], neg[1], neg[2], neg[3]);
    ifma::unlanes4(ifma::neg4(n).c, neg_neg[0], neg_neg[1], neg_neg[2], neg_neg[3]);
}

// mul_small4's inputs: limbs < 2^52 (all at 2^52 - 1, all 0, or random), constants to_cached4's and the largest
// allowed (2^18 - 1); the product's value, limbs < 2^52. neg4's inputs: a Cached4's limbs, at most 2p's (all at 2p's,
// 0, the largest carried limb, or random up to 2p's); lanes 0 and 1 swapped and lane 3 kept limb for limb, lane 2 the
// negated value, every limb at most 2p's, and neg4 twice the input's value.
static void test_four_lane_small_and_neg(bool quick) {
    const uint64_t two_p[2] = {2 * ((uint64_t(1) << 51) - 19), 2 * ((uint64_t(1) << 51) - 1)};
    const uint64_t carried[2] = {(uint64_t(1) << 51) + 19 * (uint64_t(1) << 13) - 1,
                                 (uint64_t(1) << 51) + (uint64_t(1) << 13) - 1};
    size_t bad_small = 0, bad_neg = 0;
    const size_t rounds = quick ? 2000 : 20000;
    for (size_t n = 0; n < rounds; ++n) {
        FE a[4], c[4], product[4], neg[4], neg_neg[4];
        const uint64_t k[4] = {121666, 121666, 243330, n % 2 ? 121666 : (uint64_t(1) << 18) - 1};
        for (int j = 0; j < 4; ++j)
            for (int i = 0; i < 5; ++i) {
                const unsigned kind = n < 4 ? unsigned(n) : unsigned(rnd() % 4);  // the first rounds: every limb alike
                const uint64_t top = two_p[i != 0];
                a[j].limb[i] = kind == 0 ? BOUND - 1 : kind == 1 ? 0 : rnd() >> 12;
                c[j].limb[i] = kind == 0 ? top : kind == 1 ? 0 : kind == 2 ? carried[i != 0] : rnd() % (top + 1);
            }
        small_and_neg(a, k, c, product, neg, neg_neg);
        for (int j = 0; j < 4; ++j) {
            FE constant = FE::zero();
            constant.limb[0] = k[j];
            bad_small += !within_bound(product[j]) || !same_value(product[j], a[j] * constant);
            bool ok = same_value(neg_neg[j], c[j]);
            for (int i = 0; i < 5; ++i) {
                const uint64_t top = two_p[i != 0];
                ok = ok && neg[j].limb[i] <= top && neg_neg[j].limb[i] <= top;
                if (j != 2) ok = ok && neg[j].limb[i] == c[j == 0 ? 1 : j == 1 ? 0 : 3].limb[i];
            }
            if (j == 2) ok = ok && same_value(neg[2] + c[2], FE::zero());
            bad_neg += !ok;
        }
    }
    check(bad_small == 0, "mul_small4 at its bounds: " + std::to_string(bad_small) + " lanes wrong");
    check(bad_neg == 0, "neg4 at its bounds (limbs up to 2p's, twice): " + std::to_string(bad_neg) + " lanes wrong");
}

static void test_four_lanes_wide(bool quick) {
    const unsigned n_codes = N_EDGE * N_EDGE * N_EDGE * N_EDGE * N_EDGE;
    const char* names[5] = {"mul4_wide", "square4_wide", "addsub4_wide", "dbl4_terms", "dbl4_lanes (wide input)"};
    const size_t rounds = quick ? 5000 : 50000;
    for (int op = 0; op < 5; ++op) {
        size_t bad = 0;
        const uint64_t wide = op == 4 ? ifma::WIDE4_BOUND : ifma::WIDE_P_0, wmax = wide - 1;
        const size_t total = op < 2 ? rounds + n_codes / 4 : rounds + 16;
        for (size_t n = 0; n < total; ++n) {
            uint64_t a[4][5], b[4][5], r[4][5];
            for (int j = 0; j < 4; ++j)
                for (int i = 0; i < 5; ++i) {
                    if (op < 2) {  // inputs < 2^52: random, then every edge-limb element
                        const bool edge = n >= rounds;
                        a[j][i] = edge ? edge_fe(unsigned((4 * (n - rounds) + j) % n_codes)).limb[i] : rnd() >> 12;
                        b[j][i] = edge ? edge_fe(unsigned(rnd() % n_codes)).limb[i] : rnd() >> 12;
                    } else if (n < rounds) {  // wide inputs: random below their bound
                        a[j][i] = rnd() % wide;
                        b[j][i] = rnd() % wide;
                    } else {  // lane j all limbs at the maximum or 0, by the bits of n
                        a[j][i] = ((n >> j) & 1) ? wmax : 0;
                        b[j][i] = ((n >> (j + 1)) & 1) ? 0 : wmax;
                    }
                }
            four_lane_wide_op(op, r, a, b);
            FE fa[4], fb[4];
            for (int j = 0; j < 4; ++j) {
                fa[j] = from_wide_limbs(a[j]);
                fb[j] = from_wide_limbs(b[j]);
            }
            for (int j = 0; j < 4; ++j) {
                FE want;
                if (op == 0) want = p_mul(fa[j], fb[j]);
                else if (op == 1) want = fa[j].square();
                else if (op == 2) want = j % 2 == 0 ? p_sub(fa[j], fb[j]) : p_add(fa[j], fb[j]);
                else if (op == 3) {
                    const FE xx = fa[0], yy = fa[1], zz = fa[2], s = fa[3];
                    const FE w[4] = {s - yy - xx, yy + xx, yy - xx, zz + zz - yy + xx};
                    want = w[j];
                } else {
                    const EdwardsPoint d = EdwardsPoint{fa[0], fa[1], fa[2], fa[3]}.dbl();
                    const FE w[4] = {d.X, d.Y, d.Z, d.T};
                    want = w[j];
                }
                const uint64_t bound = op < 2 ? ifma::WIDE4_BOUND : BOUND;
                bool in = true;
                for (int i = 0; i < 5; ++i) in = in && r[j][i] < bound;
                if (!in || !same_value(from_wide_limbs(r[j]), want)) ++bad;
            }
        }
        check(bad == 0, std::string(names[op]) + " at its bounds: " + std::to_string(bad) + " lanes wrong");
    }
}

static void test_four_lanes(bool quick) {
    // Field: every lane against the portable operation, on random limbs < 2^52 and every edge-limb combination.
    FE (*const portable[5])(const FE&, const FE&) = {p_mul, p_square, p_add, p_sub, p_add};
    const char* names[5] = {"mul4", "square4", "add4", "sub4", "addsub4"};
    const unsigned n_codes = N_EDGE * N_EDGE * N_EDGE * N_EDGE * N_EDGE;
    const size_t rounds = quick ? 20000 : 200000;
    for (int op = 0; op < 5; ++op) {
        size_t bad = 0;
        for (size_t n = 0; n < rounds + n_codes / 4; ++n) {
            FE a[4], b[4], r[4];
            for (int j = 0; j < 4; ++j) {
                const bool edge = n >= rounds;
                a[j] = edge ? edge_fe(unsigned((4 * (n - rounds) + j) % n_codes)) : random_fe();
                b[j] = edge ? edge_fe(unsigned(rnd() % n_codes)) : random_fe();
            }
            four_lane_op(op, r, a, b);
            for (int j = 0; j < 4; ++j) {
                const FE want = op == 4 && j % 2 == 0 ? p_sub(a[j], b[j]) : portable[op](a[j], b[j]);
                if (!same_value(r[j], want) || !within_bound(r[j])) ++bad;
            }
        }
        check(bad == 0, std::string(names[op]) + ": " + std::to_string(bad) + " lanes differ from the portable field");
    }
    // Group law: the same field values as the portable formulas (not only the same point), on random points, the
    // identity, P and -P, P and P, and on coordinates made of edge limbs (not points: the formulas are polynomials).
    size_t bad = 0, cases = 0;
    std::vector<uint8_t> enc(32);
    for (size_t n = 0; n < (quick ? 200u : 2000u); ++n) {
        EdwardsPoint p, q;
        crypto_core_ristretto255_random(enc.data());
        ristretto_decode(p, enc.data());
        crypto_core_ristretto255_random(enc.data());
        ristretto_decode(q, enc.data());
        switch (n % 6) {
            case 0:
                q = p;
                break;
            case 1:
                q = -p;
                break;
            case 2:
                q = EdwardsPoint::identity();
                break;
            case 3:
                p = EdwardsPoint::identity();
                break;
            case 4:
                p = EdwardsPoint{edge_fe(unsigned(rnd() % n_codes)), edge_fe(unsigned(rnd() % n_codes)),
                                 edge_fe(unsigned(rnd() % n_codes)), edge_fe(unsigned(rnd() % n_codes))};
                break;
            default:
                break;
        }
        EdwardsPoint got[3];
        four_lane_points(p, q, got);
        // The sums come out times 121666^2 (to_cached4's factor squared): exactly, as the formulas are polynomials.
        FE square_factor = FE::zero();
        square_factor.limb[0] = uint64_t(121666) * 121666;
        const EdwardsPoint sum = p + q.to_cached(), difference = p - q.to_cached();
        const EdwardsPoint want[3] = {
            p.dbl(),
            {sum.X * square_factor, sum.Y * square_factor, sum.Z * square_factor, sum.T * square_factor},
            {difference.X * square_factor, difference.Y * square_factor, difference.Z * square_factor,
             difference.T * square_factor}};
        for (int k = 0; k < 3; ++k, ++cases) bad += !same_coordinates(got[k], want[k]);
    }
    check(bad == 0, "dbl4, add4, neg4 equal the portable group law coordinate by coordinate, sums times 121666^2 (" +
                        std::to_string(bad) + " of " + std::to_string(cases) + " wrong)");

    // s * P: ifma::mul_ct_one and the routed point_mul_decoded / point_mul against libsodium: msm_case's kinds of
    // scalar on random points, then the edge scalars 0, 1, q - 1, q, 2^255 - 1, 2^256 - 1 on the identity, P, -P.
    const std::vector<size_t> sizes = quick ? std::vector<size_t>{16} : std::vector<size_t>{64, 64, 64};
    const std::string failures =
        failures_over_cases(sizes, [](size_t n, const std::vector<uint8_t>& sc, const std::vector<uint8_t>& pts,
                                      const std::vector<EdwardsPoint>& decoded) {
            bool ok = true;
            for (size_t i = 0; i < n; ++i) {
                uint8_t r[32], wide[64] = {0}, want[32], got[32], routed[32], encoded[32];
                std::memcpy(wide, &sc[32 * i], 32);
                crypto_core_ristretto255_scalar_reduce(r, wide);  // libsodium ignores bit 255: reduce first
                if (crypto_scalarmult_ristretto255(want, r, &pts[32 * i]) != 0) std::memset(want, 0, 32);
                ristretto_encode(got, ifma::mul_ct_one(&sc[32 * i], decoded[i]));
                ristretto_encode(routed, point_mul_decoded(&sc[32 * i], decoded[i]));
                ok = ok && point_mul(&sc[32 * i], &pts[32 * i], encoded) && std::memcmp(got, want, 32) == 0 &&
                     std::memcmp(routed, want, 32) == 0 && std::memcmp(encoded, want, 32) == 0;
            }
            return ok;
        });
    check(failures.empty(), "ifma::mul_ct_one, point_mul_decoded and point_mul equal libsodium: " + failures);
    static const uint8_t Q[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                  0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
    uint8_t edge[6][32] = {{0}, {1}};
    std::memcpy(edge[2], Q, 32);
    edge[2][0] -= 1;
    std::memcpy(edge[3], Q, 32);
    std::memset(edge[4], 0xff, 32);
    edge[4][31] = 0x7f;
    std::memset(edge[5], 0xff, 32);
    crypto_core_ristretto255_random(enc.data());
    EdwardsPoint base;
    ristretto_decode(base, enc.data());
    const EdwardsPoint points[3] = {EdwardsPoint::identity(), base, -base};
    bad = 0;
    for (const auto& e : edge) {
        for (const EdwardsPoint& p : points) {
            uint8_t r[32], wide[64] = {0}, pe[32], want[32], got[32];
            std::memcpy(wide, e, 32);
            crypto_core_ristretto255_scalar_reduce(r, wide);
            ristretto_encode(pe, p);
            if (crypto_scalarmult_ristretto255(want, r, pe) != 0) std::memset(want, 0, 32);
            ristretto_encode(got, ifma::mul_ct_one(e, p));
            bad += std::memcmp(got, want, 32) != 0;
        }
    }
    check(bad == 0, "ifma::mul_ct_one on edge scalars and the identity, P, -P equals libsodium");
}

// The routed entry points (msm, msm_points behind PointVector.msm, MSMTable::msm), on each backend, against
// libsodium (which reduces each scalar first: it ignores bit 255) and against each other: random scalars, and edge
// scalars 0, 1, q - 1, q, 2^256 - 1 mixed with random ones and identity points; sizes around the IFMA switch from
// one accumulator to the eight lanes (ifma::kOneAccumulatorMax), the threaded split (128) and the blocks (512, 4096
// and MSMTable's 256).
static void test_routed(bool quick) {
    static const uint8_t Q[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                  0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
    const std::vector<size_t> sizes =
        quick ? std::vector<size_t>{1, 2, 3, 9, 73, 130}
              : std::vector<size_t>{1, 2, 3, 4, 5, 7, 8, 9, 17, 64, 72, 73, 128, 129, 256, 257, 600};
    const int rounds = quick ? 1 : 6;
    size_t wrong = 0, cases = 0;
    std::string first;
    for (int round = 0; round < rounds; ++round) {
        for (size_t n : sizes) {
            for (int edge = 0; edge < 2; ++edge) {
                std::vector<uint8_t> sc(32 * n), pts(32 * n), reduced(32 * n);
                for (size_t i = 0; i < n; ++i) {
                    uint8_t* s = &sc[32 * i];
                    crypto_core_ristretto255_scalar_random(s);
                    crypto_core_ristretto255_random(&pts[32 * i]);
                    if (edge) {
                        switch ((i + size_t(round)) % 7) {
                            case 0:
                                std::memset(s, 0, 32);
                                break;
                            case 1:
                                std::memset(s, 0, 32);
                                s[0] = 1;
                                break;
                            case 2:
                                std::memcpy(s, Q, 32);
                                s[0] -= 1;
                                break;  // q - 1
                            case 3:
                                std::memcpy(s, Q, 32);
                                break;
                            case 4:
                                std::memset(s, 0xff, 32);
                                break;  // 2^256 - 1
                            default:
                                break;
                        }
                        if (i % 5 == 2) std::memset(&pts[32 * i], 0, 32);  // the identity
                    }
                    uint8_t wide[64] = {0};
                    std::memcpy(wide, s, 32);
                    crypto_core_ristretto255_scalar_reduce(&reduced[32 * i], wide);
                }
                uint8_t want[32], want_m[32];
                const size_t m = n - n / 3;
                libsodium_msm(reduced, pts, n, want);
                libsodium_msm(reduced, pts, m, want_m);
                std::vector<EdwardsPoint> decoded(n);
                decode_points(decoded.data(), pts.data(), n);
                const MSMTable table(decoded.data(), n);
                uint8_t got[2][4][32];
                for (int b = 0; b < 2; ++b) {
                    set_backend_for_testing(b ? Backend::Ifma : Backend::Portable);
                    EdwardsPoint r;
                    const bool ok = msm(sc.data(), pts.data(), n, got[b][0]) == n;
                    const bool ok1 = msm_points(sc.data(), decoded.data(), n, r);
                    ristretto_encode(got[b][1], r);
                    const bool ok2 = table.msm(sc.data(), n, r);
                    ristretto_encode(got[b][2], r);
                    const bool ok3 = table.msm(sc.data(), m, r);
                    ristretto_encode(got[b][3], r);
                    ++cases;
                    const bool right = ok && ok1 && ok2 && ok3 && std::memcmp(got[b][0], want, 32) == 0 &&
                                       std::memcmp(got[b][1], want, 32) == 0 && std::memcmp(got[b][2], want, 32) == 0 &&
                                       std::memcmp(got[b][3], want_m, 32) == 0;
                    if (!right && wrong++ == 0)
                        first = std::string(b ? "ifma" : "portable") + " n = " + std::to_string(n) +
                                (edge ? " edge" : " random") + " round " + std::to_string(round);
                }
                if (std::memcmp(got[0], got[1], sizeof got[0]) != 0 && wrong++ == 0)
                    first = "backends differ at n = " + std::to_string(n);
            }
        }
    }
    set_backend_for_testing(Backend::Ifma);
    check(wrong == 0, "msm, msm_points, MSMTable::msm on both backends equal libsodium and each other (" +
                          std::to_string(cases) + " cases, " + std::to_string(wrong) + " wrong; first " + first + ")");
}

// ---- fixed-base comb ----------------------------------------------------------------------------------------------

// 32-byte scalars for the comb: 0, 1, q - 1, q, q + 1, 2^255 - 1, 2^256 - 1 (all 0xff), every digit 8 (0x88..),
// random ones with bit 255 set, and random reduced ones.
static std::vector<std::vector<uint8_t>> comb_scalars(size_t randoms) {
    static const uint8_t Q[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                  0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
    std::vector<std::vector<uint8_t>> out;
    std::vector<uint8_t> s(32, 0);
    out.push_back(s);  // 0
    s[0] = 1;
    out.push_back(s);  // 1
    s.assign(Q, Q + 32);
    s[0] -= 1;
    out.push_back(s);  // q - 1
    s[0] += 1;
    out.push_back(s);  // q
    s[0] += 1;
    out.push_back(s);  // q + 1
    s.assign(32, 0xff);
    s[31] = 0x7f;
    out.push_back(s);  // 2^255 - 1
    s[31] = 0xff;
    out.push_back(s);  // 2^256 - 1
    s.assign(32, 0x88);
    s[31] = 0x08;
    out.push_back(s);  // every radix-16 digit 8
    for (size_t i = 0; i < randoms; ++i) {
        randombytes_buf(s.data(), 32);
        s[31] |= 0x80;  // bit 255 set (the fold)
        out.push_back(s);
        crypto_core_ristretto255_scalar_random(s.data());
        out.push_back(s);
    }
    return out;
}

// s * P by libsodium (which ignores bit 255: reduce first); the identity encodes as zeros.
static void libsodium_mul(const uint8_t s[32], const uint8_t p[32], uint8_t out[32]) {
    uint8_t wide[64] = {0}, r[32];
    std::memcpy(wide, s, 32);
    crypto_core_ristretto255_scalar_reduce(r, wide);
    if (crypto_scalarmult_ristretto255(out, r, p) != 0) std::memset(out, 0, 32);
}

// The eight-lane comb (called directly on the lane tables, and routed through FixedBaseTable::mul / mul2, base_mul
// and pedersen_commit with the backend switched) against the portable comb and libsodium: random bases, the
// basepoint and the identity, every scalar of comb_scalars.
static void test_fixed_base(bool quick) {
    std::vector<std::vector<uint8_t>> bases(quick ? 3 : 6, std::vector<uint8_t>(32));
    for (auto& b : bases) crypto_core_ristretto255_random(b.data());
    ristretto_encode(bases[0].data(), EdwardsPoint::basepoint());
    std::memset(bases[1].data(), 0, 32);  // the identity
    std::vector<std::unique_ptr<FixedBaseTable>> tables;
    bool lanes = true;
    set_backend_for_testing(Backend::Ifma);  // a table carries the rows of the backend it was built on
    for (const auto& b : bases) {
        EdwardsPoint P;
        ristretto_decode(P, b.data());
        tables.emplace_back(new FixedBaseTable(P));
        lanes = lanes && tables.back()->rows() != nullptr;
    }
    check(lanes && basepoint_table().rows() != nullptr, "fixed-base tables carry IFMA lanes");
    if (!lanes) return;
    const auto scalars = comb_scalars(quick ? 8 : 40);
    size_t wrong = 0, cases = 0;
    std::string first;
    auto fail = [&](const std::string& what) {
        if (wrong++ == 0) first = what;
    };
    for (size_t t = 0; t < tables.size(); ++t) {
        for (size_t k = 0; k < scalars.size(); ++k) {
            const uint8_t* s = scalars[k].data();
            uint8_t want[32], lane[32], got[2][32];
            libsodium_mul(s, bases[t].data(), want);
            ristretto_encode(lane, tables[t]->rows()->mul(s));
            for (int b = 0; b < 2; ++b) {
                set_backend_for_testing(b ? Backend::Ifma : Backend::Portable);
                ristretto_encode(got[b], tables[t]->mul(s));
            }
            ++cases;
            if (std::memcmp(lane, want, 32) != 0 || std::memcmp(got[0], want, 32) != 0 ||
                std::memcmp(got[1], want, 32) != 0)
                fail("mul, base " + std::to_string(t) + ", scalar " + std::to_string(k));
            // mul2 with the next base and a scalar further down the list (pairs of edge scalars included).
            const size_t u = (t + 1) % tables.size();
            const uint8_t* s2 = scalars[(k * 7 + 3) % scalars.size()].data();
            uint8_t want2[32];
            libsodium_mul(s2, bases[u].data(), want2);
            crypto_core_ristretto255_add(want2, want2, want);
            ristretto_encode(lane, tables[t]->rows()->mul2(s, *tables[u]->rows(), s2));
            for (int b = 0; b < 2; ++b) {
                set_backend_for_testing(b ? Backend::Ifma : Backend::Portable);
                ristretto_encode(got[b], FixedBaseTable::mul2(*tables[t], s, *tables[u], s2));
            }
            ++cases;
            if (std::memcmp(lane, want2, 32) != 0 || std::memcmp(got[0], want2, 32) != 0 ||
                std::memcmp(got[1], want2, 32) != 0)
                fail("mul2, bases " + std::to_string(t) + "/" + std::to_string(u) + ", scalar " + std::to_string(k));
        }
    }
    // base_mul and pedersen_commit (the basepoint table and H's) on both backends agree with each other and
    // libsodium (base_mul) for every scalar pair.
    for (size_t k = 0; k < scalars.size(); ++k) {
        const uint8_t* s = scalars[k].data();
        const uint8_t* s2 = scalars[(k * 5 + 1) % scalars.size()].data();
        uint8_t want[32], got[2][32], commit[2][32];
        libsodium_mul(s, bases[0].data(), want);
        for (int b = 0; b < 2; ++b) {
            set_backend_for_testing(b ? Backend::Ifma : Backend::Portable);
            base_mul(s, got[b]);
            pedersen_commit(s, s2, commit[b]);
        }
        ++cases;
        if (std::memcmp(got[0], want, 32) != 0 || std::memcmp(got[1], want, 32) != 0 ||
            std::memcmp(commit[0], commit[1], 32) != 0)
            fail("base_mul / pedersen_commit, scalar " + std::to_string(k));
    }
    set_backend_for_testing(Backend::Ifma);
    check(wrong == 0,
          "fixed-base comb (FixedBaseTable::mul, mul2, base_mul, pedersen_commit): ifma equals portable "
          "and libsodium (" +
              std::to_string(cases) + " cases, " + std::to_string(wrong) + " wrong; first " + first + ")");
}

// ---- benchmark --------------------------------------------------------------------------------------------------

// Core cycles from the PMU (perf_event_open, user space only) where there is one; otherwise (virtual machines
// without a PMU, like the one these figures come from) nanoseconds of this thread's CPU time, which unlike the
// TSC does not count time spent descheduled on a loaded machine.
struct CycleCounter {
    int fd = -1;
    CycleCounter() {
#if defined(__linux__)
        perf_event_attr attr;
        std::memset(&attr, 0, sizeof attr);
        attr.type = PERF_TYPE_HARDWARE;
        attr.size = sizeof attr;
        attr.config = PERF_COUNT_HW_CPU_CYCLES;
        attr.exclude_kernel = 1;
        attr.exclude_hv = 1;
        fd = static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
#endif
    }
    const char* unit() const { return fd >= 0 ? "core cycles" : "ns of thread CPU time"; }
    uint64_t now() const {
#if defined(__linux__)
        if (fd >= 0) {
            uint64_t v = 0;
            if (read(fd, &v, sizeof v) == sizeof v) return v;
        }
#endif
        timespec ts;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
    }
};

static volatile uint64_t g_sink;

template <class F>
static double best_of(int reps, const CycleCounter& cc, F f) {
    double best = 1e300;
    for (int r = 0; r < reps; ++r) {
        const uint64_t t0 = cc.now();
        f();
        best = std::min(best, double(cc.now() - t0));
    }
    return best;
}

// The machines this runs on are shared (load average ~10 on 2 cores while this was written), so every figure is
// the best of many short runs (each well under a scheduler slice), with both backends interleaved in one loop.
static void bench() {
    CycleCounter cc;
    const size_t rounds = 2000;
    const int reps = 101;
    FE x[8], y[8];
    for (int j = 0; j < 8; ++j) {
        x[j] = random_fe();
        y[j] = random_fe();
    }
    // Portable: one dependent chain (latency: what an exponentiation sees) and eight independent chains
    // interleaved (throughput, as the IFMA lanes are).
    auto portable_mul1 = [&] {
        FE a = x[0];
        for (size_t r = 0; r < 8 * rounds; ++r) a = a * y[0];
        g_sink = a.limb[0];
    };
    auto portable_mul8 = [&] {
        FE a[8];
        std::copy(x, x + 8, a);
        for (size_t r = 0; r < rounds; ++r)
            for (int j = 0; j < 8; ++j) a[j] = a[j] * y[j];
        g_sink = a[0].limb[0] ^ a[7].limb[1];
    };
    auto portable_sq1 = [&] { g_sink = x[0].pow2k(unsigned(8 * rounds)).limb[0]; };
    auto portable_sq8 = [&] {
        FE a[8];
        std::copy(x, x + 8, a);
        for (size_t r = 0; r < rounds; ++r)
            for (int j = 0; j < 8; ++j) a[j] = a[j].square();
        g_sink = a[0].limb[0] ^ a[7].limb[1];
    };
    auto ifma_mul8 = [&] {
        FE a[8];
        std::copy(x, x + 8, a);
        ifma::mul_chain(a, y, rounds);
        g_sink = a[0].limb[0];
    };
    auto ifma_sq8 = [&] {
        FE a[8];
        std::copy(x, x + 8, a);
        ifma::square_chain(a, rounds);
        g_sink = a[0].limb[0];
    };
    double best[6] = {1e300, 1e300, 1e300, 1e300, 1e300, 1e300};
    for (int r = 0; r < reps; ++r) {
        best[0] = std::min(best[0], best_of(1, cc, portable_mul1));
        best[1] = std::min(best[1], best_of(1, cc, portable_mul8));
        best[2] = std::min(best[2], best_of(1, cc, ifma_mul8));
        best[3] = std::min(best[3], best_of(1, cc, portable_sq1));
        best[4] = std::min(best[4], best_of(1, cc, portable_sq8));
        best[5] = std::min(best[5], best_of(1, cc, ifma_sq8));
    }
    const double per = 8.0 * rounds;
    std::printf("bench: %s per field operation (best of %d runs of %zu operations)\n", cc.unit(), reps, size_t(per));
    std::printf("  mul     portable one chain %6.2f, portable 8 chains %6.2f, ifma 8 lanes %6.2f\n", best[0] / per,
                best[1] / per, best[2] / per);
    std::printf("  square  portable one chain %6.2f, portable 8 chains %6.2f, ifma 8 lanes %6.2f\n", best[3] / per,
                best[4] / per, best[5] / per);

    // Decoding 4096 valid points on each backend, in chunks of 64 (the portable loop is ristretto_decode_many's
    // portable path): per chunk the best of `reps` interleaved runs, summed over the chunks.
    const size_t n = 4096, chunk = 64;
    std::vector<uint8_t> enc(32 * n);
    for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_random(&enc[32 * i]);
    std::vector<EdwardsPoint> out(n);
    double total_p = 0, total_i = 0;
    for (size_t c = 0; c < n; c += chunk) {
        double bp = 1e300, bi = 1e300;
        for (int r = 0; r < 15; ++r) {
            bp = std::min(bp, best_of(1, cc, [&] { g_sink = portable_decode_many(&out[c], &enc[32 * c], chunk); }));
            bi = std::min(bi, best_of(1, cc, [&] { g_sink = ifma::decode_many(&out[c], &enc[32 * c], chunk); }));
        }
        total_p += bp;
        total_i += bi;
    }
    std::printf("decode 4096 points: portable %.0f, ifma %.0f %s per point; speedup %.2fx\n", total_p / n, total_i / n,
                cc.unit(), total_p / total_i);

    // msm_vartime (n = 4096) and msm (constant-time, n = 128) through the public entry points on encodings
    // (msm.hpp: decoding, the sum, encoding), one thread, switching the backend between runs.
    std::vector<uint8_t> scalars(32 * n);
    for (size_t i = 0; i < n; ++i) crypto_core_ristretto255_scalar_random(&scalars[32 * i]);
    set_msm_max_threads(1);
    for (int ct = 0; ct < 2; ++ct) {
        const size_t m = ct ? 128 : n;
        uint8_t res[32];
        auto call = [&] {
            g_sink = ct ? msm(scalars.data(), enc.data(), m, res) : msm_vartime(scalars.data(), enc.data(), m, res);
        };
        double bp = 1e300, bi = 1e300;
        for (int r = 0; r < (ct ? 31 : 9); ++r) {
            set_backend_for_testing(Backend::Portable);
            bp = std::min(bp, best_of(1, cc, call));
            set_backend_for_testing(Backend::Ifma);
            bi = std::min(bi, best_of(1, cc, call));
        }
        std::printf("%s n = %zu, one thread: portable %.0f, ifma %.0f %s per point; speedup %.2fx\n",
                    ct ? "msm (constant-time)" : "msm_vartime", m, bp / m, bi / m, cc.unit(), bp / bi);
    }
    // MSMTable::msm (constant-time, n = 128): its affine tables on the portable backend, the eight-lane Straus on
    // its decoded bases on IFMA.
    {
        const size_t m = 128;
        ristretto_decode_many(out.data(), enc.data(), m);
        const MSMTable table(out.data(), m);
        EdwardsPoint r;
        double bp = 1e300, bi = 1e300;
        for (int rep = 0; rep < 31; ++rep) {
            set_backend_for_testing(Backend::Portable);
            bp = std::min(bp, best_of(1, cc, [&] { g_sink = table.msm(scalars.data(), m, r); }));
            set_backend_for_testing(Backend::Ifma);
            bi = std::min(bi, best_of(1, cc, [&] { g_sink = table.msm(scalars.data(), m, r); }));
        }
        std::printf("MSMTable::msm n = %zu, one thread: portable %.0f, ifma %.0f %s per point; speedup %.2fx\n", m,
                    bp / m, bi / m, cc.unit(), bp / bi);
    }
    set_msm_max_threads(0);

    // Crossover of the IFMA constant-time Straus (eight lanes even for fewer points) against the portable one.
    for (size_t m : {size_t(1), size_t(2), size_t(3), size_t(4), size_t(6), size_t(8), size_t(16), size_t(64)}) {
        double bp = 1e300, bi = 1e300;
        for (int r = 0; r < 31; ++r) {
            set_backend_for_testing(Backend::Portable);
            bp =
                std::min(bp, best_of(1, cc, [&] { g_sink = Straus::mul_ct(scalars.data(), out.data(), m).X.limb[0]; }));
            bi = std::min(bi,
                          best_of(1, cc, [&] { g_sink = ifma::straus_ct(scalars.data(), out.data(), m).X.limb[0]; }));
        }
        std::printf("  decoded msm n = %4zu: portable %6.0f, ifma Straus %6.0f per point (%.2fx)\n", m, bp / m, bi / m,
                    bp / bi);
    }
    set_backend_for_testing(Backend::Ifma);

    // The fixed-base comb: FixedBaseTable::mul (FixedBase.mul, base_mul) and mul2 (pedersen_commit), per call.
    {
        const FixedBaseTable& G = basepoint_table();
        const FixedBaseTable H(out[1]);
        const uint8_t* a = &scalars[0];
        const uint8_t* b = &scalars[32];
        for (int two = 0; two < 2; ++two) {
            auto call = [&] { g_sink = (two ? FixedBaseTable::mul2(G, a, H, b) : G.mul(a)).X.limb[0]; };
            double bp = 1e300, bi = 1e300;
            for (int r = 0; r < 301; ++r) {
                set_backend_for_testing(Backend::Portable);
                bp = std::min(bp, best_of(1, cc, call));
                set_backend_for_testing(Backend::Ifma);
                bi = std::min(bi, best_of(1, cc, call));
            }
            std::printf("FixedBaseTable::%s: portable %.0f, ifma %.0f %s per call; speedup %.2fx\n",
                        two ? "mul2" : "mul ", bp, bi, cc.unit(), bp / bi);
        }
    }

    // Crossover of the IFMA Pippenger (ifma::kPippengerMin) against the portable choice, on decoded points.
    for (size_t m : {size_t(16), size_t(32), size_t(48), size_t(64), size_t(96), size_t(128), size_t(256), size_t(1024),
                     size_t(4096)}) {
        double bp = 1e300, bi = 1e300;
        for (int r = 0; r < (m < 1024 ? 31 : 7); ++r) {
            bp = std::min(bp, best_of(1, cc, [&] {
                              g_sink = (m < portable::kPippengerCrossover
                                            ? Straus::mul_vartime(scalars.data(), out.data(), m)
                                            : portable::Pippenger::mul_vartime(scalars.data(), out.data(), m,
                                                                               portable::Pippenger::window_for(m)))
                                           .X.limb[0];
                          }));
            bi = std::min(
                bi, best_of(1, cc, [&] { g_sink = ifma::pippenger_vartime(scalars.data(), out.data(), m).X.limb[0]; }));
        }
        std::printf("  decoded msm_vartime n = %4zu: portable %6.0f, ifma Pippenger %6.0f per point (%.2fx)\n", m,
                    bp / m, bi / m, bp / bi);
    }
}

// PointVector.scale (scale_points, one thread) on each backend: per point, by n (the lanes' threshold).
static void bench_scale() {
    CycleCounter cc;
    const size_t n = 64;
    std::vector<uint8_t> sc(32 * n), enc(32 * n);
    std::vector<EdwardsPoint> pts(n), out(n);
    for (size_t i = 0; i < n; ++i) {
        crypto_core_ristretto255_scalar_random(&sc[32 * i]);
        crypto_core_ristretto255_random(&enc[32 * i]);
        ristretto_decode(pts[i], &enc[32 * i]);
    }
    set_msm_max_threads(1);
    for (size_t m : {size_t(1), size_t(2), size_t(3), size_t(4), size_t(8), n}) {
        double bp = 1e300, bi = 1e300;
        for (int r = 0; r < 15; ++r) {
            bp = std::min(bp, best_of(1, cc, [&] {
                              for (size_t i = 0; i < m; ++i) out[i] = point_mul_decoded(&sc[32 * i], pts[i]);
                              g_sink = out[0].X.limb[0];
                          }));
            bi = std::min(bi, best_of(1, cc, [&] {
                              ifma::scale_ct(out.data(), sc.data(), pts.data(), m);
                              g_sink = out[0].X.limb[0];
                          }));
        }
        std::printf("  scale n = %2zu: portable %6.0f, ifma lanes %6.0f %s per point (%.2fx)\n", m, bp / m, bi / m,
                    cc.unit(), bp / bi);
    }
    set_msm_max_threads(0);
}

// The plain sum of decoded points (PointVector.sum, and point_sum after decoding) on each backend, one thread.
static void bench_sums() {
    CycleCounter cc;
    const size_t n = 4096;
    std::vector<uint8_t> enc(32 * n);
    std::vector<EdwardsPoint> pts(n);
    for (size_t i = 0; i < n; ++i) {
        crypto_core_ristretto255_random(&enc[32 * i]);
        ristretto_decode(pts[i], &enc[32 * i]);
    }
    for (size_t m : {size_t(16), size_t(32), size_t(64), size_t(256), n}) {
        double bp = 1e300, bi = 1e300;
        for (int r = 0; r < 31; ++r) {
            set_backend_for_testing(Backend::Portable);
            bp = std::min(bp, best_of(1, cc, [&] { g_sink = sum_decoded(pts.data(), m).X.limb[0]; }));
            set_backend_for_testing(Backend::Ifma);
            bi = std::min(bi, best_of(1, cc, [&] { g_sink = ifma::sum_points(pts.data(), m).X.limb[0]; }));
        }
        std::printf("  sum of n = %4zu decoded points: portable %5.0f, ifma %5.0f %s per point (%.2fx)\n", m, bp / m,
                    bi / m, cc.unit(), bp / bi);
    }
}

int main(int argc, char** argv) {
    if (sodium_init() < 0) {
        std::printf("sodium_init failed\n0 passed, 1 failed\n");
        return 1;
    }
    if (argc < 2) {
        std::printf("usage: %s VECTORS.json [--quick] [--bench]\n", argv[0]);
        return 2;
    }
    bool quick = false, do_bench = false;
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) quick = true;
        if (std::strcmp(argv[i], "--bench") == 0) do_bench = true;
    }
    std::printf("backend in use: %s\n", backend_name());
    if (!ifma_available()) {
        std::printf("ifma: not available on this CPU or build\n");
        check(backend() != Backend::Ifma, "without IFMA the backend is not IFMA");
    } else {
        std::ifstream f(argv[1]);
        std::stringstream ss;
        ss << f.rdbuf();
        const std::string doc = ss.str();
        check(!doc.empty(), std::string("could not read vectors file ") + argv[1]);
        test_field(quick);
        test_predicates();
        test_sqrt_ratio(quick);
        test_decode(doc, quick);
        test_one_way_map(doc, quick);
        test_msms(quick);
        test_pippenger_kept();
        test_sums(quick);
        test_scale(quick);
        test_four_lanes(quick);
        test_four_lanes_wide(quick);
        test_four_lane_small_and_neg(quick);
        test_routed(quick);
        test_fixed_base(quick);
        if (do_bench) {
            bench();
            bench_sums();
            bench_scale();
        }
    }
    std::printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail == 0 ? 0 : 1;
}
