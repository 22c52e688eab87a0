"""PointVector: construction (every accepted form, every invalid encoding of the vectors at several indices),
the sequence protocol, derive_generators, element-wise + / - and scale, sum, msm, msm_vartime, pickling, and the
functional msm / msm_vartime / point_sum on a PointVector.

Expected values come from the functional API on bytes (itself tested against libsodium in test_msm.py and
test_functional_points.py) and, for a part of the msm cases, directly from libsodium through reference.KnownLogPool."""

import copy
import pickle

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from concurrency import run_concurrently, thread_setting
from pyristretto import InvalidPointError, Point, PointVector, Scalar
from reference import DIFF_CASES, EDGE_SCALARS, random_scalar

# Sizes around the Straus/Pippenger crossover (128) and the threading threshold (128 points, 64 per thread).
SIZES = [0, 1, 2, 3, 63, 64, 127, 128, 129, 191, 192, 300, 1000]


@pytest.fixture(autouse=True)
def split_over_threads():
    """Three threads allowed whatever this machine's CPUs, so the sizes past the threading threshold run split."""
    with thread_setting(3):
        yield


def rand_points(rng, n):
    return [ref.random_point(rng) for _ in range(n)]


def joined(points):
    return b"".join(points)


def forms(points, vector=True):
    """The accepted forms of a points argument, by name (invalid encodings stay bytes in the Point forms)."""

    def as_point(p):
        return Point(p) if ref.is_valid(p) else p

    result = {
        "list": list(points),
        "tuple": tuple(points),
        "generator": (p for p in points),
        "points": [as_point(p) for p in points],
        "mixed": [as_point(p) if i % 2 else bytearray(p) for i, p in enumerate(points)],
        "bytes": joined(points),
        "bytearray": bytearray(joined(points)),
        "memoryview": memoryview(joined(points)),
        "numpy": np.frombuffer(joined(points), dtype=np.uint8).reshape(len(points), 32).copy(),
        "list_of_numpy": [np.frombuffer(p, dtype=np.uint8).copy() for p in points],
    }
    if vector:
        result["vector"] = PointVector(points)
    return result


@pytest.mark.parametrize("n", [0, 1, 5, 129, 300])
def test_every_form_decodes_to_the_same_points(rng, n):
    points = rand_points(rng, n)
    if n > 3:
        points[1] = pr.IDENTITY
        points[2] = points[0]
    for name, arg in forms(points).items():
        v = PointVector(arg)
        assert len(v) == n, name
        assert v.to_bytes() == joined(points), name
        assert bytes(v) == joined(points), name


@pytest.mark.parametrize("n", [1, 5, 300])
def test_invalid_encodings_name_their_index(vectors, rng, n):
    for category, bad in ref.invalid_encodings(vectors):
        for where in sorted({0, n // 2, n - 1}):
            points = rand_points(rng, n)
            points[where] = bad
            if where + 1 < n:
                points[-1] = bad  # a later invalid one must not hide the first
            assert len(bad) == 32, category
            for cls in (PointVector, pr.MSMTable):
                for name, arg in forms(points, vector=False).items():  # fresh: a generator is used up
                    with pytest.raises(InvalidPointError, match=rf"points\[{where}\]"):
                        cls(arg)


def test_invalid_arguments(rng):
    p = rand_points(rng, 2)
    with pytest.raises(InvalidPointError, match=r"points\[1\]"):
        PointVector([p[0], p[1][:31]])  # wrong length
    with pytest.raises(InvalidPointError, match=r"points\[0\]"):
        PointVector([p[0][:31] + bytes([p[0][31] | 0x80])])  # bit 255 set
    for bad in ("ab" * 32, 5, None, [p[0], 7], [p[0], "x" * 32], [1.5]):
        with pytest.raises(TypeError):
            PointVector(bad)
    with pytest.raises(ValueError):
        PointVector(joined(p) + b"\0")  # not 32*n bytes
    with pytest.raises(ValueError):
        PointVector(np.zeros((2, 31), dtype=np.uint8))
    with pytest.raises(ValueError):
        PointVector(np.frombuffer(joined(p) * 2, dtype=np.uint8).reshape(4, 32)[::2])  # not contiguous
    v = PointVector(p)
    with pytest.raises(TypeError):
        v.__init__(p)  # immutable: others may be reading it without the GIL
    assert v.to_bytes() == joined(p)


def test_sequence_protocol(rng):
    points = rand_points(rng, 23)
    v = PointVector(points)
    assert len(v) == 23
    for i in range(-23, 23):
        assert type(v[i]) is Point
        assert v[i].to_bytes() == points[i]
    assert v[np.int64(4)] == Point(points[4])
    for bad in (23, -24, 2**70):
        with pytest.raises(IndexError):
            v[bad]
    for bad in ("1", 1.0, None, b"\x01"):
        with pytest.raises(TypeError):
            v[bad]
    steps = [None, 1, 2, 3, -1, -2, -5, 30]
    bounds = [None, 0, 1, 5, -1, -7, 22, 23, 40, -40]
    for start in bounds:
        for stop in bounds:
            for step in steps:
                s = v[start:stop:step]
                assert type(s) is PointVector
                assert s.to_bytes() == joined(points[start:stop:step]), (start, stop, step)
    with pytest.raises(ValueError):
        v[::0]
    assert [p.to_bytes() for p in v] == points
    assert list(PointVector([])) == []
    assert repr(v) == "<PointVector of 23 points>"


def test_derive_generators(rng):
    for n in (0, 1, 2, 5, 129, 300):
        for domain in (b"", b"pyristretto", bytearray(b"bulletproofs"), memoryview(b"x" * 200)):
            v = PointVector.derive_generators(domain, n)
            assert type(v) is PointVector and len(v) == n
            assert v.to_bytes() == joined(ref.derive_generators(bytes(domain), n)), (domain, n)
    assert PointVector.derive_generators(b"d", np.int32(3)).to_bytes() == joined(pr.derive_generators(b"d", 3))
    for bad_n in (-1, 2**32):
        with pytest.raises(ValueError):
            PointVector.derive_generators(b"d", bad_n)
    for bad_n in ("3", 3.0, None):
        with pytest.raises(TypeError):
            PointVector.derive_generators(b"d", bad_n)
    with pytest.raises(TypeError):
        PointVector.derive_generators("domain", 3)


def scalar_sets(rng, n):
    """Random scalars with the edge cases of API.md mixed in, as ints and as Scalars."""
    ints = [random_scalar(rng) for _ in range(n)]
    for i, e in enumerate(EDGE_SCALARS[: n // 2]):
        ints[2 * i] = e
    mixed = [Scalar(s) if i % 3 == 0 else s for i, s in enumerate(ints)]
    return ints, mixed


@pytest.mark.parametrize("n", SIZES)
def test_msm_sum_against_the_functional_api(rng, n):
    points = rand_points(rng, n)
    if n > 4:
        points[3] = pr.IDENTITY
        points[4] = pr.point_neg(points[0])
    v = PointVector(points)
    ints, mixed = scalar_sets(rng, n)
    want_ct = pr.msm(ints, points)
    want_var = pr.msm_vartime(ints, points)
    assert want_ct == want_var
    for scalars in (ints, mixed, tuple(ints), iter(mixed)):
        got = v.msm(scalars)
        assert type(got) is Point and got.to_bytes() == want_ct
    assert v.msm_vartime(mixed).to_bytes() == want_var
    assert v.msm_vartime(ints).to_bytes() == want_var
    assert pr.msm(mixed, v) == want_ct and type(pr.msm(ints, v)) is bytes
    assert pr.msm_vartime(ints, v) == want_var
    assert v.sum().to_bytes() == pr.point_sum(points) == pr.point_sum(v)
    zeros = [0] * n
    assert v.msm(zeros).to_bytes() == pr.IDENTITY == v.msm_vartime(zeros).to_bytes()


def test_msm_against_libsodium(rng, pool):
    """Independent anchor: points with known logs, sum s_i x_i G by one libsodium base multiplication."""
    cases = max(10, DIFF_CASES // 200)
    for case in range(cases):
        n = rng.choice([1, 2, 17, 128, 200, 512])
        idx = [rng.randrange(len(pool.points)) for _ in range(n)]
        v = PointVector([pool.points[i] for i in idx])
        scalars = [random_scalar(rng) for _ in range(n)]
        want = pool.expected(scalars, idx)
        assert v.msm(scalars).to_bytes() == want, case
        assert v.msm_vartime(scalars).to_bytes() == want, case


def test_msm_arguments(rng):
    v = PointVector(rand_points(rng, 3))
    for method in (v.msm, v.msm_vartime, v.scale):
        with pytest.raises(ValueError):
            method([1, 2])
        with pytest.raises(ValueError):
            method([1, 2, 3, 4])
        for bad in ([1, 2, "3"], [1, 2, 3.0], [None, 1, 2], "abc", 5):
            with pytest.raises(TypeError):
                method(bad)
        with pytest.raises(ValueError, match=r"^scalars: expected shape \(n, 32\) or 32\*n bytes"):
            method(b"abc")  # bytes are the buffer form of 32-byte scalars, as in msm
    with pytest.raises(ValueError):
        pr.msm([1, 2], v)
    with pytest.raises(TypeError):
        pr.msm_vartime([1, 2, None], v)


def test_elementwise_add_sub_and_scale(rng):
    for n in (0, 1, 7, 129, 300):
        a, b = rand_points(rng, n), rand_points(rng, n)
        if n:
            b[0] = pr.point_neg(a[0])
        va, vb = PointVector(a), PointVector(b)
        assert (va + vb).to_bytes() == joined(pr.point_add(x, y) for x, y in zip(a, b))
        assert (va - vb).to_bytes() == joined(pr.point_sub(x, y) for x, y in zip(a, b))
        ints, mixed = scalar_sets(rng, n)
        scaled = va.scale(mixed)
        assert type(scaled) is PointVector
        assert scaled.to_bytes() == joined(ref.point_mul(s, p) for s, p in zip(ints, a))
        assert va.to_bytes() == joined(a)  # operands unchanged
    v3, v4 = PointVector(rand_points(rng, 3)), PointVector(rand_points(rng, 4))
    with pytest.raises(ValueError):
        v3 + v4
    with pytest.raises(ValueError):
        v4 - v3
    for other in (v3.to_bytes(), list(v3), Point(pr.G), 1, None):
        with pytest.raises(TypeError):
            v3 + other
        with pytest.raises(TypeError):
            other - v3
    assert v3 * 2 == v3.scale([2, 2, 2]) == 2 * v3  # issue 20: V * s multiplies every point by one scalar
    with pytest.raises(TypeError):
        v3 * v3


def test_scale_at_every_size_of_a_last_group(rng):
    """PointVector.scale at n = 1..17: every size of a last group of eight on both sides of where it goes to the
    lanes (the IFMA backend: from 2 points, from 6 on AMD's Zen 4; one point at a time below), and whole groups."""
    for n in range(1, 18):
        points = rand_points(rng, n)
        ints, mixed = scalar_sets(rng, n)
        assert PointVector(points).scale(mixed).to_bytes() == joined(ref.point_mul(s, p) for s, p in zip(ints, points))


def test_pickle_and_copy(rng):
    for n in (0, 1, 40):
        v = PointVector(rand_points(rng, n))
        w = pickle.loads(pickle.dumps(v))
        assert type(w) is PointVector and w.to_bytes() == v.to_bytes()
        assert copy.copy(v) is v and copy.deepcopy(v) is v


def test_threads_share_one_vector(rng, fast_switching):
    points = rand_points(rng, 300)
    v = PointVector(points)
    scalar_lists = [[random_scalar(rng) for _ in range(300)] for _ in range(8)]
    serial = [
        (pr.msm_vartime(s, points), pr.msm(s, points), joined(map(pr.point_mul, s[:20], points[:20])))
        for s in scalar_lists
    ]
    results = [None] * 8

    def work(k):
        s = scalar_lists[k]
        for _ in range(3):
            got = (v.msm_vartime(s).to_bytes(), v.msm(s).to_bytes(), v[:20].scale(s[:20]).to_bytes())
            assert got == serial[k]
            assert v.to_bytes() == joined(points) and v.sum().to_bytes() == pr.point_sum(points)
        results[k] = got

    run_concurrently(work, 8)
    assert results == serial


def test_reentrant_init_cannot_replace_the_points():
    """A second __init__ that starts while the first is reading its argument (user code runs there, and the GIL is
    released while decoding) must not replace the points the first one set."""
    points = [pr.base_mul(k) for k in (1, 2, 3)]
    v = PointVector.__new__(PointVector)

    def items():
        yield points[0]
        v.__init__([pr.base_mul(9)])  # finishes first
        yield points[1]
        yield points[2]

    with pytest.raises(TypeError, match="immutable"):
        v.__init__(items())
    assert len(v) == 1 and v[0] == Point(pr.base_mul(9))


def test_items_of_a_vector_with_encodings_keep_them():
    # a scale fills the vector's to_bytes() cache; its items then carry their slice of it (issue 44: OPRF returns a
    # scale's items as Points, serialised at no cost): the slices must be each item's own encoding
    pts = [Point.hash_to_group(bytes([i]), b"items") for i in range(9)]
    V = PointVector(pts).scale(list(range(3, 12)))
    expected = [ref.point_mul(k, bytes(P)) for k, P in zip(range(3, 12), pts)]  # libsodium
    assert [bytes(P) for P in V] == expected == [bytes(V[i]) for i in range(9)] == [bytes(P) for P in V[::-1]][::-1]
    assert [P.to_bytes() for P in PointVector(pts)] == [bytes(P) for P in pts]  # no cache: encoded when asked
