"""MSMTable build and msm_vartime in two trees side by side (e.g. a branch against an in-place build of main), one
thread, each backend::

    PYRISTRETTO_THREADS=1 taskset -c 1 python benchmarks/msmtable_side_by_side.py OLD_TREE NEW_TREE
        [--sizes 16,64,128,192] [--rounds 5] [--backends portable,avx2,ifma]

Every round runs OLD then NEW, each in a fresh interpreter (PYTHONPATH=tree, PYRISTRETTO_BACKEND=backend), and
each child times, per size, MSMTable(bases) and table.msm_vartime(scalars) as the best of 7 loops of ~20 ms of CPU
time (time.process_time, so the preemptions of a shared machine count less). Prints per backend and size the
medians of the rounds (old -> new), their ratio, and the range of the rounds' ratios."""

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import json, random, sys, time
import pyristretto as pr
sizes = json.loads(sys.argv[1])
pr.set_threads(1)
rng = random.Random(7)
bases = pr.derive_generators(b"msmtable side by side", max(sizes))
out = {"backend": pr.backend(), "file": pr.__file__}
def best(f):
    f()
    start = time.process_time(); f(); once = max(time.process_time() - start, 1e-6)
    loops = max(1, int(0.02 / once))
    t = float("inf")
    for _ in range(7):
        start = time.process_time()
        for _ in range(loops):
            f()
        t = min(t, (time.process_time() - start) / loops)
    return t
for n in sizes:
    V = pr.PointVector(bases[:n])
    s = [rng.randrange(pr.q) for _ in range(n)]
    T = pr.MSMTable(V)
    out[n] = [best(lambda: pr.MSMTable(V)), best(lambda: T.msm_vartime(s))]
print(json.dumps(out))
"""


def run(tree, backend, sizes):
    env = dict(os.environ, PYTHONPATH=tree, PYRISTRETTO_BACKEND=backend, PYRISTRETTO_THREADS="1")
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(sizes)], env=env, capture_output=True, text=True, cwd=tree, check=True
    )
    out = json.loads(proc.stdout)
    assert out["backend"] == backend and out["file"].startswith(os.path.abspath(tree)), out
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--sizes", default="16,64,128,192")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--backends", default="portable,avx2,ifma")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    for backend in args.backends.split(","):
        runs = {"old": [], "new": []}
        for _ in range(args.rounds):
            for which in ("old", "new"):
                runs[which].append(run(getattr(args, which), backend, sizes))
        print(f"{backend}: us, median of {args.rounds} rounds (old -> new), new/old ratio (range over rounds)")
        for n in sizes:
            for k, name in enumerate(("build", "msm_vartime")):
                old = [r[str(n)][k] * 1e6 for r in runs["old"]]
                new = [r[str(n)][k] * 1e6 for r in runs["new"]]
                ratios = [b / a for a, b in zip(old, new)]
                print(
                    f"  n={n:4d} {name:12s} {statistics.median(old):8.1f} -> {statistics.median(new):8.1f}  "
                    f"{statistics.median(new) / statistics.median(old):5.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"
                )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
