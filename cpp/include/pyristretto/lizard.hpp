// Lizard (16 bytes of data to a ristretto255 point and back, as curve25519-dalek's lizard module) and the inverse
// of the RFC 9496 MAP (Elligator) on which it rests: every field element that MAP sends to a given element.
// Everything here is constant-time in its input (the data is an ElGamal plaintext: a secret).
#pragma once
#include <cstdint>

#include "pyristretto/edwards.hpp"

namespace pyristretto {

// RFC 9496 MAP of the field element of 32 little-endian bytes (bit 255 ignored), as curve25519-dalek's
// RistrettoPoint::map_to_curve.
EdwardsPoint ristretto_map_to_curve(const uint8_t fe[32]) noexcept;

// The at most 16 field elements that MAP sends to the element of p, in curve25519-dalek's map_to_curve_inverse
// slot order: slots 0-7 even (non-negative) elements, slots 8-15 their negatives. out holds 16 * 32 bytes;
// defined[i] is 1 where slot i is defined, else 0 (and out zero there).
void ristretto_elligator_inverse(const EdwardsPoint& p, uint8_t out[16 * 32], uint8_t defined[16]) noexcept;

// Lizard: data (16 bytes) to a point: fe = SHA-256(data) with bytes 8..24 replaced by data, bit 0 and bits 254-255
// cleared; the point MAP(fe).
EdwardsPoint lizard_encode(const uint8_t data[16]) noexcept;

// The data of a Lizard point: 1 and data set when exactly one of p's even MAP preimages has the Lizard form, else 0
// and data zero. Every slot is checked, and the result computed, without a branch on the point (the caller's
// branch on the result reveals only whether the point carries data).
uint8_t lizard_decode(const EdwardsPoint& p, uint8_t data[16]) noexcept;

}  // namespace pyristretto
