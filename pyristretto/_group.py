"""The one gateway from the protocols to the core: every group, scalar, transcript and batch operation of the
protocol modules (`oprf`, `frost`, `bulletproofs`, `opaque`, `cpace`, `sr25519`, and every protocol after them) goes
through the names below, so this file answers "is this operation constant-time?" for all of them
(tests/test_layout.py checks that no protocol imports the core any other way).

An element is a `Point` (kept decoded in C++ memory; its encoding is computed once and cached, so transcripts take
`bytes(P)`), a scalar is a `Scalar` (32 bytes in a C buffer, wiped when freed, constant-time arithmetic through
libsodium's `crypto_core_ristretto255_scalar_*`), a vector of scalars a `ScalarVector` (one wiped C++ buffer,
constant-time kernels). Secrets never become Python ints inside the protocols; public values that are naturally
small ints (FROST identifiers, batch weights) stay ints.

Constant time. *Secret-safe* (constant-time in their secret operands, run by the valgrind check of
tests/test_constant_time.py): `Scalar` and `ScalarVector` arithmetic, inversion and comparison; `P * s`,
`Point.base_mul` and `FixedBase` (fixed-base tables); `PointVector.msm`, `MSMTable.msm` and `msm_secret`; `select`
and `swap`; `Transcript` (STROBE-128: no branch on its data) and its witness RNG; `hash_to_scalar_with_secret` and
`derive_key_scalar`; `mul_encode` (a protocol step's products and their encodings, OPAQUE's and CPace's),
`from_uniform_bytes` (the one-way map) and `X25519PrivateKey` (libsodium's X25519); sr25519's secret paths:
`SrMiniSecret` and `SrSecret` (the keys in wiped C memory) with their `expand`, `to_bytes`, `public_bytes` and
`public_point`, `sr25519_mini_secret`, `sr25519_secret`, `sr25519_random_secret`, `sr25519_sign`,
`sr25519_sign_bytes`, `sr25519_pair_bytes`, `sr25519_derive_soft`, `sr25519_derive_soft_bytes`,
`sr25519_hard_derive`, `sr25519_hard_derive_bytes`, `sr25519_vrf_sign`, `sr25519_vrf_output` and
`sr25519_dleq_prove` (signing, expansion, derivation and VRF signing are in the valgrind check); pyristretto.sigma's
`SigmaPlan.prove` (constant-time in the witness and in which OR branches are true: masked selects, libsodium's
scalar arithmetic, the combs and the constant-time MSM), `elgamal_encrypt_many` (in the randomness and the values),
`lizard_encode`, `lizard_decode` (up to whether the point carries data), `elligator_inverse` and `map_to_curve`.
*Public values only* (variable time): everything named `*_vartime` or `*_public` (`msm_public`,
`PointVector.msm_vartime`, `MSMTable.msm_vartime`, `PointVector.fold_vartime`), `random_weights` (fresh random
public weights), the batch checks (`schnorr_verify_batch`, `sr25519_batch_check`, `SigmaPlan.verify_compact` and
`SigmaPlan.verify_batch`), which verify public signatures and proofs, sr25519's other verifications and public
derivations (`sr25519_verify`, `sr25519_parse_signature`, `sr25519_public_point`, `sr25519_derive_public`,
`sr25519_vrf_hash`, `sr25519_dleq_verify`, `sr25519_dleq_challenge`), and `DlogTable` (baby-step giant-step, for
values that are public once decrypted).

Arguments. The conversions every protocol shares, so that they all take what docs/objects.md's "Conventions across
the protocols" says: `point_argument` and `element_argument` (a Point or 32 bytes-like, the latter refusing the
identity; anything else a TypeError naming the argument, never a `bytes(x)`), `scalar_argument`, `count_argument`
(`operator.index`, not a bool) and `scalar_vector_argument`.
"""

import operator

from pyristretto._objects import H as _H
from pyristretto._objects import (
    FixedBase,
    InvalidPointError,
    MSMTable,
    Point,
    PointVector,
    Scalar,
    ScalarVector,
    Transcript,
    random_weights,
    select,
    swap,
)

# msm_secret: the functional msm (constant-time in the scalars), its 32-byte encoding returned; for secret scalars.
from pyristretto._objects import msm as msm_secret

# hash_to_scalar_with_secret: SHA-512(prefix || data || secret) mod q, the hash state wiped (secret-safe; FROST's
# nonce_generate). schnorr_verify_batch: a batch of Schnorr signatures in one C++ call (public values, vartime; it
# validates its keys and table itself: identity keys refused however given, also in an empty batch).
# derive_key_scalar: RFC 9497 DeriveKeyPair's private key, its message built in a wiped C buffer (oprf).
from pyristretto._objects import derive_key_scalar, hash_to_scalar_with_secret, schnorr_verify_batch

# X25519PrivateKey: OPAQUE's curve25519 3DH keys (secret-safe: libsodium's X25519, the key in a wiped C buffer).
# opaque_mul_encode: see mul_encode below.
from pyristretto._objects import X25519PrivateKey, opaque_mul_encode

# For pyristretto.sigma (_sigma.pxi): SigmaPlan, a compiled statement (prove secret-safe, verify_compact and
# verify_batch public values only); elgamal_encrypt_many (secret-safe); lizard_encode, lizard_decode,
# elligator_inverse, map_to_curve (secret-safe); DlogTable (public values only). See the docstring.
from pyristretto._objects import (
    DlogTable,
    SigmaPlan,
    elgamal_encrypt_many,
    elligator_inverse,
    lizard_decode,
    lizard_encode,
    map_to_curve,
)

# sr25519 (pyristretto.sr25519), one C++ call each (_sr25519.pxi, cpp/src/sr25519.cpp): SrMiniSecret and SrSecret
# hold the secret keys (wiped C memory; no pickling, copies or repr); SR_* are the codes the verifications return.
# Which are secret-safe and which public-only: the docstring above.
from pyristretto._objects import (
    SR_EQUATION_FALSE,
    SR_LENGTH,
    SR_NOT_MARKED,
    SR_POINT_DECOMPRESSION,
    SR_SCALAR_FORMAT,
    SR_VALID,
    SrMiniSecret,
    SrSecret,
    sr25519_batch_check,
    sr25519_derive_public,
    sr25519_derive_soft,
    sr25519_derive_soft_bytes,
    sr25519_dleq_challenge,
    sr25519_dleq_prove,
    sr25519_dleq_verify,
    sr25519_hard_derive,
    sr25519_hard_derive_bytes,
    sr25519_mini_secret,
    sr25519_pair_bytes,
    sr25519_parse_signature,
    sr25519_public_point,
    sr25519_random_secret,
    sr25519_secret,
    sr25519_sign,
    sr25519_sign_bytes,
    sr25519_verify,
    sr25519_vrf_hash,
    sr25519_vrf_output,
    sr25519_vrf_sign,
)

__all__ = [
    "DlogTable",
    "FixedBase",
    "InvalidPointError",
    "MSMTable",
    "Point",
    "PointVector",
    "Scalar",
    "ScalarVector",
    "SigmaPlan",
    "Transcript",
    "X25519PrivateKey",
    "decode_elements",
    "derive_key_scalar",
    "elgamal_encrypt_many",
    "elligator_inverse",
    "hash_to_scalar_with_secret",
    "lizard_decode",
    "lizard_encode",
    "map_to_curve",
    "msm_secret",
    "mul_encode",
    "random_weights",
    "schnorr_verify_batch",
    "select",
    "swap",
    "SR_EQUATION_FALSE",
    "SR_LENGTH",
    "SR_NOT_MARKED",
    "SR_POINT_DECOMPRESSION",
    "SR_SCALAR_FORMAT",
    "SR_VALID",
    "SrMiniSecret",
    "SrSecret",
    "sr25519_batch_check",
    "sr25519_derive_public",
    "sr25519_derive_soft",
    "sr25519_derive_soft_bytes",
    "sr25519_dleq_challenge",
    "sr25519_dleq_prove",
    "sr25519_dleq_verify",
    "sr25519_hard_derive",
    "sr25519_hard_derive_bytes",
    "sr25519_mini_secret",
    "sr25519_pair_bytes",
    "sr25519_parse_signature",
    "sr25519_public_point",
    "sr25519_random_secret",
    "sr25519_secret",
    "sr25519_sign",
    "sr25519_sign_bytes",
    "sr25519_verify",
    "sr25519_vrf_hash",
    "sr25519_vrf_output",
    "sr25519_vrf_sign",
]

ORDER = 2**252 + 27742317777372353535851937790883648493
IDENTITY = Point.identity()
GENERATOR = Point.generator()
PEDERSEN_H = Point(_H)  # pyristretto.H: pedersen_commit's second generator (its log to G unknown)
ELEMENT_SIZE = 32
SCALAR_SIZE = 32
_BYTES = (bytes, bytearray, memoryview)

# ---- scalars: Scalar objects (secret-safe) -------------------------------------------------------------
scalar_random = Scalar.random  # uniform in [1, q), libsodium's CSPRNG
scalar_from_wide = Scalar.from_bytes_mod_order  # 64 (or 32) bytes little-endian, reduced mod q
hash_to_scalar = Scalar.hash_to_scalar  # RFC 9497 HashToScalar (expand_message_xmd over SHA-512, mod q)
ZERO = Scalar(0)
ONE = Scalar(1)


def serialize_scalar(s):
    """32 bytes little-endian of a Scalar, or of a public int in [0, q) (identifiers)."""
    return s.to_bytes() if type(s) is Scalar else s.to_bytes(SCALAR_SIZE, "little")


def scalar_inverse(s):
    """1/s mod q (secret-safe); ZeroDivisionError for 0."""
    return s.invert()


def scalar_is_zero(s):
    """Whether the Scalar s is 0 (libsodium's constant-time sodium_is_zero)."""
    return not s


def deserialize_scalar(data):
    """The Scalar encoded by exactly 32 canonical bytes (< q), or None when `data` is not such an encoding."""
    try:
        return Scalar.from_bytes(data)
    except ValueError:
        return None


def scalar_argument(value, name, encoding_error=ValueError) -> Scalar:
    """A scalar argument as a Scalar: a Scalar, an int-like in [0, q), or a canonical 32-byte encoding. TypeError
    for other types, ValueError for an int out of range, `encoding_error` for a bad encoding. An int argument is
    converted straight into the Scalar's C buffer (no arithmetic on it in Python beyond the range check)."""
    if type(value) is Scalar:
        return value
    if isinstance(value, _BYTES):
        s = deserialize_scalar(value)
        if s is None:
            raise encoding_error(f"{name}: not a canonical 32-byte scalar encoding")
        return s
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int, a Scalar or 32 bytes, got {type(value).__name__}") from None
    if not 0 <= value < ORDER:
        raise ValueError(f"{name}: expected a scalar in [0, q)")
    return Scalar(value)


def int_argument(value, name, low, high) -> int:
    """A public int argument (a count, a bound, an index): an int-like (operator.index; not a bool) in
    [low, high]. TypeError for other types, ValueError outside the range."""
    if isinstance(value, bool):
        raise TypeError(f"{name}: expected an int, got bool")
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}") from None
    if not low <= value <= high:
        raise ValueError(f"{name}: expected {low} <= {name} <= {high}, got {value}")
    return value


# ---- elements: Points, kept decoded --------------------------------------------------------------------
hash_to_group = Point.hash_to_group  # RFC 9380 hash_to_ristretto255
base_mul = Point.base_mul  # s*G through G's fixed-base table (secret-safe)
from_uniform_bytes = Point.from_uniform_bytes  # RFC 9496 element derivation of 64 bytes (secret-safe)
# The encodings of s_i * P_i, back to back (P_i None: the generator), in one call with one batched inversion for
# all the encodings (secret-safe: constant time in the Scalars; OPAQUE's and CPace's steps).
mul_encode = opaque_mul_encode


def mul(k, P):
    """k*P (secret-safe in the Scalar k)."""
    return P * k


def msm_public(scalars, points):
    """sum(s_i * P_i) as a Point, for public scalars only (variable time). `points` are Points (or a
    PointVector); bytes are decoded too, raising InvalidPointError naming points[i]."""
    if type(points) is not PointVector:
        points = PointVector(points)
    return points.msm_vartime(scalars)


def deserialize_element(data):
    """The Point encoded by `data` (or `data` itself when it is a Point), or None when it is not a valid encoding
    or is the identity (RFC 9497 and RFC 9591 reject the identity on deserialization for ristretto255)."""
    try:
        P = data if type(data) is Point else Point(data)
    except InvalidPointError:
        return None
    return None if P.is_identity() else P


def count_argument(value, name) -> int:
    """A count, size or index as an int: any operator.index value (numpy integers too), not a bool; TypeError naming
    `name` otherwise. The caller checks the range."""
    if isinstance(value, bool):
        raise TypeError(f"{name}: expected an int, got bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}") from None


def scalar_vector_argument(values, name) -> ScalarVector:
    """A vector of scalars as a ScalarVector: a ScalarVector itself, or what ScalarVector() takes (an iterable of
    Scalars and int-likes, or a buffer of 32-byte values); TypeError / ValueError naming `name` otherwise."""
    if type(values) is ScalarVector:
        return values
    if isinstance(values, str) or values is None:
        raise TypeError(f"{name}: expected a ScalarVector or scalars, got {type(values).__name__}")
    try:
        return ScalarVector(values)
    except TypeError as e:
        raise TypeError(f"{name}: expected a ScalarVector or scalars ({e})") from None
    except ValueError as e:
        raise ValueError(f"{name}: {e}") from None


def point_argument(value, name, error):
    """A Point, or the Point of a 32-byte bytes-like encoding (the identity included): TypeError naming `name` for
    any other type (an int, a list, a str, a numpy array of another dtype...), `error` for a wrong length or an
    invalid encoding. Never a bytes(x) of something that is not bytes-like: bytes(32) would be the identity."""
    if type(value) is Point:
        return value
    if not is_element_argument(value):
        raise TypeError(f"{name}: expected a Point or 32 bytes, got {type(value).__name__}")
    try:
        return Point(value)
    except InvalidPointError:
        raise error(f"{name} is not a valid encoding of a Ristretto255 point") from None
    except TypeError as e:  # a buffer of items wider than a byte
        raise TypeError(f"{name}: expected a Point or 32 bytes ({e})") from None


def is_element_argument(value):
    """Whether `value` has an element argument's type: a Point or a bytes-like object (bytes, bytearray, memoryview,
    or another 1-D buffer of bytes such as a numpy uint8 array; never a str)."""
    if type(value) is Point or isinstance(value, _BYTES):
        return True
    if isinstance(value, str):
        return False
    try:
        view = memoryview(value)
    except TypeError:
        return False
    return view.itemsize == 1 and view.ndim == 1


def element_argument(value, name, error, expected):
    """A Point or an encoding as a non-identity Point: TypeError (naming `expected`) for another type, `error`
    (the protocol's deserialization error) for an invalid encoding or the identity."""
    if not is_element_argument(value):
        raise TypeError(f"{name}: expected {expected}, got {type(value).__name__}")
    try:
        element = deserialize_element(value)
    except TypeError as e:  # a memoryview of items wider than a byte
        raise TypeError(f"{name}: expected {expected} ({e})") from None
    if element is None:
        raise error(f"{name}: not a valid non-identity ristretto255 element")
    return element


def decode_elements(encodings, names, error):
    """The non-identity Points of several 32-byte encodings (public values), decoded in one batch (a PointVector:
    eight at a time on the IFMA lanes); ``error`` naming ``names[i]`` for the first invalid one or the identity."""
    try:
        vector = PointVector(encodings)
    except InvalidPointError:
        vector = None
    for encoding, name in zip(encodings, names):
        if vector is None or encoding == _IDENTITY_ENCODING:  # the identity's only valid encoding: public data
            element_argument(encoding, name, error, "32 bytes")  # raises naming the culprit, or passes
    if vector is None:  # unreachable: a batch that fails to decode has an item that fails alone
        raise error(f"{', '.join(names)}: not valid ristretto255 elements")
    return list(vector)


_IDENTITY_ENCODING = bytes(ELEMENT_SIZE)


def is_identity(P):
    """Whether the Point P is the identity (constant-time)."""
    return P.is_identity()


def elements_equal(P, Q):
    """Ristretto equality of two Points (constant-time)."""
    return P == Q
