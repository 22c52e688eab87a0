"""The errors of pyristretto.opaque: every one a ``ValueError`` through ``OpaqueError``.

A malformed message (a wrong length, an invalid point, the identity) raises ``DeserializeError`` naming the message
and its field. A failed authentication raises one of RFC 9807's three errors, all ``AuthenticationError`` with the
same message and nothing more: the client's ``EnvelopeRecoveryError`` (a wrong password, or a user the server does
not know: the two cannot be told apart), its ``ServerAuthenticationError`` (the server's MAC), and the server's
``ClientAuthenticationError`` (the client's MAC).
"""

__all__ = [
    "OpaqueError",
    "DeserializeError",
    "AuthenticationError",
    "EnvelopeRecoveryError",
    "ServerAuthenticationError",
    "ClientAuthenticationError",
]


class OpaqueError(ValueError):
    """Base class of the errors of pyristretto.opaque."""


class DeserializeError(OpaqueError):
    """A received message or record is malformed: a wrong length, an invalid point or the identity."""


class AuthenticationError(OpaqueError):
    """An authentication failed (the message says nothing more)."""

    def __init__(self, message: str = "authentication failed") -> None:
        super().__init__(message)


class EnvelopeRecoveryError(AuthenticationError):
    """The client could not open its envelope: a wrong password, or a user the server does not know."""


class ServerAuthenticationError(AuthenticationError):
    """The server's MAC in KE2 does not verify: the client aborts."""


class ClientAuthenticationError(AuthenticationError):
    """The client's MAC in KE3 does not verify: the server aborts."""
