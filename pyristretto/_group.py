"""The group and scalar-field operations the protocol modules (oprf, frost) use, in one place.

Every group or scalar operation of `pyristretto.oprf` and `pyristretto.frost` goes through the names below, so
moving the protocols onto the object layer (`Point`, `Scalar`, `PointVector`) is a change to this file only.
Today an element is its 32-byte canonical encoding (`bytes`) and a scalar is a Python `int` in [0, q).

Constant time: the names marked *secret-safe* are libsodium's `crypto_core_ristretto255_scalar_*` (behind
`sc_*`) or the C++ core's constant-time `point_mul`/`base_mul`, all run by the valgrind check of
tests/test_constant_time.py. `msm_public` may take time that depends on its scalars and is only for public values
(proof composites, proof and signature verification). A secret scalar still lives in a Python `int` between calls
(the functional API's representation): Python's big-integer code is not constant-time and the int is not wiped
when freed. The protocol code therefore never computes on secret ints itself; it passes them to the names here.

Moving to the object layer: rebind the names below (`mul` to `s * Point`, `base_mul` to `Point.base_mul`,
`msm_public` to `PointVector.msm_vartime`, `scalar_*` to `Scalar` arithmetic, `hash_to_*` to the classmethods,
`deserialize_*` to `Point(...)`/`Scalar.from_bytes`); the protocol modules then only need `bytes(P)` wherever they
build a transcript from an element (oprf: `_composite_weights`, `_challenge`, `_output`; frost:
`_binding_factors`, `_Session`, `aggregate`, `verify`, `verify_batch`'s key dictionary), since an element is no
longer its encoding.
"""
import hmac
import operator

from pyristretto import _core

InvalidPointError = _core.InvalidPointError
ORDER = _core.q
IDENTITY = _core.IDENTITY
GENERATOR = _core.G
ELEMENT_SIZE = 32
SCALAR_SIZE = 32

# ---- scalars: ints in [0, q) (secret-safe) -------------------------------------------------------------
scalar_random = _core.sc_rand          # uniform in [1, q), libsodium's CSPRNG
scalar_add = _core.sc_add              # (a + b) mod q
scalar_sub = _core.sc_sub              # (a - b) mod q
scalar_mul = _core.sc_mul              # (a * b) mod q
scalar_inverse = _core.sc_inv          # 1/a mod q; ZeroDivisionError for 0
scalar_from_wide = _core.sc_reduce     # 64 bytes little-endian, reduced mod q
serialize_scalar = _core.to_bytes32    # 32 bytes little-endian
hash_to_scalar = _core.hash_to_scalar  # RFC 9497 HashToScalar (expand_message_xmd over SHA-512, mod q)

# ---- elements: 32-byte canonical encodings -------------------------------------------------------------
hash_to_group = _core.hash_to_group    # RFC 9380 hash_to_ristretto255
add = _core.point_add
base_mul = _core.base_mul              # s*G (secret-safe)
mul = _core.point_mul                  # s*P (secret-safe)
msm_public = _core.msm_vartime         # sum(s_i * P_i) for public scalars only (variable time)


def scalar_is_zero(a):
    """Whether a is 0 mod q (compares the encodings in constant time)."""
    return hmac.compare_digest(_core.to_bytes32(a), bytes(SCALAR_SIZE))


def deserialize_scalar(data):
    """The scalar encoded by exactly 32 canonical bytes (< q), or None when `data` is not such an encoding."""
    data = bytes(data)
    if len(data) != SCALAR_SIZE:
        return None
    value = int.from_bytes(data, "little")
    return value if value < ORDER else None


def scalar_argument(value, name, encoding_error=ValueError):
    """A scalar argument (an int-like in [0, q), or its canonical 32-byte encoding) as an int. TypeError for
    other types, ValueError out of range, `encoding_error` for a bad encoding."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        s = deserialize_scalar(value)
        if s is None:
            raise encoding_error(f"{name}: not a canonical 32-byte scalar encoding")
        return s
    try:
        s = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int or 32 bytes, got {type(value).__name__}") from None
    if not 0 <= s < ORDER:
        raise ValueError(f"{name}: expected a scalar in [0, q)")
    return s


def deserialize_element(data):
    """The element encoded by `data` as canonical `bytes`, or None when it is not a valid encoding or is the
    identity (RFC 9497 and RFC 9591 reject the identity on deserialization for ristretto255)."""
    data = bytes(data)
    if not _core.is_valid_point(data) or data == IDENTITY:
        return None
    return data


def is_identity(P):
    """Whether the canonical encoding P is the identity."""
    return P == IDENTITY


def elements_equal(P, Q):
    """Equality of two canonical encodings (constant-time comparison)."""
    return hmac.compare_digest(P, Q)
