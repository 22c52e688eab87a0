"""sr25519 keys (schnorrkel's ``keys.rs``): mini secret keys, secret keys, public keys, key pairs.

- ``MiniSecretKey``: the 32-byte seed (Substrate's "secret seed"), expanded into a ``SecretKey`` in
  ``ExpansionMode.ED25519`` (SHA-512, clamped, divided by the cofactor: what Substrate and py-sr25519-bindings use,
  the default) or ``ExpansionMode.UNIFORM`` (a Merlin transcript).
- ``SecretKey``: the key scalar and a 32-byte nonce (64 bytes: ``key || nonce``; the Ed25519 form, as polkadot-js
  exports it, is ``8 key || nonce``).
- ``PublicKey``: the point ``key G``, a 32-byte Ristretto255 encoding (validated; the identity is accepted, as
  schnorrkel accepts it).
- ``Keypair``: a secret key and its public key.

Secret material stays in C memory (``pyristretto._group.SrMiniSecret`` / ``SrSecret``, wiped when freed): the key
objects show no secret in their ``repr``, refuse ``pickle``, and give their bytes only through ``to_bytes()``.
Their equality is constant-time.
"""

from __future__ import annotations

import enum
import hashlib
from typing import Any, List, Optional, Sequence, Tuple, Union

from pyristretto import _group as grp
from pyristretto._group import InvalidPointError, Point
from pyristretto._group import Transcript
import pyristretto.sr25519.derivation as _derivation
import pyristretto.sr25519.signing as _signing
import pyristretto.sr25519.vrf as _vrf
from pyristretto.sr25519._args import exact_bytes, is_bytes
from pyristretto.sr25519.context import SUBSTRATE
from pyristretto.sr25519.derivation import DeriveJunction
from pyristretto.sr25519.errors import SecretStringError, SignatureError
from pyristretto.sr25519.vrf import VRFInOut

__all__ = [
    "ExpansionMode",
    "MiniSecretKey",
    "SecretKey",
    "PublicKey",
    "Keypair",
    "MINI_SECRET_KEY_LENGTH",
    "SECRET_KEY_LENGTH",
    "PUBLIC_KEY_LENGTH",
    "KEYPAIR_LENGTH",
    "ss58_encode",
    "ss58_decode",
    "mini_secret_from_entropy",
    "mini_secret_from_mnemonic",
    "keypair_from_uri",
    "derive_public",
]

MINI_SECRET_KEY_LENGTH = 32
SECRET_KEY_LENGTH = 64
PUBLIC_KEY_LENGTH = 32
KEYPAIR_LENGTH = 96

Bytes = Union[bytes, bytearray, memoryview]
PublicKeyLike = Union["PublicKey", Point, Bytes]


def _refuse_pickle(obj: object) -> None:
    raise TypeError(f"{type(obj).__name__} holds a secret: it cannot be pickled (to_bytes() gives its bytes)")


class ExpansionMode(enum.Enum):
    """How a ``MiniSecretKey`` becomes a ``SecretKey`` (schnorrkel's ``ExpansionMode``)."""

    #: SHA-512 of the seed, the key half clamped as Ed25519 does and divided by the cofactor 8; the nonce the other
    #: half. What Substrate, Polkadot and py-sr25519-bindings use.
    ED25519 = "ed25519"
    #: Merlin ``"ExpandSecretKeys"``: the key a 64-byte challenge reduced mod q, the nonce a 32-byte challenge.
    UNIFORM = "uniform"


def _mode(mode: ExpansionMode) -> bool:
    """True for UNIFORM, False for ED25519; TypeError for anything else."""
    if mode is ExpansionMode.ED25519:
        return False
    if mode is ExpansionMode.UNIFORM:
        return True
    raise TypeError(f"mode: expected an ExpansionMode, got {type(mode).__name__}")


class MiniSecretKey:
    """schnorrkel's ``MiniSecretKey``: a 32-byte secret seed (bytes-like; ValueError for another length).
    ``MiniSecretKey.generate()`` draws one from libsodium's CSPRNG."""

    __slots__ = ("_mini",)

    def __init__(self, seed: Bytes) -> None:
        if seed is None:
            raise TypeError("seed: expected 32 bytes, got NoneType (MiniSecretKey.generate() makes a random one)")
        self._mini = grp.sr25519_mini_secret(seed)

    @classmethod
    def from_bytes(cls, seed: Bytes) -> "MiniSecretKey":
        """The mini secret key of 32 bytes."""
        return cls(seed)

    @classmethod
    def generate(cls) -> "MiniSecretKey":
        """A random mini secret key (libsodium's CSPRNG)."""
        return cls._wrap(grp.sr25519_mini_secret(None))

    @classmethod
    def _wrap(cls, mini: grp.SrMiniSecret) -> "MiniSecretKey":
        key = cls.__new__(cls)
        key._mini = mini
        return key

    def to_bytes(self) -> bytes:
        """The 32 secret bytes."""
        return self._mini.to_bytes()

    def expand(self, mode: ExpansionMode = ExpansionMode.ED25519) -> "SecretKey":
        """The ``SecretKey`` (``MiniSecretKey::expand``), Ed25519 mode by default (Substrate's)."""
        return SecretKey._wrap(self._mini.expand(_mode(mode)))

    def expand_to_keypair(self, mode: ExpansionMode = ExpansionMode.ED25519) -> "Keypair":
        """The ``Keypair`` of ``expand(mode)``."""
        return self.expand(mode).to_keypair()

    def expand_to_public(self, mode: ExpansionMode = ExpansionMode.ED25519) -> "PublicKey":
        """The ``PublicKey`` of ``expand(mode)``."""
        return self.expand(mode).to_public()

    def hard_derive_mini_secret_key(
        self, chain_code: Optional[Bytes], index: Bytes, mode: ExpansionMode = ExpansionMode.ED25519
    ) -> Tuple["MiniSecretKey", bytes]:
        """``expand(mode).hard_derive_mini_secret_key(chain_code, index)``."""
        return self.expand(mode).hard_derive_mini_secret_key(chain_code, index)

    def __eq__(self, other: object) -> bool:
        if type(other) is not MiniSecretKey:
            return NotImplemented
        return bool(self._mini.equals(other._mini))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "MiniSecretKey(<hidden>)"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        _refuse_pickle(self)

    def __copy__(self) -> "MiniSecretKey":
        return self  # immutable: a copy would only be a second holder of the secret

    def __deepcopy__(self, memo: object) -> "MiniSecretKey":
        return self


def _secret_bytes(data: Any) -> Any:
    """A secret key argument `data`: bytes-like (the C++ call checks its length), TypeError naming it otherwise."""
    if not is_bytes(data):
        raise TypeError(f"data: expected 64 bytes, got {type(data).__name__}")
    return data


class SecretKey:
    """schnorrkel's ``SecretKey``: the key scalar (reduced mod q) and a 32-byte nonce, from 64 bytes
    ``key || nonce`` whose key is canonical (``SignatureError`` with reason ``"scalar_format"`` otherwise).
    ``SecretKey.from_ed25519_bytes`` reads the Ed25519 form ``8 key || nonce``; ``SecretKey.generate()`` draws a
    random one. Equality compares the key scalars only, in constant time (as the crate's)."""

    __slots__ = ("_secret",)

    def __init__(self, data: Bytes) -> None:
        secret = grp.sr25519_secret(_secret_bytes(data), False)
        if secret is None:
            raise SignatureError("data: the key scalar is not canonical (>= q)", "scalar_format")
        self._secret = secret

    @classmethod
    def from_bytes(cls, data: Bytes) -> "SecretKey":
        """The secret key of 64 bytes ``key || nonce`` (``SecretKey::from_bytes``)."""
        return cls(data)

    @classmethod
    def from_ed25519_bytes(cls, data: Bytes) -> "SecretKey":
        """The secret key of its 64-byte Ed25519 form ``8 key || nonce`` (``SecretKey::from_ed25519_bytes``: the
        first half divided by 8 must be canonical, else ``SignatureError`` with reason ``"invalid_key"``)."""
        secret = grp.sr25519_secret(_secret_bytes(data), True)
        if secret is None:
            raise SignatureError("data: the key scalar (divided by 8) is not canonical", "invalid_key")
        return cls._wrap(secret)

    @classmethod
    def generate(cls) -> "SecretKey":
        """A random secret key (``SecretKey::generate``: 64 random bytes reduced mod q, 32 more for the nonce)."""
        return cls._wrap(grp.sr25519_random_secret())

    @classmethod
    def _wrap(cls, secret: grp.SrSecret) -> "SecretKey":
        key = cls.__new__(cls)
        key._secret = secret
        return key

    def to_bytes(self) -> bytes:
        """The 64 bytes ``key || nonce``."""
        return self._secret.to_bytes()

    def to_ed25519_bytes(self) -> bytes:
        """The 64-byte Ed25519 form ``8 key || nonce`` (``SecretKey::to_ed25519_bytes``)."""
        return self._secret.to_ed25519_bytes()

    def to_public(self) -> "PublicKey":
        """The public key ``key G``."""
        return PublicKey(self._secret.public_point())

    def to_keypair(self) -> "Keypair":
        """The key pair of this secret key and its public key."""
        return Keypair(self, self.to_public())

    def sign(self, message: Any, public_key: PublicKeyLike, context: Any = SUBSTRATE, *, rng: Any = None) -> bytes:
        """The 64-byte signature of `message` under `context` with the public key `public_key` (schnorrkel's
        ``SecretKey::sign``; see ``pyristretto.sr25519.sign``)."""
        return _signing.sign_with(self._secret, as_public_key(public_key).point, message, context, rng)

    def hard_derive_mini_secret_key(self, chain_code: Optional[Bytes], index: Bytes) -> Tuple["MiniSecretKey", bytes]:
        """Hard derivation (``SecretKey::hard_derive_mini_secret_key``): (child mini secret key, child chain code);
        chain_code None leaves it out of the transcript (the crate's ``None``)."""
        mini, cc = grp.sr25519_hard_derive(self._secret, chain_code, index)
        return MiniSecretKey._wrap(mini), cc

    def __eq__(self, other: object) -> bool:
        if type(other) is not SecretKey:
            return NotImplemented
        return bool(self._secret.key_equals(other._secret))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "SecretKey(<hidden>)"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        _refuse_pickle(self)

    def __copy__(self) -> "SecretKey":
        return self

    def __deepcopy__(self, memo: object) -> "SecretKey":
        return self


class PublicKey:
    """schnorrkel's ``PublicKey``: a point of ristretto255 (the ``point`` attribute) and its 32-byte encoding.
    ``PublicKey(data)`` takes a ``Point`` or 32 bytes, validated (``InvalidPointError`` for an invalid encoding,
    TypeError for another type). The identity is accepted, as schnorrkel and Substrate accept it (no one holds its
    secret, so anyone can sign for it: a caller that must exclude it checks ``point.is_identity()``). Public keys
    compare and hash by their encoding, and pickle."""

    __slots__ = ("_point", "_encoding")

    def __init__(self, data: Union[Point, Bytes]) -> None:
        if type(data) is Point:
            self._point: Optional[Point] = data
            self._encoding: Optional[bytes] = None
            return
        if not grp.is_element_argument(data):
            raise TypeError(f"data: expected a Point or 32 bytes, got {type(data).__name__}")
        if memoryview(data).nbytes != 32:
            raise InvalidPointError(f"data: expected 32 bytes, got {memoryview(data).nbytes}")
        point = grp.sr25519_public_point(data)
        if point is None:
            raise InvalidPointError("data: not a valid Ristretto255 encoding")
        self._point = point
        self._encoding = None

    @property
    def point(self) -> Point:
        """The public key as a ``Point``."""
        if self._point is None:
            self._point = Point(self._encoding)
        return self._point

    @classmethod
    def from_bytes(cls, data: Bytes) -> "PublicKey":
        """The public key of its 32-byte encoding (validated)."""
        return cls(data)

    @classmethod
    def _from_trusted(cls, encoding: bytes) -> "PublicKey":
        """A public key from an encoding the core just computed (decoded when its point is first asked for)."""
        key = cls.__new__(cls)
        key._point = None
        key._encoding = encoding
        return key

    def to_bytes(self) -> bytes:
        """The 32-byte encoding."""
        if self._encoding is None:
            self._encoding = bytes(self._point)  # type: ignore[arg-type]
        return self._encoding

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    def to_ss58(self, prefix: int = 42) -> str:
        """The SS58 address (Substrate's, network ``prefix``: 42 generic Substrate, 0 Polkadot, 2 Kusama)."""
        return ss58_encode(self.to_bytes(), prefix)

    @classmethod
    def from_ss58(cls, address: str) -> "PublicKey":
        """The public key of an SS58 address (any network prefix; ``ss58_decode`` gives the prefix too)."""
        return cls(ss58_decode(address)[0])

    def verify(self, message: Any, signature: Bytes, context: Any = SUBSTRATE) -> bool:
        """True when `signature` signs `message` under `context` for this key; ``SignatureError`` otherwise (see
        ``pyristretto.sr25519.verify``)."""
        return _signing.verify_point(self.point, message, signature, context)

    def derived_key_simple(self, chain_code: Bytes, index: Bytes) -> Tuple["PublicKey", bytes]:
        """Soft derivation (``PublicKey::derived_key_simple``): (child public key, child chain code)."""
        child, cc = grp.sr25519_derive_public(chain_code, self.point, index)
        return PublicKey._from_trusted(child), cc

    def derive(self, path: Union[str, Sequence[DeriveJunction]]) -> "PublicKey":
        """The public key at a path of soft junctions (``"/1/foo"``, or DeriveJunctions), each with an empty index
        and the junction as chain code; ``SecretStringError`` for a hard one (sp-core's ``Public::derive``)."""
        key = self
        for j in _derivation.junctions(path):
            if j.hard:
                raise SecretStringError("path: a hard junction cannot be derived from a public key")
            key, _ = key.derived_key_simple(j.chain_code, b"")
        return key

    def vrf_hash(self, message: Any, context: Any = SUBSTRATE, *, malleable: bool = False) -> Point:
        """The VRF input point of `message` under `context` (``PublicKey::vrf_hash``)."""
        return _vrf.vrf_hash(self, message, context, malleable=malleable)

    def vrf_verify(
        self,
        message: Any,
        preout: Bytes,
        proof: Bytes,
        context: Any = SUBSTRATE,
        *,
        extra: Optional[Transcript] = None,
        malleable: bool = False,
        kusama: bool = True,
    ) -> Tuple[VRFInOut, bytes]:
        """(VRFInOut, 96-byte batchable proof) when `proof` shows `preout` is this key's VRF output for `message`;
        ``SignatureError`` otherwise (see ``pyristretto.sr25519.vrf_verify``)."""
        return _vrf.vrf_verify(self, message, preout, proof, context, extra=extra, malleable=malleable, kusama=kusama)

    def __eq__(self, other: object) -> bool:
        if type(other) is not PublicKey:
            return NotImplemented
        return self.to_bytes() == other.to_bytes()

    def __hash__(self) -> int:
        return hash((PublicKey, self.to_bytes()))

    def __repr__(self) -> str:
        return f"PublicKey({self.to_bytes().hex()})"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return PublicKey, (self.to_bytes(),)


def as_public_key(value: PublicKeyLike, name: str = "public_key") -> PublicKey:
    """A public key argument as a PublicKey: a PublicKey, a Point or 32 bytes (validated)."""
    if type(value) is PublicKey:
        return value
    if type(value) is not Point and not grp.is_element_argument(value):
        raise TypeError(f"{name}: expected a PublicKey, a Point or 32 bytes, got {type(value).__name__}")
    try:
        return PublicKey(value)
    except InvalidPointError:
        raise InvalidPointError(f"{name}: not a valid Ristretto255 encoding") from None


class Keypair:
    """schnorrkel's ``Keypair``: ``secret`` (a ``SecretKey``) and ``public`` (a ``PublicKey``; computed from the
    secret when not given, and taken as given otherwise, as the crate does). Pickling is refused (it holds a
    secret); ``to_bytes()`` gives the 96 bytes ``secret || public``."""

    __slots__ = ("secret", "public")

    secret: SecretKey
    public: PublicKey

    def __init__(self, secret: SecretKey, public: Optional[PublicKeyLike] = None) -> None:
        if type(secret) is not SecretKey:
            raise TypeError(f"secret: expected a SecretKey, got {type(secret).__name__}")
        self.secret = secret
        self.public = secret.to_public() if public is None else as_public_key(public, "public")

    @classmethod
    def generate(cls) -> "Keypair":
        """A random key pair (``Keypair::generate``: a random ``SecretKey``)."""
        return SecretKey.generate().to_keypair()

    @classmethod
    def from_seed(cls, seed: Bytes, mode: ExpansionMode = ExpansionMode.ED25519) -> "Keypair":
        """The key pair of a 32-byte seed (mini secret key), Ed25519 mode by default: Substrate's
        ``Pair::from_seed`` and py-sr25519-bindings' ``pair_from_seed``."""
        return MiniSecretKey(seed).expand_to_keypair(mode)

    @classmethod
    def from_bytes(cls, data: Bytes) -> "Keypair":
        """The key pair of 96 bytes ``secret (64) || public (32)`` (``Keypair::from_bytes``)."""
        view = exact_bytes(data, KEYPAIR_LENGTH, "data")
        return cls(SecretKey(view[:64]), PublicKey(view[64:]))

    @classmethod
    def from_half_ed25519_bytes(cls, data: Bytes) -> "Keypair":
        """The key pair of 96 bytes ``secret in Ed25519 form (64) || public (32)``."""
        view = exact_bytes(data, KEYPAIR_LENGTH, "data")
        return cls(SecretKey.from_ed25519_bytes(view[:64]), PublicKey(view[64:]))

    def to_bytes(self) -> bytes:
        """The 96 bytes ``secret.to_bytes() || public.to_bytes()``."""
        return self.secret.to_bytes() + self.public.to_bytes()

    def to_half_ed25519_bytes(self) -> bytes:
        """The 96 bytes ``secret.to_ed25519_bytes() || public.to_bytes()``."""
        return self.secret.to_ed25519_bytes() + self.public.to_bytes()

    @classmethod
    def from_mnemonic(cls, phrase: str, password: str = "") -> "Keypair":
        """The key pair of a BIP-39 English mnemonic through substrate-bip39 (see
        ``pyristretto.sr25519.mini_secret_from_mnemonic``), Ed25519 mode."""
        return mini_secret_from_mnemonic(phrase, password).expand_to_keypair()

    @classmethod
    def from_uri(cls, suri: str, password: Optional[str] = None) -> "Keypair":
        """The key pair of a Substrate secret URI (``"<mnemonic or 0x seed>//hard/soft///password"``, ``"//Alice"``
        on the development phrase): sp-core's ``Pair::from_string``: the phrase (``DEV_PHRASE`` when absent) is a
        BIP-39 mnemonic or a ``0x``-prefixed 64-digit hex seed (its password then unused), expanded in Ed25519 mode,
        then derived along the junctions (``derive``). `password` overrides the URI's."""
        mini, path = _derivation.uri_mini_secret(suri, password)
        return MiniSecretKey._wrap(mini).expand_to_keypair().derive(path)

    def sign(self, message: Any, context: Any = SUBSTRATE, *, rng: Any = None) -> bytes:
        """The 64-byte signature of `message` under `context` (default ``b"substrate"``); see
        ``pyristretto.sr25519.sign``."""
        return _signing.sign_with(self.secret._secret, self.public.point, message, context, rng)

    def verify(self, message: Any, signature: Bytes, context: Any = SUBSTRATE) -> bool:
        """``self.public.verify(message, signature, context)``."""
        return _signing.verify_point(self.public.point, message, signature, context)

    def derived_key_simple(self, chain_code: Bytes, index: Bytes, *, rng: Any = None) -> Tuple["Keypair", bytes]:
        """Soft derivation (``Keypair::derived_key_simple``): (child key pair, child chain code); the child's nonce
        is random (from the derivation transcript keyed with the secret and `rng`), its key deterministic. This key
        pair's public key (as given) enters the transcript; the child's is computed from its secret."""
        secret, public, cc = grp.sr25519_derive_soft(self.secret._secret, self.public.point, chain_code, index, rng)
        return Keypair(SecretKey._wrap(secret), PublicKey._from_trusted(public)), cc

    def hard_derive_mini_secret_key(self, chain_code: Optional[Bytes], index: Bytes) -> Tuple[MiniSecretKey, bytes]:
        """``self.secret.hard_derive_mini_secret_key(chain_code, index)``."""
        return self.secret.hard_derive_mini_secret_key(chain_code, index)

    def derive(self, path: Union[str, Sequence[DeriveJunction]], *, rng: Any = None) -> "Keypair":
        """The key pair at a Substrate derivation path (``"//hard/soft"``, or DeriveJunctions): sp-core's
        ``Pair::derive`` (hard junctions as ``hard_derive_mini_secret_key`` then Ed25519 expansion, soft ones as
        ``derived_key_simple``, both with an empty index and the junction as chain code; a soft one's nonce is
        random, `rng` as for signing)."""
        keypair = self
        for j in _derivation.junctions(path):
            if j.hard:
                keypair = keypair.hard_derive_mini_secret_key(j.chain_code, b"")[0].expand_to_keypair()
            else:
                keypair = keypair.derived_key_simple(j.chain_code, b"", rng=rng)[0]
        return keypair

    def vrf_create_hash(self, message: Any, context: Any = SUBSTRATE, *, malleable: bool = False) -> VRFInOut:
        """The VRF input and output of `message` under `context`, without a proof (``Keypair::vrf_create_hash``)."""
        return _vrf.vrf_create_hash(self, message, context, malleable=malleable)

    def vrf_sign(
        self,
        message: Any,
        context: Any = SUBSTRATE,
        *,
        extra: Optional[Transcript] = None,
        malleable: bool = False,
        kusama: bool = True,
        rng: Any = None,
    ) -> Tuple[VRFInOut, bytes, bytes]:
        """(VRFInOut, 64-byte proof, 96-byte batchable proof): see ``pyristretto.sr25519.vrf_sign``."""
        return _vrf.vrf_sign(self, message, context, extra=extra, malleable=malleable, kusama=kusama, rng=rng)

    def vrfs_sign(
        self, messages: Sequence[Any], context: Any = SUBSTRATE, *, extra: Optional[Transcript] = None, rng: Any = None
    ) -> Tuple[List[VRFInOut], bytes, bytes]:
        """Several VRF outputs under one proof (``Keypair::vrfs_sign``): see ``pyristretto.sr25519.vrfs_sign``."""
        return _vrf.vrfs_sign(self, messages, context, extra=extra, rng=rng)

    def __repr__(self) -> str:
        return f"Keypair(public={self.public.to_bytes().hex()})"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        _refuse_pickle(self)

    def __copy__(self) -> "Keypair":
        return self

    def __deepcopy__(self, memo: object) -> "Keypair":
        return self


# ---- SS58 addresses (Substrate's address format) --------------------------------------------------------------
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_INDEX = {c: i for i, c in enumerate(_B58)}


def _ss58_checksum(data: bytes) -> bytes:
    return hashlib.blake2b(b"SS58PRE" + data, digest_size=64).digest()[:2]


def ss58_encode(public_key: Bytes, prefix: int = 42) -> str:
    """The SS58 address of a 32-byte public key: base58(prefix || key || BLAKE2b-512("SS58PRE" || prefix || key)
    [0:2]), the prefix in one byte below 64 and in two from 64 to 16383 (sp-core's ``to_ss58check_with_version``)."""
    key = bytes(exact_bytes(public_key, 32, "public_key"))
    if type(prefix) is not int:
        raise TypeError(f"prefix: expected an int, got {type(prefix).__name__}")
    if not 0 <= prefix < 16384:
        raise ValueError(f"prefix: expected 0 <= prefix < 16384, got {prefix}")
    if prefix < 64:
        head = bytes([prefix])
    else:
        head = bytes([((prefix & 0xFC) >> 2) | 0x40, (prefix >> 8) | ((prefix & 0x03) << 6)])
    data = head + key
    data += _ss58_checksum(data)
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def ss58_decode(address: str) -> Tuple[bytes, int]:
    """(32-byte public key, network prefix) of an SS58 address; ValueError for a bad character, length, prefix or
    checksum."""
    if type(address) is not str:
        raise TypeError(f"address: expected a str, got {type(address).__name__}")
    n = 0
    for c in address:
        if c not in _B58_INDEX:
            raise ValueError(f"address: {c!r} is not a base58 character")
        n = n * 58 + _B58_INDEX[c]
    zeros = len(address) - len(address.lstrip("1"))
    data = b"\0" * zeros + (n.to_bytes((n.bit_length() + 7) // 8, "big") if n else b"")
    if not data:
        raise ValueError("address: empty")
    if data[0] < 64:
        prefix, head = data[0], 1
    elif data[0] < 128 and len(data) > 1:
        lower = ((data[0] << 2) | (data[1] >> 6)) & 0xFF
        prefix, head = lower | ((data[1] & 0x3F) << 8), 2
    else:
        raise ValueError("address: invalid SS58 prefix byte")
    if len(data) != head + 32 + 2:
        raise ValueError(f"address: expected a 32-byte key, got {len(data) - head - 2} bytes")
    if _ss58_checksum(data[: head + 32]) != data[head + 32 :]:
        raise ValueError("address: invalid checksum")
    return data[head : head + 32], prefix


def mini_secret_from_entropy(entropy: Bytes, password: str = "") -> MiniSecretKey:
    """substrate-bip39's ``mini_secret_from_entropy``: the first 32 bytes of PBKDF2-HMAC-SHA512(entropy, salt
    ``"mnemonic" + password``, 2048 rounds) as a MiniSecretKey; the entropy is 16 to 32 bytes, a multiple of 4
    (``SecretStringError`` otherwise)."""
    return MiniSecretKey._wrap(_derivation.seed_from_entropy(entropy, password))


def mini_secret_from_mnemonic(phrase: str, password: str = "") -> MiniSecretKey:
    """The mini secret key of a BIP-39 English mnemonic (sp-core's ``Pair::from_phrase``): substrate-bip39 on the
    phrase's entropy (not BIP-39's seed of the phrase). ``SecretStringError`` for a wrong word count, an unknown
    word or a bad checksum."""
    return MiniSecretKey._wrap(_derivation.seed_from_mnemonic(phrase, password))


def keypair_from_uri(suri: str, password: Optional[str] = None) -> Keypair:
    """``Keypair.from_uri(suri, password)``."""
    return Keypair.from_uri(suri, password)


def derive_public(public_key: PublicKeyLike, path: Union[str, Sequence[DeriveJunction]]) -> PublicKey:
    """``PublicKey.derive`` on a public key argument (a PublicKey, a Point or 32 bytes)."""
    return as_public_key(public_key).derive(path)
