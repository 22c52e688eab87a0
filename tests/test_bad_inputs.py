"""Bad input for every public function: documented exception type, and a message naming the argument
(and the index inside a sequence). Nothing may crash or return a wrong answer silently.

Message wording is the package's; the regexes only require the argument name / index to appear.
"""

import re

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from reference import IDENTITY_BYTES, Q

VECTORS = ref.load_vectors()
INVALID = ref.invalid_encodings(VECTORS)
INVALID_IDS = [f"{cat}-{b.hex()[:8]}" for cat, b in INVALID]

P0 = ref.Hp(b"bad-inputs P0")
P1 = ref.Hp(b"bad-inputs P1")


def named(name):
    """Regex: `name` as a token of its own (not part of a longer identifier)."""
    return rf"(?<![\w]){re.escape(name)}(?![\w])"


def indexed(name, i):
    return rf"{re.escape(name)}\[{i}\]"


BAD_POINT_TYPES = {
    "None": None,
    "str": "x" * 32,
    "float": 1.5,
    "list": list(range(32)),
    "int": 12345,
    "object": object(),
}
BAD_POINT_LENGTHS = {
    "len0": b"",
    "len31": bytes(31),
    "len33": bytes(33),
    "len64": bytes(64),
    "bytearray31": bytearray(31),
    "numpy33": np.zeros(33, dtype=np.uint8),
    "G+1byte": ref.base_mul(1) + b"\x00",
    "G-1byte": ref.base_mul(1)[:31],
}
BAD_SCALARS = {
    "float": 1.0,
    "float_frac": 2.5,
    "str": "5",
    "bytes": b"\x05",
    "bytes32": bytes(32),
    "None": None,
    "list": [1],
}

# (function, position of the point argument, name of the argument, the other arguments)
POINT_ARGS = [
    ("point_add", 0, "P", lambda bad: (bad, P1)),
    ("point_add", 1, "Q", lambda bad: (P0, bad)),
    ("point_sub", 0, "P", lambda bad: (bad, P1)),
    ("point_sub", 1, "Q", lambda bad: (P0, bad)),
    ("point_neg", 0, "P", lambda bad: (bad,)),
    ("point_mul", 1, "P", lambda bad: (3, bad)),
]
POINT_ARG_IDS = [f"{f}-{n}" for f, _, n, _ in POINT_ARGS]

# (function, argument name, args builder) for scalar arguments
SCALAR_ARGS = [
    ("sc_add", "a", lambda bad: (bad, 1)),
    ("sc_add", "b", lambda bad: (1, bad)),
    ("sc_sub", "a", lambda bad: (bad, 1)),
    ("sc_sub", "b", lambda bad: (1, bad)),
    ("sc_mul", "a", lambda bad: (bad, 1)),
    ("sc_mul", "b", lambda bad: (1, bad)),
    ("sc_neg", "a", lambda bad: (bad,)),
    ("sc_inv", "a", lambda bad: (bad,)),
    ("to_bytes32", "i", lambda bad: (bad,)),
    ("base_mul", "s", lambda bad: (bad,)),
    ("point_mul", "s", lambda bad: (bad, P0)),
    ("pedersen_commit", "amount", lambda bad: (bad, 1)),
    ("pedersen_commit", "blinding", lambda bad: (1, bad)),
]
SCALAR_ARG_IDS = [f"{f}-{n}" for f, n, _ in SCALAR_ARGS]


# ---------------------------------------------------------------------------------------------
# point arguments
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fname,pos,arg,build", POINT_ARGS, ids=POINT_ARG_IDS)
@pytest.mark.parametrize("bad", BAD_POINT_TYPES.values(), ids=BAD_POINT_TYPES.keys())
def test_point_wrong_type(fname, pos, arg, build, bad):
    with pytest.raises(TypeError, match=named(arg)):
        getattr(pr, fname)(*build(bad))


@pytest.mark.parametrize("fname,pos,arg,build", POINT_ARGS, ids=POINT_ARG_IDS)
@pytest.mark.parametrize("bad", BAD_POINT_LENGTHS.values(), ids=BAD_POINT_LENGTHS.keys())
def test_point_wrong_length(fname, pos, arg, build, bad):
    with pytest.raises(pr.InvalidPointError, match=named(arg)):
        getattr(pr, fname)(*build(bad))


@pytest.mark.parametrize("fname,pos,arg,build", POINT_ARGS, ids=POINT_ARG_IDS)
@pytest.mark.parametrize("cat,bad", INVALID, ids=INVALID_IDS)
def test_point_invalid_encoding(fname, pos, arg, build, cat, bad):
    for wrap in (bytes, bytearray, memoryview, lambda b: np.frombuffer(b, dtype=np.uint8).copy()):
        with pytest.raises(pr.InvalidPointError, match=named(arg)):
            getattr(pr, fname)(*build(wrap(bad)))


@pytest.mark.parametrize("fname,pos,arg,build", POINT_ARGS, ids=POINT_ARG_IDS)
def test_point_noncontiguous_no_crash(fname, pos, arg, build):
    """A non-contiguous buffer is either rejected (TypeError/ValueError) or read correctly."""
    good = P0 if pos == 0 else P1
    f = getattr(pr, fname)
    expected = f(*build(good))
    backing = np.zeros(64, dtype=np.uint8)
    backing[::2] = np.frombuffer(good, dtype=np.uint8)
    for nc in (backing[::2], memoryview(bytes(backing))[::2]):
        assert f(*build(nc)) == expected  # a strided single point is read through a copy


@pytest.mark.parametrize("bad", BAD_POINT_TYPES.values(), ids=BAD_POINT_TYPES.keys())
def test_is_valid_point_wrong_type(bad):
    with pytest.raises(TypeError, match=named("P")):
        pr.is_valid_point(bad)


@pytest.mark.parametrize("bad", BAD_POINT_LENGTHS.values(), ids=BAD_POINT_LENGTHS.keys())
def test_is_valid_point_wrong_length_is_false(bad):
    assert pr.is_valid_point(bad) is False
    assert pr.is_valid_point(memoryview(bytes(bad))) is False


def test_is_valid_point_noncontiguous_is_read():
    backing = np.zeros(64, dtype=np.uint8)
    backing[::2] = np.frombuffer(P0, dtype=np.uint8)
    assert pr.is_valid_point(backing[::2]) is True
    backing[62] = 0xFF  # bit 255 of the strided view set
    assert pr.is_valid_point(backing[::2]) is False


@pytest.mark.parametrize("bad", BAD_POINT_TYPES.values(), ids=BAD_POINT_TYPES.keys())
def test_assert_valid_point_wrong_type(bad):
    # the conventions decide: a wrong type is a TypeError (InvalidPointError is for bytes-like values)
    with pytest.raises(TypeError, match=named("the_arg")):
        pr.assert_valid_point("the_arg", bad)


@pytest.mark.parametrize("bad", BAD_POINT_LENGTHS.values(), ids=BAD_POINT_LENGTHS.keys())
def test_assert_valid_point_wrong_length(bad):
    with pytest.raises(pr.InvalidPointError, match=named("the_arg")):
        pr.assert_valid_point("the_arg", bad)


@pytest.mark.parametrize("cat,bad", INVALID, ids=INVALID_IDS)
def test_assert_valid_point_invalid(cat, bad):
    with pytest.raises(pr.InvalidPointError, match=named("commitment_C")):
        pr.assert_valid_point("commitment_C", bad)
    with pytest.raises(AssertionError):
        pr.assert_valid_point("commitment_C", bad)
    with pytest.raises(ValueError):
        pr.assert_valid_point("commitment_C", bad)


# ---------------------------------------------------------------------------------------------
# scalar arguments
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fname,arg,build", SCALAR_ARGS, ids=SCALAR_ARG_IDS)
@pytest.mark.parametrize("bad", BAD_SCALARS.values(), ids=BAD_SCALARS.keys())
def test_scalar_wrong_type(fname, arg, build, bad):
    with pytest.raises(TypeError, match=named(arg)):
        getattr(pr, fname)(*build(bad))


@pytest.mark.parametrize("fname,arg,build", SCALAR_ARGS, ids=SCALAR_ARG_IDS)
def test_scalar_index_raising(fname, arg, build):
    class Boom:
        def __index__(self):
            raise RuntimeError("boom from __index__")

    with pytest.raises(RuntimeError, match="boom from __index__"):  # propagated as it is, not turned into TypeError
        getattr(pr, fname)(*build(Boom()))


@pytest.mark.parametrize("fname,arg,build", SCALAR_ARGS, ids=SCALAR_ARG_IDS)
def test_scalar_index_objects_accepted(fname, arg, build):
    class Idx:
        def __index__(self):
            return Q + 3

    f = getattr(pr, fname)
    assert f(*build(Idx())) == f(*build(3))


def test_sc_rand_takes_no_arguments():
    with pytest.raises(TypeError):
        pr.sc_rand(1)


# ---------------------------------------------------------------------------------------------
# byte-string (non-point) arguments
# ---------------------------------------------------------------------------------------------
BAD_BYTES_TYPES = {"None": None, "int": 5, "float": 1.5, "list": [0] * 64, "object": object()}


@pytest.mark.parametrize("bad", BAD_BYTES_TYPES.values(), ids=BAD_BYTES_TYPES.keys())
def test_sc_reduce_wrong_type(bad):
    with pytest.raises(TypeError, match=named("b")):
        pr.sc_reduce(bad)


def test_sc_reduce_str_is_type_error():
    with pytest.raises(TypeError, match=named("b")):
        pr.sc_reduce("x" * 64)


@pytest.mark.parametrize("n", [0, 1, 31, 32, 33, 63, 65, 128])
def test_sc_reduce_wrong_length(n):
    with pytest.raises(ValueError, match=named("b")):
        pr.sc_reduce(bytes(n))
    with pytest.raises(ValueError, match=named("b")):
        pr.sc_reduce(np.zeros(n, dtype=np.uint8))


@pytest.mark.parametrize("bad", BAD_BYTES_TYPES.values(), ids=BAD_BYTES_TYPES.keys())
def test_from_bytes32_wrong_type(bad):
    with pytest.raises(TypeError, match=named("b")):
        pr.from_bytes32(bad)


def test_from_bytes32_str_is_type_error():
    with pytest.raises(TypeError, match=named("b")):
        pr.from_bytes32("x" * 32)


@pytest.mark.parametrize("n", [0, 1, 31, 33, 64])
def test_from_bytes32_wrong_length(n):
    with pytest.raises(ValueError, match=named("b")):
        pr.from_bytes32(bytes(n))
    with pytest.raises(ValueError, match=named("b")):
        pr.from_bytes32(bytearray(n))


@pytest.mark.parametrize("fname", ["hash_to_group", "hash_to_scalar"])
@pytest.mark.parametrize("bad", BAD_BYTES_TYPES.values(), ids=BAD_BYTES_TYPES.keys())
def test_hash_to_x_wrong_type(fname, bad):
    f = getattr(pr, fname)
    with pytest.raises(TypeError, match=named("msg")):
        f(bad, b"dst")
    with pytest.raises(TypeError, match=named("dst")):
        f(b"msg", bad)


@pytest.mark.parametrize("fname", ["hash_to_group", "hash_to_scalar"])
def test_hash_to_x_empty_dst(fname):
    # RFC 9380 section 3.1: tags MUST have nonzero length
    for empty in (b"", bytearray(), memoryview(b"")):
        with pytest.raises(ValueError, match=named("dst")):
            getattr(pr, fname)(b"msg", empty)


@pytest.mark.parametrize("fname", ["Hs", "Hp"])
@pytest.mark.parametrize(
    "bad", [None, 1.5, "text", [1, 2], object(), {b"a": 1}], ids=["None", "float", "str", "list", "object", "dict"]
)
def test_Hs_Hp_bad_item(fname, bad):
    f = getattr(pr, fname)
    with pytest.raises(TypeError, match=r"\b2\b"):
        f(b"first", 12, bad, b"last")
    with pytest.raises(TypeError):
        f(bad)


@pytest.mark.parametrize("bad", BAD_BYTES_TYPES.values(), ids=BAD_BYTES_TYPES.keys())
def test_derive_generators_bad_domain(bad):
    with pytest.raises(TypeError, match=named("domain")):
        pr.derive_generators(bad, 2)


@pytest.mark.parametrize("bad", [1.0, "3", None, b"\x03", [3]], ids=["float", "str", "None", "bytes", "list"])
def test_derive_generators_bad_n_type(bad):
    with pytest.raises(TypeError, match=named("n")):
        pr.derive_generators(b"d", bad)


@pytest.mark.parametrize("n", [-1, -(2**70), 2**32, 2**32 + 1, 2**64, 2**100])
def test_derive_generators_n_out_of_range(n):
    with pytest.raises(ValueError, match=named("n")):
        pr.derive_generators(b"d", n)


# ---------------------------------------------------------------------------------------------
# point_sum
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [None, 5, 1.5, object()], ids=["None", "int", "float", "object"])
def test_point_sum_not_iterable(bad):
    with pytest.raises(TypeError, match=named("points")):
        pr.point_sum(bad)


@pytest.mark.parametrize("bad", BAD_POINT_TYPES.values(), ids=BAD_POINT_TYPES.keys())
def test_point_sum_element_wrong_type(bad):
    with pytest.raises(TypeError, match=indexed("points", 1)):
        pr.point_sum([P0, bad, P1])


@pytest.mark.parametrize("bad", BAD_POINT_LENGTHS.values(), ids=BAD_POINT_LENGTHS.keys())
def test_point_sum_element_wrong_length(bad):
    with pytest.raises(pr.InvalidPointError, match=indexed("points", 3)):
        pr.point_sum([P0, P1, P0, bad])


@pytest.mark.parametrize("cat,bad", INVALID, ids=INVALID_IDS)
def test_point_sum_element_invalid(cat, bad):
    with pytest.raises(pr.InvalidPointError, match=indexed("points", 1)):
        pr.point_sum([P0, bad])
    with pytest.raises(pr.InvalidPointError, match=indexed("points", 1)):
        pr.point_sum(iter([P0, bytearray(bad)]))


def test_point_sum_iterator_raising():
    def gen():
        yield P0
        raise RuntimeError("boom from iterator")

    with pytest.raises(RuntimeError, match="boom"):
        pr.point_sum(gen())


# ---------------------------------------------------------------------------------------------
# msm / msm_vartime
# ---------------------------------------------------------------------------------------------
MSM = ["msm", "msm_vartime"]


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize("bad", [None, 5, 1.5, object()], ids=["None", "int", "float", "object"])
def test_msm_not_iterable(fname, bad):
    f = getattr(pr, fname)
    with pytest.raises(TypeError, match=named("scalars")):
        f(bad, [P0])
    with pytest.raises(TypeError, match=named("points")):
        f([1], bad)


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize("bad", BAD_SCALARS.values(), ids=BAD_SCALARS.keys())
def test_msm_scalar_wrong_type(fname, bad):
    f = getattr(pr, fname)
    with pytest.raises(TypeError, match=indexed("scalars", 2)):
        f([1, 2, bad, 4], [P0, P1, P0, P1])
    with pytest.raises(TypeError, match=indexed("scalars", 2)):
        f([1, 2, bad, 4], b"".join([P0, P1, P0, P1]))


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize("bad", BAD_POINT_TYPES.values(), ids=BAD_POINT_TYPES.keys())
def test_msm_point_wrong_type(fname, bad):
    f = getattr(pr, fname)
    with pytest.raises(TypeError, match=indexed("points", 2)):
        f([1, 2, 3], [P0, P1, bad])


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize("bad", BAD_POINT_LENGTHS.values(), ids=BAD_POINT_LENGTHS.keys())
def test_msm_point_wrong_length(fname, bad):
    f = getattr(pr, fname)
    with pytest.raises(pr.InvalidPointError, match=indexed("points", 2)):
        f([1, 2, 3], [P0, P1, bad])


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize("cat,bad", INVALID, ids=INVALID_IDS)
def test_msm_point_invalid(fname, cat, bad):
    f = getattr(pr, fname)
    pts = [P0, P1, P0, bad, P1]
    for points in (
        pts,
        tuple(pts),
        iter(pts),
        b"".join(pts),
        bytearray(b"".join(pts)),
        np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(5, 32).copy(),
    ):
        with pytest.raises(pr.InvalidPointError, match=indexed("points", 3)):
            f([1, 2, 3, 4, 5], points)
    # zero scalar for the invalid point: still rejected
    with pytest.raises(pr.InvalidPointError, match=indexed("points", 3)):
        f([1, 2, 3, 0, 5], pts)


@pytest.mark.parametrize("fname", MSM)
def test_msm_length_mismatch(fname):
    f = getattr(pr, fname)
    for scalars, points in [
        ([1, 2, 3], [P0] * 4),
        ([1, 2, 3, 4], [P0] * 3),
        ([1], []),
        ([], [P0]),
        ([1, 2, 3], b"".join([P0] * 4)),
        ([1, 2], P0),
        ([1], np.frombuffer(P0 + P1, dtype=np.uint8).reshape(2, 32).copy()),
        (iter([1, 2]), iter([P0])),
    ]:
        with pytest.raises(ValueError, match=r"scalars|points"):
            f(scalars, points)


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize("nbytes", [1, 31, 33, 63, 65, 95])
def test_msm_buffer_not_multiple_of_32(fname, nbytes):
    f = getattr(pr, fname)
    n = max(1, nbytes // 32)
    for buf in (bytes(nbytes), bytearray(nbytes), memoryview(bytes(nbytes))):
        with pytest.raises(ValueError, match=named("points")):
            f([1] * n, buf)


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize("shape", [(2, 31), (2, 33), (1, 31), (1, 33)])
def test_msm_numpy_bad_shape(fname, shape):
    f = getattr(pr, fname)
    arr = np.zeros(shape, dtype=np.uint8)
    with pytest.raises((ValueError, TypeError)):
        f([1, 1], arr)


@pytest.mark.parametrize("fname", MSM)
def test_msm_numpy_wrong_dtype(fname):
    f = getattr(pr, fname)
    arr = np.frombuffer(P0 + P1, dtype=np.uint8).reshape(2, 32).astype(np.int64)
    with pytest.raises((ValueError, TypeError)):
        f([1, 1], arr)


@pytest.mark.parametrize("fname", MSM)
def test_msm_noncontiguous_no_crash(fname):
    """Non-contiguous (n, 32) arrays are rejected with ValueError (never misread); the same data made
    C-contiguous gives the sum computed by libsodium."""
    f = getattr(pr, fname)
    pts = [P0, P1, ref.Hp(b"nc2"), ref.Hp(b"nc3")]
    scalars = [3, 5, 7, 11]
    expected = ref.msm_loop(scalars, pts)
    big = np.zeros((8, 32), dtype=np.uint8)
    big[::2] = np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(4, 32)
    fortran = np.asfortranarray(np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(4, 32))
    wide = np.zeros((4, 64), dtype=np.uint8)
    wide[:, ::2] = np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(4, 32)
    for arr in (big[::2], fortran, wide[:, ::2]):
        assert not arr.flags.c_contiguous
        with pytest.raises(ValueError, match=r"points: expected a C-contiguous buffer"):
            f(scalars, arr)
        assert f(scalars, np.ascontiguousarray(arr)) == expected


@pytest.mark.parametrize("fname", MSM)
def test_msm_iterators_raising(fname):
    f = getattr(pr, fname)

    def gen():
        yield 1
        raise RuntimeError("boom from scalars")

    with pytest.raises(RuntimeError, match="boom"):
        f(gen(), [P0, P1])

    def pgen():
        yield P0
        raise RuntimeError("boom from points")

    with pytest.raises(RuntimeError, match="boom"):
        f([1, 2], pgen())


@pytest.mark.parametrize("fname", MSM)
def test_msm_accepts_bytes_like_points(fname):
    f = getattr(pr, fname)
    pts = [P0, P1, ref.Hp(b"bl2")]
    expected = ref.msm_loop([2, 3, 4], pts)
    assert (
        f([2, 3, 4], [bytearray(pts[0]), memoryview(pts[1]), np.frombuffer(pts[2], dtype=np.uint8).copy()]) == expected
    )
    assert f([2, 3, 4], memoryview(bytearray(b"".join(pts)))) == expected


# ---------------------------------------------------------------------------------------------
# nothing was left in a bad state
# ---------------------------------------------------------------------------------------------
def test_still_works_after_errors():
    assert pr.point_add(P0, IDENTITY_BYTES) == P0
    assert pr.msm([1], [P0]) == P0
