"""MSMTable: msm and msm_vartime against the functional API on bytes (itself tested against libsodium) and against
libsodium directly (reference.KnownLogPool), at sizes around the algorithm choices (the Straus/Pippenger crossover at
128 bases, the threading threshold at 128, the table's NAF width 7 from 192 and switch to Pippenger at 256, and
msm_vartime's switch to PointVector's algorithm for shares of 184 scalars and more on the IFMA backend, 183-185, and of
144 and more on the portable one, 143-145, in one thread); never slower than PointVector (a timing check at 129, 200,
250); fewer scalars than bases; construction from every form; len, nbytes, points; pickling; threads."""

import copy
import pickle

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from concurrency import run_concurrently, thread_setting
from pyristretto import InvalidPointError, MSMTable, Point, PointVector, Scalar
from reference import DIFF_CASES, EDGE_SCALARS, random_scalar

SIZES = [0, 1, 2, 3, 47, 48, 49, 64, 127, 128, 129, 191, 192, 255, 256, 257, 600]


@pytest.fixture(autouse=True)
def split_over_threads():
    """Three threads allowed whatever this machine's CPUs, so the sizes past the threading threshold run split."""
    with thread_setting(3):
        yield


def rand_points(rng, n):
    return [ref.random_point(rng) for _ in range(n)]


@pytest.mark.parametrize("n", SIZES)
def test_msm_against_the_functional_api(rng, n):
    points = rand_points(rng, n)
    if n > 4:
        points[2] = pr.IDENTITY
        points[3] = points[1]
        points[4] = pr.point_neg(points[0])
    table = MSMTable(points)
    assert len(table) == n
    ints = [random_scalar(rng) for _ in range(n)]
    for i, e in enumerate(EDGE_SCALARS[: n // 2]):
        ints[2 * i] = e
    mixed = [Scalar(s) if i % 3 == 0 else s for i, s in enumerate(ints)]
    for m in sorted({n, n - 1, n // 2, 1, 0}):
        if m < 0 or m > n:
            continue
        want = pr.msm(ints[:m], points[:m])
        assert pr.msm_vartime(ints[:m], points[:m]) == want
        for scalars in (ints[:m], mixed[:m], iter(ints[:m])):
            got = table.msm(scalars)
            assert type(got) is Point and got.to_bytes() == want, m
        assert table.msm_vartime(mixed[:m]).to_bytes() == want, m
        assert table.msm_vartime(tuple(ints[:m])).to_bytes() == want, m
    assert table.msm([0] * n).to_bytes() == pr.IDENTITY == table.msm_vartime([0] * n).to_bytes()
    q1 = [pr.q - 1] * n
    assert table.msm(q1).to_bytes() == pr.msm(q1, points) == table.msm_vartime(q1).to_bytes()


def test_msm_against_libsodium(rng, pool):
    """Independent anchor: bases with known logs, the sum is (sum s_i x_i) G by one libsodium base_mul."""
    for n in (1, 5, 100, 255, 300):
        idx = [rng.randrange(len(pool.points)) for _ in range(n)]
        table = MSMTable([pool.points[i] for i in idx])
        for case in range(max(3, DIFF_CASES // 1000)):
            m = rng.randint(0, n)
            scalars = [random_scalar(rng) for _ in range(m)]
            want = pool.expected(scalars, idx[:m])
            assert table.msm(scalars).to_bytes() == want, (n, m, case)
            assert table.msm_vartime(scalars).to_bytes() == want, (n, m, case)


@pytest.mark.parametrize("m", [47, 48, 49, 143, 144, 145, 183, 184, 185])
def test_msm_vartime_at_the_switch_to_point_vector_one_thread(rng, m):
    """One share (one thread) of m scalars on a table of 200 bases, around msm_vartime's switch from the table's
    Straus to PointVector's algorithm (184 on the IFMA backend, 144 on the portable one; 48 was the IFMA one
    before the IFMA tables); against the functional msm on bytes."""
    points = rand_points(rng, 200)
    table = MSMTable(points)
    ints = [random_scalar(rng) for _ in range(m)]
    with thread_setting(1):
        assert table.msm_vartime(ints).to_bytes() == pr.msm(ints, points[:m]) == table.msm(ints).to_bytes()


def test_construction_forms(rng):
    points = rand_points(rng, 9)
    joined = b"".join(points)
    want = pr.msm(list(range(1, 10)), points)
    args = [
        points,
        tuple(points),
        iter(points),
        [Point(p) for p in points],
        joined,
        bytearray(joined),
        memoryview(joined),
        np.frombuffer(joined, dtype=np.uint8).reshape(9, 32),
        PointVector(points),
    ]
    for arg in args:
        table = MSMTable(arg)
        assert len(table) == 9
        assert table.points.to_bytes() == joined
        assert table.msm(range(1, 10)).to_bytes() == want
    assert len(MSMTable([])) == 0 and MSMTable([]).msm([]).to_bytes() == pr.IDENTITY


def test_arguments(rng, vectors):
    points = rand_points(rng, 4)
    table = MSMTable(points)
    for method in (table.msm, table.msm_vartime):
        with pytest.raises(ValueError, match="5 scalars but only 4 bases"):
            method([1] * 5)
        for bad in ([1, "2"], [1.0], [None], "ab", 3):
            with pytest.raises(TypeError):
                method(bad)
        with pytest.raises(ValueError, match=r"^scalars: expected shape \(n, 32\) or 32\*n bytes"):
            method(b"ab")  # bytes are the buffer form of 32-byte scalars, as in msm
    for bad in ("ab" * 32, 5, None, [points[0], 7]):
        with pytest.raises(TypeError):
            MSMTable(bad)
    _, bad = ref.invalid_encodings(vectors)[0]
    with pytest.raises(InvalidPointError, match=r"points\[2\]"):
        MSMTable(points[:2] + [bad] + points[2:])
    with pytest.raises(TypeError):
        table.__init__(points)  # immutable: others may be reading it without the GIL
    assert table.points.to_bytes() == b"".join(points)


def test_nbytes(rng):
    """The memory per base (docs/backends.md gives the vector backends' figures): the decoded point (160 bytes) and
    8 constant-time multiples (120 bytes each, affine Niels form), plus msm_vartime's odd multiples below 256 bases:
    64 of them below 192 bases (8,800 bytes per base), 32 from 192 to 255 (4,960); 1,120 bytes from 256 on (no wide
    tables). On the AVX2 and IFMA backends the multiples are in four-lane cached form, 160 bytes each, the
    constant-time ones 1P..8P on IFMA (11,680, 6,560 and 1,440 bytes per base) and 0P..8P on AVX2 (11,840, 6,720 and
    1,600)."""
    points = rand_points(rng, 256)
    entry = 120 if pr.backend() == "portable" else 160
    base = {"portable": 1120, "ifma": 1440, "avx2": 1600}[pr.backend()]
    for n, per_base in (
        (1, base + 64 * entry),
        (191, base + 64 * entry),
        (192, base + 32 * entry),
        (255, base + 32 * entry),
        (256, base),
    ):
        table = MSMTable(points[:n])
        assert n * per_base <= table.nbytes < n * per_base + 1024, n
    assert MSMTable([]).nbytes < 1024
    assert repr(table) == f"<MSMTable of 256 bases, {table.nbytes} bytes>"


def test_pickle_and_copy(rng):
    points = rand_points(rng, 5)
    table = MSMTable(points)
    again = pickle.loads(pickle.dumps(table))
    assert type(again) is MSMTable and again.points.to_bytes() == b"".join(points)
    assert again.msm([3, 1, 4, 1, 5]) == table.msm([3, 1, 4, 1, 5])
    assert copy.copy(table) is table and copy.deepcopy(table) is table


@pytest.mark.parametrize("n", [100, 300])
def test_threads_share_one_table(rng, n, fast_switching):
    points = rand_points(rng, n)
    table = MSMTable(points)
    scalar_lists = [[random_scalar(rng) for _ in range(n - k)] for k in range(8)]
    serial = [pr.msm(s, points[: len(s)]) for s in scalar_lists]
    results = [None] * 8

    def work(k):
        for _ in range(3):
            got = (table.msm(scalar_lists[k]).to_bytes(), table.msm_vartime(scalar_lists[k]).to_bytes())
            assert got == (serial[k], serial[k])
        results[k] = got[0]

    run_concurrently(work, 8)
    assert results == serial


def test_reentrant_init_cannot_replace_the_table():
    """As for PointVector: the table set by an __init__ that finished first stays; the later one is refused."""
    points = [pr.base_mul(k) for k in (1, 2, 3)]
    T = MSMTable.__new__(MSMTable)

    def items():
        yield points[0]
        T.__init__([pr.base_mul(9)])
        yield points[1]
        yield points[2]

    with pytest.raises(TypeError, match="immutable"):
        T.__init__(items())
    assert len(T) == 1 and T.msm([2]) == Point(pr.base_mul(18))


def test_one_dimensional_byte_array_of_scalars_is_refused():
    """msm reads a 1-D uint8 array as small ints; a table allows fewer scalars than bases, so the same array meant
    as 32-byte scalars would silently give another sum: the table refuses it, and the (n, 32) form works."""
    points = [pr.base_mul(k) for k in range(1, 41)]
    T = MSMTable(points)
    packed = b"".join(pr.to_bytes32(k) for k in range(1, 41))
    for method in (T.msm, T.msm_vartime):
        with pytest.raises(TypeError, match="ambiguous"):
            method(np.frombuffer(packed, np.uint8))
        assert method(np.frombuffer(packed, np.uint8).reshape(40, 32)) == Point(pr.msm(list(range(1, 41)), points))
