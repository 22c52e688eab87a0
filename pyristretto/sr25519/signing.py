"""sr25519 Schnorr signatures (schnorrkel's ``sign.rs``), each in one call into the C++ core.

Signing (``SecretKey::sign``) on the signing transcript ``t`` of (message, context)::

    t.append_message(b"proto-name", b"Schnorr-sig"); t.append_message(b"sign:pk", A)
    r = witness scalar of t's RNG keyed with the secret nonce ("signing") and 32 fresh random bytes
    R = r G; t.append_message(b"sign:R", R); k = t.challenge_scalar(b"sign:c"); s = k key + r
    signature = R || s, with bit 7 of byte 63 set (schnorrkel's marker)

Signatures are randomized (the witness takes fresh randomness, so a repeated signature differs); ``rng=`` supplies
those 32 bytes instead (a callable ``rng(32)`` or 32 bytes: only for deterministic tests). Signing is constant-time
in the key, the nonce and the witness (checked with valgrind, tests/test_constant_time.py).

Verification (``PublicKey::verify``) requires the marker and a canonical ``s`` (``Signature::from_bytes``), then
accepts iff the encoding of ``s G - k A`` equals R's bytes.
"""

from __future__ import annotations

from typing import Any, Union

from pyristretto import _group as grp
from pyristretto._group import Point
from pyristretto.sr25519._args import is_bytes, keypair_parts, public_point
from pyristretto.sr25519.context import SUBSTRATE, resolve
from pyristretto.sr25519.errors import SignatureError, error_for

__all__ = ["SIGNATURE_LENGTH", "sign", "sign_with", "verify", "verify_point", "check_signature_format"]

SIGNATURE_LENGTH = 64
Bytes = Union[bytes, bytearray, memoryview]


def sign(keypair: Any, message: Any, context: Any = SUBSTRATE, *, rng: Any = None) -> bytes:
    """The 64-byte signature ``R || s`` of `message` (bytes-like) under `context` (a context string, default
    ``b"substrate"``, a ``SigningContext``, or a ``Transcript`` to which the message is appended as
    ``sign-bytes``) by `keypair` (a ``Keypair``); a ``Transcript`` in the message's place is signed as the whole
    signing transcript (schnorrkel's ``sign(t)``). Neither the context nor a transcript given is changed. `rng`:
    None (libsodium's CSPRNG), or for tests a callable ``rng(32)`` or 32 bytes."""
    secret, public = keypair_parts(keypair)
    return sign_with(secret, public, message, context, rng)


def sign_with(secret: grp.SrSecret, public: Point, message: Any, context: Any = SUBSTRATE, rng: Any = None) -> bytes:
    """``sign`` on a key pair's parts: the secret key's C holder and the public key's Point (Keypair.sign)."""
    t, m = resolve(message, context)
    return grp.sr25519_sign(secret, public, t, m, rng)


def check_signature_format(signature: Bytes, name: str = "signature") -> None:
    """Refuses what ``Signature::from_bytes`` refuses: TypeError for a non-bytes-like, ``SignatureError`` for a
    length other than 64 (reason ``"length"``), a missing marker or a non-canonical ``s``."""
    if not is_bytes(signature):
        raise TypeError(f"{name}: expected 64 bytes, got {type(signature).__name__}")
    length = memoryview(signature).nbytes
    if length != SIGNATURE_LENGTH:
        raise SignatureError(f"{name}: expected {SIGNATURE_LENGTH} bytes, got {length}", "length")
    code = grp.sr25519_parse_signature(signature)
    if code != grp.SR_VALID:
        raise error_for(code, name)


def verify(public_key: Any, message: Any, signature: Bytes, context: Any = SUBSTRATE) -> bool:
    """True when `signature` (64 bytes) signs `message` under `context` (as for ``sign``) for `public_key` (a
    ``PublicKey``, a ``Point`` or its 32-byte encoding, validated). Otherwise ``SignatureError`` naming what
    failed (its ``reason``: ``"length"``, ``"not_marked"``, ``"scalar_format"`` or ``"equation"``); an invalid
    public key encoding is an ``InvalidPointError``, a wrong type a TypeError. Never returns False."""
    return verify_point(public_point(public_key), message, signature, context)


def verify_point(point: Point, message: Any, signature: Bytes, context: Any = SUBSTRATE) -> bool:
    """``verify`` for a public key's Point (PublicKey.verify)."""
    if type(signature) is not bytes or len(signature) != SIGNATURE_LENGTH:  # else checked by the C++ call
        check_signature_format(signature)
    t, m = resolve(message, context)
    code = grp.sr25519_verify(point, signature, t, m)
    if code != grp.SR_VALID:
        raise error_for(code, "signature")
    return True
