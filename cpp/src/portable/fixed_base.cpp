// The portable fixed-base comb (portable/fixed_base.hpp): s B = 16 sum_{odd k} d_k 16^(k-1) B + sum_{even k} d_k
// 16^k B with signed radix-16 digits d_k, row k / 2 holding the multiples of 16^k B (even k), each entry read by a
// whole-row scan (ct::select_signed).
#include "pyristretto/portable/fixed_base.hpp"

#include <sodium.h>

#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {
namespace portable {

EdwardsPoint comb(const AffineNielsPoint (*rows)[8], const uint8_t s[32]) noexcept {
    int8_t d[64];  // secret: wiped below
    signed_radix16(s, d);
    EdwardsPoint acc = EdwardsPoint::identity();
    for (unsigned k = 1; k < 64; k += 2) acc = acc + ct::select_signed(rows[k / 2], 8, d[k]);
    acc = acc.mul_by_pow2(4);
    for (unsigned k = 0; k < 64; k += 2) acc = acc + ct::select_signed(rows[k / 2], 8, d[k]);
    sodium_memzero(d, sizeof d);
    return acc;
}

EdwardsPoint comb2(const AffineNielsPoint (*a_rows)[8], const uint8_t a[32], const AffineNielsPoint (*b_rows)[8],
                   const uint8_t b[32]) noexcept {
    int8_t da[64], db[64];  // secret: wiped below
    signed_radix16(a, da);
    signed_radix16(b, db);
    EdwardsPoint acc = EdwardsPoint::identity();
    for (unsigned k = 1; k < 64; k += 2) {
        acc = acc + ct::select_signed(a_rows[k / 2], 8, da[k]);
        acc = acc + ct::select_signed(b_rows[k / 2], 8, db[k]);
    }
    acc = acc.mul_by_pow2(4);
    for (unsigned k = 0; k < 64; k += 2) {
        acc = acc + ct::select_signed(a_rows[k / 2], 8, da[k]);
        acc = acc + ct::select_signed(b_rows[k / 2], 8, db[k]);
    }
    sodium_memzero(da, sizeof da);
    sodium_memzero(db, sizeof db);
    return acc;
}

}  // namespace portable
}  // namespace pyristretto
