// Keccak-f[1600], the permutation of FIPS 202 (SHA-3) and of STROBE: portable C++17, no tables beyond the 24
// round constants, which are generated at compile time from the spec's LFSR. The state is 200 bytes; byte i
// is byte i % 8 (little-endian) of lane i / 8, lane x + 5y holding A[x, y], as FIPS 202 section 3.1.2 orders it.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pyristretto {

constexpr size_t kKeccakStateBytes = 200;

// Applies the 24 rounds of Keccak-f[1600] to the lanes in place (lane x + 5y = A[x, y]).
void keccak_f1600_lanes(uint64_t lanes[25]) noexcept;

// The same on the byte form of the state (any alignment, any host byte order). Constant time: no branch and no
// memory access depends on the state. The lanes' copies on the stack are wiped.
void keccak_f1600(uint8_t state[kKeccakStateBytes]) noexcept;

}  // namespace pyristretto
