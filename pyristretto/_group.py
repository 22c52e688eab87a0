"""The group and scalar-field operations the protocol modules (oprf, frost) use, in one place.

Every group or scalar operation of `pyristretto.oprf` and `pyristretto.frost` goes through the functions below,
so moving the protocols onto the object layer (`Point`, `Scalar`, `PointVector`) is a change to this file only.
Today an element is its 32-byte canonical encoding (`bytes`) and a scalar is a Python `int` in [0, q).

Constant time: the functions marked *secret-safe* call libsodium or the C++ core's constant-time code
(`sc_*` are libsodium's `crypto_core_ristretto255_scalar_*`; `mul`/`base_mul`/`msm` are the core's
`point_mul`/`base_mul`/`msm`, checked by valgrind in tests/test_constant_time.py). The `*_public` functions
may take time that depends on their scalars and are only for public values (proof and signature
verification). A secret scalar still lives in a Python `int` between calls (the functional API's
representation): Python's big-integer code is not constant-time and the int is not wiped when freed. The
protocol code therefore never does arithmetic on secret ints itself, only passes them to the functions here.
"""
import hmac

from pyristretto import _core

InvalidPointError = _core.InvalidPointError
ORDER = _core.q
IDENTITY = _core.IDENTITY
GENERATOR = _core.G
ELEMENT_SIZE = 32
SCALAR_SIZE = 32


# ---- scalars (secret-safe) -------------------------------------------------------------------------
def scalar_random():
    """Uniform in [1, q) from libsodium's CSPRNG."""
    return _core.sc_rand()


def scalar_add(a, b):
    """(a + b) mod q, constant-time (libsodium)."""
    return _core.sc_add(a, b)


def scalar_sub(a, b):
    """(a - b) mod q, constant-time (libsodium)."""
    return _core.sc_sub(a, b)


def scalar_mul(a, b):
    """(a * b) mod q, constant-time (libsodium)."""
    return _core.sc_mul(a, b)


def scalar_inverse(a):
    """1/a mod q, constant-time (libsodium); ZeroDivisionError for 0."""
    return _core.sc_inv(a)


def scalar_is_zero(a):
    """Whether a is 0 mod q (compares the encodings in constant time)."""
    return hmac.compare_digest(_core.to_bytes32(a), bytes(SCALAR_SIZE))


def scalar_from_wide(digest):
    """A 64-byte digest read little-endian, reduced mod q (libsodium)."""
    return _core.sc_reduce(digest)


def hash_to_scalar(msg, dst):
    """RFC 9497 HashToScalar: expand_message_xmd(msg, dst, 64) mod q (C++ core, libsodium SHA-512)."""
    return _core.hash_to_scalar(msg, dst)


def serialize_scalar(s):
    """The 32-byte little-endian encoding of s mod q."""
    return _core.to_bytes32(s)


def deserialize_scalar(data):
    """The scalar encoded by exactly 32 canonical bytes (< q), or None when `data` is not such an encoding."""
    data = bytes(data)
    if len(data) != SCALAR_SIZE:
        return None
    value = int.from_bytes(data, "little")
    return value if value < ORDER else None


# ---- elements ---------------------------------------------------------------------------------------
def deserialize_element(data):
    """The element encoded by `data` as canonical `bytes`, or None when it is not a valid encoding or is the
    identity (RFC 9497 and RFC 9591 reject the identity on deserialization for ristretto255)."""
    data = bytes(data)
    if not _core.is_valid_point(data) or data == IDENTITY:
        return None
    return data


def is_identity(P):
    """Whether P is the identity."""
    return P == IDENTITY


def elements_equal(P, Q):
    """Equality of two canonical encodings (constant-time comparison)."""
    return hmac.compare_digest(P, Q)


def hash_to_group(msg, dst):
    """RFC 9380 hash_to_ristretto255 (expand_message_xmd over SHA-512, then the one-way map)."""
    return _core.hash_to_group(msg, dst)


def add(P, Q):
    """P + Q."""
    return _core.point_add(P, Q)


def sub(P, Q):
    """P - Q."""
    return _core.point_sub(P, Q)


def base_mul(s):
    """s*G, constant-time in s (secret-safe)."""
    return _core.base_mul(s)


def mul(s, P):
    """s*P, constant-time in s (secret-safe)."""
    return _core.point_mul(s, P)


def msm(scalars, points):
    """sum(s_i * P_i), constant-time in the scalars (secret-safe)."""
    return _core.msm(scalars, points)


def msm_public(scalars, points):
    """sum(s_i * P_i) for public scalars only (variable time)."""
    return _core.msm_vartime(scalars, points)
