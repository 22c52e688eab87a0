"""MSMTable.msm and msm_vartime on every backend (fresh interpreters with PYRISTRETTO_BACKEND=portable, avx2,
ifma: each builds its tables with its own kernels, ifma/msm_table.cpp and avx2/msm_table.cpp) against libsodium
(bases with known logs: the sum is one libsodium base_mul) and against PointVector in the same process: table
sizes around every switch (the build's blocks of 8 and 32 bases, the NAF width 7 from 192 bases, no wide tables
from 256, the thread split from 128), fewer scalars than bases, edge scalars (0, 1, q - 1, q, 2^255 - 1,
2^256 - 1 as ints and unreduced 32-byte encodings), edge bases (identity, P and -P, duplicates, G)."""

import json
import random

import pytest

import reference as ref
from test_backend import cpu_has_avx2, cpu_has_ifma, run_python

Q = ref.Q
SIZES = list(range(1, 41)) + [47, 48, 49, 127, 128, 129, 191, 192, 193, 255, 256, 257]
EDGES = [0, 1, Q - 1, Q, 2**255 - 1, 2**256 - 1]

CHILD = r"""
import json, sys
import pyristretto as pr
case = json.loads(open(sys.argv[1]).read())
points = [bytes.fromhex(p) for p in case["points"]]
out = {"backend": pr.backend(), "results": []}
for threads in (1, 3):
    pr.set_threads(threads)
    for n, scalar_lists in case["tables"]:
        table = pr.MSMTable(points[:n])
        for scalars in scalar_lists:
            m = len(scalars)
            ints = [int(s) for s in scalars]
            packed = b"".join((s % 2**256).to_bytes(32, "little") for s in ints)  # unreduced encodings as given
            vec = pr.PointVector(points[:m])
            got = {table.msm_vartime(ints).to_bytes(), table.msm(ints).to_bytes(),
                   table.msm_vartime(packed).to_bytes(), table.msm(packed).to_bytes()}
            assert got == {vec.msm_vartime(ints).to_bytes()} == {vec.msm(ints).to_bytes()}, (n, m, threads)
            out["results"].append(got.pop().hex())
print(json.dumps(out))
"""


def backends():
    return ["portable"] + (["avx2"] if cpu_has_avx2() else []) + (["ifma"] if cpu_has_ifma() else [])


@pytest.fixture(scope="module")
def case():
    rng = random.Random(2019)
    logs = [rng.randrange(1, Q) for _ in range(max(SIZES))]
    logs[0] = 1  # G
    logs[3] = 0  # the identity
    logs[5] = Q - logs[4]  # P and -P
    logs[7] = logs[6]  # duplicates
    logs[129] = Q - 1  # -G
    logs[200] = logs[100]
    tables, expected = [], []
    for n in SIZES:
        scalar_lists = []
        for m in sorted({n, n - 1, n // 2, 1} - {0}):
            scalars = [rng.randrange(2**256) if i % 5 == 4 else rng.randrange(Q) for i in range(m)]
            for i, e in enumerate(EDGES):
                if 2 * i < m:
                    scalars[(2 * i + n) % m] = e
            scalar_lists.append([str(s) for s in scalars])
            expected.append(ref.base_mul(sum(int(s) * x for s, x in zip(scalars, logs)) % Q).hex())
        tables.append([n, scalar_lists])
    return {"points": [ref.base_mul(x).hex() if x else bytes(32).hex() for x in logs], "tables": tables}, expected


@pytest.mark.parametrize("backend", backends())
def test_table_against_libsodium_and_point_vector(case, backend, tmp_path):
    data, expected = case
    path = tmp_path / "case.json"
    path.write_text(json.dumps(data))
    out = json.loads(run_python(f"import sys; sys.argv[1:] = [{str(path)!r}]\n" + CHILD, backend))
    assert out["backend"] == backend
    assert out["results"] == expected * 2
