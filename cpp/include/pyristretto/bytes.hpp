// Internal (not part of the API): little-endian 64-bit loads and stores at any alignment, shared by the field
// (field.cpp) and the scalar recodings (scalar.cpp). On a little-endian host each is one unaligned move (memcpy):
// GCC 12 compiled the byte-by-byte form below into eight byte loads, seven shifts and seven ors (5-7% of a
// recoding). Elsewhere, byte by byte.
#pragma once
#include <cstdint>
#include <cstring>

namespace pyristretto {
namespace detail {

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
inline uint64_t load64_le(const uint8_t* in) noexcept {
    uint64_t w;
    std::memcpy(&w, in, sizeof w);
    return w;
}

inline void store64_le(uint8_t* out, uint64_t w) noexcept { std::memcpy(out, &w, sizeof w); }
#else
inline uint64_t load64_le(const uint8_t* in) noexcept {
    uint64_t w = 0;
    for (int i = 7; i >= 0; --i) w = (w << 8) | in[i];
    return w;
}

inline void store64_le(uint8_t* out, uint64_t w) noexcept {
    for (int i = 0; i < 8; ++i) out[i] = static_cast<uint8_t>(w >> (8 * i));
}
#endif

}  // namespace detail
}  // namespace pyristretto
