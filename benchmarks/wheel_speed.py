"""Times an installed pyristretto on the operations a toolchain change could slow down; compares two such runs.

    python benchmarks/wheel_speed.py --json OUT.json        # with the interpreter of the build to time
    python benchmarks/wheel_speed.py --compare A.json B.json   # markdown table: B's speed relative to A's

Used to compare the zig-built wheel with the g++ build (scripts/build_wheels.sh): run each in its own virtualenv,
alternately, pinned to one CPU (`taskset -c N`), several times; --compare takes each operation's best time over
all the files given for each side (A.json may be a comma-separated list, likewise B.json). Run it from outside the
source tree so that the installed package is the one imported. One thread (set_threads(1)): the compilers' code,
not the scheduling; the backend is the default one (IFMA where the CPU has it), reported in the file.

Operations (fixed inputs from a seeded generator): msm_vartime of 4096 points, Point * Scalar, decoding 4096
encodings into a PointVector, base_mul. Each time is the best of --repeats rounds (default 7) of at least
--min-time seconds (default 0.2); on a shared machine many short rounds (--repeats 30 --min-time 0.05) find the
quiet moments.
"""
import argparse
import json
import random
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


def measure(repeats, min_time):
    import pyristretto as pr
    from pyristretto import Point, PointVector, Scalar

    pr.set_threads(1)
    rng = random.Random(22)
    n = 4096
    scalars = [rng.randrange(pr.q) for _ in range(n)]
    encodings = b"".join(pr.base_mul(rng.randrange(1, pr.q)) for _ in range(n))
    points = PointVector(encodings)
    point, scalar = Point.random(), Scalar(rng.randrange(pr.q))
    base_scalars = scalars[:512]
    cases = {
        "msm_vartime, 4096 points": (lambda: points.msm_vartime(scalars), 1),
        "Point * Scalar": (lambda: point * scalar, 1),
        "decoding 4096 points (PointVector)": (lambda: PointVector(encodings), n),
        "base_mul": (lambda: [pr.base_mul(s) for s in base_scalars], len(base_scalars)),
    }
    timings = {op: best_time(function, per_call, repeats, min_time) for op, (function, per_call) in cases.items()}
    return {"pyristretto": pr.__file__, "sodium": pr.sodium_version(), "backend": pr.backend(),
            "python": sys.version.split()[0], "seconds": timings}


def compare(a_files, b_files):
    def best(files):
        runs = [json.load(open(f)) for f in files.split(",")]
        return runs[0], {op: min(r["seconds"][op] for r in runs) for op in runs[0]["seconds"]}

    (a_meta, a), (b_meta, b) = best(a_files), best(b_files)
    print(f"A: {a_meta['pyristretto']} (libsodium {a_meta['sodium']}, backend {a_meta['backend']})")
    print(f"B: {b_meta['pyristretto']} (libsodium {b_meta['sodium']}, backend {b_meta['backend']})")
    print()
    print("| operation | A µs/op | B µs/op | B speed / A speed |")
    print("|---|---|---|---|")
    for op in a:
        print(f"| {op} | {a[op] * 1e6:.3f} | {b[op] * 1e6:.3f} | {a[op] / b[op]:.3f}x |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the timings of the installed pyristretto here")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--min-time", type=float, default=0.2)
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare runs (comma-separated files)")
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    result = measure(args.repeats, args.min_time)
    for op, seconds in result["seconds"].items():
        print(f"{op}: {seconds * 1e6:.3f} µs")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(result, out, indent=1)


if __name__ == "__main__":
    main()
