"""Point operations: differential against libsodium (pysodium) on random and edge inputs."""

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from reference import DIFF_CASES, EDGE_SCALARS, IDENTITY_BYTES, Q, random_scalar

G_HEX = "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"


def check_point(x, expected):
    assert type(x) is bytes, type(x)
    assert len(x) == 32
    assert x == expected, (x.hex(), expected.hex())


def random_test_point(rng, pool):
    """A mix of random one-way-map points, known-log points, G, -G and the identity."""
    r = rng.random()
    if r < 0.6:
        return ref.random_point(rng)
    if r < 0.9:
        return rng.choice(pool.points)
    return rng.choice([IDENTITY_BYTES, bytes.fromhex(G_HEX), ref.point_neg(bytes.fromhex(G_HEX))])


# ---------------------------------------------------------------------------------------------
# constants
# ---------------------------------------------------------------------------------------------
def test_constants(vectors):
    assert type(pr.G) is bytes and pr.G == bytes.fromhex(G_HEX)
    assert pr.G == bytes.fromhex(vectors["rfc9496_multiples_of_generator"]["encodings"][1])
    assert type(pr.IDENTITY) is bytes and pr.IDENTITY == bytes(32)
    assert type(pr.H) is bytes and pr.H == ref.H_BYTES
    assert pr.H == bytes.fromhex(vectors["pyristretto_0_1_0_compat"]["H"])
    assert isinstance(pr.__version__, str) and pr.__version__


def test_invalid_point_error_hierarchy():
    assert issubclass(pr.InvalidPointError, ValueError)
    assert issubclass(pr.InvalidPointError, AssertionError)


# ---------------------------------------------------------------------------------------------
# differential
# ---------------------------------------------------------------------------------------------
def test_base_mul_differential(rng):
    for _ in range(DIFF_CASES):
        s = random_scalar(rng)
        check_point(pr.base_mul(s), ref.base_mul(s))


def test_point_mul_differential(rng, pool):
    for _ in range(DIFF_CASES):
        s = random_scalar(rng)
        P = random_test_point(rng, pool)
        check_point(pr.point_mul(s, P), ref.point_mul(s, P))


def test_point_add_sub_differential(rng, pool):
    for _ in range(DIFF_CASES):
        P = random_test_point(rng, pool)
        r = rng.random()
        if r < 0.1:
            Q_ = P
        elif r < 0.2:
            Q_ = ref.point_neg(P)
        else:
            Q_ = random_test_point(rng, pool)
        check_point(pr.point_add(P, Q_), ref.point_add(P, Q_))
        check_point(pr.point_sub(P, Q_), ref.point_sub(P, Q_))


def test_point_neg_differential(rng, pool):
    for _ in range(DIFF_CASES):
        P = random_test_point(rng, pool)
        check_point(pr.point_neg(P), ref.point_neg(P))


def test_point_sum_differential(rng, pool):
    for i in range(DIFF_CASES):
        n = rng.randrange(0, 9)
        pts = [random_test_point(rng, pool) for _ in range(n)]
        if n >= 2 and rng.random() < 0.2:  # duplicates and P, -P pairs
            pts[1] = rng.choice([pts[0], ref.point_neg(pts[0])])
        check_point(pr.point_sum(pts), ref.point_sum(pts))


def test_point_sum_long(rng):
    pts = [ref.random_point(rng) for _ in range(300)]
    check_point(pr.point_sum(pts), ref.point_sum(pts))
    check_point(pr.point_sum(pts + [ref.point_neg(p) for p in pts]), IDENTITY_BYTES)


def test_is_valid_point_differential(rng, pool):
    n_valid = 0
    for i in range(DIFF_CASES):
        r = i % 4
        if r == 0:
            b = rng.randbytes(32)  # random: mostly invalid, half with bit 255
        elif r == 1:
            b = ref.random_point(rng)  # valid
        elif r == 2:
            p = bytearray(ref.random_point(rng))  # valid point with bit 255 set: invalid
            p[31] |= 0x80
            b = bytes(p)
        else:
            p = bytearray(ref.random_point(rng))  # valid point with one bit flipped
            bit = rng.randrange(256)
            p[bit // 8] ^= 1 << (bit % 8)
            b = bytes(p)
        expected = ref.is_valid(b)
        n_valid += expected
        got = pr.is_valid_point(b)
        assert type(got) is bool
        assert got == expected, b.hex()
        if expected:
            assert pr.assert_valid_point("X", b) is None
        else:
            with pytest.raises(pr.InvalidPointError, match=r"\bX\b"):
                pr.assert_valid_point("X", b)
    assert n_valid >= DIFF_CASES // 4


# ---------------------------------------------------------------------------------------------
# edge cases
# ---------------------------------------------------------------------------------------------
def test_identity_everywhere(rng):
    P = ref.random_point(rng)
    I = IDENTITY_BYTES
    assert pr.is_valid_point(I) is True
    assert pr.assert_valid_point("I", I) is None
    check_point(pr.point_mul(12345, I), I)
    check_point(pr.point_mul(0, P), I)
    check_point(pr.point_mul(Q, P), I)
    check_point(pr.point_mul(-Q, P), I)
    check_point(pr.point_mul(0, I), I)
    check_point(pr.base_mul(0), I)
    check_point(pr.base_mul(Q), I)
    check_point(pr.base_mul(-Q), I)
    check_point(pr.base_mul(Q * 2**600), I)
    check_point(pr.point_add(I, I), I)
    check_point(pr.point_add(I, P), P)
    check_point(pr.point_add(P, I), P)
    check_point(pr.point_sub(P, I), P)
    check_point(pr.point_sub(I, P), ref.point_neg(P))
    check_point(pr.point_sub(P, P), I)
    check_point(pr.point_add(P, ref.point_neg(P)), I)
    check_point(pr.point_neg(I), I)
    check_point(pr.point_sum([]), I)
    check_point(pr.point_sum(iter([])), I)
    check_point(pr.point_sum([I, I, I]), I)
    check_point(pr.point_sum([P, ref.point_neg(P)]), I)


@pytest.mark.parametrize("s", EDGE_SCALARS)
def test_edge_scalars_point_ops(s):
    P = ref.Hp(b"edge point")
    check_point(pr.base_mul(s), ref.base_mul(s))
    check_point(pr.point_mul(s, P), ref.point_mul(s, P))
    check_point(pr.point_mul(s, pr.G), ref.base_mul(s))


def test_minus_one_is_negation(rng):
    for _ in range(50):
        P = ref.random_point(rng)
        check_point(pr.point_mul(-1, P), ref.point_neg(P))
        check_point(pr.point_mul(Q - 1, P), ref.point_neg(P))
        check_point(pr.point_mul(2**1000, P), ref.point_mul(pow(2, 1000, Q), P))
        check_point(pr.point_mul(-(2**1000), P), ref.point_mul(-pow(2, 1000, Q), P))


@pytest.mark.parametrize(
    "s",
    [np.int8(-1), np.int64(-12345), np.uint64(2**64 - 1), np.int32(7), np.uint8(200), np.int64(0)],
    ids=lambda s: f"{type(s).__name__}({int(s)})",
)
def test_numpy_integer_scalars(s):
    P = ref.Hp(b"numpy scalar")
    check_point(pr.base_mul(s), ref.base_mul(int(s)))
    check_point(pr.point_mul(s, P), ref.point_mul(int(s), P))


def test_index_object_scalar():
    class Idx:
        def __index__(self):
            return -5

    P = ref.Hp(b"idx")
    check_point(pr.base_mul(Idx()), ref.base_mul(-5))
    check_point(pr.point_mul(Idx(), P), ref.point_mul(-5, P))


def test_neg_involution_and_double(rng):
    for _ in range(100):
        P = ref.random_point(rng)
        nP = pr.point_neg(P)
        check_point(pr.point_neg(nP), P)
        check_point(pr.point_add(P, P), ref.point_mul(2, P))
        check_point(pr.point_sub(P, nP), ref.point_mul(2, P))


# ---------------------------------------------------------------------------------------------
# accepted bytes-like inputs
# ---------------------------------------------------------------------------------------------
def _readonly_numpy(b):
    a = np.frombuffer(bytes(b), dtype=np.uint8)
    assert not a.flags.writeable
    return a


POINT_WRAPPERS = {
    "bytes": bytes,
    "bytearray": bytearray,
    "memoryview": memoryview,
    "memoryview_bytearray": lambda b: memoryview(bytearray(b)),
    "memoryview_slice": lambda b: memoryview(b"\x07" * 32 + bytes(b) + b"\x09" * 32)[32:64],
    "numpy": lambda b: np.frombuffer(b, dtype=np.uint8).copy(),
    "numpy_readonly": _readonly_numpy,
    "numpy_row": lambda b: np.vstack([np.zeros(32, np.uint8), np.frombuffer(b, dtype=np.uint8)])[1],
}


@pytest.mark.parametrize("wrap", POINT_WRAPPERS.values(), ids=POINT_WRAPPERS.keys())
def test_point_buffer_types_accepted(wrap):
    P = ref.Hp(b"buffer type P")
    Q_ = ref.Hp(b"buffer type Q")
    wP, wQ = wrap(P), wrap(Q_)
    assert pr.is_valid_point(wP) is True
    assert pr.assert_valid_point("P", wP) is None
    check_point(pr.point_mul(3, wP), ref.point_mul(3, P))
    check_point(pr.point_add(wP, wQ), ref.point_add(P, Q_))
    check_point(pr.point_sub(wP, wQ), ref.point_sub(P, Q_))
    check_point(pr.point_neg(wP), ref.point_neg(P))
    check_point(pr.point_sum([wP, wQ, wrap(pr.G)]), ref.point_sum([P, Q_, pr.G]))
    check_point(pr.point_add(wP, Q_), ref.point_add(P, Q_))  # mixed types


def test_inputs_not_modified():
    P = bytearray(ref.Hp(b"not modified P"))
    Q_ = bytearray(ref.Hp(b"not modified Q"))
    p0, q0 = bytes(P), bytes(Q_)
    pr.point_add(P, Q_)
    pr.point_sub(P, Q_)
    pr.point_neg(P)
    pr.point_mul(7, P)
    pr.point_sum([P, Q_])
    pr.is_valid_point(P)
    assert bytes(P) == p0 and bytes(Q_) == q0


def test_point_sum_generator_and_tuple(rng):
    pts = [ref.random_point(rng) for _ in range(5)]
    expected = ref.point_sum(pts)
    check_point(pr.point_sum(tuple(pts)), expected)
    check_point(pr.point_sum(p for p in pts), expected)
    check_point(pr.point_sum(iter(pts)), expected)
