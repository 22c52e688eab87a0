"""Issue 20's speed targets, side by side in one run: ScalarVector against the same on Python ints, fold_vartime
against the scale + `+` route, OPRFServer.evaluate_batch against evaluate calls, and the README's inner-product
verifier at n = 64. Run pinned to one CPU, one thread:

    PYRISTRETTO_THREADS=1 taskset -c 1 python benchmarks/toolkit.py

Each figure is the best of several repeats (time.perf_counter)."""

import os
import re
import secrets
import sys
import timeit
from pathlib import Path

import pyristretto as pr
from pyristretto import PointVector, ScalarVector
from pyristretto.oprf import OPRFServer

Q = pr.q
N = 1024


def best(f, number, repeat=5):
    return min(timeit.repeat(f, number=number, repeat=repeat)) / number


def main():
    a, b = [secrets.randbelow(Q) for _ in range(N)], [secrets.randbelow(Q) for _ in range(N)]
    A, B = ScalarVector(a), ScalarVector(b)
    x, y = secrets.randbelow(Q), secrets.randbelow(Q)
    h = N // 2
    G = PointVector.derive_generators(b"bench", N)
    server = OPRFServer.generate()
    inputs = [secrets.token_bytes(32) for _ in range(10_000)]

    def py_powers():
        p, out = 1, []
        for _ in range(N):
            out.append(p)
            p = p * x % Q
        return out

    rows = [
        ("inner product, n = 1024", lambda: A.inner(B), lambda: sum(u * v for u, v in zip(a, b)) % Q, 200, 20, 20),
        ("Hadamard product, n = 1024", lambda: A * B, lambda: [u * v % Q for u, v in zip(a, b)], 200, 20, 20),
        (
            "fold, n = 1024",
            lambda: A.fold(x, y),
            lambda: [(a[i] * x + a[h + i] * y) % Q for i in range(h)],
            200,
            20,
            20,
        ),
        ("powers, n = 1024", lambda: ScalarVector.powers(x, N), py_powers, 200, 20, 20),
        ("batch_invert, n = 1024", lambda: A.batch_invert(), lambda: [pow(u, -1, Q) for u in a], 50, 5, 50),
        (
            "fold_vartime of 1024 generators",
            lambda: G.fold_vartime(x, y),
            lambda: G[:h].scale([x] * h) + G[h:].scale([y] * h),
            3,
            3,
            3,
        ),
        (
            "OPRFServer.evaluate_batch(10,000)",
            lambda: server.evaluate_batch(inputs),
            lambda: [server.evaluate(i) for i in inputs],
            1,
            1,
            2,
        ),
    ]
    print(f"backend {pr.backend()}, threads {pr.get_threads()}, CPUs {sorted(os.sched_getaffinity(0))}")
    print(f"{'operation':36} {'toolkit':>12} {'baseline':>12} {'speed-up':>9} {'target':>7}")
    for name, fast, slow, n_fast, n_slow, target in rows:
        t_fast, t_slow = best(fast, n_fast), best(slow, n_slow, 3)
        print(f"{name:36} {t_fast * 1e6:10.1f}us {t_slow * 1e6:10.1f}us {t_slow / t_fast:8.1f}x {target:>6}x")
    # The verifier of the toolkit's documentation page (once in the README).
    page = (Path(__file__).resolve().parents[1] / "docs" / "toolkit.md").read_text()
    code = re.search(r"```python\n(.*?def verify.*?)```", page, re.S).group(1)
    ns = {}
    exec(code, ns)
    t = best(lambda: ns["verify"](ns["P"], ns["proof"]), 50)
    print(f"{'IPA verifier, n = 64 (docs)':36} {t * 1e6:10.1f}us {'':>12} {'':>9}  <= 400us")


if __name__ == "__main__":
    sys.exit(main())
