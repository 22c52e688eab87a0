"""PointVector and MSMTable against what they replace (rows of pyristretto.bench.vectors.ROWS), one benchmark
group per comparison; the closing summary prints the ratios:

    pytest benchmarks/test_objects_vectors.py
"""

import pytest

from pyristretto.bench import vectors as _bench_vectors


@pytest.mark.parametrize("side", ["baseline", "object"])
@pytest.mark.parametrize("row", _bench_vectors.ROWS, ids=[f"{r[3]}-vs-{r[2]}-n{r[1]}" for r in _bench_vectors.ROWS])
def test_objects_vectors(benchmark, record_best, row, side):
    """One call of the object operation or of its baseline; both must give the same point."""
    name, n, base, mine, _ = row
    base_call, mine_call = _bench_vectors.cases(name, n, base, mine)
    benchmark.group = f"objects: {mine} vs {base}, n={n}"
    label = f"pyristretto {mine}" if side == "object" else base
    benchmark.extra_info["implementation"] = label
    call = mine_call if side == "object" else base_call
    other = base_call if side == "object" else mine_call
    assert benchmark(call) == other()
    record_best(label)
