// Ristretto255 (RFC 9496) encoding and decoding on top of EdwardsPoint.
#pragma once
#include <cstddef>
#include <cstdint>
#include "pyristretto/edwards.hpp"

namespace pyristretto {

// Decodes exactly as RFC 9496 section 4.3.1: rejects non-canonical field encodings, bit 255 set,
// negative s, non-square, negative t, y = 0. Returns true and sets out on success. Constant-time in the
// bytes of a valid encoding (the result is the only thing that may be branched on).
bool ristretto_decode(EdwardsPoint& out, const uint8_t in[32]);

// RFC 9496 section 4.3.2 encoding (canonical, equal for equivalent representatives).
void ristretto_encode(uint8_t out[32], const EdwardsPoint& p);

// Encodes n points into out (32 bytes each, back to back); eight at a time on the IFMA lanes.
void ristretto_encode_many(uint8_t* out, const EdwardsPoint* points, size_t n);

// The encodings of 2 halves[i] into out and the points 2 halves[i] into doubled (may alias halves), i < n, with no
// square root: one batched inversion (Montgomery's trick) per chunk of points. Constant-time in the points (a half
// in E[4], whose double is the identity, is handled by masks). Eight lanes at a time on the IFMA backend.
void ristretto_encode_doubled(uint8_t* out, EdwardsPoint* doubled, const EdwardsPoint* halves, size_t n);

// The byte checks of DECODE for a batch decoder's lanes: s[j] = encoding j read as a field element (bit 255 dropped);
// bit j of canonical is set when encoding j is s[j]'s canonical encoding, bit j of s_negative when s[j] is negative.
// count <= 32. No branch on the bytes.
void ristretto_decode_checks(const uint8_t* encodings, unsigned count, FieldElement* s, unsigned& canonical,
                             unsigned& s_negative);

// Ristretto equality (RFC 9496 section 4.3.3), constant-time.
uint8_t ristretto_ct_eq(const EdwardsPoint& a, const EdwardsPoint& b);

// Decodes n encodings stored back to back; returns n on success, else the index of the first invalid one.
size_t ristretto_decode_many(EdwardsPoint* out, const uint8_t* encodings, size_t n);

// RFC 9496 section 4.3.4 MAP: the Elligator-style map from a field element to a point (of the even subgroup, one
// of the 8 Edwards representatives of the element). Constant-time in t.
EdwardsPoint ristretto_elligator(const FieldElement& t);

// RFC 9496 section 4.3.4 element derivation ("one-way map", libsodium's crypto_core_ristretto255_from_hash):
// out = ENCODE(MAP(r0) + MAP(r1)), where r0, r1 are in[0:32], in[32:64] read little-endian with bit 255 masked
// and reduced mod p. Constant-time in the 64 input bytes.
void ristretto_from_uniform(uint8_t out[32], const uint8_t in[64]);
// The same element, decoded (one Edwards representative), without the final encoding.
EdwardsPoint ristretto_from_uniform_point(const uint8_t in[64]);
// out[i] = ristretto_from_uniform_point(uniform + 64 i) for i < n: eight at a time on the IFMA backend.
void ristretto_from_uniform_many(EdwardsPoint* out, const uint8_t* uniform, size_t n);

}  // namespace pyristretto
