"""Every backend this CPU has (portable, avx2, ifma) on issue 19's rows, through the Python API, one thread, in one
run, beside curve25519-dalek's figures from that issue::

    python benchmarks/backends.py [--rounds R] [--repeats K] [--quick]

Each round runs a fresh interpreter per backend (PYRISTRETTO_BACKEND; the backend is chosen once per process),
alternating, with PYRISTRETTO_THREADS=1; pin it to one core (`taskset -c 1`) for per-core figures. Each figure is
the best over all rounds of the best of K loops (benchmarks/_cpu_timing.py), in CPU time, µs per call. The inputs
are the same in every process (derive_generators, a seeded RNG) and every result is checked against the first
process's. The dalek columns are the figures issue 19 measured on the project's machine (5.0.0-rc.1, built for
that CPU with each backend): a reference, not re-measured here; the ratio is ours over dalek's backend of the same
kind (portable against serial).

--dalek FILE takes dalek's figures from a markdown table measured on this machine instead (a header row naming
the columns, e.g. `| row | dalek serial | dalek AVX2 |`, then `| P * s | 52.7 | 28.4 |`...): rows by this script's
names, columns by the words serial, avx2 and ifma in their headers (a backend without a column gets no ratio).
Building dalek is up to the user (outside this repository); its build profile matters: with link-time
optimisation its MSMs run 10-25% faster than without, and issue 19's figures agree with such a build."""

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _cpu_timing import Inline, best_times  # noqa: E402

# issue 19: µs per call, (serial, AVX2, IFMA)
DALEK = {
    "P * s": (45.6, 19.4, 12.6),
    "a·A + b·G vartime": (43.7, 20.0, 12.6),
    "vartime MSM n = 16": (161, 65, 40.5),
    "vartime MSM n = 128": (1071, 434, 259),
    "vartime MSM n = 1024": (6842, 3208, 1503),
    "vartime MSM n = 4096": (22713, 10935, 5325),
    "vartime MSM n = 16384": (86512, 45787, 23698),
    "constant-time MSM n = 16": (242, 103, 70),
    "constant-time MSM n = 128": (1697, 738, 502),
    "MSMTable build, 128 bases": (31520, 676, 384),
    "MSMTable vartime MSM, 128 bases": (544, 289, 173),
    "encode 4096 computed points": (2026, 1969, 1973),
    "scale 4096 + encode": (None, None, None),
    "P + Q": (0.16, 0.17, 0.17),
    "fixed-base s·G": (11.6, 11.9, 11.8),
    "decode one point": (4.3, 4.3, 4.3),
    "decode + vartime MSM n = 4096": (40162, 28609, 22775),
}
KIND = {"portable": 0, "avx2": 1, "ifma": 2}


def operations(quick):
    """name -> call: issue 19's rows, on decoded points (PointVector, MSMTable, Point) unless the name says, then
    issue 12's."""
    import pyristretto as pr

    rng = random.Random(19)
    sizes = (16, 128, 1024, 4096) if quick else (16, 128, 1024, 4096, 16384)
    encoded = pr.derive_generators(b"backends", max(sizes) + 1)
    flat = b"".join(encoded)
    vectors = {n: pr.PointVector(flat[: 32 * n]) for n in sizes}
    scalars = pr.ScalarVector([rng.randrange(pr.q) for _ in range(max(sizes))])
    raw = scalars.to_bytes()
    P, Q, G = pr.Point(encoded[0]), pr.Point(encoded[1]), pr.Point(pr.G)
    s, a, b = (pr.Scalar(rng.randrange(pr.q)) for _ in range(3))
    pair = pr.PointVector([P, G])
    table = pr.MSMTable(vectors[128])
    fixed = pr.FixedBase(G)
    other = pr.PointVector(flat[32 : 32 * 4097])
    ops = {
        "P * s": lambda: P * s,
        "a·A + b·G vartime": lambda: pair.msm_vartime([a, b]),
    }
    for n in sizes:
        ops[f"vartime MSM n = {n}"] = lambda n=n: vectors[n].msm_vartime(scalars[:n])
    for n in (16, 128):
        ops[f"constant-time MSM n = {n}"] = lambda n=n: vectors[n].msm(scalars[:n])
    ops.update(
        {
            "MSMTable build, 128 bases": lambda: pr.MSMTable(vectors[128]),
            "MSMTable vartime MSM, 128 bases": lambda: table.msm_vartime(scalars[:128]),
            # a fresh sum each call (to_bytes caches); the sum alone is timed too and taken off
            "encode 4096 computed points": lambda: (vectors[4096] + other).to_bytes(),
            "(the sum alone)": lambda: vectors[4096] + other,
            "scale 4096 + encode": lambda: vectors[4096].scale(scalars[:4096]).to_bytes(),
            "P + Q": Inline("P + Q", P=P, Q=Q),  # timed in the loop's frame: no lambda call
            "fixed-base s·G": lambda: fixed.mul(s),
            "decode one point": lambda: pr.Point(encoded[2]),
            "decode + vartime MSM n = 4096": lambda: pr.msm_vartime(raw[: 32 * 4096], flat[: 32 * 4096]),
            # issue 12's rows, which docs/backends.md cites
            "point_sum, n = 4096 (decoding included)": lambda: pr.point_sum(flat[: 32 * 4096]),
            "PointVector.sum, n = 4096": lambda: vectors[4096].sum(),
            "PointVector.scale, n = 128, encoded": lambda: vectors[128].scale(scalars[:128]).to_bytes(),
            "base_mul (with its encoding)": lambda: pr.base_mul(s),
            "pedersen_commit": lambda: pr.pedersen_commit(a, b),
        }
    )
    return ops


def digest(result):
    if hasattr(result, "to_bytes"):
        result = result.to_bytes()
    return bytes(result).hex()[:64] if isinstance(result, (bytes, bytearray)) else type(result).__name__


def child(repeats, quick):
    import pyristretto as pr

    out = {"backend": pr.backend()}
    for name, call in operations(quick).items():
        result = call()
        cpu, _ = best_times(call, repeats)
        out[name] = [cpu, digest(result)]
    sum_alone = out.pop("(the sum alone)")[0]
    out["encode 4096 computed points"][0] -= sum_alone
    print(json.dumps(out))


def available_backends():
    found = []
    for wanted in KIND:
        env = dict(os.environ, PYRISTRETTO_BACKEND=wanted)
        got = subprocess.run(
            [sys.executable, "-c", "import pyristretto; print(pyristretto.backend())"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        if got == wanted:
            found.append(wanted)
    return found


def read_dalek(path):
    """{row: (serial, avx2, ifma)} from a markdown table whose header names the kinds (None where a kind has no
    column or a cell is not a number)."""
    table = {}
    kinds = None
    for line in Path(path).read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or set(cells[1]) <= set("-: "):
            continue
        if kinds is None:
            kinds = [
                next((KIND[k] for k in KIND if k.replace("portable", "serial") in c.lower()), None) for c in cells[1:]
            ]
            continue
        row = [None] * 3
        for kind, cell in zip(kinds, cells[1:]):
            try:
                if kind is not None:
                    row[kind] = float(cell)
            except ValueError:
                pass
        table[cells[0]] = tuple(row)
    if not table:
        raise SystemExit(f"{path}: no table rows")
    return table


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="without the 16384-point row")
    parser.add_argument("--dalek", metavar="FILE", help="dalek's figures measured on this machine (markdown table)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.repeats, args.quick)
    dalek = read_dalek(args.dalek) if args.dalek else DALEK
    backends = available_backends()
    best = {}
    for _ in range(args.rounds):
        for wanted in backends:
            env = dict(os.environ, PYRISTRETTO_BACKEND=wanted, PYRISTRETTO_THREADS="1")
            cmd = [sys.executable, __file__, "--child", "--repeats", str(args.repeats)] + ["--quick"] * args.quick
            result = json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)
            assert result.pop("backend") == wanted
            for name, (cpu, result_digest) in result.items():
                row = best.setdefault(name, {})
                assert all(d == result_digest for _, d in row.values()), f"{name}: the backends disagree"
                if wanted not in row or cpu < row[wanted][0]:
                    row[wanted] = (cpu, result_digest)
    print(
        f"one thread, best of {args.rounds} rounds x {args.repeats}, CPU time, µs per call; "
        f"dalek: {args.dalek or 'issue 19'}'s figures; ratio: ours / dalek's backend of the same kind"
    )
    print("| operation | " + " | ".join(f"{b} | ÷ dalek" for b in backends) + " |")
    print("|---|" + "---:|---:|" * len(backends))
    for name, row in best.items():
        cells = []
        for b in backends:
            ours = 1e6 * row[b][0]
            ref = dalek.get(name, (None,) * 3)[KIND[b]]
            cells += [f"{ours:.2f}" if ours < 10 else f"{ours:.0f}", f"{ours / ref:.2f}" if ref else ""]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
