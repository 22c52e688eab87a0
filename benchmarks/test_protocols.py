"""The protocols next to their bare group work, side by side in one run::

    pytest benchmarks/test_protocols.py --benchmark-group-by=group

* ``voprf-blind-evaluate-64``: ``VOPRFServer.blind_evaluate_batch`` of 64 blinded elements with its one DLEQ proof,
  against the 64 constant-time scalar multiplications ``point_mul(k, B_i)`` alone (target: at most 1.5x).
* ``frost-verify-64-*``: ``frost.verify_batch`` of 64 signatures against 64 calls of ``frost.verify`` (target: at
  least 4x faster, i.e. a ratio of at most 0.25), with 64 distinct group keys (the worst case: 129 points in the
  MSM) and with one group key signing all 64 messages (its terms merge: 66 points); the keys are passed as 32-byte
  encodings, and in ``*-point-keys`` as ``Point``s (a verifier that keeps its keys decoded), to both sides;
  ``frost.Verifier.verify_batch`` (precomputed tables for a fixed set of keys, built outside the timing) runs
  beside them.

The closing summary of conftest.py prints each protocol's time divided by its baseline's. Every benchmark checks
its result, so a broken implementation fails instead of looking fast.
"""

from __future__ import annotations

import pytest

import pyristretto as pr
from pyristretto import frost, oprf

N = 64


@pytest.fixture(scope="module")
def voprf_batch():
    sk, pk = oprf.derive_key_pair(b"\x42" * 32, b"bench", oprf.MODE_VOPRF)
    client = oprf.VOPRFClient(pk)
    inputs = [f"input {i}".encode() for i in range(N)]
    blinds, blinded = client.blind_batch(inputs)
    return sk, client, inputs, blinds, [bytes(b) for b in blinded]  # as received from the wire


def test_voprf_blind_evaluate_batch_with_proof(benchmark, record_best, voprf_batch):
    sk, client, inputs, blinds, blinded = voprf_batch
    server = oprf.VOPRFServer(sk)
    benchmark.group = "voprf-blind-evaluate-64"
    evaluated, proof = benchmark(server.blind_evaluate_batch, blinded)
    assert client.finalize_batch(inputs, blinds, evaluated, blinded, proof) == [server.evaluate(x) for x in inputs]
    record_best("pyristretto VOPRF blind_evaluate_batch + proof")


def test_voprf_scalar_multiplications_alone(benchmark, record_best, voprf_batch):
    sk, _, _, _, blinded = voprf_batch
    benchmark.group = "voprf-blind-evaluate-64"
    evaluated = benchmark(lambda: [pr.point_mul(sk, b) for b in blinded])
    assert evaluated == oprf.VOPRFServer(sk).blind_evaluate_batch(blinded)[0]
    record_best("64 x point_mul alone")


def _frost_signatures(n_keys):
    """64 signatures of 2-of-3 groups, spread over ``n_keys`` group keys."""
    keys = [frost.trusted_dealer_keygen(None, 3, 2) for _ in range(n_keys)]
    messages, signatures, public_keys = [], [], []
    for k in range(N):
        shares, group_pk, _ = keys[k % n_keys]
        msg = f"message {k}".encode()
        sk = dict(shares)
        round_one = {i: frost.commit(sk[i]) for i in (1, 2)}
        commitment_list = [(i, *round_one[i][1]) for i in (1, 2)]
        sig_shares = [frost.sign(i, sk[i], group_pk, round_one[i][0], msg, commitment_list) for i in (1, 2)]
        messages.append(msg)
        signatures.append(frost.aggregate(commitment_list, msg, group_pk, sig_shares))
        public_keys.append(bytes(group_pk))  # keys as bytes (FROST_CASES converts them to Points where it says)
    return messages, signatures, public_keys


FROST_CASES = {
    "frost-verify-64-distinct-keys": (64, False),
    "frost-verify-64-one-key": (1, False),
    "frost-verify-64-distinct-point-keys": (64, True),
    "frost-verify-64-one-point-key": (1, True),
}


@pytest.fixture(scope="module", params=sorted(FROST_CASES))
def frost_signatures(request):
    n_keys, as_points = FROST_CASES[request.param]
    messages, signatures, public_keys = _frost_signatures(n_keys)
    if as_points:
        public_keys = [pr.Point(pk) for pk in public_keys]
    return request.param, (messages, signatures, public_keys)


def test_frost_verify_batch(benchmark, record_best, frost_signatures):
    benchmark.group, signed = frost_signatures
    assert benchmark(frost.verify_batch, *signed) is True
    record_best("pyristretto frost.verify_batch")


def test_frost_verifier_batch(benchmark, record_best, frost_signatures):
    benchmark.group, signed = frost_signatures
    verifier = frost.Verifier(signed[2])  # tables for the keys, built once outside the timing
    assert benchmark(verifier.verify_batch, *signed) is True
    record_best("pyristretto frost.Verifier.verify_batch")


def test_frost_single_verifications(benchmark, record_best, frost_signatures):
    benchmark.group, signed = frost_signatures
    results = benchmark(lambda: [frost.verify(m, s, pk) for m, s, pk in zip(*signed)])
    assert results == [True] * N
    record_best("64 x frost.verify")
