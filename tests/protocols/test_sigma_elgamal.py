"""pyristretto.sigma.elgamal and pyristretto.sigma.dlog against Python-int references: ciphertexts recomputed with
libsodium (tests/helpers/reference.py), discrete logs by Python search, threshold shares by Lagrange interpolation
on ints."""

import random

import numpy as np
import pytest

import reference as ref
from pyristretto import InvalidPointError, Point, Scalar, ScalarVector
from pyristretto.sigma import InvalidProofError
from pyristretto.sigma import elgamal as eg
from pyristretto.sigma.dlog import DiscreteLogError, DiscreteLogTable, discrete_log

Q = ref.Q
G = Point.generator()
rng = random.Random(49)


def lagrange_at_zero(points):
    """f(0) from (x, f(x)) pairs, Python ints mod q."""
    total = 0
    for xi, yi in points:
        num = den = 1
        for xj, _ in points:
            if xj != xi:
                num, den = num * xj % Q, den * (xj - xi) % Q
        total += yi * num * pow(den, -1, Q)
    return total % Q


@pytest.fixture(scope="module")
def key():
    return eg.keygen()


def test_keys(key):
    s = int(key.scalar)
    assert bytes(key.public_key.point) == ref.base_mul(s)
    assert repr(key).startswith("SecretKey(public_key=") and str(s) not in repr(key) and hex(s)[2:] not in repr(key)
    assert eg.PublicKey.from_bytes(key.public_key.to_bytes()) == key.public_key
    with pytest.raises(ValueError):
        eg.SecretKey(0)
    with pytest.raises(InvalidPointError):
        eg.PublicKey(bytes(32))
    with pytest.raises(TypeError):
        eg.encrypt_int(key, 1)  # a SecretKey where a PublicKey goes


def test_encryption_against_libsodium(key):
    K = bytes(key.public_key.point)
    for v in (0, 1, 2, 1000, Q - 1):
        r = rng.randrange(1, Q)
        ct = eg.encrypt_int(key.public_key, v, r)
        assert bytes(ct.A) == ref.base_mul(r)
        vG = ref.base_mul(v) if v else bytes(32)
        assert bytes(ct.B) == ref.point_add(ref.point_mul(r, K), vG)
        assert bytes(eg.decrypt(key, ct)) == vG
    M = Point.random()
    r = rng.randrange(1, Q)
    ct = eg.encrypt(key.public_key, bytes(M), r)
    assert bytes(ct.B) == ref.point_add(ref.point_mul(r, K), bytes(M)) and eg.decrypt(key, ct) == M


def test_batched_encryption_against_libsodium(key):
    K = bytes(key.public_key.point)
    values = [rng.randrange(0, 1 << 20) for _ in range(40)] + [0, 1]
    cts, r = eg.encrypt_ints(key.public_key, values)
    assert len(cts) == len(values) == len(r)
    for ct, v, ri in zip(cts, values, r):
        ri = int(ri)
        assert bytes(ct.A) == ref.base_mul(ri)
        assert bytes(ct.B) == ref.point_add(ref.point_mul(ri, K), ref.base_mul(v) if v else bytes(32))
    given = ScalarVector([5, 6])
    cts2, r2 = eg.encrypt_ints(key.public_key, ScalarVector([7, 8]), given)
    assert r2 is given and bytes(cts2[1].A) == ref.base_mul(6)
    assert eg.encrypt_ints(key.public_key, []) == ([], ScalarVector([]))
    with pytest.raises(ValueError):
        eg.encrypt_ints(key.public_key, [1, 2], ScalarVector([1]))
    with pytest.raises(TypeError):
        eg.encrypt_ints(key.public_key, 5)
    with pytest.raises(TypeError):
        eg.encrypt_ints(key.public_key, ["1"])


def test_homomorphic_sums_and_rerandomisation(key):
    values = [rng.randrange(0, 1000) for _ in range(30)]
    cts, _ = eg.encrypt_ints(key.public_key, values)
    table = DiscreteLogTable(1 << 10)
    assert eg.decrypt_int(key, sum(cts), 100_000, table) == sum(values)
    big, small = (0, 1) if values[0] >= values[1] else (1, 0)
    assert eg.decrypt_int(key, cts[big] + cts[2] - cts[small], 2000, table) == values[big] + values[2] - values[small]
    assert eg.decrypt_int(key, 7 * cts[3], 10_000, table) == 7 * values[3]
    assert eg.decrypt_int(key, cts[3] * Scalar(3), 10_000, table) == 3 * values[3]
    assert eg.decrypt(key, -cts[4]) == -eg.decrypt(key, cts[4])
    fresh = cts[5].rerandomize(key.public_key)
    assert fresh.A != cts[5].A and fresh.B != cts[5].B and eg.decrypt_int(key, fresh, 1000) == values[5]
    r = rng.randrange(1, Q)
    again = cts[5].rerandomize(key.public_key, r)
    assert bytes(again.A) == ref.point_add(bytes(cts[5].A), ref.base_mul(r))
    data = cts[6].to_bytes()
    assert len(data) == 64 and eg.Ciphertext.from_bytes(data) == cts[6]
    with pytest.raises(ValueError):
        eg.Ciphertext.from_bytes(data[:63])
    with pytest.raises(InvalidPointError):
        eg.Ciphertext.from_bytes(b"\xff" * 64)
    with pytest.raises(TypeError):
        eg.Ciphertext.from_bytes(data.hex())
    with pytest.raises(TypeError):
        cts[0] + 1
    with pytest.raises(TypeError):
        cts[0] * "2"


@pytest.mark.parametrize("size", [1, 7, 256, 1000])
def test_discrete_log_against_search(size):
    table = DiscreteLogTable(size)
    bound = 5000
    for v in {0, 1, size - 1, size, size + 1, 2 * size, bound - 1, *rng.sample(range(bound), 20)}:
        if v >= bound:
            continue
        P = Point(ref.base_mul(v)) if v else Point.identity()
        assert table.solve(P, bound) == v
        assert table.solve(bytes(P), v + 1) == v
        with pytest.raises(DiscreteLogError):
            table.solve(P, v)  # v itself is outside [0, v)
    assert table.solve_many([G * 3, Point.random(), G * 4999], bound) == [3, None, 4999]
    assert table.solve_many([], bound) == []


def test_discrete_log_default_tables_and_large_bounds():
    v = rng.randrange(1 << 29, 1 << 30)
    assert discrete_log(Point(ref.base_mul(v)), 1 << 30) == v
    assert discrete_log(G * 123, 124) == 123
    with pytest.raises(DiscreteLogError):
        discrete_log(G * 123, 123)
    with pytest.raises(DiscreteLogError):
        discrete_log(Point.random(), 1 << 16)
    assert discrete_log(Point.identity(), 1) == 0
    with pytest.raises(DiscreteLogError):
        discrete_log(Point.identity(), 0)


@pytest.mark.parametrize(
    "bad, error",
    [
        (0, ValueError),
        (-1, ValueError),
        ((1 << 30) + 1, ValueError),
        ("16", TypeError),
        (1.5, TypeError),
        (True, TypeError),
    ],
)
def test_discrete_log_bad_input(bad, error):
    with pytest.raises(error):
        DiscreteLogTable(bad)
    table = DiscreteLogTable(16)
    if bad != 0:
        with pytest.raises(error):
            table.solve(G, bad if bad != (1 << 30) + 1 else 1 << 63)
    for P in (5, None, [1], "G", np.zeros(32, dtype=np.int64)):
        with pytest.raises(TypeError):
            table.solve(P, 10)
    with pytest.raises(InvalidPointError):
        table.solve(b"\xff" * 32, 10)
    with pytest.raises(TypeError):
        discrete_log(G, 10, table="no")


def test_bit_proofs(key):
    pk = key.public_key
    for b in (0, 1):
        r = Scalar.random()
        ct = eg.encrypt_int(pk, b, r)
        proof = eg.prove_bit(pk, ct, b, r)
        assert eg.verify_bit(pk, ct, proof)
        with pytest.raises(InvalidProofError):
            eg.verify_bit(pk, ct.rerandomize(pk), proof)
        with pytest.raises(InvalidProofError):
            eg.verify_bit(pk, ct, eg.prove_bit(pk, ct, 1 - b, r))
    for v in (2, Q - 1):  # not bits: no honest proof exists
        r = Scalar.random()
        ct = eg.encrypt_int(pk, v, r)
        for claimed in (0, 1):
            with pytest.raises(InvalidProofError):
                eg.verify_bit(pk, ct, eg.prove_bit(pk, ct, claimed, r))
    for bad in (2, -1, "1", None, 0.0):
        with pytest.raises((TypeError, ValueError)):
            eg.prove_bit(pk, ct, bad, r)


@pytest.mark.parametrize("bits", [1, 4, 16])
def test_range_proofs(key, bits):
    pk = key.public_key
    for v in {0, 1, (1 << bits) - 1, rng.randrange(1 << bits)}:
        total, cts, proof = eg.prove_range(pk, v, bits)
        assert len(cts) == bits and eg.verify_range(pk, total, cts, proof)
        assert eg.decrypt_int(key, total, 1 << bits) == v
        assert [eg.decrypt_int(key, c, 2) for c in cts] == [(v >> i) & 1 for i in range(bits)]
        with pytest.raises(InvalidProofError):
            eg.verify_range(pk, total + eg.encrypt_int(pk, 1), cts, proof)
        if bits > 1:
            with pytest.raises(InvalidProofError):
                eg.verify_range(pk, total, cts[::-1], proof) if cts[0] != cts[-1] else None
    with pytest.raises(ValueError):
        eg.prove_range(pk, 1 << bits, bits)
    with pytest.raises(ValueError):
        eg.prove_range(pk, -1, bits)


def test_threshold_decryption():
    t, n = 3, 5
    pk, shares = eg.threshold_keygen(t, n)
    assert [s.index for s in shares] == list(range(1, n + 1))
    secret = lagrange_at_zero([(s.index, int(s.scalar)) for s in shares[:t]])
    assert bytes(pk.point) == ref.base_mul(secret)
    for subset in ([0, 1, 2], [2, 3, 4], [0, 2, 4]):
        assert lagrange_at_zero([(shares[i].index, int(shares[i].scalar)) for i in subset]) == secret
    assert lagrange_at_zero([(s.index, int(s.scalar)) for s in shares[:2]]) != secret
    for s in shares:
        assert bytes(s.public_share) == ref.base_mul(int(s.scalar))
    ct = eg.encrypt_int(pk, 4242)
    publics = {s.index: s.public_share for s in shares}
    for subset in ([0, 1, 2], [4, 1, 3]):
        ds = [eg.decryption_share(shares[i], ct) for i in subset]
        for d, i in zip(ds, subset):
            assert eg.verify_decryption_share(shares[i].public_share, ct, d)
            assert bytes(d.D) == ref.point_mul(int(shares[i].scalar), bytes(ct.A))
        assert discrete_log(eg.combine(ct, ds, publics), 10_000) == 4242
    ds = [eg.decryption_share(shares[i], ct) for i in range(3)]
    assert discrete_log(eg.combine(ct, ds[:2] + [ds[2]]), 10_000) == 4242
    with pytest.raises(DiscreteLogError):
        discrete_log(eg.combine(ct, ds[:2]), 10_000)  # below the threshold: another point
    forged = eg.DecryptionShare(ds[1].index, ds[1].D + G, ds[1].proof)
    with pytest.raises(InvalidProofError) as e:
        eg.combine(ct, [ds[0], forged, ds[2]], publics)
    assert e.value.index == 2
    with pytest.raises(InvalidProofError):
        eg.verify_decryption_share(shares[0].public_share, ct, ds[1])
    with pytest.raises(ValueError):
        eg.combine(ct, [ds[0], ds[0]])
    with pytest.raises(ValueError):
        eg.threshold_keygen(4, 3)
    with pytest.raises(TypeError):
        eg.threshold_keygen("3", 5)
