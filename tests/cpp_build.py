"""Compiles the C++ test programs of cpp/tests against the core sources (used by test_cpp_units.py and
test_constant_time.py). A missing compiler or a failed build raises: these tests fail, they never skip."""

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
INCLUDE = REPO / "cpp" / "include"
TESTS = REPO / "cpp" / "tests"
VECTORS = REPO / "tests" / "vectors" / "ristretto255.json"



def core_sources():
    """The C++ core's sources, as setup.py lists them (listed rather than globbed so a temporary stand-in file
    in cpp/src cannot clash with the real implementation at link time)."""
    spec = importlib.util.spec_from_file_location("pyristretto_setup", REPO / "setup.py")
    setup_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_module)
    return setup_module.CPP_SOURCES


def compiler(cxx=None):
    cxx = cxx or os.environ.get("CXX", "g++")
    path = shutil.which(cxx)
    assert path, f"C++ compiler {cxx!r} not found: these tests need it (they do not skip; scripts/setup.sh installs it)"
    return path


def build(test_source, out_dir, opt="-O2", extra=(), cxx=None):
    """Compiles cpp/tests/<test_source> with the core sources into out_dir; returns the executable path.

    DWARF 4 debug information, because valgrind 3.19 cannot read clang 14's default DWARF 5."""
    src = TESTS / test_source
    assert src.is_file(), f"missing {src}"
    exe = Path(out_dir) / (Path(test_source).stem + opt.replace("-", "_"))
    cmd = [compiler(cxx), opt, "-gdwarf-4", "-std=c++17", f"-I{INCLUDE}", str(src)]
    cmd += [str(REPO / "cpp" / "src" / f"{name}.cpp") for name in core_sources()]
    cmd += list(extra) + ["-lsodium", "-lpthread", "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, f"build failed: {' '.join(cmd)}\n{proc.stderr[-4000:]}"
    return exe
