"""OPAQUE (RFC 9807), the augmented password-authenticated key exchange, on the RFC 9497 OPRF ristretto255-SHA512
with OPAQUE-3DH over ristretto255 (or curve25519), HKDF-SHA-512, HMAC-SHA-512 and SHA-512.

The server never sees the password and stores nothing a dictionary could be precomputed against. Both sides
share a ``Configuration`` (the key stretching function, the context string, the AKE group)::

    config = opaque.Configuration(opaque.Argon2id())
    server = opaque.Server.generate(config)                     # store server.to_bytes() (secret)

    registration = opaque.ClientRegistration(config, b"password")
    response = server.registration_response(registration.request, b"alice")
    record, export_key = registration.finish(response)          # the server stores record for b"alice"

    login = opaque.ClientLogin(config, b"password")
    server_login = server.login(login.ke1, record, b"alice")    # record=None for an unknown user
    ke3, session_key, export_key = login.finish(server_login.ke2)
    assert server_login.finish(ke3) == session_key

Rooms: ``config`` (the suite, the KSFs ``Identity``, ``Argon2id``, ``Scrypt``), ``messages`` (the wire formats
with their RFC sizes), ``envelope`` (credential storage and recovery), ``ake`` (3DH and the key schedule),
``client`` and ``server``. Errors: ``errors`` (``DeserializeError`` for malformed messages; the RFC's
``EnvelopeRecoveryError``, ``ServerAuthenticationError`` and ``ClientAuthenticationError``, all
``AuthenticationError``). ``import pyristretto`` does not import this package.
"""

from pyristretto.opaque.client import ClientLogin, ClientRegistration, LoginResult, RegistrationResult
from pyristretto.opaque.config import CURVE25519, RISTRETTO255, KSF, Argon2id, Configuration, Identity, Scrypt
from pyristretto.opaque.errors import (
    AuthenticationError,
    ClientAuthenticationError,
    DeserializeError,
    EnvelopeRecoveryError,
    OpaqueError,
    ServerAuthenticationError,
)
from pyristretto.opaque.messages import (
    KE1,
    KE2,
    KE3,
    Envelope,
    RegistrationRecord,
    RegistrationRequest,
    RegistrationResponse,
)
from pyristretto.opaque.server import Server, ServerLogin

__all__ = [
    "Configuration",
    "KSF",
    "Identity",
    "Argon2id",
    "Scrypt",
    "RISTRETTO255",
    "CURVE25519",
    "ClientRegistration",
    "ClientLogin",
    "RegistrationResult",
    "LoginResult",
    "Server",
    "ServerLogin",
    "RegistrationRequest",
    "RegistrationResponse",
    "Envelope",
    "RegistrationRecord",
    "KE1",
    "KE2",
    "KE3",
    "OpaqueError",
    "DeserializeError",
    "AuthenticationError",
    "EnvelopeRecoveryError",
    "ServerAuthenticationError",
    "ClientAuthenticationError",
]
