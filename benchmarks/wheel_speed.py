"""Times an installed pyristretto on the operations a toolchain change could slow down; compares two such runs.

    python benchmarks/wheel_speed.py --json OUT.json        # with the interpreter of the build to time
    python benchmarks/wheel_speed.py --compare A.json B.json   # markdown table: B's speed relative to A's

Used to compare the zig-built wheel with the g++ build (scripts/build_wheels.sh): run each in its own virtualenv,
alternately, pinned to one CPU (`taskset -c N`), several times; --compare takes each operation's best time over
all the files given for each side (A.json may be a comma-separated list, likewise B.json). Run it from outside the
source tree so that the installed package is the one imported. One thread (set_threads(1)): the compilers' code,
not the scheduling; the backend is the default one (IFMA where the CPU has it), reported in the file.

Operations (fixed inputs from a seeded generator): msm_vartime of 4096 points, Point * Scalar, decoding 4096
encodings into a PointVector, base_mul; and those where the call itself is much of the cost, which a Limited-API
(abi3) build could slow down: P + Q, msm_vartime of 16 points (int scalars). Each time is the best of --repeats
rounds (default 7) of at least --min-time seconds (default 0.2); on a shared machine many short rounds (--repeats
30 --min-time 0.05) find the quiet moments. --callgrind counts instructions instead (valgrind's callgrind, per
operation: a run of the operation less a run of none, both after the same set-up), which the machine's load does
not move: on a busy machine, the figure to compare two builds by where the call's own overhead is in question
(valgrind's CPU has no AVX-512, so both builds run the AVX2 backend there; the file still names the default one).
"""

import argparse
import json
import random
import subprocess
import sys
import time


def best_time(function, per_call, repeats, min_time):
    """Seconds per operation: the best of `repeats` rounds, each calling function until min_time has passed."""
    calls = 1
    while True:  # calibrate the calls per round
        start = time.perf_counter()
        for _ in range(calls):
            function()
        if time.perf_counter() - start >= min_time:
            break
        calls *= 2
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, (time.perf_counter() - start) / calls)
    return best / per_call


def cases():
    """{operation: (function, operations per call, calls under callgrind)} on fixed inputs."""
    import pyristretto as pr
    from pyristretto import Point, PointVector, Scalar

    pr.set_threads(1)
    rng = random.Random(22)
    n = 4096
    scalars = [rng.randrange(pr.q) for _ in range(n)]
    encodings = b"".join(pr.base_mul(rng.randrange(1, pr.q)) for _ in range(n))
    points = PointVector(encodings)
    point, other, scalar = Point.random(), Point.random(), Scalar(rng.randrange(pr.q))
    points16, scalars16 = PointVector(encodings[: 32 * 16]), scalars[:16]
    base_scalars = scalars[:512]
    return {
        "msm_vartime, 4096 points": (lambda: points.msm_vartime(scalars), 1, 3),
        "Point * Scalar": (lambda: point * scalar, 1, 200),
        "P + Q": (lambda: point + other, 1, 2000),
        "msm_vartime, 16 points": (lambda: points16.msm_vartime(scalars16), 1, 100),
        "decoding 4096 points (PointVector)": (lambda: PointVector(encodings), n, 3),
        "base_mul": (lambda: [pr.base_mul(s) for s in base_scalars], len(base_scalars), 3),
    }


def instructions(op, calls, per_call):
    """Instructions per operation under callgrind: a run making `calls` calls less one making none."""

    def count(k):
        proc = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                __file__,
                "--run",
                op,
                str(k),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        return int(next(line for line in proc.stderr.splitlines() if "Collected" in line).split()[-1])

    return (count(calls) - count(0)) / calls / per_call


def measure(repeats, min_time, callgrind=False):
    import pyristretto as pr

    ops = cases()
    if callgrind:
        key = "instructions"
        values = {op: instructions(op, calls, per_call) for op, (_, per_call, calls) in ops.items()}
    else:
        key, values = (
            "seconds",
            {op: best_time(function, per_call, repeats, min_time) for op, (function, per_call, _) in ops.items()},
        )
    return {
        "pyristretto": pr.__file__,
        "sodium": pr.sodium_version(),
        "backend": pr.backend(),
        "python": sys.version.split()[0],
        key: values,
    }


def compare(a_files, b_files):
    def best(files):
        runs = [json.load(open(f)) for f in files.split(",")]
        key = "seconds" if "seconds" in runs[0] else "instructions"
        return runs[0], key, {op: min(r[key][op] for r in runs) for op in runs[0][key]}

    (a_meta, key, a), (b_meta, _, b) = best(a_files), best(b_files)
    unit, scale = ("µs/op", 1e6) if key == "seconds" else ("instructions/op", 1)
    for name, meta in (("A", a_meta), ("B", b_meta)):
        print(
            f"{name}: {meta['pyristretto']} (Python {meta['python']}, libsodium {meta['sodium']}, "
            f"backend {meta['backend']})"
        )
    print()
    print(f"| operation | A {unit} | B {unit} | B speed / A speed |")
    print("|---|---|---|---|")
    for op in a:
        print(f"| {op} | {a[op] * scale:.3f} | {b[op] * scale:.3f} | {a[op] / b[op]:.3f}x |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the timings of the installed pyristretto here")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--min-time", type=float, default=0.2)
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare runs (comma-separated files)")
    parser.add_argument("--callgrind", action="store_true", help="count instructions under valgrind instead")
    parser.add_argument("--run", nargs=2, metavar=("OPERATION", "CALLS"), help=argparse.SUPPRESS)  # callgrind's child
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    if args.run:
        function = cases()[args.run[0]][0]
        for _ in range(int(args.run[1])):
            function()
        return
    result = measure(args.repeats, args.min_time, args.callgrind)
    for op, value in result.get("seconds", {}).items():
        print(f"{op}: {value * 1e6:.3f} µs")
    for op, value in result.get("instructions", {}).items():
        print(f"{op}: {value:.0f} instructions")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(result, out, indent=1)


if __name__ == "__main__":
    main()
