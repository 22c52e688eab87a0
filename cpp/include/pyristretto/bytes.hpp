// Internal (not part of the API): little-endian 64-bit loads and stores, byte by byte (no alignment or host
// byte-order assumptions), shared by the field (field.cpp) and the scalar recodings (scalar.cpp).
#pragma once
#include <cstdint>

namespace pyristretto {
namespace detail {

inline uint64_t load64_le(const uint8_t* in) noexcept {
    uint64_t w = 0;
    for (int i = 7; i >= 0; --i) w = (w << 8) | in[i];
    return w;
}

inline void store64_le(uint8_t* out, uint64_t w) noexcept {
    for (int i = 0; i < 8; ++i) out[i] = static_cast<uint8_t>(w >> (8 * i));
}

}  // namespace detail
}  // namespace pyristretto
