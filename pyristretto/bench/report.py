"""``python -m pyristretto bench``: time pyristretto against its peer libraries.

Runs every workload of :mod:`pyristretto.bench.peers` on every peer (checking each result against raw
libsodium), then the MSM scaling series, and prints Markdown tables: seconds per round, operations per
second with pyristretto's speedup against each peer, and MSM time per point. ``--json`` writes the
results with machine information, ``--plot`` draws MSM time per point against n (log-log).

Times are the minimum over a few repeats of ``time.perf_counter`` (garbage collector off), the
libraries' repeats interleaved so that machine noise hits them alike; compare ratios within one run,
not absolute times across machines.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import math
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from . import peers as _peers, vectors as _bench_vectors
from .tables import md_table

PROG = "python -m pyristretto bench"


@dataclass(frozen=True)
class Mode:
    """How hard to measure: repeats per timing, minimum seconds per repeat, MSM sizes, size cap."""

    name: str
    repeats: int
    min_time: float
    scaling_n: Sequence[int]
    max_size: Optional[int] = None  # cap on workload sizes (smoke test only)


MODES = {
    "full": Mode("full", repeats=7, min_time=0.05, scaling_n=_peers.SCALING_N),
    "quick": Mode("quick", repeats=3, min_time=0.02, scaling_n=(1, 4, 16, 64, 256, 1024)),
    "smoke": Mode("smoke", repeats=1, min_time=0.0, scaling_n=(1, 2, 4), max_size=4),
}


def measure_all(tasks: Dict[str, Callable[[], object]], repeats: int, min_time: float) -> Dict[str, Dict[str, float]]:
    """Time several callables with interleaved repeats, so machine noise hits them alike.

    Each gets enough calls per repeat to last ``min_time``; returns the best and median seconds per call.
    """
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        calls, times = {}, {key: [] for key in tasks}
        for key, fn in tasks.items():
            start = time.perf_counter()
            fn()
            first = time.perf_counter() - start
            calls[key] = max(1, math.ceil(min_time / first)) if first > 0 else 1
        for _ in range(repeats):
            for key, fn in tasks.items():
                start = time.perf_counter()
                for _ in range(calls[key]):
                    fn()
                times[key].append((time.perf_counter() - start) / calls[key])
    finally:
        if gc_was_enabled:
            gc.enable()
    return {
        key: {
            "seconds": min(t),
            "median_seconds": statistics.median(t),
            "repeats": repeats,
            "calls_per_repeat": calls[key],
        }
        for key, t in times.items()
    }


def run_group(items: Sequence[Tuple[str, _peers.Peer, str]], size: int, mode: Mode) -> Dict[str, Dict[str, object]]:
    """For each (key, peer, workload): check one round of ``size`` operations against the libsodium
    reference, then time all that passed together; a status instead of times for the others."""
    statuses, tasks = {}, {}
    for key, peer, workload in items:
        statuses[key] = peer.status(workload)
        if statuses[key]:
            continue
        inputs = _peers.make_inputs(peer.group, size)
        task = peer.task(workload, inputs)
        try:
            _peers.check(peer, workload, inputs, task())
            tasks[key] = task
        except AssertionError:
            statuses[key] = "WRONG RESULT"
        except Exception as exc:  # a peer that raises is reported, not fatal
            statuses[key] = f"error: {type(exc).__name__}: {exc}"
    timings = measure_all(tasks, mode.repeats, mode.min_time)
    return {
        key: {"status": "ok", **timings[key], "ops_per_second": size / timings[key]["seconds"]}
        if key in timings
        else {"status": statuses[key]}
        for key, _, _ in items
    }


def run_one(peer: _peers.Peer, workload: str, size: int, mode: Mode) -> Dict[str, object]:
    """Check then time one workload of ``size`` operations on ``peer`` (see :func:`run_group`)."""
    return run_group([(peer.key, peer, workload)], size, mode)[peer.key]


def short_status(result: Dict[str, object]) -> str:
    """A result's status without its parenthesised reason ('not installed (...)' -> 'not installed')."""
    return str(result["status"]).split(" (")[0]


def _short(result: Dict[str, object]) -> str:
    """Progress-line text of one result."""
    return f"{result['seconds'] * 1e3:.3g} ms" if result["status"] == "ok" else short_status(result)


def log(message: str) -> None:
    """One progress line on stderr."""
    print(message, file=sys.stderr, flush=True)


def workload_size(workload: str, mode: Mode) -> int:
    """Operations per round of ``workload`` in ``mode``."""
    size = _peers.WORKLOADS[workload].size
    return size if mode.max_size is None else min(size, mode.max_size)


def run_compare(mode: Mode, peers: List[_peers.Peer]) -> Dict[str, Dict[str, object]]:
    """Every workload on every peer: {workload: {size, op, description, results: {peer key: result}}}."""
    out = {}
    for i, (name, wl) in enumerate(_peers.WORKLOADS.items(), 1):
        size = workload_size(name, mode)
        results = run_group([(p.key, p, name) for p in peers], size, mode)
        out[name] = {"size": size, "op": wl.op, "description": wl.description, "results": results}
        log(f"[{i}/{len(_peers.WORKLOADS)}] {name}: " + ", ".join(f"{p.key} {_short(results[p.key])}" for p in peers))
    return out


def run_scaling(mode: Mode) -> Dict[str, object]:
    """MSM time per call for every series of ``_peers.SCALING_SERIES`` and every n of ``mode``."""
    series = {label: {"peer": key, "workload": wl, "results": {}} for label, key, wl in _peers.SCALING_SERIES}
    for n in mode.scaling_n:
        results = run_group([(label, _peers.peer(key), wl) for label, key, wl in _peers.SCALING_SERIES], n, mode)
        for label, result in results.items():
            series[label]["results"][str(n)] = result
        log(f"[msm n={n}] " + ", ".join(f"{label} {_short(s['results'][str(n)])}" for label, s in series.items()))
    return {"n": list(mode.scaling_n), "series": series}


def cpu_model() -> str:
    """CPU model name from /proc/cpuinfo (platform.processor() elsewhere)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_info() -> Dict[str, object]:
    """CPU, cores, OS, Python, pyristretto and libsodium versions, and the UTC date of this run."""
    pyr = _peers.peer("pyristretto")
    try:
        system_sodium = _peers.system_sodium_version()
    except (ImportError, OSError):
        system_sodium = "not found"
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "pyristretto": pyr.version or "not installed",
        "pyristretto_libsodium": pyr.lib.sodium_version() if pyr.available else "not installed",
        "system_libsodium": system_sodium,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def library_rows(peers: List[_peers.Peer]) -> List[Dict[str, str]]:
    """One row per peer library, installed or not."""
    return [
        {
            "key": p.key,
            "label": p.label,
            "version": p.version,
            "backend": p.backend if p.available else "",
            "status": "installed" if p.available else p.error,
        }
        for p in peers
    ]


# ------------------------------------------------------------------------------------------------
# Markdown


def fmt_seconds(seconds: float) -> str:
    """Seconds to three significant digits."""
    return f"{seconds:.3g}"


def fmt_rate(rate: float) -> str:
    """Operations per second to three significant digits, with thousands separators."""
    if rate <= 0:
        return "0"
    decimals = 2 - math.floor(math.log10(rate))
    return f"{round(rate, decimals):,.{max(decimals, 0)}f}"


def fmt_speedup(mine: Dict[str, object], theirs: Dict[str, object]) -> str:
    """pyristretto's speedup over a peer (their time / our time), or '—'."""
    if mine["status"] != "ok" or theirs["status"] != "ok":
        return "—"
    return f"{theirs['seconds'] / mine['seconds']:.2f}×"


def cell(result: Dict[str, object], value: Callable[[Dict[str, object]], str]) -> str:
    """Table cell: the formatted value when the result is ok, else its short status (reasons: libraries table)."""
    return value(result) if result["status"] == "ok" else short_status(result)


def libraries_table(libraries: List[Dict[str, str]]) -> str:
    """Markdown table of the libraries: version, backend, installed or not."""
    return md_table(
        ["library", "version", "backend", "status"],
        [[r["label"], r["version"] or "—", r["backend"] or "—", r["status"]] for r in libraries],
        ["l", "l", "l", "l"],
    )


def seconds_table(compare: Dict[str, Dict[str, object]], peers: List[_peers.Peer]) -> str:
    """Markdown table: seconds per round, one row per workload, one column per library."""
    rows = [
        [name, f"{w['size']} {w['op']}s"]
        + [cell(w["results"][p.key], lambda r: fmt_seconds(r["seconds"])) for p in peers]
        for name, w in compare.items()
    ]
    return md_table(["workload", "round"] + [p.label for p in peers], rows)


def rates_table(compare: Dict[str, Dict[str, object]], peers: List[_peers.Peer]) -> str:
    """Markdown table: operations per second per library, with pyristretto's speedup over each peer."""
    mine_key, others = peers[0].key, peers[1:]
    header = ["workload", "op", f"{peers[0].label} ops/s"]
    for p in others:
        header += [f"{p.label} ops/s", "speedup"]
    rows = []
    for name, w in compare.items():
        res = w["results"]
        row = [name, w["op"], cell(res[mine_key], lambda r: fmt_rate(r["ops_per_second"]))]
        for p in others:
            row += [cell(res[p.key], lambda r: fmt_rate(r["ops_per_second"])), fmt_speedup(res[mine_key], res[p.key])]
        rows.append(row)
    return md_table(header, rows)


def scaling_table(scaling: Dict[str, object]) -> str:
    """Markdown table: MSM microseconds per point for each n and series."""
    series = scaling["series"]
    rows = [
        [str(n)] + [cell(s["results"][str(n)], lambda r, n=n: f"{r['seconds'] / n * 1e6:.3g}") for s in series.values()]
        for n in scaling["n"]
    ]
    return md_table(["n"] + list(series), rows)


def render(report: Dict[str, object], peers: List[_peers.Peer]) -> str:
    """The whole Markdown report."""
    m = report["machine"]
    head = (
        f"pyristretto {m['pyristretto']} benchmark ({report['mode']} mode), {m['date']}: {m['cpu']} "
        f"({m['cores']} cores), Python {m['python']}, libsodium {m['pyristretto_libsodium']} "
        f"(system {m['system_libsodium']}). Command: `{report['command']}`."
    )
    parts = [
        head,
        "### Libraries",
        libraries_table(report["libraries"]),
        "### Seconds per round (lower is better)",
        seconds_table(report["workloads"], peers),
        "### Operations per second (higher is better); speedup = pyristretto ops/s ÷ that library's ops/s",
        rates_table(report["workloads"], peers),
    ]
    if report.get("msm_scaling"):
        parts += ["### MSM: microseconds per point (lower is better)", scaling_table(report["msm_scaling"])]
    if report.get("vectors"):
        parts += [
            "### PointVector and MSMTable against what they replace (speedup = baseline ÷ object)",
            _bench_vectors.table(report["vectors"]),
        ]
    if report.get("objects"):
        parts += [
            "### Object layer against the functional API (one run, interleaved; speedup = baseline ÷ objects)",
            objects_table(report["objects"]),
        ]
    return "\n\n".join(parts) + "\n"


# ------------------------------------------------------------------------------------------------
# The object layer against the functional API, side by side


OBJECTS_N = 64  # operations per round


def object_pairs(n: int) -> List[Tuple[str, str, Callable[[], list], str, Callable[[], list]]]:
    """(operation, object-layer label, task, baseline label, task) on the same ``n`` inputs; each task returns
    a list whose ``bytes``/``int`` values must equal the baseline's (checked by :func:`run_objects`).

    More rows (PointVector, MSMTable) append here."""
    from pyristretto import FixedBase, Point, Scalar, base_mul, point_add, point_mul, sc_mul

    d = _peers.make_inputs(_peers.RISTRETTO, n)
    ps, rs = [Point(p) for p in d.points], [Point(r) for r in d.others]
    ks = [Scalar(s) for s in d.scalars]
    base = FixedBase(ps[0])
    p0, pt0 = d.points[0], ps[0]
    return [
        (
            "P + Q",
            "Point + Point",
            lambda: [P + R for P, R in zip(ps, rs)],
            "point_add(bytes, bytes)",
            lambda: [point_add(p, r) for p, r in zip(d.points, d.others)],
        ),
        (
            "s*P",
            "Scalar * Point",
            lambda: [k * P for k, P in zip(ks, ps)],
            "point_mul(int, bytes)",
            lambda: [point_mul(s, p) for s, p in zip(d.scalars, d.points)],
        ),
        (
            "s*P, fixed P",
            "FixedBase(P) * Scalar",
            lambda: [base * k for k in ks],
            "Scalar * Point(P)",
            lambda: [k * pt0 for k in ks],
        ),
        (
            "s*P, fixed P (bytes)",
            "FixedBase(P) * Scalar",
            lambda: [base * k for k in ks],
            "point_mul(int, bytes)",
            lambda: [point_mul(s, p0) for s in d.scalars],
        ),
        (
            "s*G",
            "Point.base_mul(Scalar)",
            lambda: [Point.base_mul(k) for k in ks],
            "base_mul(int)",
            lambda: [base_mul(s) for s in d.scalars],
        ),
        (
            "s*t mod q",
            "Scalar * Scalar",
            lambda: [k * k for k in ks],
            "sc_mul(int, int)",
            lambda: [sc_mul(s, s) for s in d.scalars],
        ),
    ]


def _comparable(value: object) -> object:
    return value if isinstance(value, (bytes, int)) else bytes(value) if hasattr(value, "to_bytes") else value


def run_objects(mode: Mode) -> List[Dict[str, object]]:
    """Each object-layer operation and its baseline, checked equal, then timed together (interleaved)."""
    n = OBJECTS_N if mode.max_size is None else min(OBJECTS_N, mode.max_size)
    rows = []
    for op, label, task, base_label, base_task in object_pairs(n):
        mine, theirs = [_comparable(x) for x in task()], [_comparable(x) for x in base_task()]
        mine = [int.from_bytes(x, "little") if isinstance(x, bytes) and isinstance(theirs[0], int) else x for x in mine]
        status = "ok" if mine == theirs else "WRONG RESULT"
        times = measure_all({"objects": task, "baseline": base_task}, mode.repeats, mode.min_time)
        rows.append(
            {
                "operation": op,
                "objects": label,
                "baseline": base_label,
                "n": n,
                "status": status,
                "seconds": times["objects"]["seconds"],
                "baseline_seconds": times["baseline"]["seconds"],
            }
        )
        log(
            f"objects: {op}: {label} {rows[-1]['seconds'] / n * 1e6:.3g} µs, "
            f"{base_label} {rows[-1]['baseline_seconds'] / n * 1e6:.3g} µs"
        )
    return rows


def objects_table(rows: List[Dict[str, object]]) -> str:
    """Markdown: µs per operation for the object layer and its baseline, and the speedup."""
    return md_table(
        ["operation", "object layer", "µs/op", "baseline", "µs/op", "speedup"],
        [
            [
                r["operation"],
                f"`{r['objects']}`",
                f"{r['seconds'] / r['n'] * 1e6:.3g}",
                f"`{r['baseline']}`",
                f"{r['baseline_seconds'] / r['n'] * 1e6:.3g}",
                f"{r['baseline_seconds'] / r['seconds']:.1f}×" if r["status"] == "ok" else str(r["status"]),
            ]
            for r in rows
        ],
    )


# ------------------------------------------------------------------------------------------------
# Plot


def plot_scaling(scaling: Dict[str, object], path: str, title: str) -> None:
    """Log-log plot of MSM time per point against n for every series that ran."""
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5.5), dpi=110)
    for label, s in scaling["series"].items():
        pts = [(n, r["seconds"] / n * 1e6) for n in scaling["n"] if (r := s["results"][str(n)])["status"] == "ok"]
        if pts:
            xs, ys = zip(*pts)
            ax.plot(xs, ys, marker="o", linestyle="--" if "naive" in label else "-", label=label)
        else:  # keep a missing library visible in the legend
            ax.plot([], [], label=f"{label}: {s['results'][str(scaling['n'][0])]['status']}")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xticks(scaling["n"], [str(n) for n in scaling["n"]])
    low, high = ax.get_ylim()
    labelled = "23456789" if high < 10 * low else "25"  # minor ticks to label: all within one decade
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:g}"))
    ax.yaxis.set_minor_formatter(
        matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:g}" if f"{y:.0e}"[0] in labelled else "")
    )
    ax.set_xlabel("n (terms)")
    ax.set_ylabel("µs per point")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# ------------------------------------------------------------------------------------------------


def build_report(mode: Mode, command: str, with_scaling: bool) -> Dict[str, object]:
    """Run the benchmarks of ``mode`` and return the JSON-serialisable report."""
    peers = _peers.peers()
    report = {
        "schema": "pyristretto-bench/1",
        "mode": mode.name,
        "command": command,
        "machine": machine_info(),
        "libraries": library_rows(peers),
        "workloads": run_compare(mode, peers),
    }
    report["msm_scaling"] = run_scaling(mode) if with_scaling else None
    report["vectors"] = _bench_vectors.run(measure_all, mode.repeats, mode.min_time, mode.max_size)
    report["objects"] = run_objects(mode)
    return report


def wrong_results(report: Dict[str, object]) -> List[str]:
    """'workload/peer' for every result that failed its check."""
    found = [
        f"{name}/{key}"
        for name, w in report["workloads"].items()
        for key, r in w["results"].items()
        if r["status"] == "WRONG RESULT"
    ]
    if report.get("msm_scaling"):
        found += [
            f"msm n={n}/{label}"
            for label, s in report["msm_scaling"]["series"].items()
            for n, r in s["results"].items()
            if r["status"] == "WRONG RESULT"
        ]
    found += [
        f"{r['pyristretto']} n={r['n']}" for r in report.get("vectors") or [] if r.get("status") == "WRONG RESULT"
    ]
    found += [f"objects/{r['operation']}" for r in report.get("objects") or [] if r["status"] != "ok"]
    return found


def _scaling_functions() -> Sequence[str]:
    from . import scaling as _scaling

    return _scaling.FUNCTIONS


def parse_args(argv: Optional[Sequence[str]], prog: str) -> argparse.Namespace:
    """Command-line options (``--plot`` refused up front when matplotlib is missing)."""
    parser = argparse.ArgumentParser(prog=prog, description="Benchmark pyristretto against peer libraries.")
    parser.add_argument("--quick", action="store_true", help="fewer repeats and MSM sizes (< 60 s)")
    parser.add_argument("--smoke", action="store_true", help=argparse.SUPPRESS)  # tiny sizes, for tests
    parser.add_argument("--json", metavar="FILE", help="write the results and machine info as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="plot MSM time per point against n (log-log)")
    parser.add_argument(
        "--scaling",
        action="store_true",
        help="only the large-input series: time per point and peak extra memory, n = 2^10 .. 2^22 "
        "(one fresh process per size; minutes)",
    )
    parser.add_argument(
        "--function",
        choices=_scaling_functions(),
        default="msm_vartime",
        help="with --scaling: the function to run (default msm_vartime)",
    )
    parser.add_argument(
        "--min-log2", type=int, default=10, metavar="K", help="with --scaling: smallest n = 2^K (default 10)"
    )
    parser.add_argument(
        "--max-log2", type=int, default=22, metavar="K", help="with --scaling: largest n = 2^K (default 22)"
    )
    parser.add_argument(
        "--baseline",
        metavar="DIR",
        help="with --scaling: also run another pyristretto build found in DIR (put first on "
        "PYTHONPATH), interleaved size by size, and print the speedup",
    )
    args = parser.parse_args(argv)
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            parser.error("--plot needs matplotlib (pip install matplotlib)")
    return args


def save(report: Dict[str, object], args: argparse.Namespace, plot: Callable[[str, Dict[str, object]], None]) -> None:
    """Writes ``--json`` and, through ``plot(path, machine info)``, ``--plot`` when asked for."""
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
        log(f"wrote {args.json}")
    if args.plot:
        plot(args.plot, report["machine"])
        log(f"wrote {args.plot}")


def main_scaling(args: argparse.Namespace) -> int:
    """``--scaling``: the large-input table (and plot, JSON) of :mod:`pyristretto.bench.scaling`."""
    from . import scaling as _scaling

    sizes = [2**k for k in range(args.min_log2, args.max_log2 + 1)] or [2**args.min_log2]
    report = _scaling.run(args.function, sizes, args.baseline, log=log)
    report["machine"] = machine_info()
    print(
        f"{args.function}: µs per point (best of a few calls; wall, and CPU of all threads) and peak extra memory "
        f"during the call (MiB, including the wrapper's argument blocks: it converts the scalars and copies the "
        f"points, unless they are one bytes, 32768 at a time), one fresh process per size"
    )
    print()
    print(_scaling.table(report))
    save(
        report,
        args,
        lambda path, m: _scaling.plot(
            report, path, f"{args.function} — pyristretto {m['pyristretto']}, {m['cpu']}, {m['date']}"
        ),
    )
    failed = [n for s in report["series"].values() for n, r in s.items() if r["status"] != "ok"]
    return 1 if failed else 0


def main(argv: Optional[Sequence[str]] = None, prog: str = PROG) -> int:
    """Run the benchmark report; exit status 1 when any result was wrong."""
    args = parse_args(argv, prog)
    if args.scaling:
        return main_scaling(args)
    mode = MODES["smoke" if args.smoke else "quick" if args.quick else "full"]
    command = " ".join([prog, *(sys.argv[1:] if argv is None else argv)])
    report = build_report(mode, command, with_scaling=bool(args.plot) or mode.name != "smoke")
    peers = _peers.peers()
    print(render(report, peers))
    save(
        report,
        args,
        lambda path, m: plot_scaling(
            report["msm_scaling"], path, f"MSM time per point — pyristretto {m['pyristretto']}, {m['cpu']}, {m['date']}"
        ),
    )
    wrong = wrong_results(report)
    if wrong:
        log("WRONG RESULTS: " + ", ".join(wrong))
    return 1 if wrong else 0
