// How long one IFMA point addition takes as a dependency chain and how many run at once (docs/backends.md, the
// Pippenger row of the comparison with curve25519-dalek): the eight-lane addition (edwards8.hpp, eight points, as
// Pippenger's buckets use it) as one chain and as two independent chains, and the one-point four-lane addition
// (edwards4.hpp) as four chains; and the eight-lane multiplication (field8.hpp) as one, two and four chains, which
// tells latency from throughput. Best of 20 runs of 20,000 operations, ns per operation, on a CPU with AVX-512 IFMA.
//
//   g++ -O3 -std=c++17 -Icpp/include benchmarks/ifma_addition_chains.cpp cpp/src/*.cpp cpp/src/*/*.cpp \
//       cpp/src/avx2/*.cpp -lsodium -lpthread -o /tmp/chains && taskset -c 1 /tmp/chains
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "pyristretto/backend.hpp"
#include "pyristretto/ifma/edwards4.hpp"
#include "pyristretto/ifma/edwards8.hpp"

using namespace pyristretto;
using namespace pyristretto::ifma;

namespace {

constexpr int kRounds = 20000;  // operations per chain

double seconds() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// Distinct starting points per chain: chains from one start would be folded into one by the compiler.
void starts(EdwardsPoint out[8], int from) {
    const EdwardsPoint b = EdwardsPoint::basepoint();
    EdwardsPoint p = b;
    for (int k = 1; k < from; ++k) p = p + b;
    for (int j = 0; j < 8; ++j, p = p + b) out[j] = p;
}

// Each chain's result goes to its own part of the sink: an earlier version stored both chains over the same eight
// points, g++ dropped the first chain as dead code, and "two chains" timed one chain divided by two.
template <int Chains>
PYR_IFMA_FN double eight_lane(EdwardsPoint* sink) {
    EdwardsPoint in[8];
    Point8 acc[Chains];
    for (int k = 0; k < Chains; ++k) {
        starts(in, 1 + 8 * k);
        acc[k] = load_points(in);
    }
    const Cached8 q = to_cached(acc[0]);
    const double start = seconds();
    for (int i = 0; i < kRounds; ++i)
        for (int k = 0; k < Chains; ++k) acc[k] = add(acc[k], q);
    const double elapsed = seconds() - start;
    for (int k = 0; k < Chains; ++k) store_points(acc[k], sink + 8 * k);
    return elapsed / (double(Chains) * kRounds) * 1e9;
}

// Chains independent multiplications x_k = x_k y per round; the results go to sink[8 k .. 8 k + 7].
template <int Chains>
PYR_IFMA_FN double eight_lane_mul(FieldElement* sink) {
    F8 x[Chains];
    for (int k = 0; k < Chains; ++k) x[k] = splat(FieldElement::from_u64(3 + k));
    const F8 y = splat(FieldElement::from_u64(5));
    const double start = seconds();
    for (int i = 0; i < kRounds; ++i)
        for (int k = 0; k < Chains; ++k) x[k] = mul(x[k], y);
    const double elapsed = seconds() - start;
    for (int k = 0; k < Chains; ++k) {
        FieldElement* out[8];
        for (int j = 0; j < 8; ++j) out[j] = &sink[8 * k + j];
        store(x[k], out);
    }
    return elapsed / (double(Chains) * kRounds) * 1e9;
}

PYR_IFMA_FN double four_lane(EdwardsPoint* sink) {
    EdwardsPoint in[8];
    starts(in, 1);
    Point4 acc[4];
    for (int k = 0; k < 4; ++k) acc[k] = load_point4(in[k]);
    const Cached4 q = to_cached4(acc[0]);
    const double start = seconds();
    for (int i = 0; i < kRounds; ++i)
        for (int k = 0; k < 4; ++k) acc[k] = add4(acc[k], q);
    const double elapsed = seconds() - start;
    for (int k = 0; k < 4; ++k) sink[k] = store_point4(acc[k]);
    return elapsed / (4.0 * kRounds) * 1e9;
}

}  // namespace

int main() {
    if (!ifma_available()) {
        std::printf("this CPU has no AVX-512 IFMA\n");
        return 1;
    }
    EdwardsPoint sink[16];  // every chain's result, summed into the printed check so none is dead code
    FieldElement products[32];
    double one = 1e9, two = 1e9, four = 1e9, mul1 = 1e9, mul2 = 1e9, mul4 = 1e9;
    for (int run = 0; run < 20; ++run) {
        one = std::min(one, eight_lane<1>(sink));
        two = std::min(two, eight_lane<2>(sink));
        four = std::min(four, four_lane(sink));
        mul1 = std::min(mul1, eight_lane_mul<1>(products));
        mul2 = std::min(mul2, eight_lane_mul<2>(products));
        mul4 = std::min(mul4, eight_lane_mul<4>(products));
    }
    std::printf("eight-lane addition: one chain %.1f ns, two chains %.1f ns an addition (%.1f ns a lane)\n", one, two,
                two / 8);
    std::printf("one-point four-lane addition, four chains: %.1f ns an addition\n", four);
    std::printf("eight-lane multiplication: one chain %.1f ns, two chains %.1f ns, four chains %.1f ns a product\n",
                mul1, mul2, mul4);
    uint64_t check = 0;
    for (const EdwardsPoint& p : sink) check += p.X.limb[0] + p.Y.limb[1] + p.Z.limb[2] + p.T.limb[3];
    for (const FieldElement& f : products) check += f.limb[0];
    std::printf("(check %016llx)\n", static_cast<unsigned long long>(check));
    return 0;
}
