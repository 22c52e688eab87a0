"""Credential storage and recovery (RFC 9807 sections 4 and 5.3): the randomized password, the envelope (``Store``,
``Recover``), the cleartext credentials, and the masking of the credential response.

All of it is HKDF-SHA-512 and HMAC-SHA-512 from the standard library, which take and return ``bytes``: the
randomized password and the keys derived from it pass through Python bytes objects, which cannot be wiped (see
docs/protocols/opaque.md, security notes). The envelope's tag is compared with ``hmac.compare_digest``.
"""

from __future__ import annotations

import hmac
from typing import Optional, Tuple, Union

from pyristretto.opaque.config import Nh, Nm, Nn, Npk, Nseed, KSF, expand, extract, keyed, mac
from pyristretto.opaque.errors import EnvelopeRecoveryError

__all__ = [
    "randomized_password",
    "masking_key",
    "envelope_keys",
    "cleartext_credentials",
    "auth_tag",
    "check_auth_tag",
    "mask",
    "PAD_SIZE",
]

PAD_SIZE = Npk + Nn + Nm  # server_public_key || envelope


def randomized_password(ksf: KSF, oprf_output: bytes) -> "hmac.HMAC":
    """``Extract("", oprf_output || Stretch(oprf_output))``, as a ``keyed`` HMAC state for the expansions."""
    return keyed(extract(b"", oprf_output + ksf.stretch(oprf_output)))


def masking_key(randomized_pwd: Union[bytes, "hmac.HMAC"]) -> bytes:
    """``Expand(randomized_password, "MaskingKey", Nh)``; the randomized password as bytes or ``keyed``."""
    return expand(randomized_pwd, b"MaskingKey", Nh)


def envelope_keys(randomized_pwd: Union[bytes, "hmac.HMAC"], envelope_nonce: bytes) -> Tuple[bytes, bytes, bytes]:
    """``(auth_key, export_key, seed)`` of ``Store`` and ``Recover``; the randomized password as bytes or
    ``keyed`` (then its HMAC key is set up once for the four expansions of a run)."""
    return (
        expand(randomized_pwd, envelope_nonce + b"AuthKey", Nh),
        expand(randomized_pwd, envelope_nonce + b"ExportKey", Nh),
        expand(randomized_pwd, envelope_nonce + b"PrivateKey", Nseed),
    )


def _lp(data: bytes) -> bytes:
    return len(data).to_bytes(2, "big") + data


def cleartext_credentials(
    server_public_key: bytes,
    client_public_key: bytes,
    server_identity: Optional[bytes],
    client_identity: Optional[bytes],
) -> Tuple[bytes, bytes, bytes]:
    """``(encoded CleartextCredentials, server_identity, client_identity)``, an identity that is None defaulting
    to the party's public key."""
    server_identity = server_public_key if server_identity is None else server_identity
    client_identity = client_public_key if client_identity is None else client_identity
    return server_public_key + _lp(server_identity) + _lp(client_identity), server_identity, client_identity


def auth_tag(auth_key: bytes, envelope_nonce: bytes, credentials: bytes) -> bytes:
    """``MAC(auth_key, envelope_nonce || cleartext_credentials)``."""
    return mac(auth_key, envelope_nonce + credentials)


def check_auth_tag(expected: bytes, tag: bytes) -> None:
    """EnvelopeRecoveryError unless the tags are equal (compared in constant time)."""
    if not hmac.compare_digest(expected, tag):
        raise EnvelopeRecoveryError()


def mask(key: bytes, masking_nonce: bytes, data: bytes) -> bytes:
    """``xor(Expand(key, masking_nonce || "CredentialResponsePad", 128), data)``: masks and unmasks
    ``server_public_key || envelope`` (128 bytes)."""
    pad = expand(key, masking_nonce + b"CredentialResponsePad", PAD_SIZE)  # two blocks: the key set up once
    return (int.from_bytes(pad, "little") ^ int.from_bytes(data, "little")).to_bytes(PAD_SIZE, "little")
