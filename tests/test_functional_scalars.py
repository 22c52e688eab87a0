"""Scalar arithmetic mod q: differential against pure-Python ints and libsodium."""

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from reference import DIFF_CASES, EDGE_SCALARS, Q, random_scalar


class Idx:
    """Not an int, but has __index__ (the API accepts it as a scalar)."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def check_scalar_result(x, expected):
    assert type(x) is int, type(x)
    assert 0 <= x < Q
    assert x == expected


def test_q_constant():
    assert type(pr.q) is int
    assert pr.q == Q == 2**252 + 27742317777372353535851937790883648493


@pytest.mark.parametrize(
    "op, exact", [("add", lambda a, b: a + b), ("sub", lambda a, b: a - b), ("mul", lambda a, b: a * b)]
)
def test_sc_binary_differential(rng, op, exact):
    ours, libsodium = getattr(pr, f"sc_{op}"), getattr(ref, f"ls_sc_{op}")
    for _ in range(DIFF_CASES):
        a, b = random_scalar(rng), random_scalar(rng)
        expected = exact(a, b) % Q
        check_scalar_result(ours(a, b), expected)
        if rng.random() < 0.2:
            assert libsodium(a, b) == expected


def test_sc_neg_differential(rng):
    for _ in range(DIFF_CASES):
        a = random_scalar(rng)
        expected = (-a) % Q
        check_scalar_result(pr.sc_neg(a), expected)
        if rng.random() < 0.2:
            assert ref.ls_sc_neg(a) == expected


def test_sc_inv_differential(rng):
    for _ in range(DIFF_CASES):
        a = random_scalar(rng)
        if a % Q == 0:
            with pytest.raises(ZeroDivisionError):
                pr.sc_inv(a)
            continue
        expected = ref.py_sc_inv(a)
        got = pr.sc_inv(a)
        check_scalar_result(got, expected)
        assert (got * a) % Q == 1
        if rng.random() < 0.2:
            assert ref.ls_sc_inv(a) == expected


@pytest.mark.parametrize("zero", [0, Q, -Q, 2 * Q, 5 * Q, -(7 * Q), Q * 2**700])
def test_sc_inv_zero(zero):
    with pytest.raises(ZeroDivisionError):
        pr.sc_inv(zero)


def test_sc_inv_zero_numpy():
    with pytest.raises(ZeroDivisionError):
        pr.sc_inv(np.int64(0))


def test_sc_reduce_differential(rng):
    for i in range(DIFF_CASES):
        b = rng.randbytes(64)
        if i % 7 == 0:
            b = bytes([rng.choice([0, 0xFF])]) * 64
        expected = int.from_bytes(b, "little") % Q
        check_scalar_result(pr.sc_reduce(b), expected)
        if rng.random() < 0.2:
            assert ref.ls_sc_reduce64(b) == expected


@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview, lambda b: np.frombuffer(b, dtype=np.uint8).copy()])
def test_sc_reduce_buffer_types(rng, wrap):
    b = rng.randbytes(64)
    assert pr.sc_reduce(wrap(b)) == int.from_bytes(b, "little") % Q


def test_from_bytes32_differential(rng):
    for i in range(DIFF_CASES):
        b = rng.randbytes(32)
        if i % 11 == 0:
            b = rng.choice(
                [
                    bytes(32),
                    b"\xff" * 32,
                    Q.to_bytes(32, "little"),
                    (Q - 1).to_bytes(32, "little"),
                    (Q + 1).to_bytes(32, "little"),
                ]
            )
        check_scalar_result(pr.from_bytes32(b), int.from_bytes(b, "little") % Q)


@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview, lambda b: np.frombuffer(b, dtype=np.uint8).copy()])
def test_from_bytes32_buffer_types(rng, wrap):
    b = b"\xff" * 32
    assert pr.from_bytes32(wrap(b)) == (2**256 - 1) % Q


def test_to_bytes32_differential(rng):
    for _ in range(DIFF_CASES):
        i = random_scalar(rng)
        got = pr.to_bytes32(i)
        assert type(got) is bytes
        assert got == (i % Q).to_bytes(32, "little")


def test_to_from_bytes32_roundtrip(rng):
    for _ in range(200):
        i = rng.randrange(Q)
        assert pr.from_bytes32(pr.to_bytes32(i)) == i


@pytest.mark.parametrize("s", EDGE_SCALARS)
def test_edge_scalars_all_ops(s):
    t = 0x1234567890ABCDEF << 100
    check_scalar_result(pr.sc_add(s, t), (s + t) % Q)
    check_scalar_result(pr.sc_add(t, s), (s + t) % Q)
    check_scalar_result(pr.sc_sub(s, t), (s - t) % Q)
    check_scalar_result(pr.sc_sub(t, s), (t - s) % Q)
    check_scalar_result(pr.sc_mul(s, t), (s * t) % Q)
    check_scalar_result(pr.sc_neg(s), (-s) % Q)
    assert pr.to_bytes32(s) == (s % Q).to_bytes(32, "little")
    if s % Q:
        check_scalar_result(pr.sc_inv(s), pow(s % Q, -1, Q))


NUMPY_SCALARS = [
    np.int8(-1),
    np.int16(-300),
    np.int32(-(2**31)),
    np.int64(-1),
    np.int64(2**63 - 1),
    np.uint8(255),
    np.uint16(65535),
    np.uint32(2**32 - 1),
    np.uint64(2**64 - 1),
    np.int64(0),
    np.uint64(0),
]


@pytest.mark.parametrize("s", NUMPY_SCALARS, ids=lambda s: f"{type(s).__name__}({int(s)})")
def test_numpy_integer_scalars(s):
    v = int(s)
    check_scalar_result(pr.sc_add(s, 5), (v + 5) % Q)
    check_scalar_result(pr.sc_sub(5, s), (5 - v) % Q)
    check_scalar_result(pr.sc_mul(s, s), (v * v) % Q)
    check_scalar_result(pr.sc_neg(s), (-v) % Q)
    assert pr.to_bytes32(s) == (v % Q).to_bytes(32, "little")
    if v % Q:
        check_scalar_result(pr.sc_inv(s), pow(v % Q, -1, Q))


@pytest.mark.parametrize("v", [0, 1, -1, Q - 1, Q, 2**1000, -(2**1000)])
def test_index_objects_accepted(v):
    s = Idx(v)
    check_scalar_result(pr.sc_add(s, Idx(1)), (v + 1) % Q)
    check_scalar_result(pr.sc_sub(s, Idx(1)), (v - 1) % Q)
    check_scalar_result(pr.sc_mul(s, Idx(3)), (3 * v) % Q)
    check_scalar_result(pr.sc_neg(s), (-v) % Q)
    assert pr.to_bytes32(s) == (v % Q).to_bytes(32, "little")


def test_sc_rand():
    values = [pr.sc_rand() for _ in range(2000)]
    for v in values:
        assert type(v) is int
        assert 1 <= v < Q
    assert len(set(values)) == len(values)
    # crude uniformity: each of the top bit-halves of [0, q) is hit plenty of times
    low = sum(1 for v in values if v < Q // 2)
    assert 800 < low < 1200
    # and the values are full width (not, say, 64-bit): with 2000 draws, P(all < 2^240) ~ 0
    assert max(values) > 2**250
    # bytes in all positions vary
    enc = [v.to_bytes(32, "little") for v in values]
    for pos in range(31):
        assert len({e[pos] for e in enc}) > 100


def test_sc_reduce_input_not_modified(rng):
    b = bytearray(rng.randbytes(64))
    before = bytes(b)
    pr.sc_reduce(b)
    pr.from_bytes32(b[:32])
    assert bytes(b) == before
