"""`python -m pyristretto` (self-check + speed table) and `python -m pyristretto bench` (smoke size)."""

import json
import os
import subprocess
import sys

import pytest

import pyristretto
from pyristretto import __main__ as cli
from pyristretto.bench import peers as _peers, report as bench


def run_module(*args, cwd):
    """Run ``python -m pyristretto *args`` with the pyristretto this test imported; return the process."""
    env = dict(os.environ)
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(pyristretto.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_parent, env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "pyristretto", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_main_passes_self_check_and_prints_speed_table(tmp_path):
    proc = run_module(cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert f"pyristretto {pyristretto.__version__}, libsodium {pyristretto.sodium_version()}" in out
    assert "\nPASS\n" in out and "FAIL" not in out
    assert "| operation | round | ops/s | µs/op |" in out
    for name in cli.SPEED_WORKLOADS:
        assert f"| {name} |" in out


def test_bench_smoke_writes_json_with_every_workload_and_library(tmp_path):
    json_path, png_path = tmp_path / "bench.json", tmp_path / "msm.png"
    plot_args = ["--plot", str(png_path)]
    proc = run_module("bench", "--smoke", "--json", str(json_path), *plot_args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "### Seconds per round" in proc.stdout and "### Operations per second" in proc.stdout
    assert "[13/13] assert_valid_point" in proc.stderr  # one progress line per workload

    report = json.loads(json_path.read_text())
    assert report["machine"]["pyristretto"] == pyristretto.__version__
    assert {row["key"] for row in report["libraries"]} == set(_peers.PEER_KEYS)
    assert list(report["workloads"]) == list(_peers.WORKLOADS)
    for name, workload in report["workloads"].items():
        results = workload["results"]
        assert set(results) == set(_peers.PEER_KEYS), name
        assert results["pyristretto"]["status"] == "ok", name
        for key, result in results.items():
            status = result["status"]
            assert status == "ok" or status.startswith(("not installed", "unavailable", "n/a")), (name, key)
    if plot_args:
        assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        series = report["msm_scaling"]["series"]
        assert [label for label, _, _ in _peers.SCALING_SERIES] == list(series)
        assert all(series["pyristretto msm"]["results"][str(n)]["status"] == "ok" for n in report["msm_scaling"]["n"])


@pytest.mark.parametrize("function", ["msm_vartime", "point_sum"])
def test_bench_scaling_table_json_and_plot(tmp_path, function):
    """--scaling at its smallest size (2^10), with a baseline (here the same build) for the speedup column."""
    json_path, png_path = tmp_path / "scaling.json", tmp_path / "scaling.png"
    parent = os.path.dirname(os.path.dirname(os.path.abspath(pyristretto.__file__)))
    proc = run_module(
        "bench",
        "--scaling",
        "--max-log2",
        "10",
        "--function",
        function,
        "--baseline",
        parent,
        "--json",
        str(json_path),
        "--plot",
        str(png_path),
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"[{function} n=2^10]" in proc.stderr
    row = [line for line in proc.stdout.splitlines() if line.startswith("| 2^10 |")]
    assert len(row) == 1 and row[0].rstrip().endswith("× |"), proc.stdout
    report = json.loads(json_path.read_text())
    assert report["function"] == function and report["n"] == [1024]
    for label in ("pyristretto", "baseline"):
        result = report["series"][label]["1024"]
        assert result["status"] == "ok" and result["seconds"] > 0 and result["cpu_seconds"] > 0, result
        if sys.platform.startswith("linux"):  # /proc/self/clear_refs and VmHWM
            assert 0 <= result["extra_mib"] < 64, result
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_self_check_reports_a_wrong_vector(monkeypatch, capsys):
    wrong = list(cli.RFC9496_MULTIPLES)
    wrong[3] = wrong[4]
    monkeypatch.setattr(cli, "RFC9496_MULTIPLES", tuple(wrong))
    assert cli.self_check() is False
    out = capsys.readouterr().out
    assert "FAIL A.1 base_mul(3)" in out and out.rstrip().endswith("FAIL")


def test_run_checks_turns_exceptions_into_failures():
    def boom():
        raise RuntimeError("crash")

    assert cli.run_checks([("fine", lambda: True), ("false", lambda: False), ("boom", boom)]) == [
        "false",
        "boom: RuntimeError: crash",
    ]


class _Missing(_peers.PrimitivePeer):
    key, label = "missing", "Missing lib"

    def _load(self):
        import pyristretto_no_such_module  # noqa: F401


class _Broken(_peers.PysodiumPeer):
    key, label = "broken", "Broken lib"

    def point_add(self, d):
        return [p for p in d.points]  # fast and wrong


@pytest.mark.parametrize("workload", ["point_add", "Hs"])
def test_missing_and_broken_peers_are_reported(workload):
    mode = bench.MODES["smoke"]
    missing = bench.run_one(_Missing(), workload, 4, mode)
    assert missing["status"].startswith("not installed")
    broken = bench.run_one(_Broken(), workload, 4, mode)
    assert broken["status"] == ("WRONG RESULT" if workload == "point_add" else "ok")


def test_rates_table_keeps_missing_libraries_and_shows_speedup():
    peers = [_peers.peer("pyristretto"), _Missing()]
    compare = {
        "base_mul": {
            "size": 512,
            "op": "call",
            "results": {
                "pyristretto": {"status": "ok", "seconds": 0.01, "ops_per_second": 51200.0},
                "missing": {"status": "not installed (x)"},
            },
        }
    }
    table = bench.rates_table(compare, peers)
    assert "| base_mul | call | 51,200 | not installed | — |" in table
    compare["base_mul"]["results"]["missing"] = {"status": "ok", "seconds": 0.03, "ops_per_second": 17066.7}
    assert "| 17,100 | 3.00× |" in bench.rates_table(compare, peers)


@pytest.mark.parametrize(
    "rate, text", [(1234567.0, "1,230,000"), (81234.0, "81,200"), (5.432, "5.43"), (0.01234, "0.0123")]
)
def test_fmt_rate_three_significant_digits(rate, text):
    assert bench.fmt_rate(rate) == text


def test_plot_keeps_missing_series_in_legend(tmp_path):
    ok, missing = {"status": "ok", "seconds": 1e-4}, {"status": "not installed (x)"}
    scaling = {
        "n": [1, 4],
        "series": {
            "pyristretto msm": {"results": {"1": ok, "4": ok}},
            "naive loop: gone": {"results": {"1": missing, "4": missing}},
        },
    }
    path = tmp_path / "msm.png"
    bench.plot_scaling(scaling, str(path), "title")
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_without_a_libsodium_library_main_self_checks_and_skips_the_speed_table(monkeypatch, capsys):
    """A wheel on a machine without libsodium: the wheel's copy is inside its modules, hidden, so the speed table's
    inputs and reference results (raw libsodium through ctypes) cannot be made. `python -m pyristretto` still runs
    the self-check and exits 0, saying why there is no table. (scripts/check_dist.sh runs the real case: the
    self-check with the system libsodium hidden.)"""
    import ctypes.util

    monkeypatch.setattr(ctypes.util, "find_library", lambda name: "/nonexistent/libsodium.so.23")
    _peers.system_sodium.cache_clear()
    try:
        with pytest.raises(ImportError, match="libsodium shared library not found"):
            _peers.system_sodium()
        assert cli.main([]) == 0
        out = capsys.readouterr().out
        assert "\nPASS\n" in out and "No speed table" in out and "| operation |" not in out
    finally:
        _peers.system_sodium.cache_clear()
