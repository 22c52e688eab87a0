"""Bulletproofs range proofs over ristretto255, byte-compatible with the Rust ``bulletproofs`` crate
(dalek-cryptography 1.0 to 2.0, zkcrypto 3.0 to 5.0: one wire format, one transcript), with batch verification.

A range proof shows that Pedersen commitments ``V_j = v_j*B + r_j*B_blinding`` hold values ``0 <= v_j < 2^n``
without revealing them; ``m`` of them (a power of two) can share one aggregated proof of
``32*(9 + 2*log2(n*m))`` bytes::

    bp_gens, pc_gens = BulletproofGens(64, 1), PedersenGens()
    proof, commitment = RangeProof.prove_single(bp_gens, pc_gens, Transcript(b"example"), 1037578891, blinding, 64)
    proof.verify_single(bp_gens, pc_gens, Transcript(b"example"), commitment, 64)  # True, or raises ProofError

The generators, the transcript (Merlin, labels ``rangeproof v1`` and ``ipp v1``), the proof layout and the
verifier's checks are the crate's, so each side's proofs verify on the other side:

* ``PedersenGens()``: ``B`` is the ristretto255 generator, ``B_blinding`` the RFC 9496 one-way map of the SHA3-512
  digest of ``B``'s encoding.
* ``BulletproofGens(gens_capacity, party_capacity)``: party ``j``'s ``G`` generators are the successive 64-byte
  blocks of SHAKE256(``b"GeneratorsChain" || b"G" || LE32(j)``), each mapped to a point by the one-way map (``H``
  likewise with ``b"H"``); an aggregated proof of m parties uses party 0's first n, then party 1's first n, ...
* The wire format: ``A, S, T_1, T_2`` (points), ``t_x, t_x_blinding, e_blinding`` (canonical scalars), then the
  inner-product proof ``L_0, R_0, ..., L_{k-1}, R_{k-1}`` (points, in the order of the rounds) and ``a, b``.
  Parsing rejects what the crate rejects: a length that is not a multiple of 32 or too short, an odd number of
  IPP points, 32 rounds or more, a non-canonical scalar (bit 255 set included), and an invalid point encoding (the
  crate finds that one when it verifies; either way a ``ProofError``); the verifier rejects the identity as A, S,
  T_1, T_2, L or R (not as a commitment V).

Types (the object layer's, as every protocol of the package): points are ``Point`` objects, scalars ``Scalar``
objects, in arguments and results alike. A point argument (a commitment, a generator, a proof point) is a ``Point``
or its 32-byte encoding (any bytes-like object), anything else a ``TypeError`` naming it; a scalar argument is a
``Scalar``, an int-like (``operator.index``: numpy integers too) or, in a proof's fields, its canonical 32-byte
encoding. ``RangeProof`` and ``InnerProductProof`` objects are immutable and validated when built, directly or by
``from_bytes``. The verifiers return ``True`` or raise ``ProofError``; ``verify_single`` and ``verify_multiple``
are called on a proof (the crate's form, ``proof.verify_single(bp_gens, pc_gens, transcript, commitment, n)``) or on
the class with the proof (or its bytes) as a fourth argument.

Differences from the crate (documented extensions): the prover's randomness comes from libsodium's CSPRNG (the
crate takes the caller's RNG; proofs are randomised either way, so they are never byte-equal across
implementations); the prover refuses a value of n bits or more (``ValueError``; the crate makes a proof that
fails verification); ``RangeProof.verify_batch`` verifies many proofs (mixed n and m) in one multi-scalar
multiplication, each proof's equation weighted by an independent random 128-bit scalar, and on failure finds a
failing proof by verifying them one by one. A failed verification raises ``ProofError`` (a ``ValueError``)
naming what failed.

Secrets: the values, blindings, the prover's vectors (a_L, s_L, s_R, l, r and the inner-product argument's a and b) and
its single secrets (the blindings of A, S, T_1, T_2 and the polynomial coefficients) are ``ScalarVector`` and ``Scalar``
objects (C buffers wiped when freed, constant-time arithmetic: the core's ScalarVector kernels and libsodium, both in
the valgrind check) and meet only constant-time point arithmetic (``msm`` and the fixed-base tables of B and B_blinding,
never ``msm_vartime``). What remains as Python objects: the caller's ``value`` itself (an int, range-checked in Python),
the unwiped ``bytes`` of its Scalar's encoding (copied into a bytearray that is wiped after use), and the bit
extraction, which runs in Python on small ints (the same operations for a 0 bit as for a 1 bit) into a wiped buffer that
``ScalarVector`` reads. The verifier works on public values only: Python ints for the few challenges, ``ScalarVector``
for its vectors, and ``msm_vartime``."""

from __future__ import annotations

import functools
import hashlib
import threading
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, SupportsIndex, Tuple, Union

from pyristretto import _group as grp
from pyristretto._group import FixedBase, InvalidPointError, Point, PointVector, Scalar, ScalarVector, Transcript

__all__ = ["ProofError", "PedersenGens", "BulletproofGens", "InnerProductProof", "RangeProof"]

q = 2**252 + 27742317777372353535851937790883648493
BITSIZES = (8, 16, 32, 64)
_ZERO_POINT = bytes(32)

Bytes = Union[bytes, bytearray, memoryview]
PointLike = Union[Point, Bytes]  # a Point or its 32-byte encoding
ScalarLike = Union[Scalar, SupportsIndex, Bytes]  # a Scalar, an int-like or (a proof's field) 32 canonical bytes
Points = Union[PointVector, Sequence[PointLike]]  # a PointVector, or a list or tuple of points
_BYTES = (bytes, bytearray, memoryview)
_POINT_TYPE = {Point}


class ProofError(ValueError):
    """A proof failed to parse or to verify; the message names what failed. ``index`` is the position of a
    failing proof in a ``verify_batch`` call (None otherwise)."""

    def __init__(self, message: str, index: Optional[int] = None) -> None:
        super().__init__(message if index is None else f"proof {index}: {message}")
        self.index = index


# ---- vector helpers: ScalarVector (C++, constant-time) for vectors, Python ints for the public few ----------


def _int_powers(x: int, n: int) -> List[int]:
    """[1, x, x^2, ..., x^(n-1)] mod q as ints (public x, small n)."""
    out = [1] * n
    for i in range(1, n):
        out[i] = out[i - 1] * x % q
    return out


def _ones(n: int) -> ScalarVector:
    return ScalarVector.powers(1, n)


def _tensor(start: int, factors: Sequence[int]) -> ScalarVector:
    """The 2^len(factors) products start * prod_t factors[t]^(bit t of i), for i in order: each factor doubles
    the vector, its new half being the old one times the factor (public values)."""
    out = ScalarVector([start])
    for f in factors:
        out = ScalarVector.concat(out, out * f)
    return out


def _powers_of_two_powers(x: int, k: int) -> List[int]:
    """[x, x^2, x^4, ..., x^(2^(k-1))] mod q."""
    out = []
    for _ in range(k):
        out.append(x)
        x = x * x % q
    return out


def _fold_points(G: PointVector, H: PointVector, g: ScalarVector, h: ScalarVector):
    """([G_lo_i + g_i*G_hi_i], [H_lo_i + h_i*H_hi_i]) for the halves of G and H, for public g and h (generators
    and challenges): one scale_vartime of both upper halves (the core scales eight points at a time), which costs
    about half of fold_vartime's two-point multiplications (the factors left on the lower halves are carried in
    the scalars instead)."""
    k = len(G) // 2
    scaled = PointVector.concat(G[k:], H[k:]).scale_vartime(ScalarVector.concat(g, h))
    return G[:k] + scaled[:k], H[:k] + scaled[k:]


def _batch_invert(xs: List[int]) -> List[int]:
    """[1/x mod q for x in xs] (public values, one inversion); ProofError for a zero."""
    try:
        return [int(v) for v in ScalarVector(xs).batch_invert_vartime()]
    except ZeroDivisionError:
        raise ProofError("a challenge is zero") from None


def _challenge(transcript: Transcript, label: bytes) -> int:
    """The crate's challenge_scalar: 64 challenge bytes read little-endian, mod q (a public int)."""
    return int.from_bytes(transcript.challenge_bytes(label, 64), "little") % q


def _scalar_arg(s, name: str) -> Scalar:
    """A value or blinding: a Scalar, an int-like (reduced mod q, as Scalar(s)) or a canonical 32-byte encoding."""
    if type(s) is Scalar:
        return s
    if isinstance(s, _BYTES):
        try:
            return Scalar.from_bytes(s)
        except ValueError as e:
            raise ValueError(f"{name}: {e}") from None
    try:
        return Scalar(s)
    except TypeError:
        raise TypeError(f"{name}: expected a Scalar or an int, got {type(s).__name__}") from None


def _proof_scalar(value, name: str) -> Scalar:
    """A proof's scalar field: a Scalar, an int-like in [0, q) or a canonical 32-byte encoding; ProofError for a
    value that is not canonical (as from_bytes), TypeError for another type."""
    if type(value) is Scalar:
        return value
    if isinstance(value, _BYTES):
        try:
            return Scalar.from_bytes(value)
        except ValueError:
            raise ProofError(f"{name} is not a canonical scalar") from None
    v = grp.count_argument(value, name)
    if not 0 <= v < q:
        raise ProofError(f"{name} is not a canonical scalar")
    return Scalar(v)


def _point(value, name: str) -> Point:
    """A point argument: a Point or a 32-byte bytes-like encoding (TypeError for any other type, never a bytes(x)
    of it: bytes(32) is the identity, a commitment anyone can open), ProofError for an invalid encoding."""
    return grp.point_argument(value, name, ProofError)


def _points(values, name: str) -> Tuple[Point, ...]:
    """A sequence of point arguments (a PointVector, a list or tuple of Points or encodings) as a tuple of Points."""
    if type(values) is PointVector:
        return tuple(values)
    if isinstance(values, (str, Point) + _BYTES) or not isinstance(values, (list, tuple)):
        raise TypeError(f"{name}: expected a list or tuple of points, got {type(values).__name__}")
    if set(map(type, values)) <= _POINT_TYPE:  # a parsed proof's, a prover's: nothing to convert or name
        return tuple(values)
    return tuple(_point(v, f"{name}[{i}]") for i, v in enumerate(values))


def _point_vector(values, name: str) -> PointVector:
    """Generators: a PointVector, or a list or tuple of points (TypeError / ProofError naming the item)."""
    return values if type(values) is PointVector else PointVector(_points(values, name))


def _generators(bp_gens, pc_gens) -> None:
    """TypeError unless bp_gens is a BulletproofGens and pc_gens a PedersenGens."""
    if type(bp_gens) is not BulletproofGens:
        raise TypeError(f"bp_gens: expected a BulletproofGens, got {type(bp_gens).__name__}")
    if type(pc_gens) is not PedersenGens:
        raise TypeError(f"pc_gens: expected a PedersenGens, got {type(pc_gens).__name__}")


def _transcript(transcript) -> Transcript:
    if type(transcript) is not Transcript:
        raise TypeError(f"transcript: expected a Transcript, got {type(transcript).__name__}")
    return transcript


def _check_bitsize(n) -> int:
    """n as an int (any operator.index value; TypeError otherwise), ProofError unless it is 8, 16, 32 or 64."""
    n = grp.count_argument(n, "n")
    if n not in BITSIZES:
        raise ProofError(f"invalid bitsize n={n!r}: expected one of {BITSIZES}")
    return n


class _ClassOrInstance:
    """A verifier callable both ways: ``RangeProof.verify_single(bp_gens, pc_gens, transcript, proof, ...)`` (the
    proof, or its bytes, as the fourth argument) and ``proof.verify_single(bp_gens, pc_gens, transcript, ...)`` (the
    crate's form: the proof is the object called)."""

    def __init__(self, function: Callable[..., bool]) -> None:
        self._function = function
        functools.update_wrapper(self, function)  # type: ignore[arg-type]

    def __get__(self, proof: Optional["RangeProof"], owner: Optional[type] = None) -> Callable[..., bool]:
        if proof is None:
            return self._function
        function = self._function

        @functools.wraps(function)
        def bound(
            bp_gens: "BulletproofGens", pc_gens: "PedersenGens", transcript: Transcript, *args: Any, **kwargs: Any
        ) -> bool:
            return function(bp_gens, pc_gens, transcript, proof, *args, **kwargs)

        return bound


# ---- generators -----------------------------------------------------------------------------------------


class PedersenGens:
    """The bases of the value commitments: ``B`` (the ristretto255 generator) and ``B_blinding`` (the one-way
    map of SHA3-512 of B's encoding), with constant-time fixed-base tables for the prover."""

    def __init__(self, B: Optional[PointLike] = None, B_blinding: Optional[PointLike] = None) -> None:
        self.B = Point.generator() if B is None else _point(B, "B")
        self.B_blinding = (
            Point.from_uniform_bytes(hashlib.sha3_512(Point.generator().to_bytes()).digest())
            if B_blinding is None
            else _point(B_blinding, "B_blinding")
        )
        self._B = FixedBase(self.B)
        self._B_blinding = FixedBase(self.B_blinding)
        self._key = self.B.to_bytes() + self.B_blinding.to_bytes()

    def commit(self, value: ScalarLike, blinding: ScalarLike) -> Point:
        """``value*B + blinding*B_blinding`` as a Point (constant-time in both: Scalars, int-likes reduced mod q, or
        canonical 32-byte encodings)."""
        return self._B * _scalar_arg(value, "value") + self._B_blinding * _scalar_arg(blinding, "blinding")

    def __repr__(self) -> str:
        return f"PedersenGens(B={self.B.to_bytes().hex()}, B_blinding={self.B_blinding.to_bytes().hex()})"


def _generators_chain(label: bytes, count: int) -> PointVector:
    """The first `count` points of the crate's GeneratorsChain(label): SHAKE256 over b"GeneratorsChain" || label,
    each 64 bytes of output mapped to a point by the RFC 9496 one-way map."""
    stream = hashlib.shake_256(b"GeneratorsChain" + label).digest(64 * count)
    return PointVector([Point.from_uniform_bytes(stream[64 * i : 64 * i + 64]) for i in range(count)])


class _Bases:
    """Everything derived from (BulletproofGens, PedersenGens, n, m) that a prover or verifier uses again."""

    def __init__(self, gens: "BulletproofGens", pc: PedersenGens, n: int, m: int) -> None:
        self.G = gens.G(n, m)
        self.H = gens.H(n, m)
        self._pc = pc
        self._lock = threading.Lock()
        self._prover: Optional[Tuple[PointVector, PointVector, Point]] = None
        self._table: Optional[PointVector] = None

    def prover(self):
        """(PointVector [B_blinding, G+H], PointVector [B_blinding, G, H], sum of H) for A and S."""
        with self._lock:
            if self._prover is None:
                bb = [self._pc.B_blinding]
                self._prover = (
                    PointVector.concat(bb, self.G + self.H),
                    PointVector.concat(bb, self.G, self.H),
                    self.H.sum(),
                )
            return self._prover

    def verifier_points(self) -> PointVector:
        """The verifier's fixed bases [B, B_blinding, G, H]."""
        with self._lock:
            if self._table is None:
                self._table = PointVector.concat([self._pc.B, self._pc.B_blinding], self.G, self.H)
            return self._table


class BulletproofGens:
    """The crate's BulletproofGens: for each of ``party_capacity`` parties, ``gens_capacity`` G and H generators
    (``G_vec[j]``, ``H_vec[j]``: PointVectors). The tables a prover or verifier needs for an (n, m) are built on
    first use and kept, so share one object between proofs and threads."""

    def __init__(self, gens_capacity: SupportsIndex, party_capacity: SupportsIndex) -> None:
        gens_capacity = grp.count_argument(gens_capacity, "gens_capacity")
        party_capacity = grp.count_argument(party_capacity, "party_capacity")
        if gens_capacity < 0 or party_capacity < 0:
            raise ValueError("gens_capacity and party_capacity: expected non-negative ints")
        self.gens_capacity = gens_capacity
        self.party_capacity = party_capacity
        le = [j.to_bytes(4, "little") for j in range(party_capacity)]
        self.G_vec = [_generators_chain(b"G" + x, gens_capacity) for x in le]
        self.H_vec = [_generators_chain(b"H" + x, gens_capacity) for x in le]
        self._bases: Dict[Tuple[int, int, bytes], _Bases] = {}
        self._lock = threading.Lock()

    def G(self, n: SupportsIndex, m: SupportsIndex) -> PointVector:
        """The aggregated G generators of m parties, n each (party 0's first n, then party 1's, ...); ValueError
        beyond the capacities."""
        return PointVector.concat(*(self.G_vec[j][:n] for j in self._parties(n, m)))

    def H(self, n: SupportsIndex, m: SupportsIndex) -> PointVector:
        """The aggregated H generators, as G."""
        return PointVector.concat(*(self.H_vec[j][:n] for j in self._parties(n, m)))

    def _parties(self, n, m) -> range:
        n, m = grp.count_argument(n, "n"), grp.count_argument(m, "m")
        if not (0 <= n <= self.gens_capacity and 0 <= m <= self.party_capacity):
            raise ValueError(
                f"n={n}, m={m}: expected 0 <= n <= {self.gens_capacity} and 0 <= m <= "
                f"{self.party_capacity} (the capacities)"
            )
        return range(m)

    def _get(self, pc: PedersenGens, n: int, m: int) -> _Bases:
        if n > self.gens_capacity:
            raise ProofError(f"generators: gens_capacity {self.gens_capacity} < n={n}")
        if m > self.party_capacity:
            raise ProofError(f"generators: party_capacity {self.party_capacity} < m={m}")
        key = (n, m, pc._key)
        with self._lock:
            b = self._bases.get(key)
            if b is None:
                b = self._bases[key] = _Bases(self, pc, n, m)
            return b

    def __repr__(self) -> str:
        return f"BulletproofGens({self.gens_capacity}, {self.party_capacity})"


# ---- the inner-product argument ---------------------------------------------------------------------------


def _ipp_domain_sep(transcript: Transcript, n: int) -> None:
    transcript.append_message(b"dom-sep", b"ipp v1")
    transcript.append_u64(b"n", n)


def _validate_and_append(transcript: Transcript, label: bytes, P: Point) -> None:
    encoding = bytes(P)  # cached: a parsed Point keeps the bytes it was read from
    if encoding == _ZERO_POINT:
        raise ProofError(f"{label.decode()} is the identity")
    transcript.append_message(label, encoding)


class _Frozen:
    """Immutable proof objects: their fields are set once, by __init__, after validation."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: build a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> Tuple[Any, Tuple[bytes]]:
        # pickled as the wire format, validated again when unpickled (as a Point is)
        return type(self).from_bytes, (self.to_bytes(),)  # type: ignore[attr-defined]


class InnerProductProof(_Frozen):
    """The crate's inner-product argument: ``L_vec`` and ``R_vec`` (tuples of Points, in the order of the rounds)
    and the final scalars ``a`` and ``b`` (Scalars). Immutable.

    ``InnerProductProof(L_vec, R_vec, a, b)`` validates as ``from_bytes`` does: L_vec and R_vec a PointVector or a
    list or tuple of Points or 32-byte encodings, of equal lengths below 32 (ProofError otherwise, and for an
    invalid encoding); a and b Scalars, int-likes in [0, q) or canonical 32-byte encodings (ProofError for a
    value that is not canonical); TypeError naming the field for any other type."""

    __slots__ = ("L_vec", "R_vec", "a", "b")
    L_vec: Tuple[Point, ...]
    R_vec: Tuple[Point, ...]
    a: Scalar
    b: Scalar

    def __init__(self, L_vec: Points, R_vec: Points, a: ScalarLike, b: ScalarLike) -> None:
        L, R = _points(L_vec, "L_vec"), _points(R_vec, "R_vec")
        if len(L) != len(R):
            raise ProofError(f"inner-product proof: {len(L)} L but {len(R)} R points")
        if len(L) >= 32:
            raise ProofError("inner-product proof: too many rounds")
        set_field = object.__setattr__
        set_field(self, "L_vec", L)
        set_field(self, "R_vec", R)
        set_field(self, "a", _proof_scalar(a, "inner-product proof a"))
        set_field(self, "b", _proof_scalar(b, "inner-product proof b"))

    @staticmethod
    def create(
        transcript: Transcript,
        Q: PointLike,
        H_factors: Iterable[ScalarLike],
        G: Points,
        H: Points,
        a_vec: Iterable[ScalarLike],
        b_vec: Iterable[ScalarLike],
    ) -> "InnerProductProof":
        """Proves <a, b> for P = <a, G> + <b, H'> + <a, b>*Q with H'_i = H_factors[i]*H_i (the crate's create with
        G_factors all 1). G and H: PointVectors or lists of Points; a_vec and b_vec: ScalarVectors or Scalars
        (secret; constant-time); H_factors public scalars; all of one length, a power of two (ValueError).

        The transcript: create appends its own domain separator, ``dom-sep`` = ``ipp v1``, and ``n`` (as the crate
        does) before its rounds: do not append them yourself (verify appends the same, and the two must agree)."""
        G, H = _point_vector(G, "G"), _point_vector(H, "H")
        return InnerProductProof._create(_transcript(transcript), _point(Q, "Q"), H_factors, G, H, a_vec, b_vec, None)

    @staticmethod
    def _create(transcript, Q, H_factors, G, H, a_vec, b_vec, y_inv) -> "InnerProductProof":
        """create; with H_factors[i] = y_inv^i when y_inv is given (the range proof), whose ratios are known."""
        hf = grp.scalar_vector_argument(H_factors, "H_factors")
        a, b = grp.scalar_vector_argument(a_vec, "a_vec"), grp.scalar_vector_argument(b_vec, "b_vec")
        n = len(G)
        if not (len(H) == len(a) == len(b) == len(hf) == n) or n == 0 or n & (n - 1):
            raise ValueError("InnerProductProof.create: lengths differ or are not a power of two")
        if y_inv is None:
            try:
                hf.batch_invert_vartime()
            except ZeroDivisionError:
                raise ValueError("InnerProductProof.create: a zero H factor") from None
        _ipp_domain_sep(transcript, n)
        L_vec, R_vec = [], []
        # The folded generators are kept as G = gf * G^ (one factor for all) and H = hf_i * H^_i with public factors,
        # so that a fold scales only one half: u^-1 G_lo + u G_hi = u^-1 gf (G^_lo + u^2 G^_hi), and
        # u H_lo + u^-1 H_hi = u hf_lo (H^_lo + (hf_hi / hf_lo) u^-2 H^_hi).
        gf = 1
        while n > 1:
            n //= 2
            a_lo, a_hi, b_lo, b_hi = a[:n], a[n:], b[:n], b[n:]
            c_L, c_R = a_lo.inner(b_hi), a_hi.inner(b_lo)
            if gf != 1:
                a_lo, a_hi = a_lo * gf, a_hi * gf
            L = PointVector.concat(G[n:], H[:n], [Q]).msm(ScalarVector.concat(a_lo, b_hi * hf[:n], [c_L]))
            R = PointVector.concat(G[:n], H[n:], [Q]).msm(ScalarVector.concat(a_hi, b_lo * hf[n:], [c_R]))
            L_vec.append(L)
            R_vec.append(R)
            transcript.append_message(b"L", bytes(L))
            transcript.append_message(b"R", bytes(R))
            u = _challenge(transcript, b"u")
            u_inv = int(Scalar(u).invert_vartime())
            a = a.fold(u, u_inv)
            b = b.fold(u_inv, u)
            if n > 1:
                u2, u_inv2 = u * u % q, u_inv * u_inv % q
                if y_inv is None:  # hf_(n+i) / hf_i
                    ratios = hf[n:] * hf[:n].batch_invert_vartime() * u_inv2
                else:  # y^-(n+i) / y^-i
                    ratios = _ones(n) * (pow(y_inv, n, q) * u_inv2)
                G, H = _fold_points(G, H, _ones(n) * u2, ratios)
                gf = gf * u_inv % q
                hf = hf[:n] * u
        return InnerProductProof(L_vec, R_vec, a[0], b[0])

    def _challenges(self, n: int, transcript: Transcript) -> List[int]:
        """The round challenges u_k (creation order), after the crate's checks: the number of rounds matches n,
        and no L or R is the identity (ProofError)."""
        lg_n = len(self.L_vec)
        if n != 1 << lg_n:
            raise ProofError(f"inner-product proof: {lg_n} rounds do not match n*m={n}")
        _ipp_domain_sep(transcript, n)
        us = []
        for L, R in zip(self.L_vec, self.R_vec):
            _validate_and_append(transcript, b"L", L)
            _validate_and_append(transcript, b"R", R)
            us.append(_challenge(transcript, b"u"))
        return us

    def verification_scalars(
        self, n: SupportsIndex, transcript: Transcript
    ) -> Tuple[ScalarVector, ScalarVector, ScalarVector]:
        """(u_k^2, u_k^-2, s) as in the crate, as ScalarVectors: the challenges' squares and inverse squares in the
        order of the rounds, and s_i = prod_k u_k^(+1 if bit (lg_n-1-k) of i is set else -1). ProofError for a
        wrong number of rounds or an identity L or R. Appends the domain separator and n to the transcript
        itself, as verify does."""
        us = self._challenges(grp.count_argument(n, "n"), _transcript(transcript))
        inv = _batch_invert(us + [_prod(us)])
        u_sq = [u * u % q for u in us]
        u_inv_sq = [u * u % q for u in inv[:-1]]
        return ScalarVector(u_sq), ScalarVector(u_inv_sq), _tensor(inv[-1], u_sq[::-1])

    def verify(
        self, transcript: Transcript, P: PointLike, Q: PointLike, H_factors: Iterable[ScalarLike], G: Points, H: Points
    ) -> bool:
        """Checks the argument for P (as create's): True, or ProofError naming what failed. Appends the domain
        separator and n itself, as create does."""
        G, H = _point_vector(G, "G"), _point_vector(H, "H")
        P, Q = _point(P, "P"), _point(Q, "Q")
        hf = grp.scalar_vector_argument(H_factors, "H_factors")
        n = len(G)
        if not len(H) == len(hf) == n:
            raise ValueError(f"InnerProductProof.verify: {n} G, {len(H)} H and {len(hf)} H_factors")
        u_sq, u_inv_sq, s = self.verification_scalars(n, transcript)
        a, b = self.a, self.b
        scalars = ScalarVector.concat(s * a, s[::-1] * hf * b, [a * b], -u_sq, -u_inv_sq)
        points = PointVector.concat(G, H, [Q], self.L_vec, self.R_vec)
        if points.msm_vartime(scalars) != P:
            raise ProofError("inner-product proof: the equation does not hold")
        return True

    def serialized_size(self) -> int:
        """The length of to_bytes(): 32 * (2 * rounds + 2)."""
        return 32 * (2 * len(self.L_vec) + 2)

    def to_bytes(self) -> bytes:
        """L_0 || R_0 || ... || a || b (32 bytes each)."""
        parts = []
        for L, R in zip(self.L_vec, self.R_vec):
            parts += [bytes(L), bytes(R)]
        return b"".join(parts) + self.a.to_bytes() + self.b.to_bytes()

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @staticmethod
    def from_bytes(data: Bytes) -> "InnerProductProof":
        """Parses the crate's layout; ProofError for a wrong length, 32 rounds or more, a non-canonical a or b, or
        an invalid point encoding; TypeError unless data is bytes-like."""
        data = _wire_bytes(data)
        k = _ipp_rounds(data)
        points = _decode_points(data[: 64 * k], _round_names(k))
        return InnerProductProof(points[0::2], points[1::2], data[64 * k : 64 * k + 32], data[64 * k + 32 :])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InnerProductProof) and self.to_bytes() == other.to_bytes()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<InnerProductProof of {len(self.L_vec)} rounds>"


def _ipp_rounds(data: bytes) -> int:
    """The number of rounds of an inner-product proof's bytes, after the crate's checks of its length (ProofError)."""
    if len(data) % 32:
        raise ProofError("inner-product proof: length is not a multiple of 32")
    k2 = len(data) // 32 - 2
    if k2 < 0 or k2 % 2:
        raise ProofError("inner-product proof: wrong number of elements")
    if k2 // 2 >= 32:
        raise ProofError("inner-product proof: too many rounds")
    return k2 // 2


def _round_names(k: int) -> List[str]:
    return [f"{side}_vec[{i}]" for i in range(k) for side in "LR"]


def _decode_points(encodings: bytes, names: List[str]) -> List[Point]:
    """The Points of back-to-back 32-byte encodings, decoded in one call into the core (eight at a time on the IFMA
    lanes), each keeping its encoding for the transcript; ProofError naming the first invalid one."""
    try:
        return list(PointVector(encodings))
    except InvalidPointError:
        for i, name in enumerate(names):
            _point(encodings[32 * i : 32 * i + 32], name)  # raises ProofError naming it
        raise  # pragma: no cover


def _wire_bytes(data: Any) -> bytes:
    """A wire-format argument as bytes: bytes-like only (TypeError otherwise: bytes(5) would be 5 zero bytes)."""
    if type(data) is bytes:
        return data
    if isinstance(data, str):
        raise TypeError("data: expected a bytes-like object, got str")
    try:
        view = memoryview(data)
    except TypeError:
        raise TypeError(f"data: expected a bytes-like object, got {type(data).__name__}") from None
    if view.itemsize != 1 or view.ndim != 1:
        raise TypeError(
            f"data: expected a one-dimensional buffer of bytes, got item size {view.itemsize} and "
            f"{view.ndim} dimensions"
        )
    return view.tobytes()


def _prod(xs: List[int]) -> int:
    acc = 1
    for x in xs:
        acc = acc * x % q
    return acc


# ---- the range proof --------------------------------------------------------------------------------------


def _rangeproof_domain_sep(transcript: Transcript, n: int, m: int) -> None:
    transcript.append_message(b"dom-sep", b"rangeproof v1")
    transcript.append_u64(b"n", n)
    transcript.append_u64(b"m", m)


def _sum_of_powers(x: int, n: int) -> int:
    """1 + x + ... + x^(n-1) mod q for n a power of two, by doubling: the sum to 2L is (1 + x^L) * the sum to L."""
    total, power = 1, x
    while n > 1:
        total = total * (1 + power) % q
        power = power * power % q
        n //= 2
    return total


def _delta(n: int, m: int, y: int, z: int) -> int:
    """(z - z^2)*<1, y^(nm)> - z^3*<1, 2^n>*<1, z^m> (the crate's delta)."""
    zz = z * z % q
    return ((z - zz) * _sum_of_powers(y, n * m) - zz * z % q * ((1 << n) - 1) * _sum_of_powers(z, m)) % q


def _commitments(values, name: str = "commitments") -> List[Point]:
    """The commitments argument: a non-empty list or tuple (or PointVector) of Points or 32-byte encodings; the
    identity is allowed (the crate accepts an all-zero V)."""
    return list(_points(values, name))


def _sequence(values, name: str) -> list:
    """A list of the items of a sequence argument (a list, tuple, ScalarVector...): TypeError for a str, a
    bytes-like object, a Point or a non-iterable (list(b"...") would be small ints)."""
    if isinstance(values, (str, Point, Scalar) + _BYTES) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name}: expected a list or tuple, got {type(values).__name__}")
    return list(values)


def _value(v, n: int, name: str) -> Scalar:
    """A value to prove, as a Scalar: a Scalar or an int-like, in [0, 2^n) (ValueError outside). A Scalar's range
    is read from a copy of its encoding, wiped after (the bits are read from one again); an error tells only that
    the value is out of range."""
    if type(v) is Scalar:
        encoding = bytearray(v.to_bytes())
        outside = any(encoding[n // 8 :])
        encoding[:] = bytes(32)
        if outside:
            raise ValueError(f"{name} is outside [0, 2^{n})")
        return v
    if isinstance(v, bool) or isinstance(v, _BYTES):
        raise TypeError(f"{name}: expected a Scalar or an int, got {type(v).__name__}")
    try:
        i = grp.count_argument(v, name)
    except TypeError:
        raise TypeError(f"{name}: expected a Scalar or an int, got {type(v).__name__}") from None
    if not 0 <= i < 1 << n:
        raise ValueError(f"{name} is outside [0, 2^{n})")
    return Scalar(i)


class RangeProof(_Frozen):
    """An (aggregated) range proof in the crate's format: points ``A, S, T_1, T_2`` (Points), scalars ``t_x,
    t_x_blinding, e_blinding`` (Scalars) and ``ipp_proof`` (an InnerProductProof). Immutable.

    ``RangeProof(A, S, T_1, T_2, t_x, t_x_blinding, e_blinding, ipp_proof)`` validates as ``from_bytes`` does: the
    points Points or 32-byte encodings (ProofError for an invalid one), the scalars Scalars, int-likes in [0, q) or
    canonical 32-byte encodings (ProofError for a value that is not canonical), ipp_proof an InnerProductProof;
    TypeError naming the field for any other type."""

    __slots__ = ("A", "S", "T_1", "T_2", "t_x", "t_x_blinding", "e_blinding", "ipp_proof")
    A: Point
    S: Point
    T_1: Point
    T_2: Point
    t_x: Scalar
    t_x_blinding: Scalar
    e_blinding: Scalar
    ipp_proof: InnerProductProof

    def __init__(
        self,
        A: PointLike,
        S: PointLike,
        T_1: PointLike,
        T_2: PointLike,
        t_x: ScalarLike,
        t_x_blinding: ScalarLike,
        e_blinding: ScalarLike,
        ipp_proof: InnerProductProof,
    ) -> None:
        if type(ipp_proof) is not InnerProductProof:
            raise TypeError(f"ipp_proof: expected an InnerProductProof, got {type(ipp_proof).__name__}")
        set_field = object.__setattr__
        for name, point in (("A", A), ("S", S), ("T_1", T_1), ("T_2", T_2)):
            set_field(self, name, point if type(point) is Point else _point(point, name))
        for name, scalar in (("t_x", t_x), ("t_x_blinding", t_x_blinding), ("e_blinding", e_blinding)):
            set_field(self, name, _proof_scalar(scalar, name))
        set_field(self, "ipp_proof", ipp_proof)

    # -- wire format --
    def to_bytes(self) -> bytes:
        """A || S || T_1 || T_2 || t_x || t_x_blinding || e_blinding || the inner-product proof."""
        return (
            bytes(self.A)
            + bytes(self.S)
            + bytes(self.T_1)
            + bytes(self.T_2)
            + self.t_x.to_bytes()
            + self.t_x_blinding.to_bytes()
            + self.e_blinding.to_bytes()
            + self.ipp_proof.to_bytes()
        )

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @staticmethod
    def from_bytes(data: Bytes) -> "RangeProof":
        """Parses the crate's wire format; ProofError for what the crate's from_bytes rejects (length, a
        non-canonical scalar) and for an invalid point encoding (which the crate finds when it verifies); TypeError
        unless data is bytes-like."""
        data = _wire_bytes(data)
        if len(data) % 32:
            raise ProofError("range proof: length is not a multiple of 32")
        if len(data) < 7 * 32:
            raise ProofError("range proof: too short")
        k = _ipp_rounds(data[224:])
        points = _decode_points(data[:128] + data[224 : 224 + 64 * k], ["A", "S", "T_1", "T_2"] + _round_names(k))
        ipp = InnerProductProof(points[4::2], points[5::2], data[-64:-32], data[-32:])
        A, S, T_1, T_2 = points[:4]
        return RangeProof(A, S, T_1, T_2, data[128:160], data[160:192], data[192:224], ipp)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RangeProof) and self.to_bytes() == other.to_bytes()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<RangeProof of {len(self.ipp_proof.L_vec)} rounds, {len(self.to_bytes())} bytes>"

    # -- proving --
    @staticmethod
    def prove_single(
        bp_gens: BulletproofGens,
        pc_gens: PedersenGens,
        transcript: Transcript,
        value: ScalarLike,
        blinding: ScalarLike,
        n: SupportsIndex,
    ) -> Tuple["RangeProof", Point]:
        """A proof that the commitment value*B + blinding*B_blinding holds a value in [0, 2^n): (proof, the
        commitment as a Point). value: a Scalar or an int-like; blinding: as PedersenGens.commit takes it.
        ValueError when value is outside [0, 2^n); ProofError for a bad n or too few generators."""
        proof, commitments = RangeProof.prove_multiple(bp_gens, pc_gens, transcript, [value], [blinding], n)
        return proof, commitments[0]

    @staticmethod
    def prove_multiple(
        bp_gens: BulletproofGens,
        pc_gens: PedersenGens,
        transcript: Transcript,
        values: Sequence[ScalarLike],
        blindings: Sequence[ScalarLike],
        n: SupportsIndex,
    ) -> Tuple["RangeProof", List[Point]]:
        """An aggregated proof for m = len(values) commitments (m a power of two): (proof, the commitments as
        Points, in order). values and blindings: lists or tuples (or ScalarVectors) of what prove_single takes."""
        _generators(bp_gens, pc_gens)
        n = _check_bitsize(n)
        values, blindings = _sequence(values, "values"), _sequence(blindings, "blindings")
        _transcript(transcript)
        m = len(values)
        if m == 0 or m & (m - 1):
            raise ProofError(f"invalid aggregation size m={m}: expected a power of two")
        if len(blindings) != m:
            raise ValueError(f"{m} values but {len(blindings)} blindings")
        vS = [_value(v, n, f"values[{i}]") for i, v in enumerate(values)]
        rS = [_scalar_arg(r, f"blindings[{i}]") for i, r in enumerate(blindings)]
        bases = bp_gens._get(pc_gens, n, m)
        GH_b, GH_split_b, H_sum = bases.prover()
        N = n * m
        V = [pc_gens._B * v + pc_gens._B_blinding * r for v, r in zip(vS, rS)]
        _rangeproof_domain_sep(transcript, n, m)
        for Vj in V:
            transcript.append_message(b"V", bytes(Vj))

        # a_L: the bits of the values, in a ScalarVector. Each bit is read as a small int from a bytearray copy of
        # the value's encoding (the same operations for a 0 bit as for a 1 bit) into byte 0 of its 32-byte slot of
        # a buffer that ScalarVector copies into C (memcpy and libsodium's reduction, no int conversion); both
        # buffers are wiped after use.
        bits = bytearray(32 * N)
        for j, v_scalar in enumerate(vS):
            enc = bytearray(v_scalar.to_bytes())
            for i in range(n):
                bits[32 * (j * n + i)] = (enc[i >> 3] >> (i & 7)) & 1
            enc[:] = bytes(32)
        aL = ScalarVector(bits)
        bits[:] = bytes(32 * N)
        a_blinding = Scalar.random()
        # A = a_blinding*B_blinding + sum a_L*G + (a_L - 1)*H = msm([a_blinding, a_L], [B_blinding, G+H]) - sum H
        A = GH_b.msm(ScalarVector.concat([a_blinding], aL)) - H_sum
        s_blinding = Scalar.random()
        s_L, s_R = ScalarVector.random(N), ScalarVector.random(N)
        S = GH_split_b.msm(ScalarVector.concat([s_blinding], s_L, s_R))
        transcript.append_message(b"A", bytes(A))
        transcript.append_message(b"S", bytes(S))
        y = _challenge(transcript, b"y")
        z = _challenge(transcript, b"z")

        # l(X) = (a_L - z) + s_L X; r(X) = y^k (a_L - 1 + z + s_R X) + z^(2+j) 2^i for k = j*n + i
        y_pow = ScalarVector.powers(y, N)
        ones = _ones(N)
        z_pow = _int_powers(z, m + 2)
        two = ScalarVector.powers(2, n)
        l0 = aL - ones * z
        r0 = y_pow * (aL + ones * (z - 1)) + ScalarVector.concat(*(two * z_pow[2 + j] for j in range(m)))
        r1 = y_pow * s_R
        t0 = l0.inner(r0)
        t2 = s_L.inner(r1)
        t1 = l0.inner(r1) + s_L.inner(r0)
        tau1, tau2 = Scalar.random(), Scalar.random()
        T_1 = pc_gens._B * t1 + pc_gens._B_blinding * tau1
        T_2 = pc_gens._B * t2 + pc_gens._B_blinding * tau2
        transcript.append_message(b"T_1", bytes(T_1))
        transcript.append_message(b"T_2", bytes(T_2))
        x = _challenge(transcript, b"x")
        if x == 0:
            raise ProofError("the challenge x is zero")
        xS = Scalar(x)
        xx = Scalar(x * x)
        t_x = t0 + t1 * xS + t2 * xx
        t_x_blinding = tau1 * xS + tau2 * xx
        for j in range(m):
            t_x_blinding = t_x_blinding + rS[j] * z_pow[2 + j]
        e_blinding = a_blinding + s_blinding * xS
        transcript.append_scalar(b"t_x", t_x)
        transcript.append_scalar(b"t_x_blinding", t_x_blinding)
        transcript.append_scalar(b"e_blinding", e_blinding)
        w = _challenge(transcript, b"w")
        Q = pc_gens._B * w  # public
        l_vec = l0 + s_L * xS
        r_vec = r0 + r1 * xS
        y_inv = int(Scalar(y).invert_vartime())
        ipp = InnerProductProof._create(
            transcript, Q, ScalarVector.powers(y_inv, N), bases.G, bases.H, l_vec, r_vec, y_inv
        )
        return RangeProof(A, S, T_1, T_2, t_x, t_x_blinding, e_blinding, ipp), V

    # -- verifying --
    def _replay(self, bp_gens: BulletproofGens, transcript: Transcript, commitments: List[Point], n: int):
        """The verifier's transcript: the crate's checks in its order (ProofError), then (V, n, m, y, z, x, w, us)
        with the challenges as ints; us + [prod(us), y] are the values _accumulate needs inverted."""
        m = len(commitments)
        if m == 0:
            raise ProofError("no commitments")
        if n > bp_gens.gens_capacity:
            raise ProofError(f"generators: gens_capacity {bp_gens.gens_capacity} < n={n}")
        if m > bp_gens.party_capacity:
            raise ProofError(f"generators: party_capacity {bp_gens.party_capacity} < m={m}")
        _rangeproof_domain_sep(transcript, n, m)
        for Vj in commitments:
            transcript.append_message(b"V", bytes(Vj))
        _validate_and_append(transcript, b"A", self.A)
        _validate_and_append(transcript, b"S", self.S)
        y = _challenge(transcript, b"y")
        z = _challenge(transcript, b"z")
        _validate_and_append(transcript, b"T_1", self.T_1)
        _validate_and_append(transcript, b"T_2", self.T_2)
        x = _challenge(transcript, b"x")
        transcript.append_message(b"t_x", self.t_x.to_bytes())
        transcript.append_message(b"t_x_blinding", self.t_x_blinding.to_bytes())
        transcript.append_message(b"e_blinding", self.e_blinding.to_bytes())
        w = _challenge(transcript, b"w")
        us = self.ipp_proof._challenges(n * m, transcript)
        return commitments, n, m, y, z, x, w, us

    def _accumulate(
        self, replayed, inv: List[int], weight: int, static: "_Static", dyn_s: List[int], dyn_p: List[Point]
    ) -> None:
        """Adds weight * (this proof's verification equation) to a batch: its scalars of B, B_blinding, G and H
        to static, those of its own points and commitments to dyn_s and dyn_p. replayed is _replay's result, inv
        the inverses of its us + [prod(us), y]."""
        V, n, m, y, z, x, w, us = replayed
        lg = len(us)
        u_inv, s0, y_inv = inv[:lg], inv[lg], inv[lg + 1]
        u_sq = [u * u % q for u in us]
        u_inv_sq = [u * u % q for u in u_inv]
        c = int(Scalar.random())  # the verifier's own randomness (not from the transcript)
        a, b = int(self.ipp_proof.a), int(self.ipp_proof.b)  # public values: Python ints for the few products
        t_x, t_x_blinding, e_blinding = int(self.t_x), int(self.t_x_blinding), int(self.e_blinding)
        zz = z * z % q
        cw = c * weight % q
        # the proof's points and the commitments
        dyn_s += [weight, x * weight, cw * x, cw * x % q * x]
        dyn_s += [f * weight for f in u_sq]
        dyn_s += [f * weight for f in u_inv_sq]
        dyn_s += [cw * zz % q * zj for zj in _int_powers(z, m)]
        dyn_p += [self.A, self.S, self.T_1, self.T_2]
        dyn_p += self.ipp_proof.L_vec
        dyn_p += self.ipp_proof.R_vec
        dyn_p += V
        # B and B_blinding
        static.B += weight * (w * (t_x - a * b) + c * (_delta(n, m, y, z) - t_x))
        static.B_blinding -= weight * (e_blinding + c * t_x_blinding)
        # G_k: -z - a*s_k and H_k: z + y^-k (z^2 z^j 2^i - b s_(N-1-k)) for k = j*n + i, times weight. Both a*s_k
        # and b*y^-k*s_(N-1-k) = b*y^-k/s_k are tensor products over the bits of k (bit t: s_k gains u^2 of round
        # lg-1-t, y^-k/s_k gains y^-(2^t) u^-2), and y^-k z^2 z^j 2^i = z^2 (z y^-n)^j (2/y)^i.
        wz = _ones(n) * (weight * z)
        gs = _tensor(weight * a % q * s0, u_sq[::-1])
        y_inv_2t = _powers_of_two_powers(y_inv, lg)
        hs = _tensor(weight * b % q * _prod(us), [yt * f % q for yt, f in zip(y_inv_2t, u_inv_sq[::-1])])
        two_y = ScalarVector.powers(2 * y_inv % q, n)
        zy = z * pow(y_inv, n, q) % q
        base = weight * zz % q
        for j in range(m):
            k0 = j * n
            static.add(j, -(gs[k0 : k0 + n] + wz), wz + two_y * base - hs[k0 : k0 + n])
            base = base * zy % q

    @staticmethod
    def _proof(proof, name: str = "proof") -> "RangeProof":
        """A RangeProof, or the RangeProof of its bytes (ProofError when they do not parse); TypeError otherwise."""
        if type(proof) is RangeProof:
            return proof
        if isinstance(proof, str) or not isinstance(proof, _BYTES):
            raise TypeError(f"{name}: expected a RangeProof or its bytes, got {type(proof).__name__}")
        return RangeProof.from_bytes(proof)

    @staticmethod
    def _verify(bp_gens, pc_gens, transcript, proof, commitments, n) -> bool:
        _generators(bp_gens, pc_gens)
        proof = RangeProof._proof(proof)
        n = _check_bitsize(n)
        _transcript(transcript)
        m = len(commitments)
        static = _Static(n, m)
        dyn_s: List[int] = []
        dyn_p: List[Point] = []
        replayed = proof._replay(bp_gens, transcript, commitments, n)
        us = replayed[-1]
        proof._accumulate(replayed, _batch_invert(us + [_prod(us), replayed[3]]), 1, static, dyn_s, dyn_p)
        _final_check(bp_gens._get(pc_gens, n, m).verifier_points(), static, dyn_s, dyn_p)
        return True

    def _verify_single(  # type: ignore[misc]
        bp_gens: BulletproofGens,
        pc_gens: PedersenGens,
        transcript: Transcript,
        proof: Union["RangeProof", Bytes],
        commitment: PointLike,
        n: SupportsIndex,
    ) -> bool:
        """Verifies a proof (a RangeProof or its bytes) for one commitment (a Point or its 32-byte encoding; any
        other type is a TypeError) and n bits: True, or ProofError naming what failed. Call it on the proof,
        ``proof.verify_single(bp_gens, pc_gens, transcript, commitment, n)`` (the crate's form), or on the class
        with the proof as the fourth argument."""
        return RangeProof._verify(bp_gens, pc_gens, transcript, proof, [_point(commitment, "commitment")], n)

    def _verify_multiple(  # type: ignore[misc]
        bp_gens: BulletproofGens,
        pc_gens: PedersenGens,
        transcript: Transcript,
        proof: Union["RangeProof", Bytes],
        commitments: Points,
        n: SupportsIndex,
    ) -> bool:
        """Verifies an aggregated proof for the commitments (a list or tuple of Points or 32-byte encodings, or a
        PointVector; m = len(commitments)): True, or ProofError naming what failed. Called on the proof or on the
        class, as verify_single."""
        return RangeProof._verify(bp_gens, pc_gens, transcript, proof, _commitments(commitments), n)

    verify_single = _ClassOrInstance(_verify_single)
    verify_multiple = _ClassOrInstance(_verify_multiple)

    @staticmethod
    def verify_batch(
        bp_gens: BulletproofGens, pc_gens: PedersenGens, items: Iterable[Tuple[Any, Transcript, Points, SupportsIndex]]
    ) -> bool:
        """Verifies many proofs at once; items are (proof, transcript, commitments, n) tuples (proof a RangeProof
        or its bytes, commitments a list or tuple of Points or encodings; any n and m, mixed). Every proof's
        equation, weighted by an independent random 128-bit scalar from libsodium's CSPRNG, goes into one vartime
        multi-scalar multiplication. Returns True when all verify (an empty batch too). Otherwise raises
        ProofError with ``index`` set to a failing proof's position (the first found by then verifying the proofs
        one by one). The batch runs on clones of the transcripts: the callers' transcripts are only used by that
        one-by-one pass."""
        _generators(bp_gens, pc_gens)
        if isinstance(items, (str, RangeProof) + _BYTES) or not hasattr(items, "__iter__"):
            raise TypeError(
                f"items: expected a list of (proof, transcript, commitments, n), got {type(items).__name__}"
            )
        parsed = []
        for idx, item in enumerate(items):
            try:
                proof, transcript, commitments, n = item
            except (TypeError, ValueError):
                raise TypeError(f"items[{idx}]: expected (proof, transcript, commitments, n)") from None
            if type(transcript) is not Transcript:
                raise TypeError(f"items[{idx}]: the transcript is a {type(transcript).__name__}, not a Transcript")
            try:
                parsed.append(
                    (
                        RangeProof._proof(proof, f"items[{idx}] proof"),
                        transcript,
                        _commitments(commitments, f"items[{idx}] commitments"),
                        grp.count_argument(n, "n"),
                    )
                )
            except ProofError as e:
                raise ProofError(str(e), idx) from None
        if not parsed:
            return True
        failure = None
        try:
            stride = max(n if n in BITSIZES else 0 for _, _, _, n in parsed)
            parties = max(len(c) for _, _, c, _ in parsed)
            static = _Static(stride, parties)
            dyn_s: List[int] = []
            dyn_p: List[Point] = []
            replays = []
            to_invert: List[int] = []
            for proof, transcript, commitments, n in parsed:
                replayed = proof._replay(bp_gens, transcript.clone(), commitments, _check_bitsize(n))
                replays.append((proof, replayed, len(to_invert)))
                to_invert += replayed[-1] + [_prod(replayed[-1]), replayed[3]]
            inv = _batch_invert(to_invert)  # one inversion for the whole batch
            for (proof, replayed, at), weight in zip(replays, _random_weights(len(parsed))):
                proof._accumulate(replayed, inv[at : at + len(replayed[-1]) + 2], weight, static, dyn_s, dyn_p)
            _final_check(bp_gens._get(pc_gens, stride, parties).verifier_points(), static, dyn_s, dyn_p)
            return True
        except ProofError as e:
            failure = e
        for idx, (proof, transcript, commitments, n) in enumerate(parsed):
            try:
                RangeProof._verify(bp_gens, pc_gens, transcript, proof, commitments, n)
            except ProofError as e:
                raise ProofError(str(e), idx) from None
        raise ProofError(f"the batch failed ({failure}) but every proof verifies alone")  # pragma: no cover


def _random_weights(k: int) -> List[int]:
    """k independent uniform 128-bit weights from libsodium's CSPRNG."""
    return [int(w) for w in grp.random_weights(k, 128)]


class _Static:
    """The scalars of the fixed bases [B, B_blinding, G, H] in a batch, G and H laid out for `parties` parties of
    `stride` generators each (a proof of n <= stride bits adds to the first n of each of its parties)."""

    def __init__(self, stride: int, parties: int) -> None:
        self.stride = stride
        self.B = self.B_blinding = 0
        self.G: List[Optional[ScalarVector]] = [None] * parties
        self.H: List[Optional[ScalarVector]] = [None] * parties

    def add(self, j: int, g: ScalarVector, h: ScalarVector) -> None:
        self.G[j] = self._added(self.G[j], g)
        self.H[j] = self._added(self.H[j], h)

    def _added(self, old: Optional[ScalarVector], new: ScalarVector) -> ScalarVector:
        n = len(new)
        if old is None:
            return new if n == self.stride else ScalarVector.concat(new, _zeros(self.stride - n))
        return old + new if n == self.stride else ScalarVector.concat(old[:n] + new, old[n:])

    def scalars(self) -> ScalarVector:
        return ScalarVector.concat(
            [self.B, self.B_blinding], *(_zeros(self.stride) if v is None else v for v in self.G + self.H)
        )


_ZEROS: Dict[int, ScalarVector] = {}


def _zeros(n: int) -> ScalarVector:
    """n zeros (immutable, so shared): built once per n, a bit size or a difference of two (from bytes, each reduced:
    64 reductions at n = 64, which every verification paid even when no zero was used)."""
    zeros = _ZEROS.get(n)
    if zeros is None:
        zeros = _ZEROS[n] = ScalarVector(bytes(32 * n))
    return zeros


def _final_check(bases: PointVector, static: _Static, dyn_s: List[int], dyn_p: List[Point]) -> None:
    """The one vartime MSM of the fixed bases and the proofs' points and commitments (Points, decoded when they
    were read); ProofError unless it is the identity."""
    points = PointVector.concat(bases, dyn_p)
    if not points.msm_vartime(ScalarVector.concat(static.scalars(), dyn_s)).is_identity():
        raise ProofError("the verification equation does not hold")
