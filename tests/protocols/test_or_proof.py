"""examples/or_proof.py, the worked Sigma-protocol example (a Chaum-Pedersen OR proof on pyristretto.sigma's ElGamal
bit statement): honest proofs of 0 and 1 verify, a vote of 2 cannot be proven, and any tampering fails. The
encryption is checked independently with libsodium (tests/helpers/reference.py); the statement's proofs against
pure-Python references in test_sigma_statements.py."""

import importlib.util
from pathlib import Path

import pytest

import reference as ref
from pyristretto import Point, Scalar
from pyristretto.sigma import CompactProof, InvalidProofError

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "or_proof.py"


@pytest.fixture(scope="module")
def ex():
    spec = importlib.util.spec_from_file_location("or_proof", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("vote", [0, 1])
def test_honest_proofs_verify(ex, vote):
    A, B, r = ex.encrypt_vote(vote)
    assert B == r * ex.H + vote * ex.G  # the encryption itself, independently of the proof
    proof = ex.prove_bit(A, B, vote, r)
    assert ex.verify_bit(A, B, proof) is True
    assert bytes(A) == ref.base_mul(int(r))
    assert bytes(B) == ref.point_add(ref.point_mul(int(r), bytes(ex.H)), ref.base_mul(vote) if vote else bytes(32))


@pytest.mark.parametrize("vote, claimed", [(2, 1), (2, 0), (0, 1), (1, 0)])
def test_false_claims_fail(ex, vote, claimed):
    A, B, r = ex.encrypt_vote(vote)
    with pytest.raises(InvalidProofError):
        ex.verify_bit(A, B, ex.prove_bit(A, B, claimed, r))


def test_tampering_fails(ex):
    A, B, r = ex.encrypt_vote(1)
    proof = ex.prove_bit(A, B, 1, r)
    c, (z0, z1), (c0,) = proof.challenge, proof.responses, proof.challenges
    one, G = Scalar(1), Point.generator()
    for bad in [
        CompactProof(c + one, [z0, z1], [c0]),
        CompactProof(c, [z0, z1], [c0 + one]),
        CompactProof(c, [z0, z1 + one], [c0]),
        CompactProof(c, [z1, z0], [c - c0]),
        CompactProof(c, [z0, z1], []),
    ]:
        with pytest.raises(InvalidProofError):
            ex.verify_bit(A, B, bad)
    with pytest.raises(InvalidProofError):
        ex.verify_bit(A, B + G, proof)  # another ciphertext


def test_the_script_runs(ex, capsys):
    exec(compile(EXAMPLE.read_text(), str(EXAMPLE), "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out.startswith("ok:")
