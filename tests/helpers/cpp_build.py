"""Compiles the C++ test programs of cpp/tests against the core sources (used by test_cpp_units.py and
test_constant_time.py). A missing compiler or a failed build raises: these tests fail, they never skip.

The core's object files are compiled once per compiler and flag set, the files side by side on every CPU, and
kept in a cache keyed by a hash of everything that goes into them (the compiler's identity, the flags, every
file of cpp/include and every core source): test programs built with the same flags share them, and so do later
runs of the suite, from this tree or from an identical copy (an sdist, a wheel's tests); a process that needs
objects another is compiling waits for them (a lock file per key). Set
PYRISTRETTO_CPP_CACHE to choose the cache directory (default: pyristretto-cpp-<uid> in the temporary directory)."""

import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
INCLUDE = REPO / "cpp" / "include"
TESTS = REPO / "cpp" / "tests"
VECTORS = REPO / "tests" / "vectors" / "ristretto255.json"
CACHE = Path(os.environ.get("PYRISTRETTO_CPP_CACHE") or Path(tempfile.gettempdir()) / f"pyristretto-cpp-{os.getuid()}")


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


def _run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, f"build failed: {' '.join(map(str, cmd))}\n{proc.stderr[-4000:]}"


def _key(cxx, flags, sources):
    """A hash of what the objects of `sources` compiled by cxx with flags depend on."""
    h = hashlib.sha256()
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout
    for part in (cxx, version, *flags):
        h.update(part.encode() + b"\0")
    for path in sorted(INCLUDE.rglob("*")) + list(sources):
        if path.is_file():
            h.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def _object_name(source):
    """cpp/src/x.cpp -> x.o, cpp/src/ifma/x.cpp -> ifma_x.o (a backend's files share names with the portable ones)."""
    rel = source.relative_to(REPO / "cpp" / "src")
    return "_".join(rel.with_suffix(".o").parts)


def core_objects(cxx, flags):
    """The core's object files compiled by cxx with flags, from the cache or compiled now (in parallel)."""
    sources = [REPO / "cpp" / "src" / f"{name}.cpp" for name in core_sources()]
    final = CACHE / _key(cxx, flags, sources)
    objects = [final / _object_name(src) for src in sources]
    if all(o.is_file() for o in objects):
        return objects
    CACHE.mkdir(parents=True, exist_ok=True)
    # One process compiles a key's objects; another that needs them meanwhile (CI runs suites side by side) waits
    # for them instead of compiling them again.
    with open(CACHE / f"{final.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not all(o.is_file() for o in objects):
            work = Path(tempfile.mkdtemp(dir=CACHE, prefix="building-"))
            # The AVX-512 files take longest to compile: start them first.
            order = sorted(sources, key=lambda s: s.parent.name != "ifma")
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                list(pool.map(lambda s: _run([cxx, *flags, "-c", str(s), "-o", str(work / _object_name(s))]), order))
            try:
                work.rename(final)  # atomic; a process without the lock (an older copy of this file) may be first
            except OSError:
                shutil.rmtree(work, ignore_errors=True)
    return objects


def emulated_ifma_env():
    """The environment for a program built with -DPYRISTRETTO_IFMA_EMULATE: without PYRISTRETTO_BACKEND, so that it
    runs its IFMA code even in a suite pass on the portable backend (the code under test is the IFMA code)."""
    return {k: v for k, v in os.environ.items() if k != "PYRISTRETTO_BACKEND"}


# The core as it ships: setup.py's -O3 and -fvisibility=hidden, with -fwrapv and -DNDEBUG from Python's sysconfig.
# The test programs and the constant-time checks are built so by default, and share one set of objects per compiler.
SHIPPING_OPT = "-O3"
SHIPPING_FLAGS = ("-fwrapv", "-fvisibility=hidden", "-DNDEBUG")


def build(test_source, out_dir, opt=SHIPPING_OPT, extra=SHIPPING_FLAGS, cxx=None, core=True):
    """Compiles cpp/tests/<test_source> and links it with the core's objects (same flags; none with core=False, for
    a header-only test) into out_dir; returns the executable path.

    DWARF 4 debug information, because valgrind 3.19 cannot read clang 14's default DWARF 5; line tables only
    (-g1: functions, files and lines, all a valgrind or sanitizer report shows), which builds the core ~1.4x faster
    than full debug information (avx2/pippenger.cpp at -O3: 47 against 64 s)."""
    src = TESTS / test_source
    assert src.is_file(), f"missing {src}"
    cxx = compiler(cxx)
    exe = Path(out_dir) / (Path(test_source).stem + opt.replace("-", "_"))
    flags = [opt, "-gdwarf-4", "-g1", "-std=c++17", f"-I{INCLUDE}", *extra]
    objects = core_objects(cxx, flags) if core else []
    _run([cxx, *flags, str(src), *map(str, objects), "-lsodium", "-lpthread", "-o", str(exe)])
    return exe
