// Control for ct_check: deliberately leaky code that valgrind memcheck MUST flag once the scalar is marked
// undefined (a branch on a secret bit, and a table read at a secret index). If this passes cleanly under
// valgrind --error-exitcode=1, the constant-time check is not working.
#include <sodium.h>
#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstring>

#include "pyristretto/edwards.hpp"
#include "pyristretto/ristretto.hpp"

using namespace pyristretto;

namespace {

// Double-and-add branching on each bit of s.
EdwardsPoint leaky_double_and_add(const uint8_t s[32], const EdwardsPoint& p) {
    EdwardsPoint acc = EdwardsPoint::identity();
    const CachedPoint c = p.to_cached();
    for (int i = 255; i >= 0; --i) {
        acc = acc.dbl();
        if ((s[i / 8] >> (i % 8)) & 1) acc = acc + c;
    }
    return acc;
}

// Fixed-window multiplication reading table[nibble] directly.
EdwardsPoint leaky_window(const uint8_t s[32], const EdwardsPoint& p) {
    CachedPoint table[16];
    EdwardsPoint m = EdwardsPoint::identity();
    for (int j = 0; j < 16; ++j) {
        table[j] = m.to_cached();
        m = m + p;
    }
    EdwardsPoint acc = EdwardsPoint::identity();
    for (int i = 63; i >= 0; --i) {
        acc = acc.mul_by_pow2(4);
        acc = acc + table[(s[i / 2] >> (4 * (i % 2))) & 15];
    }
    return acc;
}

}  // namespace

int main() {
    if (sodium_init() < 0) return 2;
    uint8_t s[32], penc[32], a[32], b[32];
    crypto_core_ristretto255_scalar_random(s);
    crypto_core_ristretto255_random(penc);
    EdwardsPoint p;
    ristretto_decode(p, penc);
    VALGRIND_MAKE_MEM_UNDEFINED(s, 32);
    ristretto_encode(a, leaky_double_and_add(s, p));
    ristretto_encode(b, leaky_window(s, p));
    VALGRIND_MAKE_MEM_DEFINED(a, 32);
    VALGRIND_MAKE_MEM_DEFINED(b, 32);
    std::printf("leaky results %s\n", std::memcmp(a, b, 32) == 0 ? "agree" : "DISAGREE");
    return 0;
}
