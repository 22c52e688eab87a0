"""msm / msm_vartime with the scalars as one buffer of 32-byte little-endian values (issue 11).

The buffer form: bytes, bytearray or memoryview of 32*n bytes (or shape (n, 32)), or any 2-D C-contiguous
buffer of bytes of shape (n, 32) such as a numpy uint8 array. Any 32 bytes are a scalar, reduced mod q.
A 1-D numpy array (uint8 included) stays an iterable of ints, as before. Expected values: the int form with
the ints reduced in Python, and base_mul of a dot product of known discrete logs mod q.
"""

import array
import random

import numpy as np
import pytest

import pyristretto as pr

Q = pr.q
MSM = ["msm", "msm_vartime"]


def raw_scalars(rng, n):
    """n random 32-byte strings, with the edge cases first: 2^256 - 1, q, q - 1, q + 1, 2^255, 0, 2^253."""
    edges = [
        b"\xff" * 32,
        Q.to_bytes(32, "little"),
        (Q - 1).to_bytes(32, "little"),
        (Q + 1).to_bytes(32, "little"),
        (1 << 255).to_bytes(32, "little"),
        bytes(32),
        (1 << 253).to_bytes(32, "little"),
    ]
    return (edges + [rng.randbytes(32) for _ in range(n)])[:n]


def known_points(rng, n):
    logs = [rng.randrange(Q) for _ in range(n)]
    return logs, [pr.base_mul(x) for x in logs]


def buffer_forms(raw):
    flat = b"".join(raw)
    grid = np.frombuffer(flat, np.uint8).reshape(len(raw), 32)
    return {
        "bytes": flat,
        "bytearray": bytearray(flat),
        "memoryview": memoryview(flat),
        "memoryview2d": memoryview(grid.copy()),
        "numpy": grid.copy(),
        "numpy_readonly": grid,  # frombuffer of bytes: read-only
        "numpy_int8": grid.view(np.int8).copy(),  # item size 1: read as bytes, as points are
    }


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize("n", [0, 1, 2, 7, 64, 200, 1000])
def test_buffer_equals_int_form(fname, n):
    rng = random.Random(n)
    raw = raw_scalars(rng, n)
    logs, points = known_points(rng, n)
    ints = [int.from_bytes(r, "little") for r in raw]
    f = getattr(pr, fname)
    expected = f([s % Q for s in ints], points)
    assert expected == pr.base_mul(sum(s * x for s, x in zip(ints, logs)))
    for form, scalars in buffer_forms(raw).items():
        assert f(scalars, points) == expected, form
        assert f(scalars, b"".join(points)) == expected, form


@pytest.mark.parametrize("fname", MSM)
def test_values_at_and_above_q(fname):
    """q, 2q-ish, 2^255 and 2^256 - 1 reduce exactly like the ints do."""
    P = pr.derive_generators(b"scalar buffers", 1)[0]
    f = getattr(pr, fname)
    for value in [0, 1, Q - 1, Q, Q + 1, 2 * Q, 2**252, 2**253 - 1, 2**255, 2**255 + 19, 2**256 - 1]:
        got = f(value.to_bytes(32, "little"), [P])
        assert got == pr.point_mul(value, P) == f([value], [P]), hex(value)


def test_buffer_is_copied_and_not_changed():
    scalars = np.full((3, 32), 0xFF, np.uint8)
    before = scalars.copy()
    pr.msm(scalars, [pr.G] * 3)
    assert np.array_equal(scalars, before)  # reduced in the C++ copy, never in place


@pytest.mark.parametrize("fname", MSM)
def test_one_dimensional_numpy_stays_ints(fname):
    """Unchanged meaning: a 1-D numpy array of any integer dtype (uint8 too) is an iterable of ints."""
    points = pr.derive_generators(b"1-D", 32)
    f = getattr(pr, fname)
    values = np.arange(32, dtype=np.uint8)
    assert f(values, points) == f(list(range(32)), points)
    assert f(array.array("B", range(32)), points) == f(list(range(32)), points)
    # the mistake it guards against fails loudly: 32*n small ints against n points
    with pytest.raises(ValueError, match=r"^msm(_vartime)?: 32 scalars but 1 points$"):
        f(np.frombuffer(bytes(32), np.uint8), points[:1])


@pytest.mark.parametrize("fname", MSM)
def test_mismatched_lengths(fname):
    f = getattr(pr, fname)
    points = [pr.G] * 3
    for scalars in (bytes(64), bytes(128), np.zeros((2, 32), np.uint8), b""):
        with pytest.raises(ValueError, match=rf"^{fname}: \d scalars but 3 points$"):
            f(scalars, points)
    assert f(b"", []) == f(np.zeros((0, 32), np.uint8), b"") == pr.IDENTITY


@pytest.mark.parametrize("fname", MSM)
@pytest.mark.parametrize(
    "bad",
    [
        bytes(1),
        bytes(31),
        bytes(33),
        bytes(65),
        bytearray(63),
        memoryview(bytes(95)),
        np.zeros((2, 31), np.uint8),
        np.zeros((2, 33), np.uint8),
        np.zeros((1, 64), np.uint8),
        np.zeros((2, 2, 32), np.uint8),
        memoryview(np.zeros((2, 16), np.uint8)),
    ],
    ids=["1", "31", "33", "65", "bytearray63", "memoryview95", "2x31", "2x33", "1x64", "2x2x32", "memoryview2x16"],
)
def test_bad_shape(fname, bad):
    with pytest.raises(ValueError, match=r"^scalars: expected shape \(n, 32\) or 32\*n bytes, got shape "):
        getattr(pr, fname)(bad, [pr.G] * 2)


@pytest.mark.parametrize("fname", MSM)
def test_bad_dtype(fname):
    f = getattr(pr, fname)
    for bad in (
        np.zeros((2, 32), np.uint16),
        np.zeros((2, 4), np.uint64),
        np.zeros((2, 32), np.float64),
        memoryview(array.array("H", bytes(128))),
    ):
        with pytest.raises(TypeError, match=r"^scalars: expected a buffer of bytes \(uint8\), got format"):
            f(bad, [pr.G] * 2)


@pytest.mark.parametrize("fname", MSM)
def test_non_contiguous(fname):
    f = getattr(pr, fname)
    backing = np.zeros((4, 64), np.uint8)
    for bad in (
        backing[::2, :32],
        backing[:2, ::2],
        np.asfortranarray(np.zeros((2, 32), np.uint8)),
        memoryview(bytes(128))[::2],
        memoryview(backing[::2, :32]),
    ):
        with pytest.raises(ValueError, match=r"^scalars: expected a C-contiguous buffer$"):
            f(bad, [pr.G] * 2)


@pytest.mark.parametrize("fname", MSM)
def test_still_rejected(fname):
    f = getattr(pr, fname)
    with pytest.raises(TypeError, match=r"^scalars: expected an iterable of ints, got str$"):
        f("ab", [pr.G] * 2)
    with pytest.raises(TypeError, match=r"^scalars\[0\]: expected an int or a Scalar, got bytes$"):
        f([bytes(32)], [pr.G])  # a list of 32-byte strings is not the buffer form


@pytest.mark.parametrize("fname", MSM)
def test_invalid_point_with_buffer_scalars(fname):
    f = getattr(pr, fname)
    with pytest.raises(pr.InvalidPointError, match=r"^points\[1\] "):
        f(bytes(64), [pr.G, b"\xff" * 32])
