"""Leaks of PointVector and MSMTable: 100,000 creations and calls of each (valid and invalid input alternating,
so the error paths after a C++ buffer was allocated are covered too) leave memory flat, by the measures and
bounds of test_leaks.py (PYRISTRETTO_LEAK_CALLS changes the count there and here)."""

import gc
import tracemalloc

import numpy as np
import pytest

import pyristretto as pr
import test_leaks as leaks
from pyristretto import MSMTable, Point, PointVector, Scalar

P, R, BAD, S = leaks.P, leaks.R, leaks.BAD, leaks.S
V = PointVector([P, R, P])
T = MSMTable([P, R, P])
T_LARGE = MSMTable(pr.derive_generators(b"leaks", 300))  # no wide tables: Pippenger path
SCALARS_300 = list(range(1, 301))

CASES = {
    "PointVector": (lambda: PointVector([P, Point(R)]), lambda: PointVector([P, BAD])),
    "PointVector_buffer": (lambda: PointVector(np.frombuffer(P + R, np.uint8)), lambda: PointVector(P + BAD)),
    "PointVector.derive_generators": (
        lambda: PointVector.derive_generators(b"d", 2),
        lambda: PointVector.derive_generators(b"d", -1),
    ),
    "PointVector_items": (lambda: (V[1], V[::-1], list(V)), lambda: V["1"]),
    "PointVector.to_bytes": (lambda: V.to_bytes(), lambda: V + PointVector([P])),
    "PointVector_ops": (lambda: (V + V, V - V, V.sum()), lambda: V.scale([1, 2])),
    "PointVector.scale": (lambda: V.scale([S, Scalar(3), -1]), lambda: V.scale([S, None, 1])),
    "PointVector.msm": (lambda: V.msm([S, Scalar(5), 7]), lambda: V.msm([S, S, "x"])),
    "PointVector.msm_vartime": (lambda: V.msm_vartime([S, 0, 7]), lambda: V.msm_vartime([S])),
    "msm_on_vector": (
        lambda: (pr.msm([1, 2, 3], V), pr.msm_vartime([1, 2, 3], V), pr.point_sum(V)),
        lambda: pr.msm([1, 2], V),
    ),
    "MSMTable": (lambda: MSMTable([P, R]), lambda: MSMTable([P, BAD])),
    "MSMTable_from_vector": (lambda: MSMTable(V), lambda: MSMTable([P, 3])),
    "MSMTable.msm": (lambda: T.msm([S, Scalar(2)]), lambda: T.msm([1, 2, 3, 4])),
    "MSMTable.msm_vartime": (
        lambda: (T.msm_vartime([S, 2, 3]), T_LARGE.msm_vartime(SCALARS_300)),
        lambda: T.msm_vartime([1, None]),
    ),
    "pickle": (lambda: (V.__reduce__(), T.__reduce__(), T.points), lambda: T.msm("abc")),
}


@pytest.mark.parametrize("name", list(CASES))
def test_memory_stays_flat(name):
    valid, invalid = CASES[name]
    calls = leaks.CALLS
    leaks.run(valid, invalid, leaks.WARMUP)
    gc.collect()
    if not leaks.CHECK_BOUNDS:
        leaks.run(valid, invalid, calls)
        return
    tracemalloc.start()
    try:
        traced_before = tracemalloc.get_traced_memory()[0]
        rss_before = leaks.rss()
        leaks.run(valid, invalid, calls)
        gc.collect()
        traced_growth = tracemalloc.get_traced_memory()[0] - traced_before
        rss_growth = leaks.rss() - rss_before
    finally:
        tracemalloc.stop()
    assert traced_growth < leaks.TRACED_BOUND, f"{name}: Python allocations grew by {traced_growth} bytes"
    if not leaks.SANITIZED:
        assert rss_growth < leaks.RSS_BOUND, f"{name}: RSS grew by {rss_growth} bytes over {calls} calls"
