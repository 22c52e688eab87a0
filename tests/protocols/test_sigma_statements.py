"""pyristretto.sigma statements: declaration, composition (AND with equal secrets, OR, k-of-n), the ready-made
statements, batch verification and bad input. Properties are checked with independent references: group
arithmetic by libsodium (tests/helpers/reference.py), transcripts by a pure-Python Merlin (merlin_ref.py),
challenge polynomials with Python ints."""

import itertools

import numpy as np
import pytest

import reference as ref
from merlin_ref import MerlinTranscript
from pyristretto import InvalidPointError, Point, Scalar, Transcript
from pyristretto.sigma import (
    And,
    BatchableProof,
    CompactProof,
    InvalidProofError,
    Or,
    Statement,
    StatementError,
    Threshold,
    library,
)

G = Point.generator()
Q = ref.Q


def rand_points(n):
    return [Point.random() for _ in range(n)]


def fails(statement, proof, public, transcript=None):
    with pytest.raises(InvalidProofError):
        statement.verify(proof, public, transcript)
    return True


# ---- declaration ----------------------------------------------------------------------------------------------
def test_the_forms_declare_the_same_statement():
    a = Statement("rep", "C = a * G + b * H; D = a * H")
    b = Statement("rep", [("C", {"a": "G", "b": "H"}), ("D", [("a", "H")])])
    c = Statement("rep", [("C", "a * G + b * H"), ("D", "a*H")])
    d = Statement("rep", "C == a*G + b*H\nD == a*H")
    assert str(a) == str(b) == str(c) == str(d) == "C = a * G + b * H; D = a * H"
    assert a.points == ("C", "D", "G", "H") and a.secrets == ("a", "b") and a.is_plain
    x, y = Scalar.random(), Scalar.random()
    Gp, H = rand_points(2)
    public = {"C": x * Gp + y * H, "D": x * H, "G": Gp, "H": H}
    proof = a.prove({"a": x, "b": y}, public)
    assert all(s.verify(proof, public) for s in (b, c, d))


def test_secret_and_point_order_can_be_given():
    st = Statement("s", "A = x * B, C = y * B", secrets=["y", "x"], points=["B", "C", "A"])
    assert st.secrets == ("y", "x") and st.points == ("B", "C", "A")
    x, y, B = Scalar.random(), Scalar.random(), Point.random()
    proof = st.prove({"x": x, "y": y}, {"A": x * B, "B": B, "C": y * B})
    assert [int(z) for z in proof.responses][1] != [int(z) for z in proof.responses][0]
    assert st.verify(proof, {"A": x * B, "B": B, "C": y * B})


@pytest.mark.parametrize(
    "args, kwargs, error",
    [
        (("s", "A = x * B, A = x"), {}, StatementError),
        (("s", "A = x * B = y * C"), {}, StatementError),
        (("s", "1A = x * B"), {}, StatementError),
        (("s", "A = x * B, B = A * x"), {}, StatementError),  # A is a point and a secret
        (("s", "A = x * B"), {"secrets": ["x", "y"]}, StatementError),
        (("s", "A = x * B"), {"points": ["A"]}, StatementError),
        (("s", "A = x * B"), {"points": ["A", "B", "B"]}, StatementError),
        (("s", "A = x * B"), {"fixed": {"C": G}}, StatementError),
        (("s", "A = x * B"), {"fixed": {"B": Point.identity()}}, StatementError),
        (("s", "A = x * B"), {"fixed": {"B": b"\xff" * 32}}, StatementError),
        (("s", ""), {}, StatementError),
        (("s", []), {}, StatementError),
        (("s", [("A", {})]), {}, StatementError),
        (("s", 5), {}, TypeError),
        (("s", b"A = x * B"), {}, TypeError),
        (("s", [("A", 5)]), {}, TypeError),
        (("s", ["A = x * B"]), {}, TypeError),
        ((5, "A = x * B"), {}, TypeError),
        (("s", "A = x * B"), {"fixed": {"B": 5}}, TypeError),
        (("s", "A = x * B"), {"fixed": [("B", G)]}, TypeError),
        (("s", "A = x * B"), {"secrets": "x"}, TypeError),
    ],
)
def test_malformed_statements(args, kwargs, error):
    with pytest.raises(error):
        Statement(*args, **kwargs)


def test_rename():
    dlog = library.dlog()
    r = dlog.rename(A="A1", x="x1")
    assert str(r) == "A1 = x1 * B" and r.label == dlog.label and r.fixed == {"B": G}
    with pytest.raises(StatementError):
        Statement("s", "A = x * B, C = y * B").rename(C="A")
    with pytest.raises(TypeError):
        dlog.rename(A=5)


# ---- ready-made statements: completeness and soundness ---------------------------------------------------------
def ready_made_cases():
    x, y, z = (Scalar.random() for _ in range(3))
    B, H, G0, G1, G2 = rand_points(5)
    pH = library.PEDERSEN_H
    yield "dlog", library.dlog(), {"x": x}, {"A": x * G}
    yield "dlog free base", library.dlog(None), {"x": x}, {"A": x * B, "B": B}
    yield "dleq", library.dleq(G, H), {"x": x}, {"A": x * G, "B": x * H}
    yield "dleq free", library.dleq(None, None), {"x": x}, {"A": x * B, "B": x * H, "G": B, "H": H}
    yield (
        "representation",
        library.representation([G0, None, G2]),
        {"x0": x, "x1": y, "x2": z},
        {"C": x * G0 + y * G1 + z * G2, "G1": G1},
    )
    yield "representation n", library.representation(2), {"x0": x, "x1": y}, {"C": x * G0 + y * G1, "G0": G0, "G1": G1}
    yield "pedersen", library.pedersen_opening(), {"v": x, "r": y}, {"C": x * G + y * pH}


CASES = list(ready_made_cases())


@pytest.mark.parametrize("name, st, witness, public", CASES, ids=[c[0] for c in CASES])
def test_ready_made_complete_and_sound(name, st, witness, public):
    for prove in (st.prove, st.prove_batchable):
        proof = prove(witness, public)
        assert st.verify(proof, public)
        assert type(proof) is (CompactProof if prove == st.prove else BatchableProof)
        assert type(proof).from_bytes(proof.to_bytes()) == proof
        wrong = dict(witness, **{next(iter(witness)): Scalar.random()})
        fails(st, prove(wrong, public), public)
        moved = {k: (v + G if k == next(iter(public)) else v) for k, v in public.items()}
        fails(st, proof, moved)
        fails(st, proof, public, Transcript(b"another transcript"))


def test_pedersen_opening_is_pedersen_commit():
    import pyristretto as pr

    v, r = Scalar.random(), Scalar.random()
    C = pr.pedersen_commit(v, r)
    st = library.pedersen_opening()
    assert st.verify(st.prove({"v": v, "r": r}, {"C": C}), {"C": C})


def test_transcripts_bind_the_context():
    st = library.dlog()
    x = Scalar.random()
    t = Transcript(b"app")
    t.append_message(b"context", b"session 1")
    proof = st.prove({"x": x}, {"A": x * G}, t)
    t1 = Transcript(b"app")
    t1.append_message(b"context", b"session 1")
    assert st.verify(proof, {"A": x * G}, t1)
    t2 = Transcript(b"app")
    t2.append_message(b"context", b"session 2")
    fails(st, proof, {"A": x * G}, t2)


# ---- AND: one challenge, equal secrets by name -------------------------------------------------------------
def test_and_proves_equality_of_secrets():
    H = Point.random()
    same = library.dlog().rename(A="X") & library.dlog().rename(A="Y")
    assert same.is_plain and same.secrets == ("x",) and str(same) == "X = x * B; Y = x * B"
    # two statements fixing B to different points cannot be joined under one name
    with pytest.raises(StatementError):
        library.dlog() & library.dlog(H)
    st = library.dlog().rename(A="X") & library.dlog(H).rename(A="Y", B="H")
    x = Scalar.random()
    public = {"X": x * G, "Y": x * H}
    assert st.verify(st.prove({"x": x}, public), public)
    other = {"X": x * G, "Y": Scalar.random() * H}  # different logs: no witness fits both
    fails(st, st.prove({"x": x}, other), other)
    apart = library.dlog().rename(A="X") & library.dlog(H).rename(A="Y", B="H", x="y")
    y = Scalar.random()
    public = {"X": x * G, "Y": y * H}
    assert apart.verify(apart.prove({"x": x, "y": y}, public), public)
    with pytest.raises(ValueError, match="missing the secret 'y'"):
        apart.prove({"x": x}, public)


def test_and_keeps_or_groups_and_layout():
    bit = library.elgamal_bit()
    st = library.dlog().rename(A="K", x="s", B="G") & bit
    assert not st.is_plain and st.groups == ((1, 2),)
    s, r = Scalar.random(), Scalar.random()
    K = s * G
    for b in (0, 1):
        A, B = r * G, r * K + b * G
        public = {"K": K, "A": A, "B": B, "C": B - G}
        proof = st.prove({"s": s, "r": r}, public, known=b)
        assert st.verify(proof, public)
        assert pure_python_challenge(st, proof_public(st, public), proof) == int(proof.challenge)


# ---- OR and k-of-n ------------------------------------------------------------------------------------------
def proof_public(st, public):
    return {**{n: bytes(P) for n, P in st.fixed.items()}, **{n: bytes(P) for n, P in public.items()}}


def branch_challenges(st, c, given):
    """The OR groups' branch challenges in Python ints: k = 1 sums to c, k > 1 interpolates f(0) = c."""
    out, pos = [], 0
    for k, n in st.groups:
        d = n - k
        g = [int(s) for s in given[pos : pos + d]]
        pos += d
        if k == 1:
            out.append(g + [(c - sum(g)) % Q])
            continue
        xs, ys = list(range(d + 1)), [c] + g

        def f(x):
            total = 0
            for t, yt in zip(xs, ys):
                num = den = 1
                for u in xs:
                    if u != t:
                        num, den = num * (x - u) % Q, den * (t - u) % Q
                total += yt * num * pow(den, -1, Q)
            return total % Q

        out.append(g + [f(x) for x in range(d + 1, n + 1)])
    return out


def pure_python_challenge(st, points, proof, label=b"pyristretto.sigma"):
    """The challenge of a compact proof, recomputed with libsodium and the pure-Python Merlin from the layout
    documented in docs/protocols/sigma.md: dom-sep x2, the shape, scvar per slot, ptvar/val per point, blindcom/val
    per equation, challenge "chal"."""
    c = int(proof.challenge)
    comp = st._compiled()
    plain = st._plain
    branches = [(plain, c)] if plain else []
    for (k, bs), cs in zip(st._groups, branch_challenges(st, c, proof.challenges)):
        branches += list(zip(bs, cs))
    z = [int(s) for s in proof.responses]
    merlin = MerlinTranscript(label)
    merlin.append_message(b"dom-sep", b"schnorrzkp/1.0/ristretto255")
    merlin.append_message(b"dom-sep", st.label)
    if not st.is_plain:
        merlin.append_message(b"sigma-shape", str(st).encode())
    for name, _ in comp.slots:
        merlin.append_message(b"scvar", name.encode())
    for name in st.points:
        merlin.append_message(b"ptvar", name.encode())
        merlin.append_message(b"val", points[name])
    slot = 0
    for branch, cb in branches:
        index = {s: slot + i for i, s in enumerate(branch.secrets)}
        for lhs, terms in branch.equations:
            R = ref.msm_loop(
                [z[index[s]] for s, _ in terms] + [(-cb) % Q], [points[b] for _, b in terms] + [points[lhs]]
            )
            merlin.append_message(b"blindcom", lhs.encode())
            merlin.append_message(b"val", R)
        slot += len(branch.secrets)
    return ref.ls_sc_reduce64(merlin.challenge_bytes(b"chal", 64))


def or_of_dlogs(n):
    return Or(*[library.dlog().rename(A=f"A{i}") for i in range(n)])


@pytest.mark.parametrize("n", [2, 3, 5])
def test_or_complete_for_every_branch_and_sound(n):
    st = or_of_dlogs(n)
    assert st.groups == ((1, n),) and st.secrets == ("x",)
    assert str(st) == "any of (" + " | ".join(f"[A{i} = x * B]" for i in range(n)) + ")"
    x = Scalar.random()
    for true in range(n):
        public = {f"A{i}": (x * G if i == true else Point.random()) for i in range(n)}
        proof = st.prove({"x": x}, public, known=true)
        assert st.verify(proof, public)
        assert len(proof.challenges) == n - 1 and len(proof.responses) == n
        cs = branch_challenges(st, int(proof.challenge), proof.challenges)[0]
        assert sum(cs) % Q == int(proof.challenge)
        assert pure_python_challenge(st, proof_public(st, public), proof) == int(proof.challenge)
        batchable = st.prove_batchable({"x": x}, public, known=true)
        assert st.verify(batchable, public)
        for wrong in range(n):  # claiming another branch: the real one cannot answer
            if wrong != true:
                fails(st, st.prove({"x": x}, public, known=wrong), public)
        nobody = {f"A{i}": Point.random() for i in range(n)}
        fails(st, st.prove({"x": x}, nobody, known=true), nobody)


def test_simulated_branch_verifies_only_with_the_others():
    st = or_of_dlogs(2)
    x = Scalar.random()
    public = {"A0": x * G, "A1": Point.random()}
    p1 = st.prove_batchable({"x": x}, public, known=0)
    p2 = st.prove_batchable({"x": x}, public, known=0)
    # each branch of p1 satisfies its own equation z G == R + c_i A_i (libsodium): the simulation is perfect ...
    t = Transcript(b"pyristretto.sigma")
    st.verify(p1, public, t)
    # ... yet a simulated branch taken alone into another proof does not verify with that proof's other branch
    mixed = BatchableProof([p2.commitments[0], p1.commitments[1]], [p2.responses[0], p1.responses[1]], p2.challenges)
    with pytest.raises(InvalidProofError):
        st.verify(mixed, public)
    mixed = BatchableProof([p2.commitments[0], p1.commitments[1]], [p2.responses[0], p1.responses[1]], p1.challenges)
    with pytest.raises(InvalidProofError):
        st.verify(mixed, public)


def test_simulated_branches_satisfy_their_equations():
    st = or_of_dlogs(3)
    x = Scalar.random()
    public = {"A0": Point.random(), "A1": x * G, "A2": Point.random()}
    proof = st.prove({"x": x}, public, known=1)
    c = int(proof.challenge)
    cs = branch_challenges(st, c, proof.challenges)[0]
    z = [int(s) for s in proof.responses]
    # every branch's recomputed commitment is consistent: R_i = z_i G - c_i A_i, and the hash of all of them is c
    assert pure_python_challenge(st, proof_public(st, public), proof) == c
    assert len(set(cs)) == 3 and len(set(z)) == 3


@pytest.mark.parametrize("n, k", [(3, 2), (4, 2), (4, 3), (5, 3)])
def test_threshold_complete_and_sound(n, k):
    parts = [library.dlog().rename(A=f"A{i}", x=f"x{i}") for i in range(n)]
    st = Threshold(k, *parts)
    assert st.groups == ((k, n),)
    xs = [Scalar.random() for _ in range(n)]
    public = {f"A{i}": xs[i] * G for i in range(n)}
    for known in itertools.combinations(range(n), k):
        witness = {f"x{i}": xs[i] for i in known}
        proof = st.prove(witness, public, known=list(known))
        assert st.verify(proof, public)
        assert len(proof.challenges) == n - k
        assert pure_python_challenge(st, proof_public(st, public), proof) == int(proof.challenge)
        assert st.verify(st.prove_batchable(witness, public, known=list(known)), public)
    known = list(range(k))
    broken = dict(public, **{f"A{known[-1]}": Point.random()})
    fails(st, st.prove({f"x{i}": xs[i] for i in known}, broken, known=known), broken)
    with pytest.raises(ValueError, match="distinct"):
        st.prove({f"x{i}": xs[i] for i in known}, public, known=[0] * k)
    with pytest.raises(ValueError):
        st.prove({f"x{i}": xs[i] for i in known}, public, known=known[:-1])


def test_or_flattening_and_nesting_rules():
    a, b, c = (library.dlog().rename(A=n) for n in ("A", "B2", "C"))
    assert (a | b | c).groups == ((1, 3),)
    with pytest.raises(StatementError):
        Or(a & (b | c), a)
    with pytest.raises(StatementError):
        Threshold(2, a, b | c, a.rename(A="D"))
    with pytest.raises(StatementError):
        Threshold(3, a, b, c)
    with pytest.raises(StatementError):
        Or(a)
    with pytest.raises(TypeError):
        Or(a, "B = x * G")
    assert And(a, b).label == b"pyristretto.sigma/dlog & pyristretto.sigma/dlog"


# ---- batches ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["dleq", "or", "and-or"])
def test_batch_names_one_bad_proof_at_every_position(kind):
    n = 6
    if kind == "dleq":
        st = library.dleq(G, None)
        H = Point.random()

        def make():
            x = Scalar.random()
            public = {"A": x * G, "B": x * H, "H": H}
            return st.prove_batchable({"x": x}, public), public
    else:
        st = (
            or_of_dlogs(3)
            if kind == "or"
            else library.dlog().rename(A="K", x="s", B="G") & or_of_dlogs(2).rename(B="G")
        )

        def make():
            x, s = Scalar.random(), Scalar.random()
            public = {"A0": Point.random(), "A1": x * G}
            if kind == "or":
                public["A2"] = Point.random()
                return st.prove_batchable({"x": x}, public, known=1), public
            public["K"] = s * G
            return st.prove_batchable({"x": x, "s": s}, public, known=1), public

    items = [make() for _ in range(n)]
    proofs, publics = [p for p, _ in items], [q for _, q in items]
    assert st.verify_batch(proofs, publics)
    assert st.verify_batch([], [])
    for k in range(n):
        bad = list(publics)
        bad[k] = dict(bad[k], **{next(iter(bad[k])): Point.random()})
        with pytest.raises(InvalidProofError) as e:
            st.verify_batch(proofs, bad)
        assert e.value.index == k and f"proofs[{k}]" in str(e.value)
        swapped = list(proofs)
        swapped[k] = BatchableProof(proofs[k].commitments, proofs[k].responses[::-1], proofs[k].challenges)
        if proofs[k].responses != swapped[k].responses:
            with pytest.raises(InvalidProofError) as e:
                st.verify_batch(swapped, publics)
            assert e.value.index == k


def test_batch_transcripts_are_per_proof():
    st = library.dlog()
    xs = [Scalar.random() for _ in range(3)]
    ts = [Transcript(b"t%d" % i) for i in range(3)]
    proofs = [st.prove_batchable({"x": x}, {"A": x * G}, t) for x, t in zip(xs, ts)]
    publics = [{"A": x * G} for x in xs]
    assert st.verify_batch(proofs, publics, [Transcript(b"t%d" % i) for i in range(3)])
    with pytest.raises(InvalidProofError) as e:
        st.verify_batch(proofs, publics, [Transcript(b"t0"), Transcript(b"t2"), Transcript(b"t2")])
    assert e.value.index == 1
    with pytest.raises(TypeError):
        st.verify_batch([st.prove({"x": xs[0]}, publics[0])], publics[:1])
    with pytest.raises(ValueError):
        st.verify_batch(proofs, publics[:2])
    with pytest.raises(ValueError):
        st.verify_batch(proofs, publics, ts[:2])


# ---- bad input ----------------------------------------------------------------------------------------------
BAD_POINTS = [5, [1, 2], "A", None, np.zeros(32, dtype=np.int64), 1.5]


@pytest.mark.parametrize("bad", BAD_POINTS, ids=lambda b: type(b).__name__)
def test_wrong_point_types_are_type_errors(bad):
    st = library.dleq(G, None)
    x, H = Scalar.random(), Point.random()
    public = {"A": x * G, "B": x * H, "H": H}
    proof = st.prove({"x": x}, public)
    for name in ("A", "H"):
        with pytest.raises(TypeError, match=f"public\\['{name}'\\]"):
            st.prove({"x": x}, dict(public, **{name: bad}))
        with pytest.raises(TypeError, match=f"public\\['{name}'\\]"):
            st.verify(proof, dict(public, **{name: bad}))
    with pytest.raises(TypeError, match="publics\\[0\\]\\['A'\\]"):
        st.verify_batch([st.prove_batchable({"x": x}, public)], [dict(public, A=bad)])
    with pytest.raises(TypeError):
        st.prove(bad, public)
    with pytest.raises(TypeError):
        st.verify(bad, public)
    if bad is not None:  # None: no public points, and the default transcript
        with pytest.raises(TypeError):
            st.prove({"x": x}, bad)
        with pytest.raises(TypeError):
            st.prove({"x": x}, public, bad)


@pytest.mark.parametrize("bad", [[1, 2], "x", None, np.zeros(3), 1.5, b"\x01" * 31], ids=lambda b: type(b).__name__)
def test_wrong_witness_types(bad):
    st = library.dlog()
    with pytest.raises((TypeError, ValueError), match="witness\\['x'\\]|witness: missing"):
        st.prove({"x": bad}, {"A": G})


def test_witness_accepts_ints_and_encodings():
    st = library.dlog()
    x = Scalar.random()
    for form in (x, int(x), x.to_bytes(), np.int64(12345)):
        value = form if not isinstance(form, np.integer) else form
        A = Scalar(int(value) if not isinstance(value, bytes) else int(x)) * G
        assert st.verify(st.prove({"x": value}, {"A": A}), {"A": A})


def test_point_names_and_counts():
    st = library.dleq(G, None)
    x, H = Scalar.random(), Point.random()
    public = {"A": x * G, "B": x * H, "H": H}
    proof = st.prove({"x": x}, public)
    with pytest.raises(ValueError, match="missing the point 'H'"):
        st.verify(proof, {"A": x * G, "B": x * H})
    with pytest.raises(ValueError, match="'Z' is not a point"):
        st.verify(proof, dict(public, Z=G))
    with pytest.raises(ValueError, match="fixes this point"):
        st.verify(proof, dict(public, G=G))
    with pytest.raises(ValueError, match="'y' is not a secret"):
        st.prove({"x": x, "y": x}, public)
    with pytest.raises(ValueError, match="missing the secret 'x'"):
        st.prove({}, public)
    with pytest.raises(InvalidPointError, match="public\\['B'\\]"):
        st.verify(proof, dict(public, B=b"\xff" * 32))
    with pytest.raises(InvalidPointError, match="public\\['H'\\].*identity"):
        st.prove({"x": x}, dict(public, H=Point.identity()))
    with pytest.raises(InvalidPointError, match="public\\['A'\\].*identity"):
        st.verify(proof, dict(public, A=bytes(32)))
    with pytest.raises(InvalidPointError):
        st.verify(proof, dict(public, A=b"\x01" * 31))
    with pytest.raises(ValueError, match="no OR parts"):
        st.prove({"x": x}, public, known=0)


def test_known_is_checked():
    st = or_of_dlogs(2)
    x = Scalar.random()
    public = {"A0": x * G, "A1": G}
    for bad, error in (
        (None, ValueError),
        (2, ValueError),
        (-1, ValueError),
        ("0", TypeError),
        (1.0, TypeError),
        (True, TypeError),
        ([0, 1], ValueError),
    ):
        with pytest.raises(error):
            st.prove({"x": x}, public, known=bad)
    assert st.verify(st.prove({"x": x}, public, known=np.int64(0)), public)


def test_proof_objects():
    st = or_of_dlogs(2)
    x = Scalar.random()
    public = {"A0": x * G, "A1": G}
    proof = st.prove({"x": x}, public, known=0)
    data = proof.to_bytes()
    assert len(data) == 32 + 8 + 64 + 8 + 32
    again = CompactProof.from_bytes(data)
    assert again == proof and st.verify(again, public)
    import pickle

    assert pickle.loads(pickle.dumps(proof)) == proof
    assert repr(proof).startswith("CompactProof.from_bytes(")
    with pytest.raises(TypeError):
        CompactProof(proof.challenge, "not scalars")
    with pytest.raises(TypeError):
        BatchableProof([5], [1])
    with pytest.raises(ValueError):
        CompactProof(Q, [1])
    b = st.prove_batchable({"x": x}, public, known=0)
    assert BatchableProof.from_bytes(b.to_bytes()) == b
    with pytest.raises(InvalidProofError, match="commitments"):
        st.verify(BatchableProof(b.commitments[:1], b.responses, b.challenges), public)
    with pytest.raises(InvalidProofError, match="group challenges"):
        st.verify(CompactProof(proof.challenge, proof.responses), public)


def test_statements_pickle_and_compare():
    import copy
    import pickle

    st = library.dlog().rename(A="K", x="s", B="G") & or_of_dlogs(2).rename(B="G")
    x, s = Scalar.random(), Scalar.random()
    public = {"A0": Point.random(), "A1": x * G, "K": s * G}
    proof = st.prove({"x": x, "s": s}, public, known=1)
    for again in (pickle.loads(pickle.dumps(st)), copy.copy(st), copy.deepcopy(st)):
        assert again == st and hash(again) == hash(st) and str(again) == str(st)
        assert again.verify(proof, public)
    assert st != library.dlog() and st != "a statement"


def test_one_statement_from_many_threads():
    """A statement's plan is shared: proofs, verifications and batches (whose MSM runs without the GIL, with the
    core's threads) from several threads at once all come out right."""
    from concurrency import run_concurrently, thread_setting

    st = library.dleq(G, None)
    H = Point.random()
    xs = [Scalar.random() for _ in range(40)]
    publics = [{"A": x * G, "B": x * H, "H": H} for x in xs]
    proofs = [st.prove_batchable({"x": x}, p) for x, p in zip(xs, publics)]
    bad = list(publics)
    bad[17] = dict(bad[17], B=G)

    def work(k):
        for _ in range(3):
            assert st.verify_batch(proofs, publics)
            with pytest.raises(InvalidProofError) as e:
                st.verify_batch(proofs, bad)
            assert e.value.index == 17
            x = xs[k]
            assert st.verify(st.prove({"x": x}, publics[k]), publics[k])

    with thread_setting(2):
        run_concurrently(work, 4)
