"""OPAQUE-3DH (RFC 9807 section 6.4): the AKE groups' key pairs and Diffie-Hellman steps, the preamble and the key
schedule.

Each side's group work is one call into the core: the server's OPRF evaluation, key share and three
Diffie-Hellman values (``grp.mul_encode``: five constant-time multiplications, the five encodings with one batched
inversion), the client's blinding and key share, its unblinding, and its key pair with its three Diffie-Hellman
values. On curve25519 the Diffie-Hellman functions are libsodium's X25519 (``grp.X25519PrivateKey``).
"""

from __future__ import annotations

import hashlib
from typing import List, Optional, Tuple, Union

from pyristretto import _group as grp
from pyristretto import oprf
from pyristretto.opaque.config import (
    CURVE25519,
    OPRF_DERIVE_DST,
    OPRF_GROUP_DST,
    RISTRETTO255,
    Nx,
    Configuration,
    expand,
    extract,
    keyed,
    mac,
)
from pyristretto.opaque.errors import DeserializeError

__all__ = ["Ristretto255Group", "Curve25519Group", "group_of", "preamble", "derive_keys"]

PrivateKey = Union[grp.Scalar, grp.X25519PrivateKey]
_DH_INFO = b"OPAQUE-DeriveDiffieHellmanKeyPair"
_ZERO = bytes(32)


def derive_scalar(seed, info):
    """RFC 9497 DeriveKeyPair's private key (mode OPRF) as a Scalar, the seed only in a wiped C buffer."""
    sk = grp.derive_key_scalar(seed, info, OPRF_DERIVE_DST)
    if sk is None:  # probability 2^-64000
        raise oprf.DeriveKeyPairError("DeriveKeyPair: no non-zero scalar in 256 attempts")
    return sk


def oprf_input_element(password):
    """The OPRF's ``HashToGroup(password)``, InvalidInputError for the identity (probability 2^-252)."""
    H = grp.hash_to_group(password, OPRF_GROUP_DST)
    if grp.is_identity(H):
        raise oprf.InvalidInputError("password: hashes to the identity element")
    return H


class Ristretto255Group:
    """3DH over ristretto255 (RFC 9807 section 6.4.1.1): ``DeriveDiffieHellmanKeyPair(seed)`` is
    ``DeriveKeyPair(seed, "OPAQUE-DeriveDiffieHellmanKeyPair")``, private keys are Scalars."""

    name = RISTRETTO255

    @staticmethod
    def derive_private_key(seed: bytes) -> grp.Scalar:
        """The private key of ``DeriveDiffieHellmanKeyPair(seed)``."""
        return derive_scalar(seed, _DH_INFO)

    @staticmethod
    def generate() -> grp.Scalar:
        """A random private key."""
        return grp.scalar_random()

    @staticmethod
    def public_key(sk: grp.Scalar) -> bytes:
        """The 32-byte public key of ``sk``."""
        return grp.mul_encode([sk], [None])

    @staticmethod
    def private_key(data, name: str) -> grp.Scalar:
        """A stored private key: a non-zero Scalar, an int or its canonical 32-byte encoding."""
        sk = grp.scalar_argument(data, name)
        if grp.scalar_is_zero(sk):
            raise ValueError(f"{name}: must not be zero")
        return sk

    @staticmethod
    def private_bytes(sk: grp.Scalar) -> bytes:
        """The 32-byte encoding of a private key."""
        return grp.serialize_scalar(sk)

    @staticmethod
    def check_public_key(data: bytes, name: str) -> None:
        """DeserializeError naming ``name`` unless ``data`` encodes a non-identity element."""
        grp.decode_elements([data], [name], DeserializeError)

    # ---- the protocol steps' group work ------------------------------------------------------------------
    @staticmethod
    def client_start(blind: grp.Scalar, H: grp.Point, seed: bytes) -> Tuple[bytes, grp.Scalar, bytes]:
        """``(blinded_message, client_secret, client_public_keyshare)``."""
        e = derive_scalar(seed, _DH_INFO)
        enc = grp.mul_encode([blind, e], [H, None])
        return enc[:32], e, enc[32:]

    @staticmethod
    def decode_ke2(ke2) -> List[grp.Point]:
        """The KE2's evaluated element and the server's key share, validated in one batch."""
        return grp.decode_elements(
            [ke2.evaluated_message, ke2.server_public_keyshare],
            ["KE2.evaluated_message", "KE2.server_public_keyshare"],
            DeserializeError,
        )

    @staticmethod
    def client_keys(
        seed: bytes, e: grp.Scalar, Y: grp.Point, server_public_key: bytes
    ) -> Tuple[grp.Scalar, bytes, Optional[bytes]]:
        """``(client_private_key, client_public_key, ikm)``: the key pair of ``DeriveDiffieHellmanKeyPair(seed)``
        and ``dh1 || dh2 || dh3`` of AuthClientFinalize, in one call. The server's public key comes from the
        unmasked response, which the envelope's MAC authenticates afterwards: if it is not a valid element, ikm
        is None, and the caller raises once the MAC has passed (a wrong password fails only at the MAC)."""
        c = derive_scalar(seed, _DH_INFO)
        try:
            [S] = grp.decode_elements([server_public_key], ["server_public_key"], DeserializeError)
        except DeserializeError:
            return c, grp.mul_encode([c], [None]), None
        enc = grp.mul_encode([c, e, e, c], [None, Y, S, Y])
        return c, enc[:32], enc[32:]

    @staticmethod
    def server_respond(k: grp.Scalar, ke1, record, s: grp.Scalar, seed: bytes) -> Tuple[bytes, bytes, bytes]:
        """``(evaluated_message, server_public_keyshare, ikm)``: the OPRF evaluation, the key share of
        ``DeriveDiffieHellmanKeyPair(seed)`` and ``dh1 || dh2 || dh3`` of AuthServerRespond, in one call."""
        B, X, P = grp.decode_elements(
            [ke1.blinded_message, ke1.client_public_keyshare, record.client_public_key],
            ["KE1.blinded_message", "KE1.client_public_keyshare", "record.client_public_key"],
            DeserializeError,
        )
        e = derive_scalar(seed, _DH_INFO)
        enc = grp.mul_encode([k, e, e, s, e], [B, None, X, X, P])
        return enc[:32], enc[32:64], enc[64:]


class Curve25519Group:
    """3DH over curve25519 (RFC 9807 section 6.4.1.3): the private key is the 32-byte seed (clamped by X25519),
    the public key and the Diffie-Hellman values are X25519's (libsodium); a low-order peer key, whose shared
    secret is zero, is refused. The OPRF stays ristretto255."""

    name = CURVE25519

    @staticmethod
    def derive_private_key(seed: bytes) -> grp.X25519PrivateKey:
        """The private key of ``DeriveDiffieHellmanKeyPair(seed)``."""
        return grp.X25519PrivateKey(seed)

    @staticmethod
    def generate() -> grp.X25519PrivateKey:
        """A random private key."""
        import os

        return grp.X25519PrivateKey(os.urandom(32))

    @staticmethod
    def public_key(sk: grp.X25519PrivateKey) -> bytes:
        """The 32-byte public key of ``sk``."""
        return sk.public_key()

    @staticmethod
    def private_key(data, name: str) -> grp.X25519PrivateKey:
        """A stored private key: an X25519PrivateKey or its 32 bytes."""
        if type(data) is grp.X25519PrivateKey:
            return data
        if isinstance(data, str) or not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"{name}: expected 32 bytes or an X25519PrivateKey, got {type(data).__name__}")
        return grp.X25519PrivateKey(data)

    @staticmethod
    def private_bytes(sk: grp.X25519PrivateKey) -> bytes:
        """The 32 bytes of a private key."""
        return sk.private_bytes()

    @staticmethod
    def check_public_key(data: bytes, name: str) -> None:
        """DeserializeError naming ``name`` for the all-zero key (low-order keys fail at the Diffie-Hellman)."""
        if data == _ZERO:
            raise DeserializeError(f"{name}: the all-zero X25519 public key")

    @staticmethod
    def _dh(sk, pk, name):
        try:
            return sk.exchange(pk, name)
        except ValueError as e:
            raise DeserializeError(str(e)) from None

    @staticmethod
    def client_start(blind: grp.Scalar, H: grp.Point, seed: bytes) -> Tuple[bytes, grp.X25519PrivateKey, bytes]:
        """``(blinded_message, client_secret, client_public_keyshare)``."""
        e = grp.X25519PrivateKey(seed)
        return grp.mul_encode([blind], [H]), e, e.public_key()

    @staticmethod
    def decode_ke2(ke2) -> List[object]:
        """The KE2's evaluated element (validated) and the server's key share (not all zero)."""
        [Z] = grp.decode_elements([ke2.evaluated_message], ["KE2.evaluated_message"], DeserializeError)
        Curve25519Group.check_public_key(ke2.server_public_keyshare, "KE2.server_public_keyshare")
        return [Z, ke2.server_public_keyshare]

    @staticmethod
    def client_keys(
        seed: bytes, e: grp.X25519PrivateKey, Y: bytes, server_public_key: bytes
    ) -> Tuple[grp.X25519PrivateKey, bytes, Optional[bytes]]:
        """``(client_private_key, client_public_key, ikm)`` as Ristretto255Group.client_keys (ikm None for a
        server key that fails)."""
        c = grp.X25519PrivateKey(seed)
        try:
            ikm = (
                e.exchange(Y, "KE2.server_public_keyshare")
                + e.exchange(server_public_key, "server_public_key")
                + c.exchange(Y, "KE2.server_public_keyshare")
            )
        except ValueError:
            ikm = None
        return c, c.public_key(), ikm

    @staticmethod
    def server_respond(k: grp.Scalar, ke1, record, s: grp.X25519PrivateKey, seed: bytes) -> Tuple[bytes, bytes, bytes]:
        """``(evaluated_message, server_public_keyshare, ikm)`` as Ristretto255Group.server_respond."""
        [B] = grp.decode_elements([ke1.blinded_message], ["KE1.blinded_message"], DeserializeError)
        X, P = ke1.client_public_keyshare, record.client_public_key
        Curve25519Group.check_public_key(X, "KE1.client_public_keyshare")
        Curve25519Group.check_public_key(P, "record.client_public_key")
        e = grp.X25519PrivateKey(seed)
        dh = Curve25519Group._dh
        ikm = (
            dh(e, X, "KE1.client_public_keyshare")
            + dh(s, X, "KE1.client_public_keyshare")
            + dh(e, P, "record.client_public_key")
        )
        return grp.mul_encode([k], [B]), e.public_key(), ikm


_GROUPS = {RISTRETTO255: Ristretto255Group, CURVE25519: Curve25519Group}


def group_of(config: Configuration):
    """The AKE group of a configuration (TypeError naming ``config`` for anything but a Configuration)."""
    if not isinstance(config, Configuration):
        raise TypeError(f"config: expected a Configuration, got {type(config).__name__}")
    return _GROUPS[config.group]


# ---- the key schedule (RFC 9807 section 6.4.2) -------------------------------------------------------
def _lp(data: bytes) -> bytes:
    return len(data).to_bytes(2, "big") + data


def preamble(
    context: bytes,
    client_identity: bytes,
    ke1: bytes,
    server_identity: bytes,
    credential_response: bytes,
    server_nonce: bytes,
    server_public_keyshare: bytes,
) -> bytes:
    """``Preamble``: ``"OPAQUEv1-"``, the framed context and identities, KE1 and the server's reply."""
    return b"".join(
        (
            b"OPAQUEv1-",
            _lp(context),
            _lp(client_identity),
            ke1,
            _lp(server_identity),
            credential_response,
            server_nonce,
            server_public_keyshare,
        )
    )


def _custom_label(label: bytes, context_length: int) -> bytes:
    """``CustomLabel`` up to its context: ``I2OSP(Nx, 2) || len-prefixed "OPAQUE-" + label || I2OSP(len, 1)``."""
    full = b"OPAQUE-" + label
    return Nx.to_bytes(2, "big") + bytes([len(full)]) + full + bytes([context_length])


_HANDSHAKE = _custom_label(b"HandshakeSecret", 64)
_SESSION = _custom_label(b"SessionKey", 64)
_SERVER_MAC = _custom_label(b"ServerMAC", 0)
_CLIENT_MAC = _custom_label(b"ClientMAC", 0)


def derive_keys(ikm: bytes, preamble_hash: bytes) -> Tuple[bytes, bytes, bytes]:
    """``DeriveKeys(ikm, preamble)`` given ``Hash(preamble)``: ``(Km2, Km3, session_key)`` through
    ``Derive-Secret`` (``Expand-Label`` with ``Nx`` bytes)."""
    prk = keyed(extract(b"", ikm))  # each key serves two expansions: its HMAC state is set up once
    handshake_secret = keyed(expand(prk, _HANDSHAKE + preamble_hash, Nx))
    session_key = expand(prk, _SESSION + preamble_hash, Nx)
    return expand(handshake_secret, _SERVER_MAC, Nx), expand(handshake_secret, _CLIENT_MAC, Nx), session_key


def macs(ikm: bytes, preamble_bytes: bytes) -> Tuple[bytes, bytes, bytes]:
    """``(server_mac, client_mac, session_key)`` of a preamble: ``MAC(Km2, Hash(preamble))`` and
    ``MAC(Km3, Hash(preamble || server_mac))``."""
    h = hashlib.sha512(preamble_bytes)
    preamble_hash = h.digest()
    km2, km3, session_key = derive_keys(ikm, preamble_hash)
    server_mac = mac(km2, preamble_hash)
    h.update(server_mac)  # Hash(preamble || server_mac), the preamble hashed once
    return server_mac, mac(km3, h.digest()), session_key
