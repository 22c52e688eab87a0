"""The IFMA backend against the portable one (issue 12's targets), through the Python API, one thread, in one run::

    python benchmarks/backends.py [--rounds R] [--repeats K]

Each round runs a fresh interpreter per backend (PYRISTRETTO_BACKEND=portable, then ifma; the backend is chosen
once per process), alternating, with PYRISTRETTO_THREADS=1; each figure is the best over all rounds of the best of
K loops (benchmarks/_cpu_timing.py), in CPU time (wall time beside it). The inputs are the same in every process
(derive_generators, a seeded RNG); every result is checked against the first process's. On a CPU without IFMA the
script says so and stops."""
import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _cpu_timing import best_times  # noqa: E402


def operations():
    """name -> (call, n): what issue 12 measures, on encoded points unless the name says otherwise."""
    import pyristretto as pr

    rng = random.Random(12)
    big = pr.derive_generators(b"backends", 4096)
    small = big[:128]
    scalars_big = [rng.randrange(pr.q) for _ in range(4096)]
    scalars_small = scalars_big[:128]
    flat_big = b"".join(big)
    vector_small = pr.PointVector(small)
    vector_big = pr.PointVector(flat_big)
    table_small = pr.MSMTable(vector_small)
    fixed = pr.FixedBase(small[1])  # not G: a table of its own
    return {
        "decode 4096 (PointVector of one bytes)": (lambda: pr.PointVector(flat_big)[-1], 4096),
        "point_sum, n = 4096": (lambda: pr.point_sum(flat_big), 4096),
        "PointVector.sum, n = 4096 (decoded)": (lambda: vector_big.sum(), 4096),
        "msm_vartime, n = 4096": (lambda: pr.msm_vartime(scalars_big, flat_big), 4096),
        "msm (constant-time), n = 128": (lambda: pr.msm(scalars_small, small), 128),
        "PointVector.msm, n = 128": (lambda: vector_small.msm(scalars_small), 128),
        "MSMTable.msm, n = 128": (lambda: table_small.msm(scalars_small), 128),
        "point_mul (one point)": (lambda: pr.point_mul(scalars_small[0], small[0]), 1),
        "PointVector.scale, n = 128": (lambda: vector_small.scale(scalars_small).to_bytes(), 128),
        "FixedBase.mul (one call)": (lambda: fixed.mul(scalars_small[2]), 1),
        "base_mul (one call, with encoding)": (lambda: pr.base_mul(scalars_small[3]), 1),
        "pedersen_commit (one call)": (lambda: pr.pedersen_commit(scalars_small[4], scalars_small[5]), 1),
    }


def child(repeats):
    import pyristretto as pr

    out = {"backend": pr.backend()}
    for name, (call, n) in operations().items():
        result = call()
        cpu, wall = best_times(call, repeats)
        out[name] = [cpu / n, wall / n, bytes(result).hex()]
    print(json.dumps(out))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.repeats)
    best = {}
    for _ in range(args.rounds):
        for wanted in ("portable", "ifma"):
            env = dict(os.environ, PYRISTRETTO_BACKEND=wanted, PYRISTRETTO_THREADS="1")
            result = json.loads(subprocess.run([sys.executable, __file__, "--child", "--repeats", str(args.repeats)],
                                               env=env, check=True, capture_output=True, text=True).stdout)
            if result.pop("backend") != wanted:
                sys.exit(f"this CPU has no AVX-512 IFMA: PYRISTRETTO_BACKEND={wanted} ran another backend")
            for name, (cpu, wall, digest) in result.items():
                previous = best.setdefault(name, {}).get(wanted)
                assert all(p[2] == digest for p in best[name].values()), f"{name}: the backends disagree"
                if previous is None or cpu < previous[0]:
                    best[name][wanted] = (cpu, wall, digest)
    print(f"one thread, best of {args.rounds} rounds x {args.repeats}: µs per point (per call for one-call rows), CPU time (wall)")
    print("| operation | portable | ifma | ifma speedup |")
    print("|---|---:|---:|---:|")
    for name, by_backend in best.items():
        p, i = by_backend["portable"], by_backend["ifma"]
        print(f"| {name} | {1e6 * p[0]:.2f} ({1e6 * p[1]:.2f}) | {1e6 * i[0]:.2f} ({1e6 * i[1]:.2f}) | "
              f"{p[0] / i[0]:.2f}x ({p[1] / i[1]:.2f}x) |")


if __name__ == "__main__":
    main()
