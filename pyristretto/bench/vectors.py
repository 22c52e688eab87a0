"""The PointVector and MSMTable rows of ``python -m pyristretto bench`` (and of benchmarks/test_objects_vectors.py):
each object's operation side by side with what it replaces, timed in one interleaved run.

    targets: PointVector.msm_vartime at n = 4096 >= 1.6x msm_vartime on bytes (no decoding per call);
             MSMTable.msm_vartime at n = 128 never slower than PointVector.msm_vartime (on
             IFMA both run the eight-lane Pippenger there); MSMTable.msm > PointVector.msm.
"""

from __future__ import annotations

import random
from typing import Callable, Dict, List, Optional, Tuple

# (name, n, baseline label, pyristretto label, target speedup or None)
ROWS = [
    ("msm_vartime", 4096, "msm_vartime(scalars, bytes)", "PointVector.msm_vartime", 1.6),
    ("msm_vartime", 128, "PointVector.msm_vartime", "MSMTable.msm_vartime", 1.0),
    ("msm", 128, "PointVector.msm", "MSMTable.msm", 1.0),
    ("msm_vartime", 64, "PointVector.msm_vartime", "MSMTable.msm_vartime", None),
    ("msm_vartime", 1024, "PointVector.msm_vartime", "MSMTable.msm_vartime", None),
    ("msm", 1024, "PointVector.msm", "MSMTable.msm", None),
    ("msm", 4096, "msm(scalars, bytes)", "PointVector.msm", None),
]


def cases(name: str, n: int, base: str, mine: str, seed: int = 9) -> Tuple[Callable[[], bytes], Callable[[], bytes]]:
    """Two zero-argument calls returning the encoded result: the baseline and the object operation."""
    import pyristretto as pr

    rng = random.Random(f"{seed}:{n}")
    points = pr.derive_generators(b"pyristretto bench objects", n)
    scalars = [rng.randrange(pr.q) for _ in range(n)]
    blob = b"".join(points)
    vector = pr.PointVector(points)
    table = pr.MSMTable(vector) if "MSMTable" in base + mine else None
    functional = getattr(pr, name)
    calls = {
        f"{name}(scalars, bytes)": lambda: functional(scalars, blob),
        f"PointVector.{name}": lambda: getattr(vector, name)(scalars).to_bytes(),
        f"MSMTable.{name}": lambda: getattr(table, name)(scalars).to_bytes(),
    }
    return calls[base], calls[mine]


def run(measure_all: Callable, repeats: int, min_time: float, max_n: Optional[int] = None) -> List[Dict[str, object]]:
    """Every row of ROWS (n capped at max_n): both sides checked against the functional API, then timed."""
    import pyristretto as pr

    results = []
    for name, n, base, mine, target in ROWS:
        if max_n is not None:
            n = min(n, max_n)
        base_call, mine_call = cases(name, n, base, mine)
        want = base_call()
        ok = mine_call() == want
        times = measure_all({"base": base_call, "mine": mine_call}, repeats, min_time) if ok else None
        row = {
            "operation": name,
            "n": n,
            "baseline": base,
            "pyristretto": mine,
            "target": target,
            "status": "ok" if ok else "WRONG RESULT",
        }
        if times:
            row.update(
                base_seconds=times["base"]["seconds"],
                mine_seconds=times["mine"]["seconds"],
                speedup=times["base"]["seconds"] / times["mine"]["seconds"],
            )
        results.append(row)
    points = pr.derive_generators(b"pyristretto bench objects", 4096)
    results.append({"nbytes_per_base": {str(n): pr.MSMTable(points[:n]).nbytes / n for n in (128, 192, 256, 4096)}})
    return results


def table(results: List[Dict[str, object]]) -> str:
    """Markdown: one row per comparison, and MSMTable's memory per base."""
    lines = ["| operation | n | baseline (ms) | object (ms) | speedup | target |", "|---|---:|---:|---:|---:|---:|"]
    memory = ""
    for r in results:
        if "nbytes_per_base" in r:
            memory = "MSMTable.nbytes per base: " + ", ".join(
                f"{v:,.0f} B (n = {n})" for n, v in r["nbytes_per_base"].items()
            )
            continue
        what = f"{r['pyristretto']} vs {r['baseline']}"
        if r["status"] != "ok":
            lines.append(f"| {what} | {r['n']} | {r['status']} | | | |")
            continue
        target = f">= {r['target']}x" if r["target"] else ""
        lines.append(
            f"| {what} | {r['n']} | {r['base_seconds'] * 1e3:.3g} | {r['mine_seconds'] * 1e3:.3g} | "
            f"{r['speedup']:.2f}x | {target} |"
        )
    return "\n".join(lines) + ("\n\n" + memory if memory else "")
