"""The OPAQUE configuration (RFC 9807 section 7): the suite's sizes and symmetric primitives, the key stretching
functions, and ``Configuration``, the tuple (OPRF, KDF, MAC, Hash, KSF, Group, Context) both sides share.

The OPRF is RFC 9497's ``ristretto255-SHA512`` in mode OPRF, the KDF HKDF-SHA-512, the MAC HMAC-SHA-512 and the Hash
SHA-512, all from the standard library (``hmac.digest``, ``hashlib``). The AKE group is ristretto255 or curve25519
(X25519, for the RFC's mixed vectors); the KSF is pluggable: ``Identity`` (the RFC's vectors), ``Argon2id``
(argon2-cffi, the ``opaque`` extra) or ``Scrypt`` (``hashlib.scrypt``), or any ``KSF`` subclass.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from typing import Optional, Union

from pyristretto import oprf

__all__ = [
    "Nn",
    "Nseed",
    "Nh",
    "Nm",
    "Nx",
    "Nok",
    "Noe",
    "Npk",
    "Nsk",
    "RISTRETTO255",
    "CURVE25519",
    "KSF",
    "Identity",
    "Argon2id",
    "Scrypt",
    "Configuration",
    "extract",
    "expand",
    "keyed",
    "mac",
    "digest",
]

Bytes = Union[bytes, bytearray, memoryview]

# The sizes of RFC 9807 for this suite (bytes): nonces and seeds, the hash, MAC and KDF outputs, the OPRF's key
# and element, and the AKE keys (32 for both ristretto255 and X25519).
Nn = Nseed = 32
Nh = Nm = Nx = 64
Nok = Noe = 32
Npk = Nsk = 32
RISTRETTO255 = "ristretto255"
CURVE25519 = "curve25519"
_MAX_LENGTH = 0xFFFF  # identities and the context are framed with two length bytes

# RFC 9497 mode OPRF's domain separation tags, which OPAQUE's OPRF uses.
_OPRF_CONTEXT = oprf.context_string(oprf.MODE_OPRF)
OPRF_GROUP_DST = b"HashToGroup-" + _OPRF_CONTEXT
OPRF_DERIVE_DST = b"DeriveKeyPair" + _OPRF_CONTEXT


# ---- the symmetric primitives (HKDF-SHA-512 of RFC 5869, HMAC-SHA-512, SHA-512) --------------------------
def extract(salt: bytes, ikm: bytes) -> bytes:
    """HKDF-Extract with SHA-512 (an empty salt is HMAC's all-zero key)."""
    return hmac.digest(salt, ikm, "sha512")


def keyed(key: bytes) -> "hmac.HMAC":
    """An HMAC-SHA-512 state keyed with ``key``, for ``expand`` to copy: a key used for several expansions is then
    set up once (the key's two padded blocks hashed once, not per call)."""
    return hmac.new(key, digestmod="sha512")


def expand(prk: Union[bytes, "hmac.HMAC"], info: bytes, length: int) -> bytes:
    """HKDF-Expand with SHA-512: ``length`` bytes (at most 255 * 64). ``prk``: the key, or its ``keyed`` state."""
    if type(prk) is bytes:
        if length <= Nx:
            return hmac.digest(prk, info + b"\x01", "sha512")[:length]
        prk = keyed(prk)
    h = prk.copy()  # type: ignore[union-attr]
    h.update(info + b"\x01")
    t = h.digest()
    if length <= Nx:
        return t[:length]
    out, i = [t], 1
    while i * Nx < length:
        i += 1
        h = prk.copy()  # type: ignore[union-attr]
        h.update(t + info + bytes([i]))
        t = h.digest()
        out.append(t)
    return b"".join(out)[:length]


def mac(key: bytes, msg: bytes) -> bytes:
    """HMAC-SHA-512."""
    return hmac.digest(key, msg, "sha512")


def digest(msg: bytes) -> bytes:
    """SHA-512."""
    return hashlib.sha512(msg).digest()


# ---- key stretching functions ---------------------------------------------------------------------------
class KSF:
    """A key stretching function: ``stretch(msg)`` hardens the OPRF output against offline guessing (RFC 9807
    ``Stretch``). Subclass it and define ``stretch`` (bytes in, bytes out) for another function; both sides must
    use the same one with the same parameters."""

    def stretch(self, msg: bytes) -> bytes:
        """The stretched ``msg``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Identity(KSF):
    """The identity KSF of the RFC's test vectors: no stretching at all. Only for tests and for passwords that are
    already high-entropy keys."""

    def stretch(self, msg: bytes) -> bytes:
        """``msg`` unchanged (as bytes: anything else is a TypeError)."""
        return check_data(msg, "msg", None)


def _positive(value, name):
    import operator

    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}") from None
    if value < 1:
        raise ValueError(f"{name}: expected a positive int, got {value}")
    return value


def _salt(salt):
    if isinstance(salt, str) or not isinstance(salt, (bytes, bytearray, memoryview)):
        raise TypeError(f"salt: expected a bytes-like object, got {type(salt).__name__}")
    return bytes(salt)


class Argon2id(KSF):
    """Argon2id (RFC 9106, version 0x13) through argon2-cffi (``pip install pyristretto[opaque]``).

    The defaults are opaque-ke's (its ``argon2`` crate's defaults): ``memory_cost`` 19456 KiB, ``time_cost`` 2,
    ``parallelism`` 1, a salt of 16 zero bytes and 64 bytes of output (``Nh``): the configuration of
    ``opaque-ke-py``. ``Argon2id.rfc9807()`` has the RFC's recommended parameters (2 GiB, t = 1, p = 4)."""

    def __init__(
        self,
        memory_cost: int = 19456,
        time_cost: int = 2,
        parallelism: int = 1,
        salt: Bytes = bytes(16),
        hash_len: int = Nh,
    ) -> None:
        try:
            from argon2.low_level import Type, hash_secret_raw
        except ImportError:  # pragma: no cover - depends on the environment
            raise ImportError("Argon2id needs argon2-cffi: pip install 'pyristretto[opaque]'") from None
        self._hash, self._type = hash_secret_raw, Type.ID
        self.memory_cost = _positive(memory_cost, "memory_cost")
        self.time_cost = _positive(time_cost, "time_cost")
        self.parallelism = _positive(parallelism, "parallelism")
        self.hash_len = _positive(hash_len, "hash_len")
        self.salt = _salt(salt)

    @classmethod
    def rfc9807(cls) -> "Argon2id":
        """RFC 9807 section 7's recommended parameters: m = 2^21 KiB (2 GiB), t = 1, p = 4, 16 zero bytes of salt,
        64 bytes of output."""
        return cls(memory_cost=2**21, time_cost=1, parallelism=4)

    def stretch(self, msg: bytes) -> bytes:
        """Argon2id of ``msg`` with this object's salt and parameters."""
        return self._hash(
            secret=check_data(msg, "msg", None),
            salt=self.salt,
            time_cost=self.time_cost,
            memory_cost=self.memory_cost,
            parallelism=self.parallelism,
            hash_len=self.hash_len,
            type=self._type,
            version=19,
        )

    def __repr__(self) -> str:
        return (
            f"Argon2id(memory_cost={self.memory_cost}, time_cost={self.time_cost}, "
            f"parallelism={self.parallelism}, salt={self.salt.hex()!r}, hash_len={self.hash_len})"
        )


class Scrypt(KSF):
    """scrypt (RFC 7914) through ``hashlib.scrypt``: by default RFC 9807 section 7's parameters N = 32768, r = 8,
    p = 1 and 16 zero bytes of salt, with 64 bytes of output (``Nh``)."""

    def __init__(self, n: int = 32768, r: int = 8, p: int = 1, salt: Bytes = bytes(16), length: int = Nh) -> None:
        self.n, self.r, self.p = _positive(n, "n"), _positive(r, "r"), _positive(p, "p")
        if self.n & (self.n - 1) or self.n < 2:
            raise ValueError(f"n: expected a power of 2 above 1, got {self.n}")
        self.length = _positive(length, "length")
        self.salt = _salt(salt)

    def stretch(self, msg: bytes) -> bytes:
        """scrypt of ``msg`` with this object's salt and parameters."""
        maxmem = 128 * self.r * (self.n + self.p + 2) + (1 << 20)
        return hashlib.scrypt(
            check_data(msg, "msg", None), salt=self.salt, n=self.n, r=self.r, p=self.p, maxmem=maxmem, dklen=self.length
        )

    def __repr__(self) -> str:
        return f"Scrypt(n={self.n}, r={self.r}, p={self.p}, salt={self.salt.hex()!r}, length={self.length})"


def check_data(value, name, limit=_MAX_LENGTH) -> bytes:
    """A bytes-like argument as bytes (TypeError otherwise), at most ``limit`` bytes long (ValueError; None: no
    limit)."""
    if isinstance(value, str) or not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{name}: expected a bytes-like object, got {type(value).__name__}")
    value = bytes(value)
    if limit is not None and len(value) > limit:
        raise ValueError(f"{name}: at most {limit} bytes, got {len(value)}")
    return value


def random_or_test(value, size: int, name: str) -> bytes:
    """``size`` random bytes (``os.urandom``), or the test vector's ``value`` (a ``_test_`` argument) of that size."""
    if value is None:
        return os.urandom(size)
    value = check_data(value, name)
    if len(value) != size:
        raise ValueError(f"{name}: expected {size} bytes, got {len(value)}")
    return value


def check_optional(value, name) -> Optional[bytes]:
    """An optional identity: None, or bytes of 1 to 65535 bytes (RFC 9807's ``<1..2^16-1>``)."""
    if value is None:
        return None
    value = check_data(value, name)
    if not value:
        raise ValueError(f"{name}: an identity is at least one byte long (pass None for the default)")
    return value


class Configuration:
    """An OPAQUE-3DH configuration (RFC 9807 section 7) with the OPRF ristretto255-SHA512, HKDF-SHA-512,
    HMAC-SHA-512 and SHA-512: the ``ksf`` (a ``KSF``: ``Identity()``, ``Argon2id()``, ``Scrypt()``...), the shared
    ``context`` string of the key schedule (at most 65535 bytes, default empty) and the AKE ``group``:
    ``"ristretto255"`` (the default) or ``"curve25519"`` (X25519 through libsodium). Client and server must use
    equal configurations. Immutable."""

    __slots__ = ("ksf", "context", "group")
    ksf: KSF
    context: bytes
    group: str

    def __init__(self, ksf: KSF, context: Bytes = b"", group: str = RISTRETTO255) -> None:
        if not isinstance(ksf, KSF):
            raise TypeError(f"ksf: expected a KSF (Identity(), Argon2id(), Scrypt()...), got {type(ksf).__name__}")
        if group not in (RISTRETTO255, CURVE25519):
            raise ValueError(f"group: expected {RISTRETTO255!r} or {CURVE25519!r}, got {group!r}")
        object.__setattr__(self, "ksf", ksf)
        object.__setattr__(self, "context", check_data(context, "context"))
        object.__setattr__(self, "group", group)

    def __setattr__(self, name, value):
        raise AttributeError("a Configuration is immutable")

    def __repr__(self) -> str:
        return f"Configuration(ksf={self.ksf!r}, context={self.context!r}, group={self.group!r})"
