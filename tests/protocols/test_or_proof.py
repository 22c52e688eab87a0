"""examples/or_proof.py, the worked Sigma-protocol example (a Chaum-Pedersen OR proof with a Transcript, select and
swap): honest proofs of 0 and 1 verify, a vote of 2 cannot be proven, and any tampering fails."""
import importlib.util
from pathlib import Path

import pytest

from pyristretto import Point, Scalar

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
    assert ex.verify_bit(A, B, ex.prove_bit(A, B, vote, r))


@pytest.mark.parametrize("vote, claimed", [(2, 1), (2, 0), (0, 1), (1, 0)])
def test_false_claims_fail(ex, vote, claimed):
    A, B, r = ex.encrypt_vote(vote)
    assert not ex.verify_bit(A, B, ex.prove_bit(A, B, claimed, r))


def test_tampering_fails(ex):
    A, B, r = ex.encrypt_vote(1)
    (t0g, t0h, t1g, t1h), (c0, c1), (z0, z1) = ex.prove_bit(A, B, 1, r)
    one, G = Scalar(1), Point.generator()
    for bad in [((t0g + G, t0h, t1g, t1h), (c0, c1), (z0, z1)), ((t0g, t0h, t1g, t1h), (c0 + one, c1 - one), (z0, z1)),
                ((t0g, t0h, t1g, t1h), (c0, c1), (z0, z1 + one)), ((t1g, t1h, t0g, t0h), (c1, c0), (z1, z0))]:
        assert not ex.verify_bit(A, B, bad)
    assert not ex.verify_bit(A, B + G, ex.prove_bit(A, B, 1, r))  # another ciphertext


def test_the_script_runs(ex, capsys):
    exec(compile(EXAMPLE.read_text(), str(EXAMPLE), "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out.startswith("ok:")
