"""The nine functions of py-sr25519-bindings (PyPI, ``import sr25519``), with its names, arguments, return types
and exceptions, so that ``import pyristretto.sr25519 as sr25519`` replaces ``import sr25519``.

Like the bindings: keys, seeds, signatures and messages are ``bytes`` (a subclass too; bytearray, memoryview and
``str`` are TypeErrors), key pairs ``(public, secret)`` tuples, extended keys ``(chain_code, public[, secret])``
tuples (longer tuples are accepted, their extra items ignored); the signing context is ``b"substrate"``; a
wrong-length seed is an IndexError, a wrong-length key or signature a ValueError (``"Expected bytes of length 64,
got 1"``), a secret key whose scalar is not canonical or a public key that does not decode a ValueError, and
``verify`` returns False for a signature that does not verify but raises ValueError for one that is malformed
(no schnorrkel marker, non-canonical ``s``), as the bindings do. Soft derivation's child nonce is random, as
theirs. Public keys these functions decoded are remembered (up to 1024, by their bytes), so signing with or
verifying under the same key again skips its decoding.
"""

from __future__ import annotations

from typing import Any, Dict, Tuple

from pyristretto import _group as grp
from pyristretto._group import Point
from pyristretto.sr25519.context import SUBSTRATE, signing_context

__all__ = [
    "pair_from_seed",
    "pair_from_ed25519_secret_key",
    "sign",
    "verify",
    "public_from_secret_key",
    "convert_secret_key_to_ed25519",
    "derive_pubkey",
    "derive_keypair",
    "hard_derive_keypair",
]

_CONTEXT = signing_context(SUBSTRATE)._transcript
_POINTS: Dict[bytes, Point] = {}
_POINTS_MAX = 1024
_NOT_CANONICAL = "Invalid secret key: Cannot use scalar with high-bit set"
_NOT_A_POINT = "Invalid public key: Cannot decompress Ristretto point"


def _point(public: bytes) -> Any:
    """The Point of a public key encoding (remembered), or None when it does not decode."""
    point = _POINTS.get(public)
    if point is None:
        point = grp.sr25519_public_point(public)
        if point is not None:
            if len(_POINTS) >= _POINTS_MAX:
                _POINTS.clear()
            _POINTS[bytes(public)] = point
    return point


def _bytes(value: Any, length: int, type_message: str) -> bytes:
    if not isinstance(value, bytes):
        raise TypeError(type_message)
    if len(value) != length:
        raise ValueError(f"Expected bytes of length {length}, got {len(value)}")
    return value


def _tuple(value: Any, size: int, type_message: str = "Expected tuple") -> Tuple[Any, ...]:
    if not isinstance(value, tuple):
        raise TypeError(type_message)
    if len(value) < size:
        raise IndexError(f"Expected tuple of size {size}, got {len(value)}")
    return value


def _message(value: Any) -> bytes:
    if not isinstance(value, bytes):
        raise TypeError("Expected bytes object")
    return value


def _secret(secret_key: bytes) -> Any:
    secret = grp.sr25519_secret(secret_key, False)
    if secret is None:
        raise ValueError(_NOT_CANONICAL)
    return secret


def pair_from_seed(seed: bytes) -> Tuple[bytes, bytes]:
    """(32-byte public key, 64-byte secret key) of a 32-byte seed (mini secret key, Ed25519 expansion)."""
    if not isinstance(seed, bytes):
        raise TypeError("Expected a bytestring")
    if len(seed) != 32:
        raise IndexError("Expected seed with length: 32")
    return grp.sr25519_pair_bytes(seed)


def pair_from_ed25519_secret_key(secret_key: bytes) -> Tuple[bytes, bytes]:
    """(public key, secret key) of a 64-byte secret key in Ed25519 form (``8 key || nonce``)."""
    secret = grp.sr25519_secret(_bytes(secret_key, 64, "Expected 64 byte secret key"), True)
    if secret is None:
        raise ValueError("Invalid secret key: The provided key is not valid")
    return secret.public_bytes(), secret.to_bytes()


def sign(keypair: Tuple[bytes, bytes], message: bytes) -> bytes:
    """The 64-byte signature of `message` by `keypair` = (public key, secret key) under ``b"substrate"``. The public
    key is taken as given (it must decode; it enters the transcript)."""
    if (
        type(keypair) is tuple
        and len(keypair) >= 2
        and type(keypair[0]) is bytes
        and type(keypair[1]) is bytes
        and len(keypair[0]) == 32
        and len(keypair[1]) == 64
    ):  # the common case, checked without building messages
        public, secret = keypair[0], keypair[1]
    else:
        pair = _tuple(keypair, 2, "Invalid Keypair: expected a tuple")
        public = _bytes(pair[0], 32, "Invalid PubKey: expected a python Bytes object")
        secret = _bytes(pair[1], 64, "Invalid SecretKey: Expected a python Bytes object")
    point = _POINTS.get(public)
    if point is None:
        point = _point(public)
    result = grp.sr25519_sign_bytes(public if point is None else point, secret, _CONTEXT, _message(message))
    if type(result) is str:
        raise ValueError(_NOT_CANONICAL if result == "secret" else _NOT_A_POINT)
    return result


def verify(signature: bytes, message: bytes, pubkey: bytes) -> bool:
    """Whether `signature` signs `message` for `pubkey` under ``b"substrate"``: True or False; ValueError for a
    malformed signature (no schnorrkel marker, non-canonical ``s``) or a public key that does not decode."""
    sig = _bytes(signature, 64, "Expected 64 byte signature")
    msg = _message(message)
    public = _bytes(pubkey, 32, "Invalid PubKey, expected bytes object")
    point = _POINTS.get(public)
    if point is not None:  # a key decoded before: the C++ parses the signature (marker, s) before anything else
        code = grp.sr25519_verify(point, sig, _CONTEXT, msg)
        if code == grp.SR_VALID or code == grp.SR_EQUATION_FALSE:
            return code == grp.SR_VALID
    else:
        code = grp.sr25519_parse_signature(sig)
    if code == grp.SR_NOT_MARKED:
        raise ValueError("Invalid signature: Signature bytes not marked as a schnorrkel signature")
    if code == grp.SR_SCALAR_FORMAT:
        raise ValueError("Invalid signature: Cannot use scalar with high-bit set")
    point = _point(public)
    if point is None:
        raise ValueError(_NOT_A_POINT)
    return grp.sr25519_verify(point, sig, _CONTEXT, msg) == grp.SR_VALID


def public_from_secret_key(secret_key: bytes) -> bytes:
    """The 32-byte public key of a 64-byte secret key."""
    return _secret(_bytes(secret_key, 64, "Expected 64 byte secret key")).public_bytes()


def convert_secret_key_to_ed25519(secret_key: bytes) -> bytes:
    """The 64-byte Ed25519 form (``8 key || nonce``) of a 64-byte secret key."""
    return _secret(_bytes(secret_key, 64, "Expected 64 byte secret key")).to_ed25519_bytes()


def _extended(extended: Any, size: int) -> Tuple[bytes, ...]:
    if type(extended) is tuple and len(extended) >= size:  # the common case, checked without building messages
        cc, public = extended[0], extended[1]
        if (
            type(cc) is bytes
            and len(cc) == 32
            and type(public) is bytes
            and len(public) == 32
            and (size == 2 or (type(extended[2]) is bytes and len(extended[2]) == 64))
        ):
            return extended[:size] if len(extended) > size else extended
    items = _tuple(extended, size)
    lengths = (32, 32, 64)
    return tuple(_bytes(items[i], lengths[i], f"Expected bytes object at index {i}") for i in range(size))


def derive_pubkey(extended_pubkey: Tuple[bytes, bytes], id: bytes) -> Tuple[bytes, bytes]:
    """Soft derivation of (chain code, public key) with the index `id`: the child (chain code, public key)."""
    chain_code, public = _extended(extended_pubkey, 2)
    index = _message(id)
    point = _point(public)
    if point is None:
        raise ValueError(_NOT_A_POINT)
    child, cc = grp.sr25519_derive_public(chain_code, point, index)
    return cc, child


def derive_keypair(extended_keypair: Tuple[bytes, bytes, bytes], id: bytes) -> Tuple[bytes, bytes, bytes]:
    """Soft derivation of (chain code, public key, secret key) with the index `id`: the child (chain code, public
    key, secret key); the child's nonce is random."""
    chain_code, public, secret_key = _extended(extended_keypair, 3)
    index = _message(id)
    point = _point(public)
    if point is None:
        raise ValueError(_NOT_A_POINT)
    result = grp.sr25519_derive_soft_bytes(chain_code, point, secret_key, index)
    if result is None:
        raise ValueError(_NOT_CANONICAL)
    return result


def hard_derive_keypair(extended_keypair: Tuple[bytes, bytes, bytes], id: bytes) -> Tuple[bytes, bytes, bytes]:
    """Hard derivation of (chain code, public key, secret key) with the index `id`: the child (chain code, public
    key, secret key), the child's mini secret key expanded in Ed25519 mode (the public key is not used)."""
    chain_code, _, secret_key = _extended(extended_keypair, 3)
    index = _message(id)
    result = grp.sr25519_hard_derive_bytes(chain_code, secret_key, index)
    if result is None:
        raise ValueError(_NOT_CANONICAL)
    return result
