"""The C++ sources are formatted as .clang-format says and the Python sources as pyproject.toml's [tool.ruff] says,
and pass its lint rules (scripts/format.sh formats them), with the clang-format and ruff that pyproject.toml's test
extra pins: other versions format some constructs differently."""

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def pinned_version(tool):
    found = re.search(rf'"{tool}==([\d.]+)"', (REPO / "pyproject.toml").read_text())
    assert found, f"pyproject.toml's test extra pins {tool}"
    return found.group(1)


def installed(tool):
    exe = Path(sys.executable).parent / tool
    assert exe.is_file(), f"{exe} is missing: pip install -e '.[test]' installs the pinned {tool}"
    return exe


def clang_format():
    return installed("clang-format")


def test_clang_format_is_the_pinned_version():
    out = subprocess.run([clang_format(), "--version"], capture_output=True, text=True, check=True).stdout
    assert f"version {pinned_version('clang-format')}" in out, out


def test_ruff_is_the_pinned_version():
    out = subprocess.run([installed("ruff"), "--version"], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["ruff", pinned_version("ruff")], out


def test_sources_are_formatted_and_linted():
    proc = subprocess.run(
        ["bash", "scripts/format.sh", "--check"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={"CLANG_FORMAT": str(clang_format()), "RUFF": str(installed("ruff")), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, "run scripts/format.sh:\n" + proc.stdout + proc.stderr
    checked = re.search(r"checked (\d+) files", proc.stdout)
    assert checked and int(checked.group(1)) > 50, proc.stdout  # the core, its tests (and the benchmarks)
