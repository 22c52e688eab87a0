"""Lizard: 16 bytes of data to a ristretto255 point and back (curve25519-dalek's lizard module, with SHA-256), so
that ElGamal encrypts data: ``encrypt(key, lizard_encode(data))``, then ``lizard_decode(decrypt(key, ct))``. And the
inverse of RFC 9496's MAP (Elligator): the field elements MAP sends to a point.

The point is MAP(fe) for fe = SHA-256(data) with bytes 8..24 replaced by the data and bit 0 and bits 254, 255
cleared: decoding finds, among the at most eight even preimages of the point, the one of that form. About 2^-122 of
the inputs cannot be decoded (two preimages of the form). Everything is constant-time in the data and the point
(both are the plaintext of an encryption); `lizard_decode` tells only whether the point carries data.
"""

from __future__ import annotations

from typing import List, Optional

from pyristretto import _group as grp
from pyristretto._group import Point

__all__ = ["lizard_encode", "lizard_decode", "elligator_inverse", "map_to_curve"]


def lizard_encode(data) -> Point:
    """The Point carrying 16 bytes of data (bytes-like of exactly 16 bytes; ValueError otherwise)."""
    return grp.lizard_encode(data)


def lizard_decode(P) -> Optional[bytes]:
    """The 16 bytes P carries, or None when P is no Lizard encoding. P: a Point or a 32-byte encoding."""
    return grp.lizard_decode(P)


def elligator_inverse(P) -> List[Optional[bytes]]:
    """The field elements (32 bytes little-endian) that RFC 9496's MAP sends to P: 16 slots in curve25519-dalek's
    map_to_curve_inverse order for the decoded point (0-7 even elements, 8-15 their negatives), None where undefined.
    Each defined slot f has ``map_to_curve(f) == P``."""
    return grp.elligator_inverse(P)


def map_to_curve(fe) -> Point:
    """RFC 9496's MAP of a field element (32 bytes little-endian, bit 255 ignored): one half of the one-way map,
    curve25519-dalek's RistrettoPoint::map_to_curve."""
    return grp.map_to_curve(fe)
