"""Proofs of statements: the zkp crate's compact proofs (challenge and responses) and batchable proofs (commitments
and responses), with the challenges of OR groups when a statement has them; proving, verifying and batch
verification, each one call into the C++ core (`pyristretto._group.SigmaPlan`).

Wire formats (bincode, as the crate serializes its proofs): ``CompactProof`` is ``challenge || u64(n) ||
responses``, ``BatchableProof`` is ``u64(m) || commitments || u64(n) || responses``; a statement with OR groups
appends ``u64(k) || group challenges``. Integers are 8 bytes little-endian, scalars 32 canonical bytes, points 32
bytes.
"""

from __future__ import annotations

import operator
import struct
from typing import List, Mapping, Optional, Union

from pyristretto import _group as grp
from pyristretto._group import Point, Scalar, ScalarVector, Transcript

__all__ = [
    "SigmaError",
    "InvalidProofError",
    "CompactProof",
    "BatchableProof",
    "DEFAULT_TRANSCRIPT_LABEL",
    "prove",
    "verify",
    "verify_batch",
]

DEFAULT_TRANSCRIPT_LABEL = b"pyristretto.sigma"
_BYTES = (bytes, bytearray, memoryview)


class SigmaError(ValueError):
    """Base class of the errors of pyristretto.sigma."""


class InvalidProofError(SigmaError):
    """A proof does not verify; ``index`` is the failing proof's position in a batch (None for one proof)."""

    def __init__(self, message: str, index: Optional[int] = None) -> None:
        super().__init__(message if index is None else f"proofs[{index}]: {message}")
        self.index = index


def _canonical_scalars(values, name) -> bytes:
    """Scalars (Scalar, int in [0, q) or 32 canonical bytes) as their concatenated encodings."""
    if isinstance(values, ScalarVector):
        return values.to_bytes()
    if isinstance(values, (str, *_BYTES)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name}: expected a sequence of scalars, got {type(values).__name__}")
    return b"".join(grp.scalar_argument(v, f"{name}[{i}]", SigmaError).to_bytes() for i, v in enumerate(values))


def _split(data: bytes) -> List[bytes]:
    return [data[i : i + 32] for i in range(0, len(data), 32)]


class _Reader:
    """bincode's fixint little-endian reading of proofs: u64 lengths, then 32-byte items."""

    def __init__(self, data, name: str) -> None:
        if isinstance(data, str) or not isinstance(data, _BYTES):
            raise TypeError(f"{name}: expected bytes, got {type(data).__name__}")
        self.data, self.pos, self.name = bytes(data), 0, name

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise SigmaError(f"{self.name}: truncated ({len(self.data)} bytes)")
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def items(self) -> bytes:
        (count,) = struct.unpack("<Q", self.take(8))
        if count > (len(self.data) - self.pos) // 32:
            raise SigmaError(f"{self.name}: a length of {count} items runs past the end")
        return self.take(32 * count)

    def scalars(self) -> bytes:
        data = self.items()
        for i, s in enumerate(_split(data)):
            if grp.deserialize_scalar(s) is None:
                raise SigmaError(f"{self.name}: scalar {i} is not canonical")
        return data

    def done(self) -> bool:
        return self.pos == len(self.data)


def _vec(data: bytes) -> bytes:
    return struct.pack("<Q", len(data) // 32) + data


class _Proof:
    """What both proof forms share: the responses, the OR groups' challenges, value semantics and pickling."""

    __slots__ = ("_first", "_responses", "_challenges")  # _first: the challenge, or the commitments

    def __init__(self, first: bytes, responses, challenges) -> None:
        self._first = first
        self._responses = _canonical_scalars(responses, "responses")
        self._challenges = _canonical_scalars(challenges, "challenges")

    @classmethod
    def _of(cls, first: bytes, responses: bytes, challenges: bytes):
        p = cls.__new__(cls)
        p._first, p._responses, p._challenges = first, responses, challenges
        return p

    @property
    def responses(self) -> List[Scalar]:
        """The responses, one per secret slot."""
        return [Scalar.from_bytes(s) for s in _split(self._responses)]

    @property
    def challenges(self) -> List[Scalar]:
        """The OR groups' challenges (empty for a statement without OR)."""
        return [Scalar.from_bytes(s) for s in _split(self._challenges)]

    def _tail(self) -> bytes:
        return _vec(self._responses) + (_vec(self._challenges) if self._challenges else b"")

    @staticmethod
    def _read_tail(r: "_Reader"):
        responses = r.scalars()
        challenges = b"" if r.done() else r.scalars()
        if not r.done():
            raise SigmaError("data: trailing bytes")
        return responses, challenges

    def to_bytes(self) -> bytes:  # the subclasses document their forms
        raise NotImplementedError

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (self._first, self._responses, self._challenges) == (other._first, other._responses, other._challenges)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._first, self._responses, self._challenges))

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_bytes(bytes.fromhex({self.to_bytes().hex()!r}))"

    def __reduce__(self):
        return type(self).from_bytes, (self.to_bytes(),)  # type: ignore[attr-defined]


class CompactProof(_Proof):
    """A compact proof: the challenge, the responses (one per secret slot) and, for a statement with OR groups, the
    group challenges (n - k per group). ``CompactProof(challenge, responses, challenges=())`` from scalars;
    `to_bytes` / `from_bytes` in the zkp crate's bincode form. Immutable; equal proofs compare equal."""

    __slots__ = ()

    def __init__(self, challenge, responses, challenges=()) -> None:
        super().__init__(grp.scalar_argument(challenge, "challenge", SigmaError).to_bytes(), responses, challenges)

    @property
    def _challenge(self) -> bytes:
        return self._first

    @property
    def challenge(self) -> Scalar:
        """The challenge c."""
        return Scalar.from_bytes(self._first)

    def to_bytes(self) -> bytes:
        """``challenge || u64(n) || responses`` (the crate's bincode), ``|| u64(k) || challenges`` with OR groups."""
        return self._first + self._tail()

    @classmethod
    def from_bytes(cls, data) -> "CompactProof":
        """The proof of `to_bytes`'s form; SigmaError when it is malformed (non-canonical scalars included)."""
        r = _Reader(data, "data")
        challenge = r.take(32)
        if grp.deserialize_scalar(challenge) is None:
            raise SigmaError("data: the challenge is not canonical")
        return cls._of(challenge, *cls._read_tail(r))


class BatchableProof(_Proof):
    """A batchable proof: the commitments (one per equation), the responses and, for a statement with OR groups,
    the group challenges. ``BatchableProof(commitments, responses, challenges=())``; `to_bytes` / `from_bytes` in
    the crate's bincode form. The commitments are checked when verifying (as the crate does). Immutable."""

    __slots__ = ()

    def __init__(self, commitments, responses, challenges=()) -> None:
        if isinstance(commitments, (str, *_BYTES)) or not hasattr(commitments, "__iter__"):
            raise TypeError(f"commitments: expected a sequence of points, got {type(commitments).__name__}")
        parts = []
        for i, c in enumerate(commitments):
            if not grp.is_element_argument(c):
                raise TypeError(f"commitments[{i}]: expected a Point or 32 bytes, got {type(c).__name__}")
            enc = bytes(c) if type(c) is Point else bytes(memoryview(c).cast("B"))
            if len(enc) != 32:
                raise SigmaError(f"commitments[{i}]: expected 32 bytes, got {len(enc)}")
            parts.append(enc)
        super().__init__(b"".join(parts), responses, challenges)

    @property
    def _commitments(self) -> bytes:
        return self._first

    @property
    def commitments(self) -> List[bytes]:
        """The commitments' 32-byte encodings, one per equation (decoded when verifying)."""
        return _split(self._first)

    def to_bytes(self) -> bytes:
        """``u64(m) || commitments || u64(n) || responses`` (the crate's bincode), then ``|| u64(k) || challenges``
        with OR groups."""
        return _vec(self._first) + self._tail()

    @classmethod
    def from_bytes(cls, data) -> "BatchableProof":
        """The proof of `to_bytes`'s form; SigmaError when it is malformed (non-canonical scalars included)."""
        r = _Reader(data, "data")
        commitments = r.items()
        return cls._of(commitments, *cls._read_tail(r))


Proof = Union[CompactProof, BatchableProof]


# ---- arguments -----------------------------------------------------------------------------------------------
def _transcript(transcript, name="transcript") -> Transcript:
    if transcript is None:
        return Transcript(DEFAULT_TRANSCRIPT_LABEL)
    if type(transcript) is not Transcript:
        raise TypeError(f"{name}: expected a Transcript, got {type(transcript).__name__}")
    return transcript


def _public(c, public, name="public"):
    """The statement's points for the core: the dict itself when it holds exactly the points that are not fixed
    (the core reads them by name), else a list in order, None where fixed; ValueError or TypeError naming what is
    wrong. The core decodes the points."""
    if type(public) is dict and len(public) == len(c.public_names):
        return public  # a wrong name shows as a missing one, which the core names
    if public is None:
        public = {}
    elif not isinstance(public, Mapping):
        raise TypeError(f"{name}: expected a mapping of point names to points, got {type(public).__name__}")
    if len(public) != len(c.public_names) or not all(p in public for p in c.public_names):
        for p in c.public_names:
            if p not in public:
                raise ValueError(f"{name}: missing the point {p!r}")
        extra = sorted(map(str, set(public) - set(c.public_names)))[0]
        if extra in c.point_names:
            raise ValueError(f"{name}[{extra!r}]: the statement fixes this point; do not pass it")
        raise ValueError(f"{name}: {extra!r} is not a point of the statement")
    out = [public.get(p) for p in c.point_names]
    for p, value in zip(c.point_names, out):
        if value is not None and type(value) is not Point and not grp.is_element_argument(value):
            raise TypeError(f"{name}[{p!r}]: expected a Point or 32 bytes, got {type(value).__name__}")
    return out


def _known(statement, known) -> list:
    groups = statement._groups
    if type(known) is int and len(groups) == 1 and groups[0][0] == 1:
        return [[known]]  # one 1-of-n group (the core checks the range)
    if not groups:
        if known is not None:
            raise ValueError("known: the statement has no OR parts")
        return []
    if known is None:
        raise ValueError("known: say which branch of each OR group is true")
    if len(groups) == 1 and not isinstance(known, (list, tuple)):
        known = [known]
    elif len(groups) == 1 and groups[0][0] > 1 and all(not isinstance(x, (list, tuple)) for x in known):
        known = [known]  # the k indices of the one k-of-n group
    if not isinstance(known, (list, tuple)) or len(known) != len(groups):
        raise ValueError(f"known: expected one entry per OR group ({len(groups)})")
    out = []
    for g, ((k, _), entry) in enumerate(zip(groups, known)):
        entry = list(entry) if isinstance(entry, (list, tuple)) else [entry]
        if len(entry) != k:
            raise ValueError(f"known[{g}]: expected {k} branch indices, got {len(entry)}")
        for x in entry:
            if isinstance(x, bool):
                raise TypeError(f"known[{g}]: expected ints, got bool")
            try:
                operator.index(x)
            except TypeError:
                raise TypeError(f"known[{g}]: expected ints, got {type(x).__name__}") from None
        out.append(entry)
    return out


def _witness(c, witness) -> ScalarVector:
    if type(witness) is dict and len(witness) == len(c.secret_names):  # every secret given: Scalars go straight in
        values = [witness.get(name) for name, _ in c.slots]
        if all(type(v) is Scalar for v in values):
            return ScalarVector([v for v in values if v is not None])
    if not isinstance(witness, Mapping):
        raise TypeError(f"witness: expected a mapping of secret names to scalars, got {type(witness).__name__}")
    for n in witness:
        if n not in c.secret_names:
            raise ValueError(f"witness: {n!r} is not a secret of the statement")
    slots = []
    for name, group in c.slots:
        v = witness.get(name)
        if v is None:
            if group < 0 or name in witness:
                raise ValueError(f"witness: missing the secret {name!r}")
            v = grp.ZERO  # a branch the prover may not know: its secrets are simulated
        elif type(v) is not Scalar:
            v = grp.scalar_argument(v, f"witness[{name!r}]")
        slots.append(v)
    return ScalarVector(slots)


# ---- proving and verifying -----------------------------------------------------------------------------------
def prove(statement, witness, public, transcript, known, rng, batchable: bool) -> Proof:
    """The proof of Statement.prove / prove_batchable."""
    c = statement._compiled()
    t = _transcript(transcript)
    points = _public(c, public)
    known_list = _known(statement, known)
    w = _witness(c, witness)
    commitments, challenge, challenges, responses = c.plan.prove(t, points, w, known_list, rng)
    if batchable:
        return BatchableProof._of(commitments, responses, challenges)
    return CompactProof._of(challenge, responses, challenges)


def _check_shape(c, proof, index=None) -> None:
    if len(proof._responses) != 32 * c.n_secrets:
        raise InvalidProofError(f"expected {c.n_secrets} responses, got {len(proof._responses) // 32}", index)
    if len(proof._challenges) != 32 * c.n_group_challenges:
        raise InvalidProofError(
            f"expected {c.n_group_challenges} group challenges, got {len(proof._challenges) // 32}", index
        )
    if isinstance(proof, BatchableProof) and len(proof._commitments) != 32 * c.n_equations:
        raise InvalidProofError(f"expected {c.n_equations} commitments, got {len(proof._commitments) // 32}", index)


def verify(statement, proof, public, transcript) -> bool:
    """Statement.verify."""
    if not isinstance(proof, (CompactProof, BatchableProof)):
        raise TypeError(f"proof: expected a CompactProof or a BatchableProof, got {type(proof).__name__}")
    c = statement._compiled()
    t = _transcript(transcript)
    points = _public(c, public)
    _check_shape(c, proof)
    if isinstance(proof, CompactProof):
        if not c.plan.verify_compact(t, points, proof._challenge, proof._challenges, proof._responses):
            raise InvalidProofError("the recomputed challenge differs: the proof does not hold")
        return True
    index, reason = c.plan.verify_batch([t], [points], [proof._commitments], [proof._challenges], [proof._responses])
    if index >= 0:
        raise InvalidProofError(reason)
    return True


def verify_batch(statement, proofs, publics, transcripts) -> bool:
    """Statement.verify_batch."""
    if isinstance(proofs, (str, *_BYTES)) or not hasattr(proofs, "__iter__"):
        raise TypeError(f"proofs: expected a sequence of BatchableProof, got {type(proofs).__name__}")
    if isinstance(publics, (str, *_BYTES, Mapping)) or not hasattr(publics, "__iter__"):
        raise TypeError(f"publics: expected a sequence of mappings, got {type(publics).__name__}")
    c = statement._compiled()
    proofs, publics = list(proofs), list(publics)
    if len(publics) != len(proofs):
        raise ValueError(f"publics: expected {len(proofs)} mappings (one per proof), got {len(publics)}")
    if transcripts is None:
        ts = None  # the core starts each proof's from Transcript(DEFAULT_TRANSCRIPT_LABEL)
    else:
        if isinstance(transcripts, (str, *_BYTES)) or not hasattr(transcripts, "__iter__"):
            raise TypeError(f"transcripts: expected a sequence of Transcript, got {type(transcripts).__name__}")
        ts = [_transcript(t, f"transcripts[{i}]") for i, t in enumerate(transcripts)]
        if len(ts) != len(proofs):
            raise ValueError(f"transcripts: expected {len(proofs)} transcripts, got {len(ts)}")
    points = []
    for i, (proof, public) in enumerate(zip(proofs, publics)):
        if type(proof) is not BatchableProof:
            raise TypeError(f"proofs[{i}]: expected a BatchableProof, got {type(proof).__name__}")
        points.append(_public(c, public, f"publics[{i}]"))  # the parts' sizes are checked by the core
    index, reason = c.plan.verify_batch(
        ts,
        points,
        [p._commitments for p in proofs],
        [p._challenges for p in proofs],
        [p._responses for p in proofs],
        DEFAULT_TRANSCRIPT_LABEL,
    )
    if index >= 0:
        raise InvalidProofError(reason, index)
    return True
