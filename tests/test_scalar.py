"""Scalar (the object layer): differential against libsodium (pysodium) and Python integer arithmetic mod q,
edge values, equality with ints, no __index__, hidden repr, pickling, wiping, and Scalars in the functional API."""

import copy
import ctypes
import gc
import operator
import pickle

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from pyristretto import Point, Scalar
from reference import DIFF_CASES, EDGE_SCALARS, Q, random_scalar

CASES = max(200, DIFF_CASES // 5)


@pytest.mark.parametrize("value", EDGE_SCALARS)
def test_edge_values_reduce_exactly(value):
    s = Scalar(value)
    assert int(s) == value % Q and bytes(s) == ref.sc_bytes(value) and s.to_bytes() == ref.sc_bytes(value)
    assert type(int(s)) is int and type(bytes(s)) is bytes
    assert Scalar(s) == s and int(Scalar(s)) == value % Q


def test_random_values(rng):
    for _ in range(CASES):
        x = random_scalar(rng)
        assert bytes(Scalar(x)) == ref.sc_bytes(x) and int(Scalar(x)) == x % Q


def test_int_likes():
    class MyInt(int):
        pass

    assert int(Scalar(True)) == 1 and int(Scalar(False)) == 0
    assert int(Scalar(np.int64(-5))) == Q - 5 and int(Scalar(np.uint64(2**64 - 1))) == 2**64 - 1
    assert int(Scalar(MyInt(Q + 3))) == 3


@pytest.mark.parametrize("bad", [1.0, "1", b"\x01" * 32, None, [1], Point.generator()])
def test_non_int_is_type_error(bad):
    with pytest.raises(TypeError):
        Scalar(bad)


def test_arithmetic_differential(rng):
    for _ in range(CASES):
        a, b = random_scalar(rng), random_scalar(rng)
        A, B = Scalar(a), Scalar(b)
        for result, expected in (
            (A + B, ref.ls_sc_add(a, b)),
            (A + b, (a + b) % Q),
            (a + B, (a + b) % Q),
            (A - B, ref.ls_sc_sub(a, b)),
            (A - b, (a - b) % Q),
            (a - B, (a - b) % Q),
            (A * B, ref.ls_sc_mul(a, b)),
            (A * b, (a * b) % Q),
            (a * B, (a * b) % Q),
            (-A, ref.ls_sc_neg(a)),
        ):
            assert type(result) is Scalar and int(result) == expected
        if a % Q:
            assert int(A.invert()) == ref.ls_sc_inv(a) == ref.py_sc_inv(a)
            assert A * A.invert() == 1


def test_invert_zero():
    for zero in (Scalar(0), Scalar(Q), Scalar(-Q)):
        with pytest.raises(ZeroDivisionError):
            zero.invert()


@pytest.mark.parametrize("name", ["invert", "invert_vartime"])
def test_inverse_against_pow_and_libsodium(name, rng):
    """Both inverses (the C++ core's own Montgomery exponentiation) against Python's pow(x, -1, q) and libsodium,
    at the edges (1, 2, q - 2, q - 1, 2^252, unreduced values and negatives, reduced on the way in) and at random."""
    values = [v for v in EDGE_SCALARS if v % Q] + [Q + 2, 2**253 + 5, -(2**255)]
    values += [rng.randrange(1, Q) for _ in range(CASES)]
    inverse = getattr(Scalar, name)
    for v in values:
        got = inverse(Scalar(v))
        assert type(got) is Scalar and int(got) == pow(v % Q, -1, Q) == ref.ls_sc_inv(v), v
        assert Scalar(v) * got == 1 and inverse(got) == v % Q


@pytest.mark.parametrize("name", ["invert", "invert_vartime"])
def test_inverse_of_zero_raises(name):
    inverse = getattr(Scalar, name)
    for zero in (0, Q, -Q, 2 * Q, 16 * Q):
        with pytest.raises(ZeroDivisionError, match="0 has no inverse"):
            inverse(Scalar(zero))


def test_equality_with_ints_is_by_value_mod_q():
    s = Scalar(5)
    assert s == 5 and 5 == s and s == 5 + Q and s == 5 - 7 * Q and s == Scalar(5 + Q) and s == np.int32(5)
    assert s != 6 and 6 != s and not (s != 5) and s != Scalar(6)
    assert Scalar(-1) == Q - 1 and Scalar(0) == 0 and Scalar(0) == Q
    for other in (5.0, "5", b"\x05", None, Point.generator()):
        assert (s == other) is False and (s != other) is True


def test_no_index_and_no_hash():
    s = Scalar(3)
    with pytest.raises(TypeError):
        operator.index(s)
    with pytest.raises(TypeError):
        b"x" * s
    with pytest.raises(TypeError):
        [0, 1, 2, 3][s]
    with pytest.raises(TypeError):
        range(s)
    with pytest.raises(TypeError):
        hash(s)
    assert bool(Scalar(0)) is False and bool(Scalar(Q)) is False and bool(s) is True


def test_repr_hides_the_value():
    x = 0x1234567890ABCDEF
    s = Scalar(x)
    assert repr(s) == str(s) == "Scalar(<hidden>)"
    assert str(x) not in repr(s) and "1234567890" not in repr(s).lower()


def test_pickle_and_copy():
    s = Scalar.random()
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(s, protocol)
        if protocol >= 3:  # raw bytes in the stream (protocols 0-2 spell them differently)
            assert bytes(s) in data  # documented: a pickled Scalar carries its secret
        t = pickle.loads(data)
        assert type(t) is Scalar and t == s
    assert copy.copy(s) is s and copy.deepcopy(s) is s


def test_random_in_range():
    values = [int(Scalar.random()) for _ in range(300)]
    assert all(1 <= v < Q for v in values) and len(set(values)) == 300


def test_from_bytes_canonical_only():
    for x in (0, 1, Q - 1, 2**252):
        assert int(Scalar.from_bytes(x.to_bytes(32, "little"))) == x
        assert int(Scalar.from_bytes(bytearray(x.to_bytes(32, "little")))) == x
    for x in (Q, Q + 1, 2**253, 2**255, 2**256 - 1):
        with pytest.raises(ValueError, match="canonical"):
            Scalar.from_bytes(x.to_bytes(32, "little"))
    for length in (0, 31, 33, 64):
        with pytest.raises(ValueError):
            Scalar.from_bytes(bytes(length))
    with pytest.raises(TypeError):
        Scalar.from_bytes(5)


def test_from_bytes_mod_order(rng):
    for _ in range(CASES // 4):
        b32, b64 = rng.randbytes(32), rng.randbytes(64)
        assert int(Scalar.from_bytes_mod_order(b32)) == int.from_bytes(b32, "little") % Q == pr.from_bytes32(b32)
        assert int(Scalar.from_bytes_mod_order(b64)) == ref.ls_sc_reduce64(b64) == pr.sc_reduce(b64)
    for length in (0, 31, 33, 63, 65):
        with pytest.raises(ValueError, match="32 or 64"):
            Scalar.from_bytes_mod_order(bytes(length))


def test_functional_api_accepts_scalars(rng):
    P = ref.random_point(rng)
    for _ in range(CASES // 8):
        a, b = random_scalar(rng), random_scalar(rng)
        A, B = Scalar(a), Scalar(b)
        assert pr.sc_add(A, B) == pr.sc_add(a, B) == (a + b) % Q
        assert pr.sc_sub(A, b) == (a - b) % Q and pr.sc_mul(A, B) == (a * b) % Q and pr.sc_neg(A) == -a % Q
        assert pr.to_bytes32(A) == ref.sc_bytes(a) == pr.to_bytes32(a)
        assert pr.base_mul(A) == ref.base_mul(a) and pr.point_mul(A, P) == ref.point_mul(a, P)
        assert pr.pedersen_commit(A, B) == ref.pedersen_commit(a, b)
        assert pr.Hs(A, b"|", B) == ref.Hs(a, b"|", b) and pr.Hp(A) == ref.Hp(a)
        if a % Q:
            assert pr.sc_inv(A) == ref.py_sc_inv(a)


def test_scalar_bytes_are_wiped_when_freed():
    # The 32 bytes follow the object header (no vtable: the class is final and has no cdef methods). The freed
    # object stays on the type's freelist, so its memory is still mapped and can be read back.
    s = Scalar(0x0123456789ABCDEF0123456789ABCDEF)
    offset = object.__basicsize__
    address = id(s) + offset
    assert ctypes.string_at(address, 32) == bytes(s)
    del s
    gc.collect()
    assert ctypes.string_at(address, 32) == bytes(32)


# ---- issue 44: Scalar / Scalar -------------------------------------------------------------------
def test_division_is_multiplication_by_the_inverse(rng):
    for _ in range(50):
        a, b = random_scalar(rng), random_scalar(rng) % Q or 1
        expected = a * pow(b, -1, Q) % Q  # Python's own inverse, independent of the C++ core
        for x, y in [(Scalar(a), Scalar(b)), (Scalar(a), b), (a, Scalar(b)), (Scalar(a), b + Q)]:
            quotient = x / y
            assert type(quotient) is Scalar and quotient == expected
    assert Scalar(7) / np.int64(7) == 1 and 1 / Scalar(Q - 1) == Q - 1 and Scalar(1) / 2 * 2 == 1


@pytest.mark.parametrize("zero", [0, Q, Scalar(0), Scalar(Q)])
def test_division_by_zero(zero):
    with pytest.raises(ZeroDivisionError):
        Scalar(5) / zero
    with pytest.raises(ZeroDivisionError):
        5 / Scalar(0)
    assert Scalar(0) / Scalar(3) == 0


@pytest.mark.parametrize("other", [1.5, "2", b"\x02" + bytes(31), None, [2]])
def test_division_by_a_non_scalar_is_a_type_error(other):
    with pytest.raises(TypeError):
        Scalar(5) / other
    with pytest.raises(TypeError):
        other / Scalar(5)
