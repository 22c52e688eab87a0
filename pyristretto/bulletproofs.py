"""Bulletproofs range proofs over ristretto255, byte-compatible with the Rust ``bulletproofs`` crate
(dalek-cryptography 1.0 to 2.0, zkcrypto 3.0 to 5.0: one wire format, one transcript), with batch verification.

A range proof shows that Pedersen commitments ``V_j = v_j*B + r_j*B_blinding`` hold values ``0 <= v_j < 2^n``
without revealing them; ``m`` of them (a power of two) can share one aggregated proof of
``32*(9 + 2*log2(n*m))`` bytes::

    bp_gens, pc_gens = BulletproofGens(64, 1), PedersenGens()
    proof, commitment = RangeProof.prove_single(bp_gens, pc_gens, Transcript(b"example"), 1037578891, blinding, 64)
    RangeProof.verify_single(bp_gens, pc_gens, Transcript(b"example"), commitment, 64)  # or raises ProofError

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
  IPP points, 32 rounds or more, a non-canonical scalar (bit 255 set included); points are read raw, and the
  verifier rejects an all-zero encoding of A, S, T_1, T_2, L or R (not of a commitment V), and any invalid
  encoding when it decodes them.

Differences from the crate (documented extensions): the prover's randomness comes from libsodium's CSPRNG (the
crate takes the caller's RNG; proofs are randomised either way, so they are never byte-equal across
implementations); the prover refuses a value of n bits or more (``ValueError``; the crate makes a proof that
fails verification); ``RangeProof.verify_batch`` verifies many proofs (mixed n and m) in one multi-scalar
multiplication, each proof's equation weighted by an independent random 128-bit scalar, and on failure finds a
failing proof by verifying them one by one. A failed verification raises ``ProofError`` (a ``ValueError``)
naming what failed.

Secrets: the values, blindings, the prover's vectors (a_L, s_L, s_R, l, r and the inner-product argument's a
and b) and its single secrets (the blindings of A, S, T_1, T_2 and the polynomial coefficients) are
``ScalarVector`` and ``Scalar`` objects (C buffers wiped when freed, constant-time arithmetic: the core's ScalarVector
kernels and libsodium, both in the valgrind check) and meet only constant-time point arithmetic (``msm`` and the
fixed-base tables of B and B_blinding, never ``msm_vartime``). What remains as Python objects: the caller's ``value`` itself (an int, range-checked
in Python), the unwiped ``bytes`` of its Scalar's encoding (copied into a bytearray that is wiped after use), and
the bit extraction, which runs in Python on small ints (the same operations for a 0 bit as for a 1 bit) into a
wiped buffer that ``ScalarVector`` reads. The verifier works on public values only: Python ints for the few
challenges, ``ScalarVector`` for its vectors, and ``msm_vartime``.
"""
from __future__ import annotations

import hashlib
import threading
from typing import Dict, List, Optional, Sequence, Tuple, Union

from pyristretto._group import FixedBase, InvalidPointError, Point, PointVector, Scalar, ScalarVector, Transcript
from pyristretto._group import msm_secret as _msm_ct, random_weights

__all__ = ["ProofError", "PedersenGens", "BulletproofGens", "InnerProductProof", "RangeProof"]

q = 2**252 + 27742317777372353535851937790883648493
BITSIZES = (8, 16, 32, 64)
_ZERO_POINT = bytes(32)

Bytes = Union[bytes, bytearray, memoryview]


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
    """A blinding: a Scalar, or an int (reduced mod q)."""
    if type(s) is Scalar:
        return s
    if isinstance(s, (bytes, bytearray, memoryview)):
        return Scalar.from_bytes(s)
    try:
        return Scalar(s)
    except TypeError:
        raise TypeError(f"{name}: expected a Scalar or an int, got {type(s).__name__}") from None


def _canonical_scalar(b: bytes, name: str) -> int:
    v = int.from_bytes(b, "little")
    if v >= q:
        raise ProofError(f"{name} is not a canonical scalar")
    return v


def _check_bitsize(n) -> int:
    if type(n) is not int or n not in BITSIZES:
        raise ProofError(f"invalid bitsize n={n!r}: expected one of {BITSIZES}")
    return n


# ---- generators -----------------------------------------------------------------------------------------

class PedersenGens:
    """The bases of the value commitments: ``B`` (the ristretto255 generator) and ``B_blinding`` (the one-way
    map of SHA3-512 of B's encoding), with constant-time fixed-base tables for the prover."""

    def __init__(self, B: Optional[Point] = None, B_blinding: Optional[Point] = None) -> None:
        self.B = Point.generator() if B is None else Point(B)
        self.B_blinding = (Point.from_uniform_bytes(hashlib.sha3_512(Point.generator().to_bytes()).digest())
                           if B_blinding is None else Point(B_blinding))
        self._B = FixedBase(self.B)
        self._B_blinding = FixedBase(self.B_blinding)
        self._key = self.B.to_bytes() + self.B_blinding.to_bytes()

    def commit(self, value, blinding) -> Point:
        """``value*B + blinding*B_blinding`` (constant-time in both: Scalars or ints)."""
        return self._B * _scalar_arg(value, "value") + self._B_blinding * _scalar_arg(blinding, "blinding")

    def __repr__(self) -> str:
        return f"PedersenGens(B={self.B.to_bytes().hex()}, B_blinding={self.B_blinding.to_bytes().hex()})"


def _generators_chain(label: bytes, count: int) -> PointVector:
    """The first `count` points of the crate's GeneratorsChain(label): SHAKE256 over b"GeneratorsChain" || label,
    each 64 bytes of output mapped to a point by the RFC 9496 one-way map."""
    stream = hashlib.shake_256(b"GeneratorsChain" + label).digest(64 * count)
    return PointVector([Point.from_uniform_bytes(stream[64 * i:64 * i + 64]) for i in range(count)])


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
                self._prover = (PointVector.concat(bb, self.G + self.H), PointVector.concat(bb, self.G, self.H),
                                self.H.sum())
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

    def __init__(self, gens_capacity: int, party_capacity: int) -> None:
        if type(gens_capacity) is not int or type(party_capacity) is not int or gens_capacity < 0 or party_capacity < 0:
            raise ValueError("gens_capacity and party_capacity: expected non-negative ints")
        self.gens_capacity = gens_capacity
        self.party_capacity = party_capacity
        le = [j.to_bytes(4, "little") for j in range(party_capacity)]
        self.G_vec = [_generators_chain(b"G" + x, gens_capacity) for x in le]
        self.H_vec = [_generators_chain(b"H" + x, gens_capacity) for x in le]
        self._bases: Dict[Tuple[int, int, bytes], _Bases] = {}
        self._lock = threading.Lock()

    def G(self, n: int, m: int) -> PointVector:
        """The aggregated G generators of m parties, n each (party 0's first n, then party 1's, ...)."""
        return PointVector.concat(*(self.G_vec[j][:n] for j in range(m)))

    def H(self, n: int, m: int) -> PointVector:
        """The aggregated H generators, as G."""
        return PointVector.concat(*(self.H_vec[j][:n] for j in range(m)))

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


def _validate_and_append(transcript: Transcript, label: bytes, P: bytes) -> None:
    if P == _ZERO_POINT:
        raise ProofError(f"{label.decode()} is the identity")
    transcript.append_message(label, P)


class InnerProductProof:
    """The crate's inner-product argument: ``L_vec``, ``R_vec`` (32-byte encodings, in the order of the rounds)
    and the final scalars ``a`` and ``b`` (ints)."""

    __slots__ = ("L_vec", "R_vec", "a", "b")

    def __init__(self, L_vec: List[bytes], R_vec: List[bytes], a: int, b: int) -> None:
        self.L_vec, self.R_vec, self.a, self.b = list(L_vec), list(R_vec), a, b

    @staticmethod
    def create(transcript: Transcript, Q: Point, H_factors: Sequence[int], G: PointVector, H: PointVector,
               a_vec: List[Scalar], b_vec: List[Scalar]) -> "InnerProductProof":
        """Proves <a, b> for P = <a, G> + <b, H'> + <a, b>*Q with H'_i = H_factors[i]*H_i (the crate's create with
        G_factors all 1). a_vec and b_vec: Scalars (secret; constant-time); len a power of two."""
        return InnerProductProof._create(transcript, Q, H_factors, G, H, a_vec, b_vec, None)

    @staticmethod
    def _create(transcript, Q, H_factors, G, H, a_vec, b_vec, y_inv) -> "InnerProductProof":
        """create; with H_factors[i] = y_inv^i when y_inv is given (the range proof), whose ratios are known."""
        n = len(G)
        if not (len(H) == len(a_vec) == len(b_vec) == len(H_factors) == n) or n == 0 or n & (n - 1):
            raise ValueError("InnerProductProof.create: lengths differ or are not a power of two")
        hf = ScalarVector(H_factors)
        if y_inv is None:
            try:
                hf.batch_invert_vartime()
            except ZeroDivisionError:
                raise ValueError("InnerProductProof.create: a zero H factor") from None
        _ipp_domain_sep(transcript, n)
        L_vec, R_vec = [], []
        a, b = ScalarVector(a_vec), ScalarVector(b_vec)
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
            Lb = _msm_ct(ScalarVector.concat(a_lo, b_hi * hf[:n], [c_L]), PointVector.concat(G[n:], H[:n], [Q]))
            Rb = _msm_ct(ScalarVector.concat(a_hi, b_lo * hf[n:], [c_R]), PointVector.concat(G[:n], H[n:], [Q]))
            L_vec.append(Lb)
            R_vec.append(Rb)
            transcript.append_message(b"L", Lb)
            transcript.append_message(b"R", Rb)
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
        return InnerProductProof(L_vec, R_vec, int(a[0]), int(b[0]))

    def _challenges(self, n: int, transcript: Transcript) -> List[int]:
        """The round challenges u_k (creation order), after the crate's checks: the number of rounds matches n,
        and no L or R is the identity (ProofError)."""
        lg_n = len(self.L_vec)
        if lg_n >= 32 or n != 1 << lg_n:
            raise ProofError(f"inner-product proof: {lg_n} rounds do not match n*m={n}")
        _ipp_domain_sep(transcript, n)
        us = []
        for L, R in zip(self.L_vec, self.R_vec):
            _validate_and_append(transcript, b"L", L)
            _validate_and_append(transcript, b"R", R)
            us.append(_challenge(transcript, b"u"))
        return us

    def verification_scalars(self, n: int, transcript: Transcript) -> Tuple[List[int], List[int], List[int]]:
        """(u_k^2, u_k^-2, s) as in the crate: the challenges' squares and inverse squares in the order of the
        rounds, and s_i = prod_k u_k^(+1 if bit (lg_n-1-k) of i is set else -1). ProofError for a wrong number
        of rounds or an identity L or R."""
        us = self._challenges(n, transcript)
        inv = _batch_invert(us + [_prod(us)])
        u_sq = [u * u % q for u in us]
        u_inv_sq = [u * u % q for u in inv[:-1]]
        return u_sq, u_inv_sq, [int(v) for v in _tensor(inv[-1], u_sq[::-1])]

    def verify(self, transcript: Transcript, P: Point, Q: Point, H_factors: Sequence[int], G: PointVector,
               H: PointVector) -> None:
        """Checks the argument for P (as create's); ProofError when it fails."""
        n = len(G)
        u_sq, u_inv_sq, s = self.verification_scalars(n, transcript)
        a, b = self.a, self.b
        scalars = ([a * x for x in s] + [b * s[n - 1 - i] * H_factors[i] for i in range(n)] + [a * b]
                   + [-x for x in u_sq] + [-x for x in u_inv_sq])
        try:
            pts = PointVector.concat(G, H, [Q], self.L_vec + self.R_vec)
        except InvalidPointError:
            raise ProofError("inner-product proof: an invalid point encoding") from None
        if pts.msm_vartime(scalars) != Point(P):
            raise ProofError("inner-product proof: the equation does not hold")

    def serialized_size(self) -> int:
        """The length of to_bytes(): 32 * (2 * rounds + 2)."""
        return 32 * (2 * len(self.L_vec) + 2)

    def to_bytes(self) -> bytes:
        """L_0 || R_0 || ... || a || b (32 bytes each)."""
        parts = []
        for L, R in zip(self.L_vec, self.R_vec):
            parts += [L, R]
        return b"".join(parts) + self.a.to_bytes(32, "little") + self.b.to_bytes(32, "little")

    @staticmethod
    def from_bytes(data: Bytes) -> "InnerProductProof":
        """Parses the crate's layout; ProofError for a wrong length, 32 rounds or more, or a non-canonical a or b."""
        data = bytes(data)
        if len(data) % 32:
            raise ProofError("inner-product proof: length is not a multiple of 32")
        k2 = len(data) // 32 - 2
        if k2 < 0 or k2 % 2:
            raise ProofError("inner-product proof: wrong number of elements")
        k = k2 // 2
        if k >= 32:
            raise ProofError("inner-product proof: too many rounds")
        L_vec = [data[64 * i:64 * i + 32] for i in range(k)]
        R_vec = [data[64 * i + 32:64 * i + 64] for i in range(k)]
        a = _canonical_scalar(data[64 * k:64 * k + 32], "inner-product proof a")
        b = _canonical_scalar(data[64 * k + 32:64 * k + 64], "inner-product proof b")
        return InnerProductProof(L_vec, R_vec, a, b)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InnerProductProof) and self.to_bytes() == other.to_bytes()

    __hash__ = None  # type: ignore[assignment]


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


def _encoding(V) -> bytes:
    if isinstance(V, Point):
        return V.to_bytes()
    b = bytes(V)
    if len(b) != 32:
        raise ProofError("a commitment is not 32 bytes")
    return b


class RangeProof:
    """An (aggregated) range proof in the crate's format: points ``A, S, T_1, T_2`` (32-byte encodings),
    scalars ``t_x, t_x_blinding, e_blinding`` (ints) and ``ipp_proof`` (an InnerProductProof)."""

    __slots__ = ("A", "S", "T_1", "T_2", "t_x", "t_x_blinding", "e_blinding", "ipp_proof")

    def __init__(self, A: bytes, S: bytes, T_1: bytes, T_2: bytes, t_x: int, t_x_blinding: int, e_blinding: int,
                 ipp_proof: InnerProductProof) -> None:
        self.A, self.S, self.T_1, self.T_2 = A, S, T_1, T_2
        self.t_x, self.t_x_blinding, self.e_blinding = t_x, t_x_blinding, e_blinding
        self.ipp_proof = ipp_proof

    # -- wire format --
    def to_bytes(self) -> bytes:
        """A || S || T_1 || T_2 || t_x || t_x_blinding || e_blinding || the inner-product proof."""
        return (self.A + self.S + self.T_1 + self.T_2 + self.t_x.to_bytes(32, "little")
                + self.t_x_blinding.to_bytes(32, "little") + self.e_blinding.to_bytes(32, "little")
                + self.ipp_proof.to_bytes())

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @staticmethod
    def from_bytes(data: Bytes) -> "RangeProof":
        """Parses the crate's wire format; ProofError for what the crate's from_bytes rejects (length, a
        non-canonical scalar). The points are kept raw: the verifier checks them."""
        data = bytes(data)
        if len(data) % 32:
            raise ProofError("range proof: length is not a multiple of 32")
        if len(data) < 7 * 32:
            raise ProofError("range proof: too short")
        A, S, T_1, T_2 = (data[32 * i:32 * i + 32] for i in range(4))
        t_x = _canonical_scalar(data[128:160], "t_x")
        t_x_blinding = _canonical_scalar(data[160:192], "t_x_blinding")
        e_blinding = _canonical_scalar(data[192:224], "e_blinding")
        return RangeProof(A, S, T_1, T_2, t_x, t_x_blinding, e_blinding, InnerProductProof.from_bytes(data[224:]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RangeProof) and self.to_bytes() == other.to_bytes()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<RangeProof of {len(self.ipp_proof.L_vec)} rounds, {len(self.to_bytes())} bytes>"

    # -- proving --
    @staticmethod
    def prove_single(bp_gens: BulletproofGens, pc_gens: PedersenGens, transcript: Transcript, value: int,
                     blinding, n: int) -> Tuple["RangeProof", bytes]:
        """A proof that the commitment value*B + blinding*B_blinding holds a value in [0, 2^n): (proof, the
        commitment's encoding). ValueError when value is outside [0, 2^n); ProofError for a bad n or too few
        generators."""
        proof, commitments = RangeProof.prove_multiple(bp_gens, pc_gens, transcript, [value], [blinding], n)
        return proof, commitments[0]

    @staticmethod
    def prove_multiple(bp_gens: BulletproofGens, pc_gens: PedersenGens, transcript: Transcript,
                       values: Sequence[int], blindings: Sequence, n: int) -> Tuple["RangeProof", List[bytes]]:
        """An aggregated proof for m = len(values) commitments (m a power of two): (proof, their encodings)."""
        _check_bitsize(n)
        m = len(values)
        if m == 0 or m & (m - 1):
            raise ProofError(f"invalid aggregation size m={m}: expected a power of two")
        if len(blindings) != m:
            raise ValueError(f"{m} values but {len(blindings)} blindings")
        for i, v in enumerate(values):
            if not isinstance(v, int):
                raise TypeError(f"values[{i}]: expected an int")
            if not 0 <= v < 1 << n:
                raise ValueError(f"values[{i}] is outside [0, 2^{n})")
        bases = bp_gens._get(pc_gens, n, m)
        GH_b, GH_split_b, H_sum = bases.prover()
        N = n * m
        vS = [Scalar(v) for v in values]
        rS = [_scalar_arg(r, f"blindings[{i}]") for i, r in enumerate(blindings)]
        V = [(pc_gens._B * v + pc_gens._B_blinding * r).to_bytes() for v, r in zip(vS, rS)]
        _rangeproof_domain_sep(transcript, n, m)
        for Vj in V:
            transcript.append_message(b"V", Vj)

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
        A_b, S_b = A.to_bytes(), S.to_bytes()
        transcript.append_message(b"A", A_b)
        transcript.append_message(b"S", S_b)
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
        T1_b, T2_b = T_1.to_bytes(), T_2.to_bytes()
        transcript.append_message(b"T_1", T1_b)
        transcript.append_message(b"T_2", T2_b)
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
        ipp = InnerProductProof._create(transcript, Q, ScalarVector.powers(y_inv, N), bases.G, bases.H, l_vec, r_vec,
                                        y_inv)
        proof = RangeProof(A_b, S_b, T1_b, T2_b, int(t_x), int(t_x_blinding), int(e_blinding), ipp)
        return proof, V

    # -- verifying --
    def _replay(self, bp_gens: BulletproofGens, transcript: Transcript, commitments: Sequence, n: int):
        """The verifier's transcript: the crate's checks in its order (ProofError), then (V, n, m, y, z, x, w, us)
        with the challenges as ints; us + [prod(us), y] are the values _accumulate needs inverted."""
        _check_bitsize(n)
        m = len(commitments)
        if m == 0:
            raise ProofError("no commitments")
        if n > bp_gens.gens_capacity:
            raise ProofError(f"generators: gens_capacity {bp_gens.gens_capacity} < n={n}")
        if m > bp_gens.party_capacity:
            raise ProofError(f"generators: party_capacity {bp_gens.party_capacity} < m={m}")
        V = [_encoding(Vj) for Vj in commitments]
        _rangeproof_domain_sep(transcript, n, m)
        for Vj in V:
            transcript.append_message(b"V", Vj)
        _validate_and_append(transcript, b"A", self.A)
        _validate_and_append(transcript, b"S", self.S)
        y = _challenge(transcript, b"y")
        z = _challenge(transcript, b"z")
        _validate_and_append(transcript, b"T_1", self.T_1)
        _validate_and_append(transcript, b"T_2", self.T_2)
        x = _challenge(transcript, b"x")
        transcript.append_message(b"t_x", self.t_x.to_bytes(32, "little"))
        transcript.append_message(b"t_x_blinding", self.t_x_blinding.to_bytes(32, "little"))
        transcript.append_message(b"e_blinding", self.e_blinding.to_bytes(32, "little"))
        w = _challenge(transcript, b"w")
        us = self.ipp_proof._challenges(n * m, transcript)
        return V, n, m, y, z, x, w, us

    def _accumulate(self, replayed, inv: List[int], weight: int, static: "_Static", dyn_s: List[int],
                    dyn_p: List[bytes]) -> None:
        """Adds weight * (this proof's verification equation) to a batch: its scalars of B, B_blinding, G and H
        to static, those of its own points and commitments to dyn_s and dyn_p. replayed is _replay's result, inv
        the inverses of its us + [prod(us), y]."""
        V, n, m, y, z, x, w, us = replayed
        lg = len(us)
        u_inv, s0, y_inv = inv[:lg], inv[lg], inv[lg + 1]
        u_sq = [u * u % q for u in us]
        u_inv_sq = [u * u % q for u in u_inv]
        c = int(Scalar.random())  # the verifier's own randomness (not from the transcript)
        a, b = self.ipp_proof.a, self.ipp_proof.b
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
        static.B += weight * (w * (self.t_x - a * b) + c * (_delta(n, m, y, z) - self.t_x))
        static.B_blinding -= weight * (self.e_blinding + c * self.t_x_blinding)
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
            static.add(j, -(gs[k0:k0 + n] + wz), wz + two_y * base - hs[k0:k0 + n])
            base = base * zy % q

    @staticmethod
    def _verify(bp_gens, pc_gens, transcript, proof, commitments, n) -> None:
        if not isinstance(proof, RangeProof):
            proof = RangeProof.from_bytes(proof)
        m = len(commitments)
        _check_bitsize(n)
        static = _Static(n, m)
        dyn_s: List[int] = []
        dyn_p: List[bytes] = []
        replayed = proof._replay(bp_gens, transcript, commitments, n)
        us = replayed[-1]
        proof._accumulate(replayed, _batch_invert(us + [_prod(us), replayed[3]]), 1, static, dyn_s, dyn_p)
        _final_check(bp_gens._get(pc_gens, n, m).verifier_points(), static, dyn_s, dyn_p)

    @staticmethod
    def verify_single(bp_gens: BulletproofGens, pc_gens: PedersenGens, transcript: Transcript, proof,
                      commitment, n: int) -> None:
        """Verifies a proof (a RangeProof or its bytes) for one commitment (a Point or its encoding) and n bits;
        returns None, or raises ProofError naming what failed."""
        RangeProof._verify(bp_gens, pc_gens, transcript, proof, [commitment], n)

    @staticmethod
    def verify_multiple(bp_gens: BulletproofGens, pc_gens: PedersenGens, transcript: Transcript, proof,
                        commitments: Sequence, n: int) -> None:
        """Verifies an aggregated proof for the commitments (m = len(commitments)); ProofError when it fails."""
        RangeProof._verify(bp_gens, pc_gens, transcript, proof, list(commitments), n)

    @staticmethod
    def verify_batch(bp_gens: BulletproofGens, pc_gens: PedersenGens, items: Sequence) -> None:
        """Verifies many proofs at once; items are (proof, transcript, commitments, n) tuples (proof a RangeProof
        or its bytes, commitments a sequence; any n and m, mixed). Every proof's equation, weighted by an
        independent random 128-bit scalar from libsodium's CSPRNG, goes into one vartime multi-scalar
        multiplication. Returns None when all verify. Otherwise raises ProofError with ``index`` set to a
        failing proof's position (the first found by then verifying the proofs one by one). The batch runs on
        clones of the transcripts: the callers' transcripts are only used by that one-by-one pass."""
        parsed = []
        for idx, item in enumerate(items):
            try:
                proof, transcript, commitments, n = item
            except (TypeError, ValueError):
                raise TypeError(f"items[{idx}]: expected (proof, transcript, commitments, n)") from None
            if type(transcript) is not Transcript:
                raise TypeError(f"items[{idx}]: the transcript is a {type(transcript).__name__}, not a Transcript")
            parsed.append((proof, transcript, list(commitments), n))
        if not parsed:
            return
        failure = None
        try:
            stride = max(n if n in BITSIZES else 0 for _, _, _, n in parsed)
            parties = max(len(c) for _, _, c, _ in parsed)
            static = _Static(stride, parties)
            dyn_s: List[int] = []
            dyn_p: List[bytes] = []
            replays = []
            to_invert: List[int] = []
            for proof, transcript, commitments, n in parsed:
                if not isinstance(proof, RangeProof):
                    proof = RangeProof.from_bytes(proof)
                replayed = proof._replay(bp_gens, transcript.clone(), commitments, n)
                replays.append((proof, replayed, len(to_invert)))
                to_invert += replayed[-1] + [_prod(replayed[-1]), replayed[3]]
            inv = _batch_invert(to_invert)  # one inversion for the whole batch
            for (proof, replayed, at), weight in zip(replays, _random_weights(len(parsed))):
                proof._accumulate(replayed, inv[at:at + len(replayed[-1]) + 2], weight, static, dyn_s, dyn_p)
            _final_check(bp_gens._get(pc_gens, stride, parties).verifier_points(), static, dyn_s, dyn_p)
            return
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
    return [int(w) for w in random_weights(k, 128)]


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
        zero = _zeros(self.stride)
        return ScalarVector.concat([self.B, self.B_blinding], *(zero if v is None else v for v in self.G + self.H))


def _zeros(n: int) -> ScalarVector:
    return ScalarVector(bytes(32 * n))


def _final_check(bases: PointVector, static: _Static, dyn_s: List[int], dyn_p: List[bytes]) -> None:
    """The one vartime MSM of the fixed bases and the proofs' points (decoded there); ProofError unless it is the
    identity or when a proof point or commitment is not a valid encoding."""
    try:
        points = PointVector.concat(bases, dyn_p)
    except InvalidPointError as e:
        raise ProofError(f"a proof point or commitment is not a valid encoding ({e})") from None
    if not points.msm_vartime(ScalarVector.concat(static.scalars(), dyn_s)).is_identity():
        raise ProofError("the verification equation does not hold")
