"""Statements: linear relations ``lhs = x * B + y * H`` between named public points and named secret scalars,
declared once, composed with AND (``&``, `And`), OR (``|``, `Or`) and k-of-n OR (`Threshold`), and compiled once
into the index arrays of the C++ core (`pyristretto._group.SigmaPlan`).

Names are identifiers. A name is a secret when it multiplies a base (``x`` in ``x * B``) and a point otherwise.
Within the AND of statements a name means one thing: two statements that use the same secret name prove knowledge
of one secret (the equality of secrets across statements), the same point name is one point. The branches of an OR
each keep their own secrets (each branch has its own challenge), but share the points.
"""

from __future__ import annotations

import re
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from pyristretto import _group as grp
from pyristretto._group import Point
import pyristretto.sigma.proofs as _proofs

__all__ = ["StatementError", "Statement", "And", "Or", "Threshold"]

Bytes = Union[bytes, bytearray, memoryview]
Equation = Tuple[str, Tuple[Tuple[str, str], ...]]  # (lhs point, ((secret, base), ...))
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_TERM = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\*\s*([A-Za-z_][A-Za-z0-9_]*)\s*\Z")


class StatementError(ValueError):
    """A statement is malformed: a bad equation or name, a name used as both a secret and a point, points listed
    that the equations do not use, fixed points that are the identity or conflict."""


def _label(value, name="label") -> bytes:
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError(f"{name}: expected str or bytes, got {type(value).__name__}")


def _name(value, what) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what}: expected a name (str), got {type(value).__name__}")
    if not _NAME.match(value):
        raise StatementError(f"{what}: {value!r} is not a name (letters, digits and _, not starting with a digit)")
    return value


def _parse_rhs(text: str, where: str) -> Tuple[Tuple[str, str], ...]:
    terms = []
    for part in text.split("+"):
        m = _TERM.match(part)
        if not m:
            raise StatementError(f"{where}: {part.strip()!r} is not a term 'secret * Point'")
        terms.append((m.group(1), m.group(2)))
    return tuple(terms)


def _parse_equations(equations) -> List[Equation]:
    """Equations from the expression form ``"A = x * B, G = x * H"`` (separated by commas, semicolons or new lines;
    ``==`` also accepted) or from a sequence of ``(lhs, rhs)`` with rhs a mapping {secret: base}, a sequence of
    (secret, base) pairs or an expression ``"x * B + y * H"``."""
    out: List[Equation] = []
    if isinstance(equations, str):
        parts = [p for p in re.split(r"[,;\n]", equations) if p.strip()]
        if not parts:
            raise StatementError("equations: none given")
        for k, part in enumerate(parts):
            sides = re.split(r"==?", part)
            if len(sides) != 2:
                raise StatementError(f"equations[{k}]: {part.strip()!r} is not 'Point = secret * Point + ...'")
            lhs = _name(sides[0].strip(), f"equations[{k}]")
            out.append((lhs, _parse_rhs(sides[1], f"equations[{k}]")))
        return out
    if isinstance(equations, (bytes, bytearray, memoryview)) or not hasattr(equations, "__iter__"):
        raise TypeError(f"equations: expected a str or a sequence of (lhs, rhs), got {type(equations).__name__}")
    for k, item in enumerate(equations):
        if isinstance(item, str) or not isinstance(item, (tuple, list)) or len(item) != 2:
            raise TypeError(f"equations[{k}]: expected a pair (lhs, rhs), got {type(item).__name__}")
        lhs, rhs = item
        lhs = _name(lhs, f"equations[{k}] lhs")
        if isinstance(rhs, str):
            terms = _parse_rhs(rhs, f"equations[{k}]")
        elif isinstance(rhs, Mapping):
            terms = tuple(
                (_name(s, f"equations[{k}] secret"), _name(b, f"equations[{k}] base")) for s, b in rhs.items()
            )
        elif isinstance(rhs, (tuple, list)):
            for pair in rhs:
                if isinstance(pair, str) or not isinstance(pair, (tuple, list)) or len(pair) != 2:
                    raise TypeError(f"equations[{k}]: expected (secret, base) pairs")
            terms = tuple(
                (_name(pair[0], f"equations[{k}] secret"), _name(pair[1], f"equations[{k}] base")) for pair in rhs
            )
        else:
            raise TypeError(f"equations[{k}] rhs: expected a mapping, pairs or an expression, got {type(rhs).__name__}")
        if not terms:
            raise StatementError(f"equations[{k}]: no terms")
        out.append((lhs, terms))
    if not out:
        raise StatementError("equations: none given")
    return out


def _text(equations: Sequence[Equation]) -> str:
    return "; ".join(f"{lhs} = " + " + ".join(f"{s} * {b}" for s, b in terms) for lhs, terms in equations)


def _order(given, used: List[str], what: str) -> List[str]:
    """The order `given` for the names `used` (each exactly once), or `used` itself when none is given."""
    if given is None:
        return used
    if isinstance(given, str) or not hasattr(given, "__iter__"):
        raise TypeError(f"{what}: expected a sequence of names, got {type(given).__name__}")
    order = [_name(n, what) for n in given]
    if len(set(order)) != len(order) or set(order) != set(used):
        raise StatementError(f"{what}: expected each of {sorted(used)} once, got {order}")
    return order


def _unique(names: Iterable[str]) -> List[str]:
    seen: Dict[str, None] = {}
    for n in names:
        seen.setdefault(n, None)
    return list(seen)


class _Branch:
    """A linear statement: its secrets (in order) and equations."""

    __slots__ = ("secrets", "equations")

    def __init__(self, secrets: List[str], equations: List[Equation]) -> None:
        self.secrets = secrets
        self.equations = equations

    def __reduce__(self):
        return _Branch, (self.secrets, self.equations)

    def renamed(self, mapping: Mapping[str, str]) -> "_Branch":
        r = lambda n: mapping.get(n, n)  # noqa: E731
        return _Branch(
            [r(s) for s in self.secrets],
            [(r(lhs), tuple((r(s), r(b)) for s, b in terms)) for lhs, terms in self.equations],
        )


class Statement:
    """A statement of knowledge: secret scalars such that every equation ``lhs = sum secret * base`` holds between
    the public points. ``Statement(label, equations, *, secrets=None, points=None, fixed=None)``:

    - ``label``: the proof label (str or bytes), bound into the transcript (the zkp crate's ``define_proof!``
      second argument);
    - ``equations``: ``"A = x * B, G = x * H"`` (commas, semicolons or new lines between equations), or a sequence
      of ``(lhs, rhs)`` with rhs ``{secret: base}``, ``[(secret, base), ...]`` or ``"x * B + y * H"``;
    - ``secrets``: the secrets' order (their responses' order); default: as they first appear;
    - ``points``: the points' order in the transcript (the crate's instance points, then its common points);
      default: the left-hand sides in order, then the bases as they first appear;
    - ``fixed``: ``{name: point}`` binds points into the statement (generators, a tally's public key): they are
      not passed to prove or verify, the prover multiplies them on fixed-base combs and a batch verification adds
      their terms once.

    A statement without OR parts has the zkp crate's transcript layout: the crate's proofs of the same statement
    (same label, names and point order) verify here and ours there. Compose with ``&`` (`And`), ``|`` (`Or`) and
    `Threshold`; ``rename`` gives a copy with other names. Prove with `prove` / `prove_batchable`, check with
    `verify` / `verify_batch` (pyristretto.sigma.proofs). Immutable."""

    __slots__ = ("_label", "_plain", "_groups", "_points", "_fixed", "_plan", "__weakref__")
    _plan: Optional["_Compiled"]

    def __init__(
        self,
        label,
        equations,
        *,
        secrets: Optional[Sequence[str]] = None,
        points: Optional[Sequence[str]] = None,
        fixed: Optional[Mapping[str, object]] = None,
    ) -> None:
        eqs = _parse_equations(equations)
        used_secrets = _order(secrets, _unique(s for _, terms in eqs for s, _ in terms), "secrets")
        used_points = _order(
            points, _unique([lhs for lhs, _ in eqs] + [b for _, terms in eqs for _, b in terms]), "points"
        )
        self._init(_label(label), _Branch(used_secrets, eqs), [], used_points, _fixed_points(fixed))

    def _init(
        self,
        label: bytes,
        plain: Optional[_Branch],
        groups: List[Tuple[int, List[_Branch]]],
        points: List[str],
        fixed: Dict[str, Point],
    ) -> None:
        secrets = set(plain.secrets if plain else ()) | {s for _, bs in groups for b in bs for s in b.secrets}
        clash = secrets & set(points)
        if clash:
            raise StatementError(f"{sorted(clash)[0]!r} is used both as a secret and as a point")
        unknown = set(fixed) - set(points)
        if unknown:
            raise StatementError(f"fixed: {sorted(unknown)[0]!r} is not a point of the statement")
        if len(label) > 0xFFFFFFFF:
            raise StatementError("label: too long")
        self._label = label
        self._plain = plain
        self._groups = groups
        self._points = points
        self._fixed = fixed
        self._plan = None

    @classmethod
    def _make(cls, label, plain, groups, points, fixed) -> "Statement":
        s = cls.__new__(cls)
        s._init(label, plain, groups, points, fixed)
        return s

    # ---- description ------------------------------------------------------------------------------------
    @property
    def label(self) -> bytes:
        """The proof label."""
        return self._label

    @property
    def points(self) -> Tuple[str, ...]:
        """Every point's name, in transcript order (fixed ones included)."""
        return tuple(self._points)

    @property
    def public_points(self) -> Tuple[str, ...]:
        """The names of the points prove and verify take (those not fixed), in transcript order."""
        return tuple(p for p in self._points if p not in self._fixed)

    @property
    def fixed(self) -> Dict[str, Point]:
        """The points bound into the statement, by name."""
        return dict(self._fixed)

    @property
    def secrets(self) -> Tuple[str, ...]:
        """The secret names a witness may give: the AND part's, then each OR branch's (a name shared by OR branches
        once)."""
        names = list(self._plain.secrets) if self._plain else []
        return tuple(_unique(names + [s for _, bs in self._groups for b in bs for s in b.secrets]))

    @property
    def is_plain(self) -> bool:
        """True for a statement without OR parts (the zkp crate's kind)."""
        return not self._groups

    @property
    def groups(self) -> Tuple[Tuple[int, int], ...]:
        """(k, n) of each OR group: k of its n branches are true."""
        return tuple((k, len(bs)) for k, bs in self._groups)

    def __str__(self) -> str:
        parts = [_text(self._plain.equations)] if self._plain else []
        for k, branches in self._groups:
            inner = " | ".join(f"[{_text(b.equations)}]" for b in branches)
            parts.append(f"{'any' if k == 1 else k} of ({inner})")
        return " & ".join(parts)

    def __repr__(self) -> str:
        fixed = f", fixed={sorted(self._fixed)}" if self._fixed else ""
        return f"Statement({self._label!r}, {str(self)!r}{fixed})"

    def __reduce__(self):
        # the parts, without the compiled plan (rebuilt on first use)
        return _rebuild, (
            self._label,
            self._plain,
            self._groups,
            self._points,
            {n: bytes(P) for n, P in self._fixed.items()},
        )

    def __eq__(self, other) -> bool:
        if not isinstance(other, Statement):
            return NotImplemented
        return (self._label, str(self), self._points, self._fixed) == (
            other._label,
            str(other),
            other._points,
            other._fixed,
        )

    def __hash__(self) -> int:
        return hash((self._label, str(self), tuple(self._points)))

    # ---- composition -------------------------------------------------------------------------------------
    def rename(self, mapping: Optional[Mapping[str, str]] = None, /, **names: str) -> "Statement":
        """A copy with names changed (``s.rename(A="A1", x="x1")`` or ``s.rename({"A": "A1"})``): points and secrets
        alike, everywhere they appear. The label stays."""
        if mapping is not None and not isinstance(mapping, Mapping):
            raise TypeError(f"mapping: expected a mapping of names to names, got {type(mapping).__name__}")
        m = dict(mapping or {}, **names)
        for old, new in m.items():
            _name(old, "mapping")
            _name(new, f"mapping[{old!r}]")
        r = lambda n: m.get(n, n)  # noqa: E731
        plain = self._plain.renamed(m) if self._plain else None
        groups = [(k, [b.renamed(m) for b in bs]) for k, bs in self._groups]
        points = [r(p) for p in self._points]
        if len(set(points)) != len(points):
            raise StatementError("rename: two points would get one name")
        if plain and len(set(plain.secrets)) != len(plain.secrets):
            raise StatementError("rename: two secrets would get one name")
        return Statement._make(self._label, plain, groups, points, {r(n): P for n, P in self._fixed.items()})

    def __and__(self, other: "Statement") -> "Statement":
        if not isinstance(other, Statement):
            return NotImplemented
        return And(self, other)

    def __or__(self, other: "Statement") -> "Statement":
        if not isinstance(other, Statement):
            return NotImplemented
        return Or(self, other)

    def _one_of_n_branches(self) -> Optional[List[_Branch]]:
        """The branches when this is a plain OR (one 1-of-n group, nothing else): a | b | c flattens."""
        if self._plain is None and len(self._groups) == 1 and self._groups[0][0] == 1:
            return self._groups[0][1]
        return None

    # ---- compilation ---------------------------------------------------------------------------------------
    def _shape(self) -> bytes:
        return b"" if self.is_plain else str(self).encode("utf-8")

    def plan(self) -> "grp.SigmaPlan":
        """The compiled statement (built once): the index arrays and fixed-base tables of the C++ core."""
        return self._compiled().plan

    def _compiled(self) -> "_Compiled":
        compiled = self._plan
        if compiled is None:
            compiled = self._plan = _Compiled(self)
        return compiled

    # ---- proofs (pyristretto.sigma.proofs) -------------------------------------------------------------------
    def prove(self, witness, public=None, transcript=None, *, known=None, rng=None):
        """A compact proof (`CompactProof`: the challenge and the responses) that the prover knows the witness.
        witness: ``{secret name: scalar}`` (a Scalar, an int or 32 canonical bytes); public: ``{point name: point}``
        for every point not fixed (a Point or its 32-byte encoding); transcript: a Transcript (advanced, as the zkp
        crate does), by default a new ``Transcript(b"pyristretto.sigma")``; known: for a statement with OR parts,
        the true branch of each group (an int for one 1-of-n group, else a sequence: per group an int, or k ints
        for a k-of-n group). The branches' secrets not given are taken as 0 (use the same secret names in every
        branch of an OR and give them all, and the witness's shape does not depend on the true branch). A
        witness that does not satisfy the statement gives a proof that does not verify."""
        return _proofs.prove(self, witness, public, transcript, known, rng, batchable=False)

    def prove_batchable(self, witness, public=None, transcript=None, *, known=None, rng=None):
        """A batchable proof (`BatchableProof`: the commitments and the responses), as `prove`."""
        return _proofs.prove(self, witness, public, transcript, known, rng, batchable=True)

    def verify(self, proof, public=None, transcript=None) -> bool:
        """True when the proof (compact or batchable) holds for the public points on the transcript (by default a
        new ``Transcript(b"pyristretto.sigma")``); otherwise `InvalidProofError`, never False."""
        return _proofs.verify(self, proof, public, transcript)

    def verify_batch(self, proofs, publics, transcripts=None) -> bool:
        """True when every batchable proof holds (proofs[i] for publics[i] on transcripts[i]), checked at once in one
        multi-scalar multiplication with independent 128-bit weights; otherwise `InvalidProofError` whose
        ``index`` names a failing proof."""
        return _proofs.verify_batch(self, proofs, publics, transcripts)


def _rebuild(label, plain, groups, points, fixed) -> Statement:
    return Statement._make(label, plain, groups, points, _fixed_points(fixed))


class _Compiled:
    """What proving and verifying a statement need, computed once: the plan (index arrays, fixed-base tables),
    the secret slots, the points to take from the caller and the proof's sizes."""

    __slots__ = (
        "plan",
        "slots",
        "required",
        "secret_names",
        "public_names",
        "point_names",
        "n_equations",
        "n_secrets",
        "n_group_challenges",
    )

    def __init__(self, st: Statement) -> None:
        branches = ([st._plain] if st._plain else []) + [b for _, bs in st._groups for b in bs]
        index = {p: i for i, p in enumerate(st._points)}
        secret_names: List[bytes] = []
        equations, branch_rows, group_rows, group_of = [], [], [], []
        for g, (k, bs) in enumerate(st._groups):
            group_of += [g] * len(bs)
        plain_offset = 1 if st._plain else 0
        self.slots: List[Tuple[str, int]] = []  # (secret name, its branch's group or -1) per slot
        for b, branch in enumerate(branches):
            first = len(secret_names)
            slot = {s: first + i for i, s in enumerate(branch.secrets)}
            secret_names += [s.encode() for s in branch.secrets]
            group = group_of[b - plain_offset] if b >= plain_offset else -1
            self.slots += [(s, group) for s in branch.secrets]
            branch_rows.append((first, len(branch.secrets), group))
            for lhs, terms in branch.equations:
                equations.append((index[lhs], b, [(slot[s], index[base]) for s, base in terms]))
        first = plain_offset
        for k, bs in st._groups:
            group_rows.append((first, len(bs), k))
            first += len(bs)
        fixed = {index[n]: P for n, P in st._fixed.items()}
        self.plan = grp.SigmaPlan(
            st._label,
            st._shape(),
            secret_names,
            [p.encode() for p in st._points],
            equations,
            branch_rows,
            group_rows,
            fixed,
        )
        self.required = frozenset(n for n, g in self.slots if g < 0)
        self.secret_names = frozenset(n for n, _ in self.slots)
        self.point_names = tuple(st._points)
        self.public_names = tuple(p for p in st._points if p not in st._fixed)
        self.n_equations = len(equations)
        self.n_secrets = len(self.slots)
        self.n_group_challenges = self.plan.n_group_challenges


def _fixed_points(fixed) -> Dict[str, Point]:
    if fixed is None:
        return {}
    if not isinstance(fixed, Mapping):
        raise TypeError(f"fixed: expected a mapping of names to points, got {type(fixed).__name__}")
    out = {}
    for name, value in fixed.items():
        name = _name(name, "fixed")
        if not grp.is_element_argument(value):
            raise TypeError(f"fixed[{name!r}]: expected a Point or 32 bytes, got {type(value).__name__}")
        P = grp.deserialize_element(value)
        if P is None:
            raise StatementError(f"fixed[{name!r}]: not a valid non-identity ristretto255 point")
        out[name] = P
    return out


def _merge_fixed(statements: Sequence[Statement]) -> Dict[str, Point]:
    fixed: Dict[str, Point] = {}
    for s in statements:
        for name, P in s._fixed.items():
            if name in fixed and fixed[name] != P:
                raise StatementError(f"{name!r} is fixed to two different points")
            fixed[name] = P
    return fixed


def _statements(items, what) -> List[Statement]:
    out = list(items)
    for k, s in enumerate(out):
        if not isinstance(s, Statement):
            raise TypeError(f"{what}[{k}]: expected a Statement, got {type(s).__name__}")
    return out


def And(*statements: Statement, label=None) -> Statement:
    """The AND of statements (also ``a & b``): one proof of all of them with one challenge. A secret name shared by
    statements is one secret (equality of secrets across statements); a point name is one point. The OR groups of
    the parts stay groups. label: by default the parts' labels joined by ``" & "``."""
    parts = _statements(statements, "statements")
    if len(parts) < 2:
        raise StatementError("And: needs at least two statements")
    lab = _label(label) if label is not None else b" & ".join(s._label for s in parts)
    plains = [s._plain for s in parts if s._plain]
    plain = None
    if plains:
        plain = _Branch(_unique(n for b in plains for n in b.secrets), [e for b in plains for e in b.equations])
    groups = [g for s in parts for g in s._groups]
    points = _unique(p for s in parts for p in s._points)
    return Statement._make(lab, plain, groups, points, _merge_fixed(parts))


def _branches_of(parts: Sequence[Statement], allow_flatten: bool) -> List[_Branch]:
    branches: List[_Branch] = []
    for k, s in enumerate(parts):
        flat = s._one_of_n_branches() if allow_flatten else None
        if flat is not None:
            branches += flat
        elif s._groups:
            raise StatementError(f"statements[{k}]: an OR branch cannot itself hold OR parts")
        elif s._plain is not None:
            branches.append(s._plain)
    return branches


def Or(*statements: Statement, label=None) -> Statement:
    """The OR of statements (also ``a | b``; ``a | b | c`` is one OR of three): a proof that one of them holds,
    without telling which (Cramer-Damgard-Schoenmakers: the other branches are simulated, and the branches'
    challenges sum to the transcript's). Each branch keeps its own secrets; points are shared. label: by default
    ``"or(" + the labels joined by " | " + ")"``."""
    parts = _statements(statements, "statements")
    if len(parts) < 2:
        raise StatementError("Or: needs at least two statements")
    branches = _branches_of(parts, True)
    lab = _label(label) if label is not None else b"or(" + b" | ".join(s._label for s in parts) + b")"
    points = _unique(p for s in parts for p in s._points)
    return Statement._make(lab, None, [(1, branches)], points, _merge_fixed(parts))


def Threshold(k: int, *statements: Statement, label=None) -> Statement:
    """k of the n statements hold (1 <= k < n; n <= 64 for k >= 2), without telling which: the branches'
    challenges lie on a polynomial of degree n - k whose value at 0 is the transcript's challenge
    (Cramer-Damgard-Schoenmakers with Shamir sharing); k = 1 is `Or`. label: by default
    ``"<k>-of(" + the labels joined by " | " + ")"``."""
    import operator

    try:
        k = operator.index(k)
    except TypeError:
        raise TypeError(f"k: expected an int, got {type(k).__name__}") from None
    parts = _statements(statements, "statements")
    n = len(parts)
    if not 1 <= k < n:
        raise StatementError(f"Threshold: expected 1 <= k < n = {n}, got k = {k}")
    if k > 1 and n > 64:
        raise StatementError("Threshold: at most 64 statements when k >= 2")
    branches = _branches_of(parts, False)
    lab = _label(label) if label is not None else f"{k}-of(".encode() + b" | ".join(s._label for s in parts) + b")"
    points = _unique(p for s in parts for p in s._points)
    return Statement._make(lab, None, [(k, branches)], points, _merge_fixed(parts))
