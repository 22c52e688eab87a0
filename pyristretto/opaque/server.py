"""The OPAQUE server (RFC 9807): its setup (``Server``: the OPRF seed, the AKE key pair, the fake record),
registration (``Server.registration_response``) and login (``Server.login``, ``ServerLogin.finish``).

A ``Server`` holds no mutable state: one instance can serve many threads at once. A login for a user without a
record (``record=None``) runs on the server's fake record (RFC 9807 section 6.3.2.2): the same sizes and the same
work as a real one, and the client fails with the same ``EnvelopeRecoveryError`` as for a wrong password.
"""

from __future__ import annotations

import hmac
import os
from typing import Optional, Union

from pyristretto import _group as grp
import pyristretto.opaque.envelope as env
from pyristretto.opaque.ake import derive_scalar, group_of, macs, preamble
from pyristretto.opaque.config import (
    Nh,
    Nm,
    Nn,
    Nok,
    Nseed,
    Nx,
    Configuration,
    check_data,
    check_optional,
    expand,
    keyed,
    random_or_test,
)
from pyristretto.opaque.errors import ClientAuthenticationError, DeserializeError
from pyristretto.opaque.messages import KE1, KE2, KE3, Envelope, RegistrationRecord, RegistrationRequest

__all__ = ["Server", "ServerLogin"]

Bytes = Union[bytes, bytearray, memoryview]
RecordLike = Union[RegistrationRecord, Bytes]


def _record(value: RecordLike, name: str) -> RegistrationRecord:
    if isinstance(value, RegistrationRecord):
        return value
    return RegistrationRecord.from_bytes(value, name)


class Server:
    """An OPAQUE server's setup: the secret ``oprf_seed`` (64 bytes) from which each user's OPRF key is derived,
    the AKE ``private_key`` (ristretto255: a Scalar, a non-zero int or its 32-byte encoding; curve25519: 32 bytes
    or an X25519PrivateKey) and the fake record that stands in for unknown users (generated when not given).

    ``Server.generate(config)`` draws all three; ``to_bytes()`` stores them (secret: 288 bytes) and
    ``Server.from_bytes(data, config)`` restores them."""

    __slots__ = ("_config", "_group", "_oprf_seed", "_seed_key", "_sk", "public_key", "_fake")
    public_key: bytes

    def __init__(
        self, config: Configuration, oprf_seed: Bytes, private_key: object, *, fake_record: Optional[RecordLike] = None
    ) -> None:
        if not isinstance(config, Configuration):
            raise TypeError(f"config: expected a Configuration, got {type(config).__name__}")
        self._config, self._group = config, group_of(config)
        self._oprf_seed = check_data(oprf_seed, "oprf_seed")
        if len(self._oprf_seed) != Nh:
            raise ValueError(f"oprf_seed: expected {Nh} bytes, got {len(self._oprf_seed)}")
        self._seed_key = keyed(self._oprf_seed)  # the HMAC key set up once for every user's OPRF key
        self._sk = self._group.private_key(private_key, "private_key")
        self.public_key = self._group.public_key(self._sk)
        fake: Bytes
        if fake_record is None:  # a random public key, a random masking key, a zero envelope
            fake = self._group.public_key(self._group.generate()) + os.urandom(Nh) + bytes(Envelope.SIZE)
        elif isinstance(fake_record, RegistrationRecord):
            fake = fake_record.to_bytes()
        else:
            fake = fake_record
        # validated once, then kept as bytes: a login parses it as it parses a stored record (the same work)
        self._fake = RegistrationRecord.from_bytes(fake, "fake_record", config=config).to_bytes()

    @classmethod
    def generate(cls, config: Configuration) -> "Server":
        """A server with a random OPRF seed, AKE key pair and fake record."""
        return cls(config, os.urandom(Nh), group_of(config).generate())

    def to_bytes(self) -> bytes:
        """``oprf_seed || private_key || fake_record`` (288 bytes): everything ``from_bytes`` needs. Secret."""
        return self._oprf_seed + self._group.private_bytes(self._sk) + self._fake

    @classmethod
    def from_bytes(cls, data: Bytes, config: Configuration) -> "Server":
        """The server stored by ``to_bytes``."""
        data = check_data(data, "data")
        size = Nh + 32 + RegistrationRecord.SIZE
        if len(data) != size:
            raise ValueError(f"data: expected {size} bytes, got {len(data)}")
        return cls(config, data[:Nh], data[Nh : Nh + 32], fake_record=data[Nh + 32 :])

    @property
    def config(self) -> Configuration:
        """The configuration."""
        return self._config

    def __repr__(self) -> str:
        return f"Server({self._config.group}, public_key={self.public_key.hex()!r})"

    def __reduce__(self):
        raise TypeError("a Server holds secrets and cannot be pickled: store to_bytes() instead")

    def _oprf_key(self, credential_identifier) -> grp.Scalar:
        """The user's OPRF key: ``DeriveKeyPair(Expand(oprf_seed, credential_identifier || "OprfKey", Nok),
        "OPAQUE-DeriveKeyPair")``."""
        cid = check_data(credential_identifier, "credential_identifier")
        return derive_scalar(expand(self._seed_key, cid + b"OprfKey", Nok), b"OPAQUE-DeriveKeyPair")

    def oprf_key(self, credential_identifier: Bytes) -> grp.Scalar:
        """The OPRF key of a user (a Scalar; secret), as ``registration_response`` and ``login`` derive it."""
        return self._oprf_key(credential_identifier)

    def registration_response(self, request: Bytes, credential_identifier: Bytes) -> bytes:
        """``CreateRegistrationResponse``: the 64-byte response to a client's 32-byte registration ``request``
        for the user ``credential_identifier`` (unique per user, e.g. the user name). DeserializeError for a
        malformed request."""
        message = RegistrationRequest.from_bytes(request, "request")
        [B] = grp.decode_elements([message.blinded_message], ["request.blinded_message"], DeserializeError)
        return grp.mul_encode([self._oprf_key(credential_identifier)], [B]) + self.public_key

    def login(
        self,
        ke1: Bytes,
        record: Optional[RecordLike],
        credential_identifier: Bytes,
        *,
        client_identity: Optional[Bytes] = None,
        server_identity: Optional[Bytes] = None,
        _test_masking_nonce: Optional[Bytes] = None,
        _test_server_nonce: Optional[Bytes] = None,
        _test_server_keyshare_seed: Optional[Bytes] = None,
    ) -> "ServerLogin":
        """``GenerateKE2`` for the client's 96-byte ``ke1``: a ``ServerLogin`` whose ``ke2`` (320 bytes) goes to
        the client and whose ``finish(ke3)`` gives the session key. ``record``: the user's registration record
        (192 bytes, or a RegistrationRecord), or None for a user the server does not know (the fake record: the
        reply looks the same and costs the same). The identities default to the public keys and must be those
        of the registration. DeserializeError for a malformed KE1 or record. Pass records as the stored bytes:
        the fake record goes through the same parsing."""
        client_identity = check_optional(client_identity, "client_identity")
        server_identity = check_optional(server_identity, "server_identity")
        first = KE1.from_bytes(ke1, "ke1")
        user = _record(self._fake if record is None else record, "record")
        k = self._oprf_key(credential_identifier)
        masking_nonce = random_or_test(_test_masking_nonce, Nn, "_test_masking_nonce")
        server_nonce = random_or_test(_test_server_nonce, Nn, "_test_server_nonce")
        seed = random_or_test(_test_server_keyshare_seed, Nseed, "_test_server_keyshare_seed")
        evaluated, keyshare, ikm = self._group.server_respond(k, first, user, self._sk, seed)
        credential_response = (
            evaluated + masking_nonce + env.mask(user.masking_key, masking_nonce, self.public_key + user.envelope)
        )
        _, sid, cid = env.cleartext_credentials(
            self.public_key, user.client_public_key, server_identity, client_identity
        )
        transcript = preamble(
            self._config.context, cid, first.to_bytes(), sid, credential_response, server_nonce, keyshare
        )
        server_mac, client_mac, session_key = macs(ikm, transcript)
        return ServerLogin(credential_response + server_nonce + keyshare + server_mac, client_mac, session_key)


class ServerLogin:
    """One login on the server between KE2 and KE3: ``ke2`` (320 bytes) goes to the client, ``finish(ke3)``
    checks the client's MAC and returns the session key, once."""

    __slots__ = ("ke2", "_expected", "_session_key")
    ke2: bytes

    def __init__(self, ke2: bytes, expected_client_mac: bytes, session_key: bytes) -> None:
        # checked like any argument: bytearray(64) would be 64 zero bytes, a MAC and a key anyone knows
        for name, value, size in (
            ("ke2", ke2, KE2.SIZE),
            ("expected_client_mac", expected_client_mac, Nm),
            ("session_key", session_key, Nx),
        ):
            if len(check_data(value, name)) != size:
                raise ValueError(f"{name}: expected {size} bytes, got {len(value)}")
        self.ke2 = bytes(ke2)
        self._expected: Optional[bytearray] = bytearray(expected_client_mac)
        self._session_key: Optional[bytearray] = bytearray(session_key)

    def finish(self, ke3: Bytes) -> bytes:
        """``ServerFinish``: the 64-byte session key when ``ke3`` (64 bytes) carries the expected client MAC
        (compared in constant time), else ClientAuthenticationError; DeserializeError for a wrong length. The
        login is finished either way (a second call raises ValueError); its secrets are wiped."""
        if self._expected is None or self._session_key is None:
            raise ValueError("this ServerLogin is finished: start a new one")
        expected, key = self._expected, self._session_key
        self._expected = self._session_key = None
        try:
            client_mac = KE3.from_bytes(ke3, "ke3").client_mac
            if not hmac.compare_digest(expected, client_mac):
                raise ClientAuthenticationError()
            return bytes(key)
        finally:
            expected[:] = bytes(len(expected))
            key[:] = bytes(len(key))

    def __repr__(self) -> str:
        return f"ServerLogin({'finished' if self._expected is None else 'awaiting KE3'})"

    def __reduce__(self):
        raise TypeError("a ServerLogin holds secrets and cannot be pickled")
