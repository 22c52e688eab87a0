"""pyristretto.sigma against dalek-cryptography's zkp crate (tests/vectors/zkp-crate-proofs.json: compact and
batchable proofs of DLEQ, DLOG, a representation and a two-secret statement, made by zkp 0.7.0 with its transcript
layout). The crate's proofs verify here and their tampered copies fail; the recorded transcripts replay in a
pure-Python Merlin (tests/helpers/merlin_ref.py); and our own proofs satisfy the crate's rules, checked with that
pure-Python Merlin and libsodium (tests/helpers/reference.py), never with pyristretto."""

import pytest

import reference as ref
from merlin_ref import MerlinTranscript
from pyristretto import Scalar, Transcript
from pyristretto.sigma import BatchableProof, CompactProof, InvalidProofError, SigmaError, Statement
from vectors import load_json

DATA = load_json("zkp-crate-proofs.json")
VECTORS = DATA["vectors"]
IDS = [v["id"] for v in VECTORS]
ZKP_DOMAIN = b"schnorrzkp/1.0/ristretto255"


def statement(name):
    st = DATA["statements"][name]
    equations = [(c["lhs"], [(t["scalar"], t["point"]) for t in c["rhs"]]) for c in st["constraints"]]
    return Statement(st["proof_label"], equations, secrets=st["secret_vars"], points=st["public_vars_transcript_order"])


STATEMENTS = {name: statement(name) for name in DATA["statements"]}


def proof_of(v, tampered=False):
    cls = CompactProof if v["proof_type"] == "compact" else BatchableProof
    return cls.from_bytes(bytes.fromhex((v["tampered"] if tampered else v)["proof_bincode_hex"]))


def public_of(v):
    return {name: bytes.fromhex(x) for name, x in v["public_points"].items()}


def test_the_file_is_complete():
    assert DATA["counts"]["in_this_file"] == len(VECTORS) == 32
    assert {v["statement"] for v in VECTORS} == set(DATA["statements"])
    merlin = MerlinTranscript(b"test protocol")
    merlin.append_message(b"some label", b"some data")
    assert merlin.challenge_bytes(b"challenge", 32).hex() == DATA["merlin_check"]["output_hex"]


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_crate_proofs_verify_and_tampered_ones_fail(v):
    st, public = STATEMENTS[v["statement"]], public_of(v)
    assert st.verify(proof_of(v), public, Transcript(v["transcript_label"].encode())) is True
    with pytest.raises(InvalidProofError):
        st.verify(proof_of(v, tampered=True), public, Transcript(v["transcript_label"].encode()))
    # the same proof under another transcript label, or with another statement label, fails
    with pytest.raises(InvalidProofError):
        st.verify(proof_of(v), public, Transcript(b"zkp-vectors!"))
    other = Statement(b"x" + st.label, str(st).replace(";", ","), points=st.points)
    with pytest.raises(InvalidProofError):
        other.verify(proof_of(v), public, Transcript(v["transcript_label"].encode()))


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_bincode_round_trip_and_parts(v):
    proof = proof_of(v)
    assert proof.to_bytes().hex() == v["proof_bincode_hex"]
    assert [s.to_bytes().hex() for s in proof.responses] == v["proof"]["responses"]
    assert proof.challenges == []
    if isinstance(proof, CompactProof):
        assert proof.challenge.to_bytes().hex() == v["proof"]["challenge"]
        rebuilt = CompactProof(
            bytes.fromhex(v["proof"]["challenge"]), [bytes.fromhex(x) for x in v["proof"]["responses"]]
        )
    else:
        assert [c.hex() for c in proof.commitments] == v["proof"]["commitments"]
        rebuilt = BatchableProof(
            [bytes.fromhex(x) for x in v["proof"]["commitments"]], [bytes.fromhex(x) for x in v["proof"]["responses"]]
        )
    assert rebuilt == proof and hash(rebuilt) == hash(proof)


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_recorded_transcript_replays_in_pure_python(v):
    ops = v["transcript_ops"]
    assert ops[0]["op"] == "strobe128_init" and ops[0]["protocol_label"] == "Merlin v1.0"
    merlin = None
    for op in ops[1:]:
        if op["op"] == "append_message":
            label, message = op["label"].encode(), bytes.fromhex(op["message_hex"])
            if merlin is None:
                assert label == b"dom-sep"
                merlin = MerlinTranscript(message)
            else:
                merlin.append_message(label, message)
        else:
            assert op["op"] == "challenge_bytes" and op["label"] == "chal"
            assert merlin.challenge_bytes(b"chal", op["length"]).hex() == op["output_hex"]


def crate_challenge(v, st, commitments):
    """The crate's challenge for these commitments (layout steps 0-6), in pure Python."""
    merlin = MerlinTranscript(v["transcript_label"].encode())
    merlin.append_message(b"dom-sep", ZKP_DOMAIN)
    merlin.append_message(b"dom-sep", st.label)
    for name in DATA["statements"][v["statement"]]["secret_vars"]:
        merlin.append_message(b"scvar", name.encode())
    for name in st.points:
        merlin.append_message(b"ptvar", name.encode())
        merlin.append_message(b"val", bytes.fromhex(v["public_points"][name]))
    for constraint, commitment in zip(DATA["statements"][v["statement"]]["constraints"], commitments):
        merlin.append_message(b"blindcom", constraint["lhs"].encode())
        merlin.append_message(b"val", commitment)
    return ref.ls_sc_reduce64(merlin.challenge_bytes(b"chal", 64))


def crate_commitments(v, responses, c):
    """R_j = sum z * P - c * LHS_j, by libsodium."""
    secrets = DATA["statements"][v["statement"]]["secret_vars"]
    out = []
    for constraint in DATA["statements"][v["statement"]]["constraints"]:
        scalars = [responses[secrets.index(t["scalar"])] for t in constraint["rhs"]] + [(-c) % ref.Q]
        points = [bytes.fromhex(v["public_points"][t["point"]]) for t in constraint["rhs"]]
        out.append(ref.msm_loop(scalars, points + [bytes.fromhex(v["public_points"][constraint["lhs"]])]))
    return out


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_our_proofs_follow_the_crate_rules(v):
    st, public = STATEMENTS[v["statement"]], public_of(v)
    witness = {name: Scalar.from_bytes(bytes.fromhex(x)) for name, x in v["witnesses"].items()}
    label = v["transcript_label"].encode()
    compact = st.prove(witness, public, Transcript(label))
    z = [int(s) for s in compact.responses]
    c = int(compact.challenge)
    assert crate_challenge(v, st, crate_commitments(v, z, c)) == c
    batchable = st.prove_batchable(witness, public, Transcript(label))
    z = [int(s) for s in batchable.responses]
    c = crate_challenge(v, st, batchable.commitments)
    assert batchable.commitments == crate_commitments(v, z, c)
    assert st.verify(batchable, public, Transcript(label)) and st.verify(compact, public, Transcript(label))


def test_crate_batch_of_each_statement_and_bad_one_named():
    for name, st in STATEMENTS.items():
        vs = [v for v in VECTORS if v["statement"] == name and v["proof_type"] == "batchable"]
        proofs, publics = [proof_of(v) for v in vs], [public_of(v) for v in vs]
        assert st.verify_batch(proofs, publics, [Transcript(b"zkp-vectors") for _ in vs])
        for k in range(len(vs)):
            bad = list(proofs)
            bad[k] = proof_of(vs[k], tampered=True)
            with pytest.raises(InvalidProofError) as e:
                st.verify_batch(bad, publics, [Transcript(b"zkp-vectors") for _ in vs])
            assert e.value.index == k


def test_identity_points_and_commitments_refused_as_the_crate_does():
    v = next(v for v in VECTORS if v["id"] == "dleq/batchable/0")
    st, public = STATEMENTS["dleq"], public_of(v)
    with pytest.raises(ValueError, match="identity"):
        st.verify(proof_of(v), dict(public, B=bytes(32)), Transcript(b"zkp-vectors"))
    proof = proof_of(v)
    zeroed = BatchableProof([bytes(32), proof.commitments[1]], proof.responses)
    with pytest.raises(InvalidProofError, match="identity"):
        st.verify(zeroed, public, Transcript(b"zkp-vectors"))


def test_malformed_bincode():
    v = next(v for v in VECTORS if v["id"] == "two_secret_three_eq/compact/0")
    data = bytes.fromhex(v["proof_bincode_hex"])
    for bad in (
        data[:-1],
        data + b"\0",
        data[:32] + (10**6).to_bytes(8, "little") + data[40:],
        data[:40] + bytes.fromhex("ed" + "d3f55c1a631258d69cf7a2def9de14" + "00" * 15 + "10") + data[72:],
    ):
        with pytest.raises(SigmaError):
            CompactProof.from_bytes(bad)
    with pytest.raises(TypeError):
        CompactProof.from_bytes(data.hex())
    st = STATEMENTS["two_secret_three_eq"]
    short = CompactProof(proof_of(v).challenge, proof_of(v).responses[:1])
    with pytest.raises(InvalidProofError, match="responses"):
        st.verify(short, public_of(v), Transcript(b"zkp-vectors"))
