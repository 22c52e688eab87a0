"""ElGamal on ristretto255: keys, encryption of points and of small integers (exponential ElGamal), re-randomisation,
homomorphic sums, proofs that a ciphertext holds a bit or a small value, and threshold decryption with DLEQ proofs
of correct decryption shares.

A ciphertext of the point M under the key ``K = s G`` is ``(A, B) = (r G, r K + M)``; of the integer v, of
``M = v G``. Sums of ciphertexts encrypt sums (``sum(cts)``, ``ct1 + ct2``, ``k * ct``); ``decrypt`` gives M back and
``decrypt_int`` finds v by baby-step giant-step (pyristretto.sigma.dlog: variable time, for results that are public,
such as a tally). Lizard (pyristretto.sigma.lizard) turns 16 bytes of data into a point to encrypt.

Secrets (the secret key, the randomness r, the plaintext values) are Scalars and meet only constant-time code:
``encrypt_ints`` runs ``r G`` and ``r K + v G`` on the fixed-base combs (G's and the key's, one C++ call for the
batch).
"""

from __future__ import annotations

import operator
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from pyristretto import _group as grp
from pyristretto._group import FixedBase, Point, PointVector, Scalar, ScalarVector
import pyristretto.sigma.library as library
from pyristretto.sigma.dlog import DiscreteLogTable, discrete_log
from pyristretto.sigma.proofs import CompactProof, InvalidProofError
from pyristretto.sigma.statements import Statement

__all__ = [
    "PublicKey",
    "SecretKey",
    "Ciphertext",
    "KeyShare",
    "DecryptionShare",
    "keygen",
    "encrypt",
    "encrypt_int",
    "encrypt_ints",
    "decrypt",
    "decrypt_int",
    "prove_bit",
    "verify_bit",
    "prove_range",
    "verify_range",
    "threshold_keygen",
    "decryption_share",
    "verify_decryption_share",
    "combine",
]

G = grp.GENERATOR
_SHARE_STATEMENT = library.dleq(G, None, label="pyristretto.sigma/elgamal-decryption-share").rename(
    A="K", x="s", B="D", H="A"
)  # K = s * G, D = s * A


def _element(value, name) -> Point:
    return grp.element_argument(value, name, grp.InvalidPointError, "a Point or 32 bytes")


class PublicKey:
    """An ElGamal public key ``K = s G`` (a non-identity Point), with its fixed-base table built on first use."""

    __slots__ = ("point", "_table")
    _table: Optional[FixedBase]

    def __init__(self, point) -> None:
        self.point = _element(point, "point")
        self._table = None

    @property
    def table(self) -> FixedBase:
        """The key's fixed-base table (built once, ~30 KiB)."""
        table = self._table
        if table is None:
            table = self._table = FixedBase(self.point)
        return table

    def to_bytes(self) -> bytes:
        """The key's 32-byte encoding."""
        return bytes(self.point)

    @classmethod
    def from_bytes(cls, data) -> "PublicKey":
        """The key of a 32-byte encoding (InvalidPointError when invalid or the identity)."""
        return cls(data)

    def __eq__(self, other) -> bool:
        return isinstance(other, PublicKey) and self.point == other.point

    def __hash__(self) -> int:
        return hash(self.point)

    def __repr__(self) -> str:
        return f"PublicKey({self.point!r})"


class SecretKey:
    """An ElGamal secret key s (a nonzero Scalar) and its public key. ``SecretKey.generate()`` draws one; the repr
    shows only the public key."""

    __slots__ = ("_s", "public_key")

    def __init__(self, scalar) -> None:
        s = grp.scalar_argument(scalar, "scalar")
        if grp.scalar_is_zero(s):
            raise ValueError("scalar: a secret key cannot be 0")
        self._s = s
        self.public_key = PublicKey(grp.base_mul(s))

    @classmethod
    def generate(cls) -> "SecretKey":
        """A random key (libsodium's CSPRNG)."""
        return cls(grp.scalar_random())

    @property
    def scalar(self) -> Scalar:
        """The secret scalar s."""
        return self._s

    def __repr__(self) -> str:
        return f"SecretKey(public_key={self.public_key.point!r})"


def keygen() -> SecretKey:
    """A new random SecretKey (its ``public_key`` is the PublicKey)."""
    return SecretKey.generate()


def _public_key(value, name="public_key") -> PublicKey:
    if isinstance(value, PublicKey):
        return value
    if isinstance(value, SecretKey):
        raise TypeError(f"{name}: expected a PublicKey, got a SecretKey (pass its public_key)")
    return PublicKey(_element(value, name))


def _secret_key(value, name="secret_key") -> SecretKey:
    if not isinstance(value, SecretKey):
        raise TypeError(f"{name}: expected a SecretKey, got {type(value).__name__}")
    return value


class Ciphertext:
    """An ElGamal ciphertext ``(A, B) = (r G, r K + M)``: ``a + b`` and ``a - b`` (of the sum and difference of the
    plaintexts), ``k * a`` (an int or a Scalar: of k M), ``sum(cts)``; `rerandomize`; 64-byte `to_bytes` /
    `from_bytes`. Immutable."""

    __slots__ = ("A", "B")

    def __init__(self, A, B) -> None:
        self.A = A if type(A) is Point else Point(_bytes_point(A, "A"))
        self.B = B if type(B) is Point else Point(_bytes_point(B, "B"))

    def __add__(self, other) -> "Ciphertext":
        if not isinstance(other, Ciphertext):
            return NotImplemented
        return Ciphertext(self.A + other.A, self.B + other.B)

    def __radd__(self, other) -> "Ciphertext":
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:  # sum() starts from 0
            return self
        return NotImplemented

    def __sub__(self, other) -> "Ciphertext":
        if not isinstance(other, Ciphertext):
            return NotImplemented
        return Ciphertext(self.A - other.A, self.B - other.B)

    def __neg__(self) -> "Ciphertext":
        return Ciphertext(-self.A, -self.B)

    def __mul__(self, k) -> "Ciphertext":
        if isinstance(k, bool) or not isinstance(k, (int, Scalar)) and not hasattr(k, "__index__"):
            return NotImplemented
        return Ciphertext(self.A * k, self.B * k)

    __rmul__ = __mul__

    def rerandomize(self, public_key, r=None) -> "Ciphertext":
        """The same plaintext under fresh randomness: ``(A + r G, B + r K)`` (r random unless given)."""
        pk = _public_key(public_key)
        r = grp.scalar_random() if r is None else grp.scalar_argument(r, "r")
        return Ciphertext(self.A + grp.base_mul(r), self.B + pk.table * r)

    def to_bytes(self) -> bytes:
        """``A || B``, 64 bytes."""
        return bytes(self.A) + bytes(self.B)

    @classmethod
    def from_bytes(cls, data) -> "Ciphertext":
        """The ciphertext of 64 bytes ``A || B`` (InvalidPointError when a half is not a valid encoding)."""
        if isinstance(data, str) or not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"data: expected 64 bytes, got {type(data).__name__}")
        data = bytes(data)
        if len(data) != 64:
            raise ValueError(f"data: expected 64 bytes, got {len(data)}")
        return cls(data[:32], data[32:])

    def __eq__(self, other) -> bool:
        return isinstance(other, Ciphertext) and self.A == other.A and self.B == other.B

    def __hash__(self) -> int:
        return hash((self.A, self.B))

    def __repr__(self) -> str:
        return f"Ciphertext({self.A!r}, {self.B!r})"


def _bytes_point(value, name):
    if not grp.is_element_argument(value):
        raise TypeError(f"{name}: expected a Point or 32 bytes, got {type(value).__name__}")
    try:
        return Point(value)
    except grp.InvalidPointError:
        raise grp.InvalidPointError(f"{name}: not a valid ristretto255 point encoding") from None


def encrypt(public_key, M, r=None) -> Ciphertext:
    """The encryption ``(r G, r K + M)`` of the point M (a Point or 32 bytes) under the key (r random unless
    given; constant-time in r and M)."""
    pk = _public_key(public_key)
    M = M if type(M) is Point else Point(_bytes_point(M, "M"))
    r = grp.scalar_random() if r is None else grp.scalar_argument(r, "r")
    return Ciphertext(grp.base_mul(r), pk.table * r + M)


def encrypt_int(public_key, value, r=None) -> Ciphertext:
    """The exponential-ElGamal encryption ``(r G, r K + v G)`` of a value v (a Scalar or an int in [0, q); small
    values decrypt with decrypt_int)."""
    v = grp.scalar_argument(value, "value")
    return encrypt(public_key, grp.base_mul(v), r)


def encrypt_ints(public_key, values, randomness=None) -> Tuple[List[Ciphertext], ScalarVector]:
    """The encryptions of many values at once, on the fixed-base combs of G and of the key (one C++ call), and the
    randomness used (a ScalarVector, for proofs about the ciphertexts). values: ints or Scalars, or a ScalarVector;
    randomness: a ScalarVector of the same length, random unless given."""
    pk = _public_key(public_key)
    if isinstance(values, (str, bytes, bytearray, memoryview)) or not hasattr(values, "__iter__"):
        raise TypeError(f"values: expected a sequence of values, got {type(values).__name__}")
    m = (
        values
        if type(values) is ScalarVector
        else ScalarVector([grp.scalar_argument(v, f"values[{i}]") for i, v in enumerate(values)])
    )
    if randomness is None:
        r = ScalarVector.random(len(m))
    elif type(randomness) is ScalarVector:
        r = randomness
    else:
        raise TypeError(f"randomness: expected a ScalarVector, got {type(randomness).__name__}")
    A, B = grp.elgamal_encrypt_many(pk.table, r, m)
    return [Ciphertext(a, b) for a, b in zip(A, B)], r


def decrypt(secret_key, ciphertext) -> Point:
    """The plaintext point ``B - s A`` (constant-time in s)."""
    sk = _secret_key(secret_key)
    ct = _ciphertext(ciphertext)
    return ct.B - ct.A * sk.scalar


def decrypt_int(secret_key, ciphertext, bound: int, table: Optional[DiscreteLogTable] = None) -> int:
    """The value v in [0, bound) of an exponential-ElGamal ciphertext (DiscreteLogError when it holds none): the
    point is decrypted in constant time, its discrete log found by baby-step giant-step, in variable time (for
    values that are public once decrypted, such as a tally)."""
    return discrete_log(decrypt(secret_key, ciphertext), bound, table)


def _ciphertext(value, name="ciphertext") -> Ciphertext:
    if not isinstance(value, Ciphertext):
        raise TypeError(f"{name}: expected a Ciphertext, got {type(value).__name__}")
    return value


# ---- proofs about ciphertexts -----------------------------------------------------------------------------
_BIT = library.elgamal_bit()


def _bit_points(pk: PublicKey, ct: Ciphertext, i: Optional[int] = None) -> dict:
    suffix = "" if i is None else str(i)
    return {"A" + suffix: ct.A, "B" + suffix: ct.B, "C" + suffix: ct.B - G}


def prove_bit(public_key, ciphertext, bit, r, transcript=None) -> CompactProof:
    """A proof that the ciphertext ``(r G, r K + b G)`` holds a bit b (0 or 1, which it does not reveal; the bit
    picks the true branch in constant time). r: the ciphertext's randomness."""
    pk = _public_key(public_key)
    ct = _ciphertext(ciphertext)
    b = _bit(bit, "bit")
    public = dict(_bit_points(pk, ct), K=pk.point)
    return _BIT.prove({"r": r}, public, transcript, known=b)


def verify_bit(public_key, ciphertext, proof, transcript=None) -> bool:
    """True when the proof shows the ciphertext holds 0 or 1 under the key; InvalidProofError otherwise."""
    pk = _public_key(public_key)
    ct = _ciphertext(ciphertext)
    return _BIT.verify(proof, dict(_bit_points(pk, ct), K=pk.point), transcript)


def _bit(value, name) -> int:
    if isinstance(value, bool):
        value = int(value)
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected 0 or 1, got {type(value).__name__}") from None
    if value not in (0, 1):
        raise ValueError(f"{name}: expected 0 or 1")
    return value


_RANGES: Dict[int, Statement] = {}


def _range_statement(bits):
    """library.range_by_bits(bits) for the key as a public point, built once per size."""
    st = _RANGES.get(bits) if type(bits) is int else None
    if st is None:
        st = library.range_by_bits(bits)
        _RANGES[len(st.groups)] = st
    return st


def prove_range(public_key, value, bits: int, transcript=None) -> Tuple[Ciphertext, List[Ciphertext], CompactProof]:
    """Encrypts a value in [0, 2^bits) bit by bit and proves each ciphertext holds a bit: returns the value's
    ciphertext (the sum of 2^i times the bits' ciphertexts), the bits' ciphertexts and the proof. bits <= 64."""
    pk = _public_key(public_key)
    st = _range_statement(bits)
    n = len(st.groups)
    v = grp.int_argument(value, "value", 0, (1 << n) - 1)
    bit_values = [(v >> i) & 1 for i in range(n)]
    cts, r = encrypt_ints(pk, bit_values)
    total = _weighted_sum(cts)
    public = {"K": pk.point}
    for i, ct in enumerate(cts):
        public.update(_bit_points(pk, ct, i))
    witness = {f"r{i}": r_i for i, r_i in enumerate(r)}
    proof = st.prove(witness, public, transcript, known=bit_values)
    return total, cts, proof


def verify_range(public_key, ciphertext, bit_ciphertexts, proof, transcript=None) -> bool:
    """True when the bits' ciphertexts each hold a bit and sum (with weights 2^i) to the ciphertext; otherwise
    InvalidProofError."""
    pk = _public_key(public_key)
    ct = _ciphertext(ciphertext)
    cts = [_ciphertext(c, f"bit_ciphertexts[{i}]") for i, c in enumerate(bit_ciphertexts)]
    if not 1 <= len(cts) <= 64:
        raise ValueError("bit_ciphertexts: expected 1 to 64 ciphertexts")
    if _weighted_sum(cts) != ct:
        raise InvalidProofError("the bits' ciphertexts do not sum to the ciphertext")
    public = {"K": pk.point}
    for i, c in enumerate(cts):
        public.update(_bit_points(pk, c, i))
    return _range_statement(len(cts)).verify(proof, public, transcript)


def _weighted_sum(cts: Sequence[Ciphertext]) -> Ciphertext:
    weights = [1 << i for i in range(len(cts))]
    return Ciphertext(
        PointVector([c.A for c in cts]).msm_vartime(weights), PointVector([c.B for c in cts]).msm_vartime(weights)
    )


# ---- threshold decryption -----------------------------------------------------------------------------------
class KeyShare:
    """Participant ``index``'s share of a threshold key: the secret share s_i (a Scalar) and its public share
    ``K_i = s_i G``."""

    __slots__ = ("index", "_s", "public_share")

    def __init__(self, index: int, share) -> None:
        self.index = _participant(index, "index")
        self._s = grp.scalar_argument(share, "share")
        self.public_share = grp.base_mul(self._s)

    @property
    def scalar(self) -> Scalar:
        """The secret share s_i."""
        return self._s

    def __repr__(self) -> str:
        return f"KeyShare({self.index}, public_share={self.public_share!r})"


class DecryptionShare:
    """Participant ``index``'s share ``D_i = s_i A`` of a ciphertext's decryption, with a DLEQ proof that
    ``log_G(K_i) == log_A(D_i)``."""

    __slots__ = ("index", "D", "proof")

    def __init__(self, index: int, D, proof: CompactProof) -> None:
        self.index = _participant(index, "index")
        self.D = D if type(D) is Point else Point(_bytes_point(D, "D"))
        if not isinstance(proof, CompactProof):
            raise TypeError(f"proof: expected a CompactProof, got {type(proof).__name__}")
        self.proof = proof

    def __repr__(self) -> str:
        return f"DecryptionShare({self.index}, {self.D!r}, {self.proof!r})"


def _participant(value, name) -> int:
    return grp.int_argument(value, name, 1, (1 << 32) - 1)


def threshold_keygen(threshold: int, participants: int, secret=None) -> Tuple[PublicKey, List[KeyShare]]:
    """A trusted dealer's t-of-n key: a random (or given) secret s split by Shamir's scheme into shares s_i = f(i)
    for i = 1..n with f of degree t - 1 and f(0) = s; returns the public key s G and the shares. Any t shares
    decrypt (`combine`); fewer learn nothing of s."""
    t = _participant(threshold, "threshold")
    n = _participant(participants, "participants")
    if not 1 <= t <= n:
        raise ValueError(f"threshold: expected 1 <= threshold <= participants, got {t} of {n}")
    s = grp.scalar_random() if secret is None else grp.scalar_argument(secret, "secret")
    if grp.scalar_is_zero(s):
        raise ValueError("secret: cannot be 0")
    coefficients = ScalarVector.concat([s], ScalarVector.random(t - 1))
    shares = [KeyShare(i, coefficients.inner(ScalarVector.powers(i, t))) for i in range(1, n + 1)]
    return PublicKey(grp.base_mul(s)), shares


def decryption_share(key_share: KeyShare, ciphertext, transcript=None) -> DecryptionShare:
    """Participant key_share.index's decryption share ``D_i = s_i A`` of the ciphertext, with its DLEQ proof."""
    if not isinstance(key_share, KeyShare):
        raise TypeError(f"key_share: expected a KeyShare, got {type(key_share).__name__}")
    ct = _ciphertext(ciphertext)
    D = ct.A * key_share.scalar
    proof = _SHARE_STATEMENT.prove(
        {"s": key_share.scalar}, {"K": key_share.public_share, "A": ct.A, "D": D}, transcript
    )
    return DecryptionShare(key_share.index, D, proof)


def verify_decryption_share(public_share, ciphertext, share: DecryptionShare, transcript=None) -> bool:
    """True when the share's proof shows ``log_G(public_share) == log_A(D)``; InvalidProofError otherwise."""
    K = _element(public_share, "public_share")
    ct = _ciphertext(ciphertext)
    if not isinstance(share, DecryptionShare):
        raise TypeError(f"share: expected a DecryptionShare, got {type(share).__name__}")
    return _SHARE_STATEMENT.verify(share.proof, {"K": K, "A": ct.A, "D": share.D}, transcript)


def combine(ciphertext, shares: Iterable[DecryptionShare], public_shares=None) -> Point:
    """The plaintext point ``B - sum(lambda_i D_i)`` from decryption shares of distinct participants (as many as the
    threshold; Lagrange coefficients at 0 over their indices). public_shares: ``{index: K_i}`` to verify every share
    first (InvalidProofError naming the failing participant in its ``index``)."""
    ct = _ciphertext(ciphertext)
    items = list(shares)
    for k, s in enumerate(items):
        if not isinstance(s, DecryptionShare):
            raise TypeError(f"shares[{k}]: expected a DecryptionShare, got {type(s).__name__}")
    indices = [s.index for s in items]
    if not items or len(set(indices)) != len(indices):
        raise ValueError("shares: expected at least one share, from distinct participants")
    if public_shares is not None:
        for s in items:
            if s.index not in public_shares:
                raise ValueError(f"public_shares: missing participant {s.index}")
            try:
                verify_decryption_share(public_shares[s.index], ct, s)
            except InvalidProofError as e:
                raise InvalidProofError(f"participant {s.index}'s decryption share: {e}", s.index) from None
    lambdas = []
    for i in indices:
        num, den = grp.ONE, grp.ONE
        for j in indices:
            if j != i:
                num = num * j
                den = den * (j - i + grp.ORDER if j < i else j - i)
        lambdas.append(num * den.invert_vartime())
    return ct.B - PointVector([s.D for s in items]).msm_vartime(ScalarVector(lambdas))
