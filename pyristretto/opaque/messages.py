"""The wire formats of RFC 9807 (sections 4.1.1, 5.1, 6.1 and 6.3.1) for this suite, each a fixed-size
concatenation of fields: ``from_bytes`` checks the length (``DeserializeError`` naming the message), ``to_bytes``
gives the RFC's bytes back, and the fields are attributes with the RFC's names.

| message | fields (bytes) | size |
|---|---|---|
| ``RegistrationRequest`` | blinded_message (32) | 32 |
| ``RegistrationResponse`` | evaluated_message (32), server_public_key (32) | 64 |
| ``Envelope`` | envelope_nonce (32), auth_tag (64) | 96 |
| ``RegistrationRecord`` | client_public_key (32), masking_key (64), envelope (96) | 192 |
| ``KE1`` | blinded_message (32), client_nonce (32), client_public_keyshare (32) | 96 |
| ``KE2`` | evaluated_message (32), masking_nonce (32), masked_response (128), server_nonce (32), | 320 |
| | server_public_keyshare (32), server_mac (64) | |
| ``KE3`` | client_mac (64) | 64 |

The group elements and public keys in them are validated by the protocol step that uses them (one batch decode
per step), which raises ``DeserializeError`` naming the message and field; ``RegistrationRecord.from_bytes`` with a
configuration validates the client's public key at once, for a server about to store the record.
"""

from __future__ import annotations

from typing import ClassVar, Optional, Tuple, Type, TypeVar, Union

from pyristretto.opaque.config import Nh, Nm, Nn, Noe, Npk, Configuration
from pyristretto.opaque.errors import DeserializeError

__all__ = [
    "RegistrationRequest",
    "RegistrationResponse",
    "Envelope",
    "RegistrationRecord",
    "KE1",
    "KE2",
    "KE3",
    "CREDENTIAL_RESPONSE_SIZE",
]

_M = TypeVar("_M", bound="_Message")
Bytes = Union[bytes, bytearray, memoryview]
CREDENTIAL_RESPONSE_SIZE = Noe + Nn + Npk + Nn + Nm  # evaluated_message || masking_nonce || masked_response


class _Message:
    """A fixed-size message: the fields of ``FIELDS`` (name, size) back to back."""

    __slots__ = ()
    FIELDS: ClassVar[Tuple[Tuple[str, int], ...]] = ()
    SIZE: ClassVar[int] = 0
    _SECRET: ClassVar[Tuple[str, ...]] = ()  # fields the repr leaves out
    _SLICES: ClassVar[Tuple[Tuple[str, int, int], ...]] = ()  # (name, start, end) of each field

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        slices, at = [], 0
        for name, size in cls.FIELDS:
            slices.append((name, at, at + size))
            at += size
        if at != cls.SIZE:
            raise TypeError(f"{cls.__name__}: SIZE {cls.SIZE} is not the sum of its fields' sizes, {at}")
        cls._SLICES = tuple(slices)

    def __init__(self, *fields: Bytes) -> None:
        if len(fields) != len(self.FIELDS):
            raise TypeError(f"{type(self).__name__}() takes {len(self.FIELDS)} fields, got {len(fields)}")
        for (name, size), value in zip(self.FIELDS, fields):
            if isinstance(value, str) or not isinstance(value, (bytes, bytearray, memoryview)):
                raise TypeError(f"{name}: expected {size} bytes, got {type(value).__name__}")
            value = bytes(value)
            if len(value) != size:
                raise DeserializeError(f"{type(self).__name__}.{name}: expected {size} bytes, got {len(value)}")
            object.__setattr__(self, name, value)

    @classmethod
    def from_bytes(cls: Type[_M], data: Bytes, name: Optional[str] = None) -> _M:
        """The message of exactly ``SIZE`` bytes (any bytes-like); TypeError for another type, DeserializeError
        naming ``name`` (default: the message's) for another length."""
        if type(data) is not bytes:
            if isinstance(data, str) or not isinstance(data, (bytearray, memoryview)):
                raise TypeError(f"{name or cls.__name__}: expected {cls.SIZE} bytes, got {type(data).__name__}")
            data = bytes(data)
        if len(data) != cls.SIZE:
            raise DeserializeError(f"{name or cls.__name__}: expected {cls.SIZE} bytes, got {len(data)}")
        message = object.__new__(cls)
        for field, start, end in cls._SLICES:
            object.__setattr__(message, field, data[start:end])
        return message

    def to_bytes(self) -> bytes:
        """The RFC's encoding: the fields back to back."""
        return b"".join(getattr(self, name) for name, _ in self.FIELDS)

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    def __setattr__(self, name, value):
        raise AttributeError(f"a {type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_bytes() == other.to_bytes()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.to_bytes()))

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={'<secret>' if name in self._SECRET else getattr(self, name).hex()!r}" for name, _ in self.FIELDS
        )
        return f"{type(self).__name__}({shown})"


class RegistrationRequest(_Message):
    """RFC 9807 RegistrationRequest: the client's blinded password (32 bytes)."""

    __slots__ = ("blinded_message",)
    FIELDS = (("blinded_message", Noe),)
    SIZE = Noe
    blinded_message: bytes


class RegistrationResponse(_Message):
    """RFC 9807 RegistrationResponse: the evaluated element and the server's AKE public key (64 bytes)."""

    __slots__ = ("evaluated_message", "server_public_key")
    FIELDS = (("evaluated_message", Noe), ("server_public_key", Npk))
    SIZE = Noe + Npk
    evaluated_message: bytes
    server_public_key: bytes


class Envelope(_Message):
    """RFC 9807 Envelope: a nonce and the MAC over it and the cleartext credentials (96 bytes)."""

    __slots__ = ("envelope_nonce", "auth_tag")
    FIELDS = (("envelope_nonce", Nn), ("auth_tag", Nm))
    SIZE = Nn + Nm
    envelope_nonce: bytes
    auth_tag: bytes


class RegistrationRecord(_Message):
    """RFC 9807 RegistrationRecord, what the server stores per user (192 bytes): the client's AKE public key, the
    masking key (keep it confidential: with it, an attacker can tell real users from unknown ones) and the
    envelope. ``from_bytes(data, config=config)`` also validates the public key for ``config``'s group."""

    __slots__ = ("client_public_key", "masking_key", "envelope")
    FIELDS = (("client_public_key", Npk), ("masking_key", Nh), ("envelope", Envelope.SIZE))
    SIZE = Npk + Nh + Envelope.SIZE
    _SECRET = ("masking_key",)
    client_public_key: bytes
    masking_key: bytes
    envelope: bytes

    @classmethod
    def from_bytes(
        cls,
        data: Bytes,
        name: Optional[str] = None,  # type: ignore[override]
        config: Optional[Configuration] = None,
    ) -> "RegistrationRecord":
        """The record of exactly 192 bytes; with ``config``, DeserializeError also when the client public key is
        not a valid (non-identity) key of the configuration's group."""
        record = super().from_bytes(data, name)
        if config is not None:
            from pyristretto.opaque.ake import group_of

            group_of(config).check_public_key(record.client_public_key, f"{name or cls.__name__}.client_public_key")
        return record


class KE1(_Message):
    """RFC 9807 KE1 = CredentialRequest || AuthRequest (96 bytes)."""

    __slots__ = ("blinded_message", "client_nonce", "client_public_keyshare")
    FIELDS = (("blinded_message", Noe), ("client_nonce", Nn), ("client_public_keyshare", Npk))
    SIZE = Noe + Nn + Npk
    blinded_message: bytes
    client_nonce: bytes
    client_public_keyshare: bytes


class KE2(_Message):
    """RFC 9807 KE2 = CredentialResponse || AuthResponse (320 bytes)."""

    __slots__ = (
        "evaluated_message",
        "masking_nonce",
        "masked_response",
        "server_nonce",
        "server_public_keyshare",
        "server_mac",
    )
    FIELDS = (
        ("evaluated_message", Noe),
        ("masking_nonce", Nn),
        ("masked_response", Npk + Nn + Nm),
        ("server_nonce", Nn),
        ("server_public_keyshare", Npk),
        ("server_mac", Nm),
    )
    SIZE = CREDENTIAL_RESPONSE_SIZE + Nn + Npk + Nm
    evaluated_message: bytes
    masking_nonce: bytes
    masked_response: bytes
    server_nonce: bytes
    server_public_keyshare: bytes
    server_mac: bytes

    @property
    def credential_response(self) -> bytes:
        """The CredentialResponse: ``evaluated_message || masking_nonce || masked_response`` (192 bytes)."""
        return self.evaluated_message + self.masking_nonce + self.masked_response


class KE3(_Message):
    """RFC 9807 KE3: the client's MAC (64 bytes)."""

    __slots__ = ("client_mac",)
    FIELDS = (("client_mac", Nm),)
    SIZE = Nm
    client_mac: bytes
