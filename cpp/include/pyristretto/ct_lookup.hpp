// Internal (not part of the API): constant-time table lookups for the portable scalar-multiplication code (portable/:
// straus.cpp, fixed_base.cpp, msm_table.cpp). Every entry is read and no branch or address depends on the index; the
// result is accumulated with AND/OR masks over the entries' raw 64-bit words, two words at a time in 16-byte vectors
// (SSE2 on x86-64, NEON on AArch64: both baseline). Written per limb, GCC vectorised the cached entries (20 limbs) but
// not the affine ones (15), whose accumulators stayed scalar and partly spilled: those scans were a fifth of the
// portable fixed-base s G (perf); in vectors, MSMTable's portable constant-time msm of 128 bases took a fifth less time
// (GCC, through Python, one core).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ct {

// All ones iff a == b (a, b < 2^32), else 0; hidden from the optimiser so it stays arithmetic.
inline uint64_t eq_mask(uint32_t a, uint32_t b) noexcept {
    const uint64_t diff = static_cast<uint64_t>(a ^ b);
    return detail::value_barrier(0 - ((diff - 1) >> 63));  // diff - 1 wraps (bit 63 set) only when diff == 0
}

static_assert(sizeof(CachedPoint) == 160 && sizeof(AffineNielsPoint) == 120, "entries of 20 and 15 limbs, no padding");

// table[index - first] when first <= index < first + count, else all zero words, reading all count entries. Entry
// is a plain struct of 64-bit limbs (CachedPoint: 20, AffineNielsPoint: 15), read as bytes.
template <typename Entry>
inline Entry select_words(const Entry* table, unsigned count, uint32_t index, uint32_t first) noexcept {
    static_assert(std::is_trivially_copyable<Entry>::value && sizeof(Entry) % 8 == 0, "an array of 64-bit words");
    typedef uint64_t Pair __attribute__((vector_size(16)));
    constexpr size_t kPairs = sizeof(Entry) / 16, kOdd = sizeof(Entry) / 8 % 2;
    Pair acc[kPairs] = {};
    uint64_t last = 0;
    for (unsigned i = 0; i < count; ++i) {
        const uint64_t m = eq_mask(i + first, index);
        const Pair mask = {m, m};
        const unsigned char* e = reinterpret_cast<const unsigned char*>(&table[i]);
        for (size_t k = 0; k < kPairs; ++k) {
            Pair v;
            std::memcpy(&v, e + 16 * k, 16);
            acc[k] |= v & mask;
        }
        if constexpr (kOdd != 0) {
            uint64_t w;
            std::memcpy(&w, e + 16 * kPairs, 8);
            last |= w & m;
        }
    }
    Entry r;
    std::memcpy(&r, acc, 16 * kPairs);
    if constexpr (kOdd != 0) std::memcpy(reinterpret_cast<unsigned char*>(&r) + 16 * kPairs, &last, 8);
    return r;
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
    return select_words(table, count, index, 0);
}

// index == 0: the identity (1, 1, 0); else table[index - 1] (index <= count), reading all count entries.
inline AffineNielsPoint select_or_identity(const AffineNielsPoint* table, unsigned count, uint32_t index) noexcept {
    AffineNielsPoint r = select_words(table, count, index, 1);
    const uint64_t m0 = eq_mask(0, index);
    r.y_plus_x.limb[0] |= 1 & m0;
    r.y_minus_x.limb[0] |= 1 & m0;
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
