// TEMPORARY: loops of libsodium calls until the own core lands.
#include "pyristretto/msm.hpp"
#include "pyristretto/sodium.hpp"
#include "pyristretto/hash.hpp"
#include <cstring>

namespace pyristretto {

static size_t first_invalid(const uint8_t* points, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (!is_valid_encoding(points + 32 * i)) return i;
    return n;
}

size_t msm(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    size_t bad = first_invalid(points, n);
    if (bad != n) return bad;
    uint8_t acc[32] = {0}, term[32];
    for (size_t i = 0; i < n; ++i) {
        sodium_point_mul(scalars + 32 * i, points + 32 * i, term);
        sodium_point_add(acc, term, acc);
    }
    std::memcpy(out, acc, 32);
    return n;
}

size_t msm_vartime(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    return msm(scalars, points, n, out);
}

size_t point_sum(const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    size_t bad = first_invalid(points, n);
    if (bad != n) return bad;
    uint8_t acc[32] = {0};
    for (size_t i = 0; i < n; ++i) sodium_point_add(acc, points + 32 * i, acc);
    std::memcpy(out, acc, 32);
    return n;
}

void pedersen_commit(const uint8_t amount[32], const uint8_t blinding[32], uint8_t out[32]) noexcept {
    uint8_t a[32], b[32];
    sodium_base_mul(amount, a);
    sodium_point_mul(blinding, generator_H(), b);
    sodium_point_add(a, b, out);
}

}  // namespace pyristretto
