"""The C++ sources are formatted as .clang-format says (scripts/format.sh formats them), with the clang-format that
pyproject.toml's test extra pins: another version formats some constructs differently."""
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def pinned_version():
    found = re.search(r'"clang-format==([\d.]+)"', (REPO / "pyproject.toml").read_text())
    assert found, "pyproject.toml's test extra pins clang-format"
    return found.group(1)


def clang_format():
    exe = Path(sys.executable).parent / "clang-format"
    assert exe.is_file(), f"{exe} is missing: pip install -e '.[test]' installs the pinned clang-format"
    return exe


def test_clang_format_is_the_pinned_version():
    out = subprocess.run([clang_format(), "--version"], capture_output=True, text=True, check=True).stdout
    assert f"version {pinned_version()}" in out, out


def test_cpp_sources_are_formatted():
    proc = subprocess.run(["bash", "scripts/format.sh", "--check"], cwd=REPO, capture_output=True, text=True,
                          env={"CLANG_FORMAT": str(clang_format()), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, "run scripts/format.sh:\n" + proc.stdout + proc.stderr
    checked = re.search(r"checked (\d+) files", proc.stdout)
    assert checked and int(checked.group(1)) > 50, proc.stdout  # the core, its tests (and the benchmarks)
