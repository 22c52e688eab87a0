"""pytest-benchmark setup for pyristretto's benchmarks (``pytest benchmarks``; not part of the test run).

The workloads and library adapters live in :mod:`pyristretto._peers`, shared with
``python -m pyristretto bench``. Every benchmark checks its result against raw libsodium calls, so a
broken adapter fails instead of looking fast; a library that is not installed is a reported skip.
"""

from __future__ import annotations

import functools
from typing import Dict, Optional, Tuple

import pytest

from pyristretto import _peers

# (group, implementation) -> best seconds per call, filled by `record_best`, summarised at the end.
BEST_TIMES: Dict[Tuple[str, str], float] = {}


def _record_best(benchmark, impl: str) -> None:
    """Remember the best time of a finished benchmark under its group (nothing when benchmarks are disabled)."""
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        BEST_TIMES[(benchmark.group, impl)] = stats.stats.min


@pytest.fixture
def record_best(benchmark):
    """``record_best(impl)``: remember this test's best time as ``impl`` for the closing ratio summary."""
    return functools.partial(_record_best, benchmark)


@pytest.fixture
def run_workload(benchmark, record_best):
    """Benchmark one round of a peer's workload of ``n`` operations, then check its result.

    ``rounds`` switches to a fixed number of single-call rounds for slow rounds (pedantic mode);
    ``impl`` names the implementation in the closing ratio summary (default: the library's label).
    """

    def run(
        peer_key: str,
        workload: str,
        n: int,
        group: Optional[str] = None,
        rounds: Optional[int] = None,
        impl: Optional[str] = None,
    ):
        peer = _peers.peer(peer_key)
        status = peer.status(workload)
        if status:
            pytest.skip(f"{peer.label}: {status}")
        inputs = _peers.make_inputs(peer.group, n)
        task = peer.task(workload, inputs)
        benchmark.group = group or workload
        benchmark.extra_info.update(library=peer.label, backend=peer.backend, version=peer.version, n=n)
        result = benchmark.pedantic(task, rounds=rounds, iterations=1) if rounds else benchmark(task)
        _peers.check(peer, workload, inputs, result)
        record_best(impl or peer.label)

    return run


def pytest_terminal_summary(terminalreporter):
    """Print pyristretto's time as a ratio of each other implementation's, per benchmark group."""
    groups: Dict[str, Dict[str, float]] = {}
    for (group, impl), best in BEST_TIMES.items():
        groups.setdefault(group, {})[impl] = best
    lines = []
    for group, impls in sorted(groups.items()):
        mine = {impl: t for impl, t in impls.items() if impl.startswith("pyristretto")}
        others = {impl: t for impl, t in impls.items() if impl not in mine}
        for impl, t_mine in mine.items():
            ratios = "  ".join(
                f"{t_mine / t:.2f}× {other}{' (over +10 %)' if t_mine > 1.1 * t else ''}" for other, t in others.items()
            )
            if ratios:
                lines.append(f"{group} [{impl}]: {ratios}")
    if lines:
        terminalreporter.section("pyristretto time ÷ other implementation's time (min of rounds; <1 = faster)")
        for line in lines:
            terminalreporter.write_line(line)
