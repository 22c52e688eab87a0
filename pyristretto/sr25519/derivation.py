"""Hierarchical key derivation (schnorrkel's ``derive.rs``), Substrate's junctions and secret URIs (sp-core's
``crypto.rs`` and ``address_uri.rs``), and mnemonics (substrate-bip39).

- Soft derivation (``derived_key_simple``): Merlin ``"SchnorrRistrettoHDKD"`` with ``append_message(b"sign-bytes",
  index)``, ``(b"chain-code", cc)``, ``(b"public-key", A)``; ``scalar = challenge_scalar(b"HDKD-scalar")``, the
  child chain code ``challenge_bytes(b"HDKD-chaincode", 32)``; the child public key ``A + scalar G``, its secret
  key ``key + scalar`` with a nonce from the transcript's RNG keyed with the parent secret and fresh randomness
  (so it differs from run to run, as the crate's; the key and the public key do not).
- Hard derivation (``hard_derive_mini_secret_key``): the same transcript with ``(b"secret-key", key)`` in place
  of the public key; the child is the mini secret key ``challenge_bytes(b"HDKD-hard", 32)``, expanded in Ed25519
  mode by Substrate.
- Junctions: ``//name`` hard, ``/name`` soft; the chain code of a junction is the SCALE encoding of a number
  (when the text parses as a u64: 8 bytes little-endian) or of the string (compact length prefix), BLAKE2b-256 of
  it when longer than 32 bytes, zero-padded to 32 bytes. Substrate derives with an empty index and the junction
  as the chain code.
- Secret URIs: ``<phrase or 0x seed><junctions>///<password>``; no phrase means the development phrase
  (``DEV_PHRASE``), so ``Keypair.from_uri("//Alice")`` is Alice's development key.
- Mnemonics: BIP-39 English phrases of 12 to 24 words; the mini secret key is the first 32 bytes of
  PBKDF2-HMAC-SHA512(password = the phrase's ENTROPY, salt = ``"mnemonic" + password``, 2048 rounds)
  (substrate-bip39, not BIP-39's seed of the phrase). The word list comes from the ``mnemonic`` package (Trezor's):
  ``pip install "pyristretto[sr25519]"``.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import List, Optional, Sequence, Tuple, Union

from pyristretto import _group as grp
from pyristretto.sr25519.errors import SecretStringError

__all__ = [
    "CHAIN_CODE_LENGTH",
    "DEV_PHRASE",
    "DEV_ADDRESS",
    "DeriveJunction",
    "parse_suri",
    "scale_compact",
    "mnemonic_to_entropy",
    "seed_from_entropy",
    "seed_from_mnemonic",
    "junctions",
    "uri_mini_secret",
]

CHAIN_CODE_LENGTH = 32
#: Substrate's development phrase (sp-core's ``DEV_PHRASE``): the root of ``//Alice``, ``//Bob``, ...
DEV_PHRASE = "bottom drive obey lake curtain smoke basket hold race lonely fit walk"
#: The SS58 address of ``DEV_PHRASE``'s own key (sp-core's ``DEV_ADDRESS``).
DEV_ADDRESS = "5DfhGyQdFobKM8NsWvEeAKk5EQQgYe9AydgJ7rMB6E1EqRzV"

Bytes = Union[bytes, bytearray, memoryview]
_U64 = re.compile(r"\+?[0-9]+")  # what Rust's u64::from_str accepts (an optional '+', decimal digits)


def scale_compact(n: int) -> bytes:
    """SCALE's compact encoding of a non-negative int (the length prefix of SCALE strings and byte vectors)."""
    if n < 0:
        raise ValueError(f"n: expected n >= 0, got {n}")
    if n < 1 << 6:
        return bytes([n << 2])
    if n < 1 << 14:
        return ((n << 2) | 1).to_bytes(2, "little")
    if n < 1 << 30:
        return ((n << 2) | 2).to_bytes(4, "little")
    body = n.to_bytes((n.bit_length() + 7) // 8, "little")
    return bytes([((len(body) - 4) << 2) | 3]) + body


def _chain_code(encoded: bytes) -> bytes:
    """sp-core's DeriveJunction::soft of an encoding: BLAKE2b-256 when longer than 32 bytes, zero-padded."""
    if len(encoded) > CHAIN_CODE_LENGTH:
        return hashlib.blake2b(encoded, digest_size=32).digest()
    return encoded + bytes(CHAIN_CODE_LENGTH - len(encoded))


class DeriveJunction:
    """A derivation step (sp-core's ``DeriveJunction``): a 32-byte ``chain_code`` and whether it is ``hard``.

    ``DeriveJunction.soft(index)`` / ``.hard(index)`` encode an index as sp-core does for an encodable value: an int
    as a u64 (8 bytes little-endian), a ``str`` as a SCALE string, bytes as a SCALE byte vector;
    ``DeriveJunction.parse(text)`` reads one junction of a path (``"/name"`` hard, ``"name"`` soft, a u64 number
    as a number)."""

    __slots__ = ("chain_code", "hard")

    chain_code: bytes
    hard: bool

    def __init__(self, chain_code: Bytes, hard: bool = False) -> None:
        if isinstance(chain_code, str) or not isinstance(chain_code, (bytes, bytearray, memoryview)):
            raise TypeError(f"chain_code: expected 32 bytes, got {type(chain_code).__name__}")
        code = bytes(memoryview(chain_code).cast("B"))
        if len(code) != CHAIN_CODE_LENGTH:
            raise ValueError(f"chain_code: expected 32 bytes, got {len(code)}")
        if type(hard) is not bool:
            raise TypeError(f"hard: expected a bool, got {type(hard).__name__}")
        self.chain_code = code
        self.hard = hard

    @classmethod
    def soft(cls, index: Union[int, str, Bytes]) -> "DeriveJunction":
        """The soft junction of an index (int: u64 little-endian; str: SCALE string; bytes: SCALE byte vector)."""
        return cls(_chain_code(_encode_index(index)), False)

    @classmethod
    def hard_of(cls, index: Union[int, str, Bytes]) -> "DeriveJunction":
        """The hard junction of an index (encoded as for ``soft``)."""
        return cls(_chain_code(_encode_index(index)), True)

    @classmethod
    def parse(cls, text: str) -> "DeriveJunction":
        """sp-core's ``DeriveJunction::from(&str)``: a leading ``/`` makes it hard; the rest is a u64 when it
        parses as one (an optional ``+`` and decimal digits below 2^64), else a string."""
        if type(text) is not str:
            raise TypeError(f"text: expected a str, got {type(text).__name__}")
        hard = text.startswith("/")
        code = text[1:] if hard else text
        if _U64.fullmatch(code) and int(code) < 1 << 64:
            encoded = int(code).to_bytes(8, "little")
        else:
            encoded = _encode_index(code)
        return cls(_chain_code(encoded), hard)

    def __eq__(self, other: object) -> bool:
        if type(other) is not DeriveJunction:
            return NotImplemented
        return self.chain_code == other.chain_code and self.hard == other.hard

    def __hash__(self) -> int:
        return hash((self.chain_code, self.hard))

    def __repr__(self) -> str:
        return f"DeriveJunction({self.chain_code.hex()}, hard={self.hard})"


def _encode_index(index: Union[int, str, Bytes]) -> bytes:
    if type(index) is bool:
        raise TypeError("index: expected an int, a str or bytes, got bool")
    if isinstance(index, int):
        if not 0 <= index < 1 << 64:
            raise ValueError(f"index: an int index is a u64: expected 0 <= index < 2**64, got {index}")
        return int(index).to_bytes(8, "little")
    if isinstance(index, str):
        raw = index.encode("utf-8")
    elif isinstance(index, (bytes, bytearray, memoryview)):
        raw = bytes(memoryview(index).cast("B"))
    else:
        raise TypeError(f"index: expected an int, a str or bytes, got {type(index).__name__}")
    return scale_compact(len(raw)) + raw


def _is_phrase_char(c: str) -> bool:
    return c == " " or ("0" <= c <= "9") or ("a" <= c <= "z") or ("A" <= c <= "Z")


def parse_suri(suri: str) -> Tuple[Optional[str], List[DeriveJunction], Optional[str]]:
    """(phrase, junctions, password) of a Substrate secret URI, as sp-core's ``AddressUri::parse`` reads it: the
    phrase is the leading run of ASCII letters, digits and spaces (None when empty), then ``//hard``, ``/soft``
    junctions (non-empty, up to the next ``/``), then ``///password`` (up to a newline). ``SecretStringError``
    names what is malformed."""
    if type(suri) is not str:
        raise TypeError(f"suri: expected a str, got {type(suri).__name__}")
    i, n = 0, len(suri)
    while i < n and _is_phrase_char(suri[i]):
        i += 1
    phrase = suri[:i] or None
    paths: List[str] = []
    password: Optional[str] = None
    while i < n:
        if suri.startswith("///", i):
            end = suri.find("\n", i + 3)
            end = n if end < 0 else end
            password = suri[i + 3 : end]
            i = end
        elif suri.startswith("/", i):
            hard = suri.startswith("//", i)
            start = i + (2 if hard else 1)
            end = suri.find("/", start)
            end = n if end < 0 else end
            if end == start:
                raise SecretStringError(f"suri: an empty {'hard' if hard else 'soft'} junction at {i}")
            paths.append(("/" if hard else "") + suri[start:end])
            i = end
        else:
            where = "password" if password is not None else "phrase"
            raise SecretStringError(f"suri: invalid character {suri[i]!r} in the {where} at {i}")
    return phrase, [DeriveJunction.parse(p) for p in paths], password


def _wordlist_index() -> dict:
    try:
        from mnemonic import Mnemonic
    except ImportError:  # pragma: no cover - the extra is installed in the tests
        raise ImportError(
            "mnemonic phrases need the BIP-39 word list of the 'mnemonic' package: pip install \"pyristretto[sr25519]\""
        ) from None
    global _WORDS
    if _WORDS is None:
        _WORDS = {word: i for i, word in enumerate(Mnemonic("english").wordlist)}
    return _WORDS


_WORDS: Optional[dict] = None


def mnemonic_to_entropy(phrase: str) -> bytes:
    """The BIP-39 entropy of an English mnemonic of 12, 15, 18, 21 or 24 words (NFKD-normalised, split on
    whitespace; the words are case-sensitive, as the bip39 crate's), its checksum verified. ``SecretStringError``
    for a wrong word count, an unknown word or a bad checksum."""
    if type(phrase) is not str:
        raise TypeError(f"phrase: expected a str, got {type(phrase).__name__}")
    index = _wordlist_index()
    words = unicodedata.normalize("NFKD", phrase).split()
    if len(words) not in (12, 15, 18, 21, 24):
        raise SecretStringError(f"phrase: expected 12, 15, 18, 21 or 24 words, got {len(words)}")
    bits = 0
    for position, word in enumerate(words):
        value = index.get(word)
        if value is None:
            raise SecretStringError(f"phrase: word {position + 1} is not in the BIP-39 English word list")
        bits = (bits << 11) | value
    checksum_bits = len(words) // 3
    entropy = (bits >> checksum_bits).to_bytes(len(words) * 4 // 3, "big")
    if hashlib.sha256(entropy).digest()[0] >> (8 - checksum_bits) != bits & ((1 << checksum_bits) - 1):
        raise SecretStringError("phrase: invalid BIP-39 checksum")
    return entropy


def seed_from_entropy(entropy: Bytes, password: str = "") -> grp.SrMiniSecret:
    """substrate-bip39's ``mini_secret_from_entropy`` into a C holder (``pyristretto.sr25519.MiniSecretKey`` wraps
    it): the first 32 bytes of PBKDF2-HMAC-SHA512(entropy, salt ``"mnemonic" + password`` (UTF-8), 2048 rounds).
    The entropy is 16 to 32 bytes, a multiple of 4 (``SecretStringError`` otherwise)."""
    if isinstance(entropy, str) or not isinstance(entropy, (bytes, bytearray, memoryview)):
        raise TypeError(f"entropy: expected bytes, got {type(entropy).__name__}")
    if type(password) is not str:
        raise TypeError(f"password: expected a str, got {type(password).__name__}")
    raw = bytes(memoryview(entropy).cast("B"))
    if not 16 <= len(raw) <= 32 or len(raw) % 4:
        raise SecretStringError(f"entropy: expected 16 to 32 bytes, a multiple of 4, got {len(raw)}")
    seed = bytearray(hashlib.pbkdf2_hmac("sha512", raw, ("mnemonic" + password).encode("utf-8"), 2048))
    try:
        return grp.sr25519_mini_secret(memoryview(seed)[:32])
    finally:
        seed[:] = bytes(len(seed))  # the Python-level copy of the seed (hashlib's own buffers are beyond reach)


def seed_from_mnemonic(phrase: str, password: str = "") -> grp.SrMiniSecret:
    """The mini secret key of a BIP-39 English mnemonic (sp-core's ``Pair::from_phrase``) into a C holder:
    substrate-bip39 on the phrase's entropy."""
    return seed_from_entropy(mnemonic_to_entropy(phrase), password)


def junctions(path: Union[str, Sequence[DeriveJunction]]) -> List[DeriveJunction]:
    """The junctions of a path: a string of junctions only (``"//hard/soft"``, parsed as in a secret URI) or a
    sequence of DeriveJunctions."""
    if type(path) is str:
        phrase, found, password = parse_suri(path)
        if phrase is not None or password is not None:
            raise SecretStringError('path: expected junctions only ("//hard/soft"), got a phrase or a password')
        return found
    if isinstance(path, (list, tuple)):
        for i, j in enumerate(path):
            if type(j) is not DeriveJunction:
                raise TypeError(f"path[{i}]: expected a DeriveJunction, got {type(j).__name__}")
        return list(path)
    raise TypeError(f"path: expected a str or a sequence of DeriveJunctions, got {type(path).__name__}")


def uri_mini_secret(suri: str, password: Optional[str] = None) -> Tuple[grp.SrMiniSecret, List[DeriveJunction]]:
    """(the root mini secret key, the junctions) of a Substrate secret URI, as sp-core's ``Pair::from_string``
    reads it: the phrase (``DEV_PHRASE`` when absent) is a BIP-39 mnemonic or a ``0x``-prefixed 64-digit hex seed
    (its password then unused); `password` (a str) overrides the URI's."""
    phrase, found, uri_password = parse_suri(suri)
    if password is not None and type(password) is not str:
        raise TypeError(f"password: expected a str, got {type(password).__name__}")
    pw = password if password is not None else uri_password
    phrase = DEV_PHRASE if phrase is None else phrase
    if phrase.startswith("0x"):
        digits = phrase[2:]
        if len(digits) != 64 or not re.fullmatch(r"[0-9a-fA-F]*", digits):
            raise SecretStringError("suri: a 0x seed must be 64 hexadecimal digits (32 bytes)")
        return grp.sr25519_mini_secret(bytes.fromhex(digits)), found
    return seed_from_mnemonic(phrase, pw or ""), found
