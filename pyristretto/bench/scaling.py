"""``python -m pyristretto bench --scaling``: MSM time per point and peak extra memory for n = 2^10 .. 2^22.

Each size runs in a fresh Python process (``python -c`` of :data:`CHILD`), so one size's memory cannot hide
another's. The child builds its inputs first: 4096 random points (``base_mul`` of random scalars) tiled to n
encodings in one ``bytes`` (generating 2^22 distinct points would take minutes; tiling does not change the
work, every point is decoded), and n random scalars below 2^252. Then it resets the kernel's peak-RSS mark
(``/proc/self/clear_refs``, Linux), runs the function ``reps`` times and reports the best time and VmHWM - VmRSS:
the memory the call needed on top of its inputs. The CPU time (all threads) is shown too: on a loaded machine
it moves less than the wall time. That includes the Python wrapper's argument blocks (it converts the scalars,
and copies the points unless they are one ``bytes``, 32768 at a time: 2 MiB at most, whatever n); the C++
figures alone come from ``bench_msm scaling`` (cpp/tests/bench_msm.cpp).

``--baseline DIR`` runs every size a second time with ``DIR`` first on ``PYTHONPATH`` (another build of
pyristretto, e.g. the previous release built in place), interleaved size by size, for a ratio from one run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Dict, List, Optional, Sequence

from .tables import md_table

SIZES = tuple(2**k for k in range(10, 23))
# The functional API on encodings, and the object layer's sums on points decoded (tables built) beforehand, outside
# the measured call: the objects' own memory is not the call's.
FUNCTIONS = (
    "msm_vartime",
    "msm",
    "point_sum",
    "PointVector.msm_vartime",
    "PointVector.msm",
    "PointVector.sum",
    "MSMTable.msm_vartime",
    "MSMTable.msm",
)

CHILD = r"""
import json, os, sys, time
import pyristretto as pr

fn, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
distinct = min(n, 4096)
base = b"".join(pr.base_mul(pr.sc_rand()) for _ in range(distinct))
points = (base * (n // distinct + 1))[:32 * n]
del base
raw = os.urandom(32 * n)
scalars = [int.from_bytes(raw[32 * i:32 * i + 32], "little") >> 4 for i in range(n)]  # < 2^252 < q
del raw
owner, _, method = fn.rpartition(".")
if owner:
    obj = (pr.PointVector if owner == "PointVector" else pr.MSMTable)(points)
    call = (lambda: obj.sum()) if method == "sum" else (lambda: getattr(obj, method)(scalars))
else:
    call = {"msm": lambda: pr.msm(scalars, points), "msm_vartime": lambda: pr.msm_vartime(scalars, points),
            "point_sum": lambda: pr.point_sum(points)}[fn]


def status_kib(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return None


try:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # peak RSS := current RSS
    before = status_kib("VmRSS")
except OSError:
    before = None
best = best_cpu = float("inf")
for _ in range(reps):
    start, start_cpu = time.perf_counter(), time.process_time()
    call()
    best = min(best, time.perf_counter() - start)
    best_cpu = min(best_cpu, time.process_time() - start_cpu)
peak = status_kib("VmHWM") if before is not None else None
print(json.dumps({"seconds": best, "cpu_seconds": best_cpu,
                  "extra_mib": None if before is None else (peak - before) / 1024}))
"""


def measure(fn: str, n: int, reps: int, python_path: Optional[str] = None) -> Dict[str, object]:
    """One size in a fresh process: {"seconds": best of reps, "extra_mib": peak extra memory or None}."""
    env = dict(os.environ)
    if python_path:
        env["PYTHONPATH"] = os.pathsep.join([python_path] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, fn, str(n), str(reps)], capture_output=True, text=True, env=env, timeout=3600
    )
    if proc.returncode != 0:
        return {"status": f"error: {proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else proc.returncode}"}
    return {"status": "ok", **json.loads(proc.stdout.strip().splitlines()[-1])}


def reps_for(n: int) -> int:
    """Repeats per size: more for the short calls, where noise matters most."""
    return 5 if n <= 2**14 else 3 if n <= 2**18 else 2


def run(
    fn: str = "msm_vartime", sizes: Sequence[int] = SIZES, baseline: Optional[str] = None, log=None
) -> Dict[str, object]:
    """The scaling series of ``fn`` (and of the baseline build when given), interleaved size by size."""
    series: Dict[str, Dict[str, object]] = {"pyristretto": {}}
    if baseline:
        series["baseline"] = {}
    for n in sizes:
        for label in series:
            series[label][str(n)] = measure(fn, n, reps_for(n), baseline if label == "baseline" else None)
        if log:
            log(
                f"[{fn} n=2^{n.bit_length() - 1}] "
                + ", ".join(f"{label} {fmt_row(s[str(n)], n)}" for label, s in series.items())
            )
    return {"function": fn, "n": list(sizes), "baseline": baseline, "series": series}


def fmt_row(result: Dict[str, object], n: int) -> str:
    if result["status"] != "ok":
        return result["status"]
    mem = "n/a" if result["extra_mib"] is None else f"{result['extra_mib']:.1f} MiB"
    return f"{result['seconds'] / n * 1e6:.3g} us/pt ({result['cpu_seconds'] / n * 1e6:.3g} CPU), {mem}"


def table(report: Dict[str, object]) -> str:
    """Markdown table: per size, µs per point and extra MiB for each series (and the time ratio)."""
    labels = list(report["series"])
    header = ["n"]
    for label in labels:
        header += [f"{label} µs/point", f"{label} CPU µs/point", f"{label} extra MiB"]
    if "baseline" in labels:
        header.append("speedup")
    rows: List[List[str]] = []
    for n in report["n"]:
        row = [f"2^{n.bit_length() - 1}"]
        results = {label: report["series"][label][str(n)] for label in labels}
        for label in labels:
            r = results[label]
            if r["status"] != "ok":
                row += [r["status"], "", ""]
                continue
            row += [
                f"{r['seconds'] / n * 1e6:.3g}",
                f"{r['cpu_seconds'] / n * 1e6:.3g}",
                "n/a" if r["extra_mib"] is None else f"{r['extra_mib']:.1f}",
            ]
        if "baseline" in labels:
            a, b = results["pyristretto"], results["baseline"]
            row.append(f"{b['seconds'] / a['seconds']:.2f}×" if a["status"] == b["status"] == "ok" else "—")
        rows.append(row)
    return md_table(header, rows)


def plot(report: Dict[str, object], path: str, title: str) -> None:
    """Two panels against n (log2 axis): µs per point (wall, and CPU of all threads dashed), peak extra MiB."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax_t, ax_m) = plt.subplots(1, 2, figsize=(11, 4.5), dpi=110)
    for label, s in report["series"].items():
        ok = [(n, s[str(n)]) for n in report["n"] if s[str(n)]["status"] == "ok"]
        if not ok:
            continue
        (line,) = ax_t.plot([n for n, _ in ok], [r["seconds"] / n * 1e6 for n, r in ok], marker="o", label=label)
        ax_t.plot(
            [n for n, _ in ok],
            [r["cpu_seconds"] / n * 1e6 for n, r in ok],
            marker=".",
            linestyle="--",
            color=line.get_color(),
            label=f"{label} (CPU time, all threads)",
        )
        mem = [(n, r["extra_mib"]) for n, r in ok if r["extra_mib"] is not None]
        if mem:
            ax_m.plot([n for n, _ in mem], [m for _, m in mem], marker="o", label=label)
    for ax, ylabel in ((ax_t, "µs per point"), (ax_m, "peak extra memory (MiB)")):
        ax.set_xscale("log", base=2)
        ax.set_xlabel("n (points)")
        ax.set_ylabel(ylabel)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
    ax_m.set_yscale("log", base=2)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
