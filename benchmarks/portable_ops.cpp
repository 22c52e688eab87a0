// What the portable backend's operations cost one by one, for comparing them with another library's (docs/backends.md,
// the portable rows of the comparison with curve25519-dalek). Field products and squarings as one dependent chain and
// as two independent chains (latency against throughput), chains of doublings (mul_by_pow2) and of additions of a
// point in cached form: 1000 operations a call, ns per operation. Then whole calls, ns per call: P * s, fixed-base
// s G, a A + b G, and the Straus MSMs of 16, 32 and 64 points. Each row: the call repeated until a loop takes at least
// 30 ms, then the best of 5 loops.
//
//   g++ -O3 -std=c++17 -Icpp/include benchmarks/portable_ops.cpp cpp/src/*.cpp cpp/src/*/*.cpp \
//       cpp/src/avx2/*.cpp -lsodium -lpthread -o /tmp/portable_ops && taskset -c 1 /tmp/portable_ops
#include <sodium.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "pyristretto/backend.hpp"
#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/scalar_mul.hpp"

using namespace pyristretto;

namespace {

constexpr unsigned kChain = 1000;  // operations per call in the chain rows

uint8_t sink[32];  // every result is folded in here, so no call is dead code

void keep(const FieldElement& x) {
    uint8_t b[32];
    x.to_bytes(b);
    for (int i = 0; i < 32; ++i) sink[i] ^= b[i];
}

void keep(const EdwardsPoint& p) { keep(p.X * p.Z); }

double seconds() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// ns per operation of call(), which runs ops operations. Each call starts behind a compiler barrier, so that no call
// on unchanged inputs can be hoisted out of the loop.
template <typename Call>
double ns_per_op(unsigned ops, Call call) {
    const auto run = [&](uint64_t iterations) {
        const double t = seconds();
        for (uint64_t i = 0; i < iterations; ++i) {
            __asm__ __volatile__("" ::: "memory");
            call();
        }
        return seconds() - t;
    };
    uint64_t iterations = 1;
    while (run(iterations) < 0.03 && iterations < (uint64_t(1) << 40)) iterations *= 2;
    double best = 1e30;
    for (int loop = 0; loop < 5; ++loop) best = std::min(best, run(iterations) / iterations);
    return best * 1e9 / ops;
}

// A field element from a seed: any value below 2^255 will do.
FieldElement element(uint64_t seed) {
    uint8_t b[32];
    for (int i = 0; i < 32; ++i) b[i] = static_cast<uint8_t>((seed + 1) * 0x9E3779B97F4A7C15ull >> (i % 8 * 8)) ^ i;
    b[31] &= 0x7f;
    return FieldElement::from_bytes(b);
}

}  // namespace

int main() {
    if (sodium_init() < 0 || !set_backend_for_testing(Backend::Portable)) return 1;
    const FieldElement y = element(1);
    volatile uint64_t seed = 2;  // read at run time, so no chain is computed at compile time
    const EdwardsPoint p = EdwardsPoint::basepoint().mul_by_pow2(1 + seed % 7);
    const CachedPoint q = EdwardsPoint::basepoint().mul_by_pow2(2 + seed % 5).to_cached();
    uint8_t s[32];
    crypto_core_ristretto255_scalar_random(s);
    std::printf("| row | ns (ours, %s) |\n|---|---:|\n", backend_name());
    const auto row = [](const char* name, double ns) { std::printf("| %s | %.2f |\n", name, ns); };
    row("field product, one chain", ns_per_op(kChain, [&] {
            FieldElement x = element(seed);
            for (unsigned i = 0; i < kChain; ++i) x = x * y;
            keep(x);
        }));
    row("field product, two chains (per product)", ns_per_op(2 * kChain, [&] {
            FieldElement x = element(seed), z = element(seed + 1);
            for (unsigned i = 0; i < kChain; ++i) {
                x = x * y;
                z = z * y;
            }
            keep(x);
            keep(z);
        }));
    row("squaring chain (pow2k)", ns_per_op(kChain, [&] { keep(element(seed).pow2k(kChain)); }));
    row("squaring, two chains (square, per squaring)", ns_per_op(2 * kChain, [&] {
            FieldElement x = element(seed), z = element(seed + 1);
            for (unsigned i = 0; i < kChain; ++i) {
                x = x.square();
                z = z.square();
            }
            keep(x);
            keep(z);
        }));
    row("doubling chain (mul_by_pow2)", ns_per_op(kChain, [&] { keep(p.mul_by_pow2(kChain)); }));
    row("addition chain (P + cached Q)", ns_per_op(kChain, [&] {
            EdwardsPoint r = p;
            for (unsigned i = 0; i < kChain; ++i) r = r + q;
            keep(r);
        }));
    row("P * s", ns_per_op(1, [&] { keep(point_mul_decoded(s, p)); }));
    row("fixed-base s G", ns_per_op(1, [&] { keep(basepoint_table().mul(s)); }));
    std::vector<EdwardsPoint> points(64);
    std::vector<uint8_t> scalars(32 * 66);
    for (size_t i = 0; i < 64; ++i) points[i] = (i ? points[i - 1] : p) + q;
    for (size_t i = 0; i < 66; ++i) crypto_core_ristretto255_scalar_random(&scalars[32 * i]);
    const EdwardsPoint pair[2] = {points[5], EdwardsPoint::basepoint()};  // a A + b G: G's wide table
    row("a A + b G", ns_per_op(1, [&] { keep(Straus::mul_vartime(&scalars[32 * 64], pair, 2)); }));
    for (const size_t n : {16, 32, 64}) {
        char name[64];
        std::snprintf(name, sizeof name, "vartime Straus, %zu points", n);
        row(name, ns_per_op(1, [&] { keep(Straus::mul_vartime(scalars.data(), points.data(), n)); }));
        std::snprintf(name, sizeof name, "constant-time Straus, %zu points", n);
        row(name, ns_per_op(1, [&] { keep(Straus::mul_ct(scalars.data(), points.data(), n)); }));
    }
    std::printf("(sink %02x)\n", sink[0]);
    return 0;
}
