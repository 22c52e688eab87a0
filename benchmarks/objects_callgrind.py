"""Instruction counts of the object layer against the functional API, under valgrind's callgrind: reproducible
on a noisy machine, where wall-clock ratios are not (run: ``python benchmarks/objects_callgrind.py [N]``).

Each operation runs N times in a fresh interpreter under callgrind; the count of a run calling an empty lambda N
times (start-up, set-up and the loop) is subtracted, so the figure is instructions per call of the operation
itself, its Python call overhead included."""

import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

SCRIPT = textwrap.dedent("""
    import sys
    import pyristretto as pr
    from pyristretto import FixedBase, Point, Scalar
    P, R = Point.hash_to_group(b"P", b"bench"), Point.hash_to_group(b"R", b"bench")
    s = Scalar.hash_to_scalar(b"s", b"bench")
    B, p, r, si = FixedBase(P), bytes(P), bytes(R), int(s)
    ops = {
        "point_add(bytes, bytes)": lambda: pr.point_add(p, r), "Point + Point": lambda: P + R,
        "point_mul(int, bytes)": lambda: pr.point_mul(si, p), "Scalar * Point": lambda: s * P,
        "FixedBase(P) * Scalar": lambda: B * s, "base_mul(int)": lambda: pr.base_mul(si),
        "Point.base_mul(Scalar)": lambda: Point.base_mul(s), "sc_mul(int, int)": lambda: pr.sc_mul(si, si),
        "Scalar * Scalar": lambda: s * s,
    }
    if sys.argv[1] == "list":
        print("\\n".join(ops))
    else:
        f = ops.get(sys.argv[1], lambda: None)
        for _ in range(int(sys.argv[2])):
            f()
""")
PAIRS = [
    ("Point + Point", "point_add(bytes, bytes)"),
    ("Scalar * Point", "point_mul(int, bytes)"),
    ("FixedBase(P) * Scalar", "Scalar * Point"),
    ("Point.base_mul(Scalar)", "base_mul(int)"),
    ("Scalar * Scalar", "sc_mul(int, int)"),
]


def instructions(script: Path, op: str, n: int, *args: str) -> float:
    """Instructions of `python script op n *args` under callgrind, or NaN when the run fails."""
    with tempfile.NamedTemporaryFile(suffix=".out") as out:
        proc = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out.name}",
                sys.executable,
                str(script),
                op,
                str(n),
                *args,
            ],
            capture_output=True,
            text=True,
        )
    if proc.returncode:
        return float("nan")
    return int(next(line for line in proc.stderr.splitlines() if "Collected" in line).split()[-1])


def counts_per_call(script: Path, pairs, n: int, *args: str) -> dict:
    """Instructions per call of each operation named in `pairs`, less those of a run calling nothing."""
    base = instructions(script, "none", n, *args)
    return {op: (instructions(script, op, n, *args) - base) / n for op in {o for pair in pairs for o in pair}}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "ops.py"
        script.write_text(SCRIPT)
        print_table(counts_per_call(script, PAIRS, n), PAIRS)


def print_table(per_call: dict, pairs) -> None:
    """A markdown table of each pair's counts and the baseline's count divided by the operation's."""
    print("| operation | instructions/call | baseline | instructions/call | ratio |")
    print("| --- | ---: | --- | ---: | ---: |")
    for mine, theirs in pairs:
        print(
            f"| `{mine}` | {per_call[mine]:,.0f} | `{theirs}` | {per_call[theirs]:,.0f} "
            f"| {per_call[theirs] / per_call[mine]:.2f}× |"
        )


if __name__ == "__main__":
    main()
