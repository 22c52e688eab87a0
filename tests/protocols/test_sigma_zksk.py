"""pyristretto.sigma against zksk (EPFL's composable sigma proofs, on P-224 through petlib): the same statement shapes
(DLOG, DLEQ, representations, AND, equality of secrets across an AND, OR with the true branch at each position)
with random witnesses on both. The groups differ, so the test compares behaviour, not bytes: honest proofs verify on
both, proofs with a wrong witness and proofs checked against another public point fail on both, and the composed
proofs have the same structure (responses per secret, OR challenges, commitments per equation).

zksk is installed by scripts/setup.sh (`pip install --no-deps zksk petlib`: its bplib dependency, for pairings, does
not build against OpenSSL 3); an environment where it cannot be installed sets PYRISTRETTO_ZKSK_OPTIONAL=1
(scripts/check_dist.sh does) and the module is skipped there. Everywhere else a missing zksk is an error."""

import functools
import operator
import os
import random

import pytest

if os.environ.get("PYRISTRETTO_ZKSK_OPTIONAL") == "1":
    pytest.importorskip(
        "zksk",
        exc_type=ImportError,  # petlib's absence is zksk's ImportError too
        reason="zksk (the reference) is not installable in this environment "
        "(PYRISTRETTO_ZKSK_OPTIONAL=1: pip install --no-deps zksk petlib failed)",
    )

from petlib.bn import Bn  # noqa: E402  (zksk's group: petlib's OpenSSL P-224)
from petlib.ec import EcGroup  # noqa: E402
from zksk import DLRep, Secret  # noqa: E402
from zksk.composition import AndProofStmt, OrProofStmt  # noqa: E402
from zksk.exceptions import StatementMismatch  # noqa: E402

from pyristretto import Point, Scalar  # noqa: E402
from pyristretto.sigma import BatchableProof, InvalidProofError, Or, Statement  # noqa: E402

CASES = 20  # random witnesses per shape and true branch
P224 = EcGroup(713)
Q = 2**252 + 27742317777372353535851937790883648493

# A shape: its kind and branches; a branch is a list of equations (lhs, [(secret, base), ...]). "plain": one
# Statement of the branch's equations; "and": the `&` of one Statement per equation (zksk: AndProofStmt of DLReps);
# "or": Or of one Statement per branch (zksk: OrProofStmt), each branch's secrets its own.
DLOG = [("A", [("x", "B")])]
SHAPES = {
    "dlog": ("plain", [DLOG]),
    "dleq": ("plain", [[("A", [("x", "G")]), ("B", [("x", "H")])]]),
    "rep2": ("plain", [[("C", [("x0", "G0"), ("x1", "G1")])]]),
    "rep3": ("plain", [[("C", [("x0", "G0"), ("x1", "G1"), ("x2", "G2")])]]),
    "and": ("and", [[("X", [("x", "G")]), ("Y", [("y", "H"), ("z", "G")])]]),
    "and-equal-secret": ("and", [[("X", [("x", "G")]), ("Y", [("x", "H")])]]),
    "or2": ("or", [[(f"A{i}", [(f"x{i}", "B")])] for i in range(2)]),
    "or3": ("or", [[(f"A{i}", [(f"x{i}", f"B{i}")])] for i in range(3)]),
    "or2-dleq": ("or", [[(f"A{i}", [(f"x{i}", "G")]), (f"B{i}", [(f"x{i}", "H")])] for i in range(2)]),
}
PARAMS = [
    (name, known)
    for name, (kind, branches) in SHAPES.items()
    for known in (range(len(branches)) if kind == "or" else [0])
]


def names(branch, which):
    """The secrets (which=0) or bases (which=1) of a branch, in order of first appearance."""
    return list(dict.fromkeys(term[which] for _, terms in branch for term in terms))


def ours(kind, branches):
    def st(eqs, label):
        return Statement(
            label, ", ".join(f"{lhs} = " + " + ".join(f"{s} * {b}" for s, b in terms) for lhs, terms in eqs)
        )

    if kind == "plain":
        return st(branches[0], "zksk/plain")
    if kind == "and":
        return functools.reduce(operator.and_, [st([eq], f"zksk/and{i}") for i, eq in enumerate(branches[0])])
    return Or(*[st(branch, f"zksk/or{i}") for i, branch in enumerate(branches)])


def theirs(kind, branches, points, values=None, simulated=()):
    """zksk's statement on P-224 points; values: the secrets' Bn values (the prover's side), simulated: the OR
    branches the prover simulates."""

    def secret(name):
        return Secret(value=None if values is None else values.get(name), name=name)

    def branch_stmt(eqs):
        reps = [
            DLRep(points[lhs], functools.reduce(operator.add, [secret(s) * points[b] for s, b in terms]))
            for lhs, terms in eqs
        ]
        return reps[0] if len(reps) == 1 else AndProofStmt(*reps)

    if kind != "or":
        return branch_stmt(branches[0])
    stmt = OrProofStmt(*[branch_stmt(b) for b in branches])
    for i in simulated:
        stmt.subproofs[i].set_simulated()
    return stmt


def instance(rng, branches, known):
    """Random witnesses and points on both groups: the true branch's left-hand sides computed, the others random."""
    wit = {s: rng.randrange(1, 2**250) for s in names(branches[known], 0)}
    ptn = {b for br in branches for b in names(br, 1)}
    mine = {b: Point.random() for b in ptn}
    theirs_ = {b: P224.hash_to_point(rng.randbytes(16)) for b in ptn}
    for i, branch in enumerate(branches):
        for lhs, terms in branch:
            if i == known:
                mine[lhs] = sum((Scalar(wit[s]) * mine[b] for s, b in terms), Point.identity())
                theirs_[lhs] = functools.reduce(
                    operator.add, [Bn.from_decimal(str(wit[s])) * theirs_[b] for s, b in terms]
                )
            else:
                mine[lhs], theirs_[lhs] = Point.random(), P224.hash_to_point(rng.randbytes(16))
    return wit, mine, theirs_


def zksk_prove(kind, branches, points, wit, known):
    values = {s: Bn.from_decimal(str(v)) for s, v in wit.items()}
    simulated = [i for i in range(len(branches)) if i != known] if kind == "or" else ()
    return theirs(kind, branches, points, values, simulated).prove()


def flatten(x):
    return [y for z in x for y in flatten(z)] if isinstance(x, (list, tuple)) else [x]


@pytest.mark.parametrize("shape, known", PARAMS, ids=[f"{s}-{k}" for s, k in PARAMS])
def test_behaviour_agrees_with_zksk(shape, known):
    kind, branches = SHAPES[shape]
    rng = random.Random(f"zksk {shape} {known}")
    st = ours(kind, branches)
    opt = {"known": known} if kind == "or" else {}
    for _ in range(CASES):
        wit, mine, their_points = instance(rng, branches, known)
        verifier = theirs(kind, branches, their_points)

        # (a) honest proofs verify on both
        proof, batchable = st.prove(wit, mine, **opt), st.prove_batchable(wit, mine, **opt)
        assert st.verify(proof, mine) and st.verify(batchable, mine)
        nizk = zksk_prove(kind, branches, their_points, wit, known)
        assert verifier.verify(nizk) is True

        # (b) a wrong witness (the first secret of the true branch changed): both provers make a proof, and it
        # fails on both
        bad = dict(wit)
        first = names(branches[known], 0)[0]
        bad[first] = (bad[first] + rng.randrange(1, 2**64)) % Q
        with pytest.raises(InvalidProofError):
            st.verify(st.prove(bad, mine, **opt), mine)
        assert verifier.verify(zksk_prove(kind, branches, their_points, bad, known)) is False

        # (c) the honest proof against another public point (the true branch's first left-hand side moved): ours
        # refuses it; zksk's refuses the statement hash, and with the hash replaced by the other statement's, the
        # verification equation
        lhs = branches[known][0][0]
        with pytest.raises(InvalidProofError):
            st.verify(proof, {**mine, lhs: mine[lhs] + Point.random()})
        with pytest.raises(InvalidProofError):
            st.verify(batchable, {**mine, lhs: mine[lhs] + Point.random()})
        other = theirs(kind, branches, {**their_points, lhs: their_points[lhs] + P224.generator()})
        with pytest.raises(StatementMismatch):
            other.verify(nizk)
        nizk.stmt_hash = other.prehash_statement().digest()
        assert other.verify(nizk) is False

        # (d) the structure: one response per secret of each branch (zksk repeats a shared secret's response once
        # per equation, and its verifier checks that they are equal), the OR's free challenges (zksk sends all n,
        # ours the n - 1 that the transcript's challenge does not fix), one commitment per equation
        slots = sum(len(names(b, 0)) for b in branches)
        assert len(proof.responses) == len(batchable.responses) == slots
        if kind == "or":
            or_challenges, responses = nizk.responses
            assert len(proof.challenges) == len(or_challenges) - 1 == len(branches) - 1
            assert [len(set(map(int, flatten(r)))) for r in responses] == [len(names(b, 0)) for b in branches]
        else:
            assert len(set(map(int, flatten(nizk.responses)))) == slots and not proof.challenges
        equations = len(flatten(verifier.recompute_commitment(nizk.challenge, nizk.responses)))
        assert type(batchable) is BatchableProof and len(batchable.commitments) == equations
        assert equations == sum(len(b) for b in branches)
