"""The OPAQUE client (RFC 9807): registration (``ClientRegistration``) and login (``ClientLogin``).

Each object is one run of its protocol: it holds the password, the OPRF blind and (for a login) the ephemeral AKE
key between its two steps, and ``finish`` consumes it (a second call raises ``ValueError``). The randomness comes
from libsodium's CSPRNG (blinds, AKE keys) and ``os.urandom`` (nonces, seeds); the keyword arguments starting with
``_test_`` exist only to replay the RFC's test vectors and must not be used otherwise.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import NamedTuple, Optional, Union

from pyristretto import _group as grp
import pyristretto.opaque.envelope as env
from pyristretto.opaque.ake import group_of, macs, oprf_input_element, preamble
from pyristretto.opaque.config import Nn, Nseed, Configuration, check_data, check_optional, random_or_test
from pyristretto.opaque.errors import DeserializeError, ServerAuthenticationError
from pyristretto.opaque.messages import KE2, RegistrationResponse

__all__ = ["ClientRegistration", "ClientLogin", "RegistrationResult", "LoginResult"]

Bytes = Union[bytes, bytearray, memoryview]
ScalarLike = Union[grp.Scalar, int, Bytes]


class RegistrationResult(NamedTuple):
    """What ``ClientRegistration.finish`` returns: the ``record`` to upload (192 bytes) and the ``export_key``
    (64 bytes, for the application; keep it secret)."""

    record: bytes
    export_key: bytes


class LoginResult(NamedTuple):
    """What ``ClientLogin.finish`` returns: ``ke3`` for the server (64 bytes), the ``session_key`` shared with it
    and the ``export_key`` (64 bytes each, secret)."""

    ke3: bytes
    session_key: bytes
    export_key: bytes


def _check_config(config):
    if not isinstance(config, Configuration):
        raise TypeError(f"config: expected a Configuration, got {type(config).__name__}")
    return config


def _blind(value) -> grp.Scalar:
    if value is None:
        return grp.scalar_random()
    blind = grp.scalar_argument(value, "_test_blind")
    if grp.scalar_is_zero(blind):
        raise ValueError("_test_blind: must not be zero")
    return blind


def _lp(data: bytes) -> bytes:
    return len(data).to_bytes(2, "big") + data


def _finalize(password: bytes, blind: grp.Scalar, Z: grp.Point) -> bytes:
    """RFC 9497 Finalize (mode OPRF): ``Hash(len || password || len || (1/blind)*Z || "Finalize")``."""
    unblinded = grp.mul_encode([grp.scalar_inverse(blind)], [Z])
    return hashlib.sha512(_lp(password) + _lp(unblinded) + b"Finalize").digest()


class _Run:
    """The state shared by the client's two runs: the configuration, the password and the OPRF blind."""

    __slots__ = ("_config", "_group", "_password", "_blind")

    def __init__(self, config, password, test_blind):
        self._config = _check_config(config)
        self._group = group_of(config)
        self._password = check_data(password, "password")
        self._blind = _blind(test_blind)

    def _take(self):
        """The password and blind, once: the run is then finished."""
        if self._password is None:
            raise ValueError(f"this {type(self).__name__} is finished: start a new one")
        password, blind = self._password, self._blind
        self._password = self._blind = None
        return password, blind

    def __repr__(self) -> str:
        state = "finished" if self._password is None else "started"
        return f"{type(self).__name__}({self._config.group}, {state})"

    def __reduce__(self):
        raise TypeError(f"a {type(self).__name__} holds secrets and cannot be pickled")


class ClientRegistration(_Run):
    """RFC 9807 registration, client side: ``CreateRegistrationRequest`` when created (``request``, 32 bytes, goes
    to the server) and ``FinalizeRegistrationRequest`` in ``finish``. ``password``: bytes-like, at most 65535
    bytes."""

    __slots__ = ("request",)
    request: bytes

    def __init__(self, config: Configuration, password: Bytes, *, _test_blind: Optional[ScalarLike] = None) -> None:
        super().__init__(config, password, _test_blind)
        self.request = grp.mul_encode([self._blind], [oprf_input_element(self._password)])

    def finish(
        self,
        response: Bytes,
        *,
        server_identity: Optional[Bytes] = None,
        client_identity: Optional[Bytes] = None,
        _test_envelope_nonce: Optional[Bytes] = None,
    ) -> RegistrationResult:
        """``(record, export_key)`` from the server's 64-byte ``response``: the record goes to the server. The
        identities default to the public keys (RFC 9807 section 4); the login must use the same ones.
        DeserializeError when the response is malformed (then the run stays open)."""
        server_identity = check_optional(server_identity, "server_identity")
        client_identity = check_optional(client_identity, "client_identity")
        message = RegistrationResponse.from_bytes(response, "response")
        [Z] = grp.decode_elements([message.evaluated_message], ["response.evaluated_message"], DeserializeError)
        self._group.check_public_key(message.server_public_key, "response.server_public_key")
        nonce = random_or_test(_test_envelope_nonce, Nn, "_test_envelope_nonce")
        password, blind = self._take()
        randomized_pwd = env.randomized_password(self._config.ksf, _finalize(password, blind, Z))
        auth_key, export_key, seed = env.envelope_keys(randomized_pwd, nonce)
        client_public_key = self._group.public_key(self._group.derive_private_key(seed))
        credentials = env.cleartext_credentials(
            message.server_public_key, client_public_key, server_identity, client_identity
        )[0]
        record = (
            client_public_key + env.masking_key(randomized_pwd) + nonce + env.auth_tag(auth_key, nonce, credentials)
        )
        return RegistrationResult(record, export_key)


class ClientLogin(_Run):
    """RFC 9807 login, client side: ``GenerateKE1`` when created (``ke1``, 96 bytes, goes to the server) and
    ``GenerateKE3`` in ``finish``. ``password``: bytes-like, at most 65535 bytes."""

    __slots__ = ("ke1", "_secret")
    ke1: bytes

    def __init__(
        self,
        config: Configuration,
        password: Bytes,
        *,
        _test_blind: Optional[ScalarLike] = None,
        _test_client_nonce: Optional[Bytes] = None,
        _test_client_keyshare_seed: Optional[Bytes] = None,
    ) -> None:
        super().__init__(config, password, _test_blind)
        nonce = random_or_test(_test_client_nonce, Nn, "_test_client_nonce")
        seed = random_or_test(_test_client_keyshare_seed, Nseed, "_test_client_keyshare_seed")
        blinded, self._secret, keyshare = self._group.client_start(
            self._blind, oprf_input_element(self._password), seed
        )
        self.ke1 = blinded + nonce + keyshare

    def finish(
        self, ke2: Bytes, *, server_identity: Optional[Bytes] = None, client_identity: Optional[Bytes] = None
    ) -> LoginResult:
        """``(ke3, session_key, export_key)`` from the server's 320-byte ``ke2``; ``ke3`` goes to the server.

        DeserializeError for a malformed KE2 (wrong length, invalid or identity elements; the run then stays
        open), EnvelopeRecoveryError for a wrong password or a user the server does not know (the same error:
        they cannot be told apart), ServerAuthenticationError when the server's MAC does not verify. The
        identities must be those of the registration."""
        server_identity = check_optional(server_identity, "server_identity")
        client_identity = check_optional(client_identity, "client_identity")
        reply = KE2.from_bytes(ke2, "ke2")
        Z, Y = self._group.decode_ke2(reply)
        password, blind = self._take()
        secret, self._secret = self._secret, None
        randomized_pwd = env.randomized_password(self._config.ksf, _finalize(password, blind, Z))
        clear = env.mask(env.masking_key(randomized_pwd), reply.masking_nonce, reply.masked_response)
        server_public_key, nonce, tag = clear[:32], clear[32 : 32 + Nn], clear[32 + Nn :]
        auth_key, export_key, seed = env.envelope_keys(randomized_pwd, nonce)
        _, client_public_key, ikm = self._group.client_keys(seed, secret, Y, server_public_key)
        credentials, server_identity, client_identity = env.cleartext_credentials(
            server_public_key, client_public_key, server_identity, client_identity
        )
        env.check_auth_tag(env.auth_tag(auth_key, nonce, credentials), tag)
        if ikm is None:  # authenticated by the envelope, yet not a valid key: the server registered a bad one
            raise DeserializeError("KE2: the server public key in the envelope is not a valid public key")
        transcript = preamble(
            self._config.context,
            client_identity,
            self.ke1,
            server_identity,
            reply.credential_response,
            reply.server_nonce,
            reply.server_public_keyshare,
        )
        server_mac, client_mac, session_key = macs(ikm, transcript)
        if not hmac.compare_digest(server_mac, reply.server_mac):
            raise ServerAuthenticationError()
        return LoginResult(client_mac, session_key, export_key)
