"""The promises of the expected order, checked at every size on every backend, one thread (issue 17: MSMTable is
never slower than PointVector on the same call; issue 19: msm_vartime is never slower than msm)::

    taskset -c 1 python benchmarks/msmtable_crossover.py [--pair table|vartime] [--min 1] [--max 4096]
        [--dense 512] [--step 16] [--every] [--growth G] [--repeats 5] [--backend all|ifma|avx2|portable]

--pair table (the default) builds PointVector(bases[:n]) and MSMTable of it, then times T.msm_vartime(s) against
V.msm_vartime(s) and T.msm(s) against V.msm(s); --pair vartime times V.msm_vartime(s) against V.msm(s). Each pair is
interleaved, each the best of --repeats CPU-time loops (time.process_time, so a busy machine's preemption counts
less); the script prints the ratio (first / second) per size where it passes --show (default 1.05), then the
maximum per kind in bands of sizes. Every size from 1 to --dense, then every --step to --max (--every: every size
to --max), or with --growth G sizes growing by the factor G, each power of two and its neighbours included (to
--max 65536 in a few minutes). Each backend the CPU has runs in a fresh interpreter (PYRISTRETTO_BACKEND, chosen
once per process) with set_threads(1). Results are checked against each other (both sides must agree)."""

import argparse
import json
import os
import subprocess
import sys
import time
import timeit

KINDS = {"table": ("msm_vartime", "msm"), "vartime": ("msm_vartime / msm",)}
BANDS = [
    (1, 8),
    (9, 47),
    (48, 96),
    (97, 127),
    (128, 191),
    (192, 255),
    (256, 511),
    (512, 1023),
    (1024, 2047),
    (2048, 4096),
    (4097, 16384),
    (16385, 65536),
]


def sizes(args):
    if args.every:
        return list(range(args.min, args.max + 1))
    dense = list(range(args.min, min(args.dense, args.max) + 1))
    start = max(args.dense, args.min - 1)
    if not args.growth:
        return dense + list(range(start + args.step, args.max + 1, args.step))
    wide, x = set(), float(start)
    while x < args.max:
        x *= args.growth
        wide.add(min(int(x), args.max))
    wide |= {n + d for k in range(args.max.bit_length()) for n in [1 << k] for d in (-1, 0, 1)}
    return dense + sorted(n for n in wide if start < n <= args.max)


def pairs(args, V, T, s):
    """kind -> (first, second): the two calls whose ratio the report shows."""
    if args.pair == "vartime":
        return {"msm_vartime / msm": (lambda: V.msm_vartime(s), lambda: V.msm(s))}
    return {kind: ((lambda k=kind: getattr(T, k)(s)), (lambda k=kind: getattr(V, k)(s))) for kind in KINDS["table"]}


def child(args):
    import random

    import pyristretto as pr

    pr.set_threads(1)
    rng = random.Random(17)
    bases = pr.derive_generators(b"msmtable crossover", args.max)
    scalars = [rng.randrange(pr.q) for _ in range(args.max)]
    print(json.dumps({"backend": pr.backend()}), flush=True)
    for n in sizes(args):
        V = pr.PointVector(bases[:n])
        T = pr.MSMTable(V) if args.pair == "table" else None
        s = scalars[:n]
        row = {"n": n}
        for kind, (t_op, v_op) in pairs(args, V, T, s).items():
            assert t_op() == v_op(), (kind, n)
            start = time.process_time()
            v_op()
            once = max(time.process_time() - start, 1e-6)
            loops = max(1, int(0.002 / once))  # ~2 ms a loop
            t = v = float("inf")
            for _ in range(args.repeats):  # interleaved: the machine's load hits both alike
                t = min(t, timeit.timeit(t_op, timer=time.process_time, number=loops) / loops)
                v = min(v, timeit.timeit(v_op, timer=time.process_time, number=loops) / loops)
            row[kind] = [t, v]
        print(json.dumps(row), flush=True)


def report(backend, rows, show, pair):
    what = "MSMTable / PointVector" if pair == "table" else "PointVector.msm_vartime / PointVector.msm"
    print(f"\n== backend {backend}: {what} (CPU time, one thread; > {show} listed) ==")
    for kind in KINDS[pair]:
        bad = [
            (r["n"], r[kind][0] / r[kind][1], r[kind][0], r[kind][1]) for r in rows if r[kind][0] / r[kind][1] > show
        ]
        print(f"{kind}: {len(bad)} of {len(rows)} sizes above {show}")
        for n, ratio, t, v in bad[:60]:
            print(f"   n = {n:5d}  {ratio:5.2f}x  table {t * 1e6:9.1f} us  PointVector {v * 1e6:9.1f} us")
    print(f"{'sizes':>12} " + " ".join(f"{k + ' max':>16} {'(at n)':>7} {'min':>6}" for k in KINDS[pair]))
    for lo, hi in BANDS:
        band = [r for r in rows if lo <= r["n"] <= hi]
        if not band:
            continue
        cells = []
        for kind in KINDS[pair]:
            ratios = [(r[kind][0] / r[kind][1], r["n"]) for r in band]
            top = max(ratios)
            cells.append(f"{top[0]:16.2f} {top[1]:7d} {min(ratios)[0]:6.2f}")
        print(f"{lo:5d}-{hi:<6d} " + " ".join(cells))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min", type=int, default=1)
    ap.add_argument("--max", type=int, default=4096)
    ap.add_argument("--dense", type=int, default=512)
    ap.add_argument("--step", type=int, default=16)
    ap.add_argument("--every", action="store_true")
    ap.add_argument("--growth", type=float, default=0.0)
    ap.add_argument("--pair", choices=tuple(KINDS), default="table")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--show", type=float, default=1.05)
    ap.add_argument("--backend", choices=("all", "ifma", "avx2", "portable"), default="all")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(args)
    for backend in ("ifma", "avx2", "portable") if args.backend == "all" else (args.backend,):
        env = dict(os.environ, PYRISTRETTO_BACKEND=backend)
        cmd = [sys.executable, __file__, "--child", *sys.argv[1:]]
        out = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if out.returncode != 0:
            print(f"backend {backend}: failed\n{out.stderr[-2000:]}")
            continue
        lines = [json.loads(line) for line in out.stdout.splitlines()]
        if lines[0]["backend"] != backend:
            print(f"backend {backend}: not on this CPU (ran {lines[0]['backend']}), skipped")
            continue
        report(backend, lines[1:], args.show, args.pair)


if __name__ == "__main__":
    main()
