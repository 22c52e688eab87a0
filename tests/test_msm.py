"""msm, msm_vartime and pedersen_commit vs libsodium (pysodium).

Two independent references:
  * a pysodium loop (sum of crypto_scalarmult_ristretto255 via crypto_core_ristretto255_add) on
    random one-way-map points with unknown discrete logs;
  * for the bulk of the random cases, points x_i*G with known logs, where the sum is
    (sum s_i x_i)*G: one libsodium base multiplication per case.
Both must hold for the loop-based msm and for the C++ Straus/Pippenger core.
"""

import re
from pathlib import Path

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from arg_forms import points_in_form, scalars_in_form
from reference import DIFF_CASES, EDGE_SCALARS, IDENTITY_BYTES, Q, random_scalar

MSM_FUNCS = {"msm": lambda: pr.msm, "msm_vartime": lambda: pr.msm_vartime}


def check_point(x, expected):
    assert type(x) is bytes, type(x)
    assert x == expected, (x.hex(), expected.hex())


POINT_FORMS = [
    "list",
    "tuple",
    "generator",
    "bytes",
    "bytearray",
    "memoryview",
    "numpy",
    "list_of_bytearray",
    "list_of_numpy",
]


def random_case(rng, pool, n, zero_prob):
    scalars, logs, points = [], [], []
    for _ in range(n):
        i = rng.randrange(len(pool.points))
        x, P = pool.logs[i], pool.points[i]
        r = rng.random()
        if r < 0.05 and points:  # duplicate of an earlier point
            j = rng.randrange(len(points))
            x, P = logs[j], points[j]
        elif r < 0.1 and points:  # negation of an earlier point
            j = rng.randrange(len(points))
            x, P = (-logs[j]) % Q, ref.point_neg(points[j])
        s = 0 if rng.random() < zero_prob else random_scalar(rng)
        scalars.append(s)
        logs.append(x)
        points.append(P)
    return scalars, logs, points


@pytest.mark.parametrize("name", MSM_FUNCS)
def test_msm_known_log_differential(name, rng, pool):
    f = MSM_FUNCS[name]()
    zero_prob = 0.3 if name == "msm_vartime" else 0.05
    for case in range(DIFF_CASES):
        n = rng.randrange(0, 41)
        scalars, logs, points = random_case(rng, pool, n, zero_prob)
        expected = ref.base_mul(sum(s * x for s, x in zip(scalars, logs)))
        form = POINT_FORMS[case % len(POINT_FORMS)]
        sform = ["list", "tuple", "generator"][case % 3]
        if case % 17 == 0 and all(-(2**63) <= s < 2**63 for s in scalars):
            sform = "numpy_int64"
        got = f(scalars_in_form(scalars, sform), points_in_form(points, form))
        check_point(got, expected)


@pytest.mark.parametrize("name", MSM_FUNCS)
def test_msm_pysodium_loop_differential(name, rng):
    f = MSM_FUNCS[name]()
    zero_prob = 0.3 if name == "msm_vartime" else 0.05
    cache = [ref.random_point(rng) for _ in range(400)]
    for case in range(min(1000, DIFF_CASES)):  # the pysodium loop is the cost: 4 of memcheck's 12 minutes at 1000
        n = rng.randrange(0, 41)
        points = [rng.choice(cache) for _ in range(n)]
        scalars = [0 if rng.random() < zero_prob else random_scalar(rng) for _ in range(n)]
        form = POINT_FORMS[case % len(POINT_FORMS)]
        check_point(f(scalars, points_in_form(points, form)), ref.msm_loop(scalars, points))


@pytest.mark.parametrize("name", MSM_FUNCS)
def test_msm_large_n(name, rng):
    f = MSM_FUNCS[name]()
    cache = [ref.random_point(rng) for _ in range(300)]
    sizes = [41, 63, 64, 65, 127, 128, 129, 190, 255, 256, 257, 299, 300] + [rng.randrange(41, 301) for _ in range(5)]
    for n in sizes:
        points = rng.sample(cache, n)
        scalars = [random_scalar(rng) for _ in range(n)]
        if name == "msm_vartime":
            for i in rng.sample(range(n), n // 3):
                scalars[i] = 0
        expected = ref.msm_loop(scalars, points)
        check_point(f(scalars, points), expected)
        check_point(f(scalars, b"".join(points)), expected)


@pytest.mark.parametrize("name", MSM_FUNCS)
def test_msm_very_large_n(name, rng, pool):
    """Sizes well above any Straus/Pippenger crossover (known-log reference: one base_mul)."""
    f = MSM_FUNCS[name]()
    for n in (511, 512, 1024, 2048, 4097):
        idx = [rng.randrange(len(pool.points)) for _ in range(n)]
        scalars = [random_scalar(rng) if rng.random() < 0.8 else 0 for _ in range(n)]
        expected = ref.base_mul(sum(s * pool.logs[i] for s, i in zip(scalars, idx)))
        pts = [pool.points[i] for i in idx]
        check_point(f(scalars, pts), expected)
        arr = np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(n, 32)
        check_point(f(scalars, arr), expected)


@pytest.mark.parametrize("name", MSM_FUNCS)
def test_msm_structured_scalars(name, rng, pool):
    """Scalars that hit window/bucket corner cases of Straus and Pippenger."""
    f = MSM_FUNCS[name]()
    for n in (1, 2, 3, 16, 40, 100, 300):
        idx = [rng.randrange(len(pool.points)) for _ in range(n)]
        pts = [pool.points[i] for i in idx]
        families = [
            [Q - 1] * n,
            [1] * n,
            [2**252] * n,
            [2**k % Q for k in range(n)],
            [(2 ** (k % 253)) - 1 for k in range(n)],
            [rng.choice(EDGE_SCALARS) for _ in range(n)],
            [int("f" * (1 + k % 63), 16) for k in range(n)],
            [rng.randrange(16) << (4 * rng.randrange(63)) for _ in range(n)],
            [Q] * n,
            [0] * n,
        ]
        for scalars in families:
            expected = ref.base_mul(sum(s * pool.logs[i] for s, i in zip(scalars, idx)))
            check_point(f(scalars, pts), expected)


@pytest.mark.parametrize("name", MSM_FUNCS)
def test_msm_empty(name):
    f = MSM_FUNCS[name]()
    check_point(f([], []), IDENTITY_BYTES)
    check_point(f((), ()), IDENTITY_BYTES)
    check_point(f(iter([]), iter([])), IDENTITY_BYTES)
    check_point(f([], b""), IDENTITY_BYTES)
    check_point(f([], bytearray()), IDENTITY_BYTES)
    check_point(f([], np.zeros((0, 32), dtype=np.uint8)), IDENTITY_BYTES)


@pytest.mark.parametrize("name", MSM_FUNCS)
def test_msm_edges(name, rng):
    f = MSM_FUNCS[name]()
    P = ref.Hp(b"msm edge P")
    nP = ref.point_neg(P)
    R = ref.Hp(b"msm edge R")
    I = IDENTITY_BYTES
    check_point(f([1], [P]), P)
    check_point(f([-1], [P]), nP)
    check_point(f([0], [P]), I)
    check_point(f([Q], [P]), I)
    check_point(f([5], [I]), I)
    check_point(f([2**1000], [P]), ref.point_mul(2**1000, P))
    check_point(f([-(2**1000)], [P]), ref.point_mul(-(2**1000), P))
    check_point(f([7, 7], [P, nP]), I)
    check_point(f([3, 4, 0, 9], [P, R, I, I]), ref.msm_loop([3, 4], [P, R]))
    # duplicated points
    scalars = [random_scalar(rng) for _ in range(60)]
    check_point(f(scalars, [P] * 60), ref.point_mul(sum(scalars), P))
    check_point(f(scalars, b"".join([P] * 60)), ref.point_mul(sum(scalars), P))
    # zero scalars everywhere but one
    scalars = [0] * 50
    scalars[37] = 12345
    pts = [ref.Hp(b"zero", i.to_bytes(4, "little")) for i in range(50)]
    check_point(f(scalars, pts), ref.point_mul(12345, pts[37]))

    # numpy integer scalars of several types, and __index__ objects
    class Idx:
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    sc = [np.int8(-1), np.uint64(2**64 - 1), np.int32(5), Idx(-(2**300)), Idx(3)]
    pts = [P, R, P, R, nP]
    check_point(f(sc, pts), ref.msm_loop([int(s) if not isinstance(s, Idx) else s.v for s in sc], pts))
    check_point(f(np.array([3, -4, 5], dtype=np.int64), [P, R, P]), ref.msm_loop([3, -4, 5], [P, R, P]))
    check_point(f(range(5), [P, R, P, R, P]), ref.msm_loop(range(5), [P, R, P, R, P]))


def test_msm_and_vartime_agree(rng):
    cache = [ref.random_point(rng) for _ in range(100)]
    for _ in range(min(300, DIFF_CASES)):
        n = rng.randrange(0, 100)
        pts = [rng.choice(cache) for _ in range(n)]
        sc = [random_scalar(rng) if rng.random() < 0.7 else 0 for _ in range(n)]
        assert pr.msm(sc, pts) == pr.msm_vartime(sc, pts)


@pytest.mark.parametrize("name", MSM_FUNCS)
def test_msm_inputs_not_modified(name, rng):
    f = MSM_FUNCS[name]()
    pts = [ref.random_point(rng) for _ in range(10)]
    buf = bytearray(b"".join(pts))
    arr = np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(10, 32).copy()
    scalars = [random_scalar(rng) for _ in range(10)]
    s0 = list(scalars)
    f(scalars, buf)
    f(scalars, arr)
    assert bytes(buf) == b"".join(pts)
    assert arr.tobytes() == b"".join(pts)
    assert scalars == s0


# ---------------------------------------------------------------------------------------------
# pedersen_commit
# ---------------------------------------------------------------------------------------------
def test_pedersen_commit_differential(rng):
    for _ in range(DIFF_CASES):
        a, b = random_scalar(rng), random_scalar(rng)
        check_point(pr.pedersen_commit(a, b), ref.pedersen_commit(a, b))


def test_pedersen_commit_edges():
    G, H = pr.G, ref.H_BYTES
    check_point(pr.pedersen_commit(0, 0), IDENTITY_BYTES)
    check_point(pr.pedersen_commit(Q, -Q), IDENTITY_BYTES)
    check_point(pr.pedersen_commit(1, 0), G)
    check_point(pr.pedersen_commit(0, 1), H)
    check_point(pr.pedersen_commit(-1, -1), ref.point_neg(ref.point_add(G, H)))
    for a in EDGE_SCALARS:
        for b in (0, 1, Q - 1, 2**1000, -(2**1000)):
            check_point(pr.pedersen_commit(a, b), ref.pedersen_commit(a, b))
    check_point(pr.pedersen_commit(np.int64(-7), np.uint64(2**64 - 1)), ref.pedersen_commit(-7, 2**64 - 1))


def test_pedersen_commit_homomorphic(rng):
    for _ in range(50):
        a1, b1, a2, b2 = (rng.randrange(Q) for _ in range(4))
        c = ref.point_add(pr.pedersen_commit(a1, b1), pr.pedersen_commit(a2, b2))
        check_point(pr.pedersen_commit(a1 + a2, b1 + b2), c)


# ---- blocks: the C++ core decodes and accumulates PYRISTRETTO_MSM_BLOCK points at a time -------------------
# At the real block size through the Python API (the C++ tests add a 64-point build and forced thread counts).
# With the default threads (one per hardware thread, each streaming a contiguous range), the largest sizes put
# block boundaries inside every thread's range on machines with up to 4 hardware threads.


def _msm_block():
    """PYRISTRETTO_MSM_BLOCK's default, read from the header that defines it."""
    header = Path(__file__).resolve().parents[1] / "cpp" / "include" / "pyristretto" / "msm_algorithms.hpp"
    found = re.search(r"#define PYRISTRETTO_MSM_BLOCK (\d+)", header.read_text())
    assert found, f"no PYRISTRETTO_MSM_BLOCK in {header}"
    return int(found.group(1))


BLOCK = _msm_block()
BLOCK_SIZES = {"B-1": BLOCK - 1, "B": BLOCK, "B+1": BLOCK + 1, "2B+1": 2 * BLOCK + 1, "8B+3": 8 * BLOCK + 3}


@pytest.mark.parametrize("name", ["msm", "msm_vartime", "point_sum"])
@pytest.mark.parametrize("size", BLOCK_SIZES)
def test_blocks_known_log(name, size, rng, pool):
    n = BLOCK_SIZES[size]
    indices = [rng.randrange(len(pool.points)) for _ in range(n)]
    points = b"".join(pool.points[i] for i in indices)
    if name == "point_sum":
        check_point(pr.point_sum(points), pool.expected([1] * n, indices))
        return
    zero_prob = 0.3 if name == "msm_vartime" else 0.05
    scalars = [0 if rng.random() < zero_prob else random_scalar(rng) for _ in range(n)]
    check_point(MSM_FUNCS[name]()(scalars, points), pool.expected(scalars, indices))


@pytest.mark.parametrize("name", ["msm", "msm_vartime", "point_sum"])
@pytest.mark.parametrize("where", [BLOCK, BLOCK + 7, 2 * BLOCK - 1])
def test_blocks_invalid_point_global_index(name, where, rng, pool):
    """An invalid point in the second block is reported by its index in the whole input, not in its block,
    also when later blocks (or other threads' ranges) hold invalid points too."""
    n = 8 * BLOCK + 3
    points = bytearray(b"".join(pool.points[rng.randrange(len(pool.points))] for _ in range(n)))
    for i in (where, 3 * BLOCK, n - 1):
        points[32 * i : 32 * i + 32] = bytes([1]) + bytes(31)  # negative s: invalid
    call = (
        (lambda: pr.point_sum(points))
        if name == "point_sum"
        else (lambda: MSM_FUNCS[name]()([random_scalar(rng) for _ in range(n)], points))
    )
    with pytest.raises(pr.InvalidPointError, match=rf"points\[{where}\]"):
        call()


@pytest.mark.parametrize("method", ["msm", "msm_vartime", "sum", "table.msm", "table.msm_vartime"])
@pytest.mark.parametrize("size", ["B-1", "B+1", "8B+3"])
def test_blocks_objects(method, size, rng, pool):
    """The object layer's sums on decoded points (PointVector, MSMTable) run the same blocked algorithms."""
    n = BLOCK_SIZES[size]
    indices = [rng.randrange(len(pool.points)) for _ in range(n)]
    points = b"".join(pool.points[i] for i in indices)
    if method == "sum":
        check_point(bytes(pr.PointVector(points).sum()), pool.expected([1] * n, indices))
        return
    scalars = [0 if rng.random() < 0.2 else random_scalar(rng) for _ in range(n)]
    owner = pr.MSMTable(points) if method.startswith("table.") else pr.PointVector(points)
    got = getattr(owner, method.split(".")[-1])(scalars)
    check_point(bytes(got), pool.expected(scalars, indices))


# The IFMA backend's four-lane vartime Straus (ifma/straus_vartime.cpp) runs msm_vartime to 184 points (kStraus4Max),
# Pippenger from 185; it gives the first G among the points a width-8 table of its own. Every n from 0 to 40 and
# around the switch, on the points it treats apart (G, G twice, the identity, P and -P, duplicates) and edge scalars
# as ints and as unreduced raw bytes, against the libsodium loop; on any backend (the suite runs on each).
RAW_EDGES = [v.to_bytes(32, "little") for v in (0, 1, Q - 1, Q, Q + 1, 2**252, 2**255 - 1, 2**255, 2**256 - 1)]


def edge_points(rng, cache, n):
    G = ref.base_mul(1)
    points = []
    for i in range(n):
        r = (i + n) % 9  # G lands on a different index for each n
        if r == 0 or (r == 5 and n % 2):
            points.append(G)  # G, and for odd n a second G
        elif r == 1:
            points.append(IDENTITY_BYTES)
        elif r == 2 and points:
            points.append(ref.point_neg(points[-1]))
        elif r == 3 and points:
            points.append(rng.choice(points))
        else:
            points.append(rng.choice(cache))
    return points


def test_msm_vartime_edge_points_and_the_ifma_straus_switch(rng):
    cache = [ref.random_point(rng) for _ in range(60)]
    for n in list(range(41)) + [183, 184, 185]:
        points = edge_points(rng, cache, n)
        ints = [rng.choice(EDGE_SCALARS) if rng.random() < 0.4 else random_scalar(rng) for _ in range(n)]
        check_point(pr.msm_vartime(ints, points), ref.msm_loop(ints, points))
        raw = [rng.choice(RAW_EDGES) if rng.random() < 0.4 else rng.randbytes(32) for _ in range(n)]
        expected = ref.msm_loop([int.from_bytes(s, "little") for s in raw], points)
        check_point(pr.msm_vartime(b"".join(raw), points), expected)
        check_point(pr.PointVector([pr.Point(p) for p in points]).msm_vartime(b"".join(raw)).to_bytes(), expected)


def test_double_base_with_the_generator(rng):
    """a·A + b·G and its variants (G first, G twice, A = ±G, the identity): the precomputed table for G, which
    every backend's variable-time Straus uses."""
    G, A = ref.base_mul(1), ref.random_point(rng)
    cases = [[A, G], [G, A], [G, G], [A, G, G], [G, ref.point_neg(G)], [IDENTITY_BYTES, G], [A, A, G]]
    scalars = [0, 1, 2, Q - 1, Q, 2**256 - 1, -1] + [random_scalar(rng) for _ in range(6)]
    for pts in cases:
        vec = pr.PointVector([pr.Point(p) for p in pts])
        for k in range(len(scalars)):
            s = [scalars[(k + 3 * i) % len(scalars)] for i in range(len(pts))]
            expected = ref.msm_loop(s, pts)
            check_point(vec.msm_vartime(s).to_bytes(), expected)
            check_point(pr.msm_vartime(s, pts), expected)
    # fold_vartime (two-point products G_lo·x + G_hi·y) with G among the points
    lo, hi = [G, A, G, IDENTITY_BYTES], [A, G, G, ref.point_neg(A)]
    x, y = random_scalar(rng) % Q, Q - 1
    folded = pr.PointVector([pr.Point(p) for p in lo + hi]).fold_vartime(x, y)
    assert [p.to_bytes() for p in folded] == [ref.msm_loop([x, y], [a, b]) for a, b in zip(lo, hi)]
