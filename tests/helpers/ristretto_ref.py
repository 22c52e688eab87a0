"""Pure-Python ristretto255 (RFC 9496) on Python ints: the field, ENCODE, DECODE and MAP (the Elligator map), and
Lizard's encoding (curve25519-dalek's lizard module: SHA-256 tag, MAP). Slow and simple, written from RFC 9496 and
the lizard README, sharing no code with the C++ core: an independent reference for pyristretto.sigma.lizard."""

from __future__ import annotations

import hashlib

P = 2**255 - 19
D = (-121665 * pow(121666, -1, P)) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)


def is_negative(x: int) -> int:
    return (x % P) & 1


def ct_abs(x: int) -> int:
    x %= P
    return P - x if is_negative(x) else x


def sqrt_ratio_m1(u: int, v: int):
    """RFC 9496 SQRT_RATIO_M1: (was_square, the non-negative root of u/v or of i u/v)."""
    u, v = u % P, v % P
    v3 = v * v % P * v % P
    v7 = v3 * v3 % P * v % P
    r = u * v3 % P * pow(u * v7 % P, (P - 5) // 8, P) % P
    check = v * r % P * r % P
    correct = check == u
    flipped = check == (-u) % P
    flipped_i = check == (-u * SQRT_M1) % P
    if flipped or flipped_i:
        r = r * SQRT_M1 % P
    return correct or flipped, ct_abs(r)


# RFC 9496 section 4.1's constants as it lists them (SQRT_AD_MINUS_ONE is the odd root), checked below.
SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
assert SQRT_AD_MINUS_ONE**2 % P == (-D - 1) % P
assert INVSQRT_A_MINUS_D**2 * (-1 - D) % P == 1
ONE_MINUS_D_SQ = (1 - D * D) % P
D_MINUS_ONE_SQ = (D - 1) * (D - 1) % P


def encode(point) -> bytes:
    """RFC 9496 ENCODE of extended coordinates (x0, y0, z0, t0)."""
    x0, y0, z0, t0 = point
    u1 = (z0 + y0) * (z0 - y0) % P
    u2 = x0 * y0 % P
    _, invsqrt = sqrt_ratio_m1(1, u1 * u2 * u2)
    den1, den2 = invsqrt * u1 % P, invsqrt * u2 % P
    z_inv = den1 * den2 * t0 % P
    if is_negative(t0 * z_inv):
        x, y, den_inv = y0 * SQRT_M1 % P, x0 * SQRT_M1 % P, den1 * INVSQRT_A_MINUS_D % P
    else:
        x, y, den_inv = x0, y0, den2
    if is_negative(x * z_inv):
        y = -y
    return ct_abs(den_inv * (z0 - y)).to_bytes(32, "little")


def map_to_point(t: int):
    """RFC 9496 MAP of the field element t (extended coordinates)."""
    r = SQRT_M1 * t * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = sqrt_ratio_m1(u, v)
    if not was_square:
        s = -ct_abs(s * t) % P
        c = r
    else:
        c = P - 1
    n = (c * (r - 1) * D_MINUS_ONE_SQ - v) % P
    w0, w1 = 2 * s * v % P, n * SQRT_AD_MINUS_ONE % P
    w2, w3 = (1 - s * s) % P, (1 + s * s) % P
    return (w0 * w3 % P, w2 * w1 % P, w1 * w3 % P, w0 * w2 % P)


def map_to_curve(fe: bytes) -> bytes:
    """The encoding of MAP(fe): fe read little-endian with bit 255 masked (as curve25519-dalek's map_to_curve)."""
    return encode(map_to_point(int.from_bytes(fe, "little") & ((1 << 255) - 1)))


def lizard_field_element(data: bytes) -> bytes:
    """Lizard's field element: SHA-256(data), bytes 8..24 replaced by the data, bit 0 and bits 254-255 cleared."""
    fe = bytearray(hashlib.sha256(data).digest())
    fe[8:24] = data
    fe[0] &= 0xFE
    fe[31] &= 0x3F
    return bytes(fe)


def lizard_encode(data: bytes) -> bytes:
    """The encoding of Lizard's point for 16 bytes of data."""
    return map_to_curve(lizard_field_element(data))


def is_lizard_field_element(fe: bytes) -> bool:
    """Whether the field element has Lizard's form (so that its bytes 8..24 are the data)."""
    return lizard_field_element(fe[8:24]) == fe
