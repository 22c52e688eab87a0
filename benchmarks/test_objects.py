"""The object layer against the functional API on the same inputs (``pytest benchmarks/test_objects.py
--benchmark-group-by=group``): each pair shares a group, and the closing summary prints the object layer's time
as a ratio of its baseline's. The pairs are :func:`pyristretto.bench.object_pairs`, also shown by
``python -m pyristretto bench``; each result is checked against its baseline's before timing."""

import pytest

from pyristretto import bench

PAIRS = bench.object_pairs(bench.OBJECTS_N)


def comparable(results):
    return [bench._comparable(x) for x in results]


@pytest.mark.parametrize("index", range(len(PAIRS)), ids=[f"{p[0]} ({p[3]})" for p in PAIRS])
@pytest.mark.parametrize("side", ["objects", "baseline"])
def test_object_layer(benchmark, record_best, index, side):
    op, label, task, base_label, base_task = PAIRS[index]
    mine, theirs = comparable(task()), comparable(base_task())
    if isinstance(theirs[0], int):
        mine = [int.from_bytes(x, "little") for x in mine]
    assert mine == theirs
    benchmark.group = f"objects: {op} vs {base_label} ({bench.OBJECTS_N} per round)"
    benchmark(task if side == "objects" else base_task)
    record_best(f"pyristretto {label}" if side == "objects" else base_label)
