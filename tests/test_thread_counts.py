"""Thread counts from 1 to 64, more than this machine has (issue 17, item 1): every multi-point entry point at the
sizes around the argument block where the block-wise readers split each block between the threads differently
from the whole (n = B - 1, B, B + 1, B + threads, 2B + 1), against closed forms computed with libsodium
(tests/helpers/thread_matrix.py). The matrix runs in a subprocess under glibc's malloc checker, so a write past a heap
block aborts it (today's normal build returned the right answer while corrupting the heap); under
scripts/sanitize.sh the subprocess inherits AddressSanitizer instead.

Coverage, chosen for CI's time: every thread count on point_sum of encodings at the real block (32768 points,
where MsmAccumulator's lanes overflowed), a few counts of the other accumulator paths there, and every entry point
at a representative set of counts around a block of 4096 points (_set_arg_block: the same C++ lanes and kMsmBlock,
with feeds of 4096 points, at an eighth of the cost)."""

import glob
import os
import subprocess
import sys

import pytest

import pyristretto as pr

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(pr.__file__)))
SANITIZED = bool(os.environ.get("PYRISTRETTO_SANITIZED"))
# Powers of two and not, from 1 to 64; under the sanitizers (several times slower: this file was a third of the
# ASan pass) half of them: one thread, this machine's cores and more, odd counts past 8 (where the lanes'
# overflow showed), the users' 24 and 48, the most.
REPRESENTATIVE = "1,3,9,24,48,64" if SANITIZED else "1,2,3,5,7,9,12,13,24,31,48,64"
# Every count from 1 to 64 in the thorough run (the README's test command, under the malloc checker); the passes
# that repeat the suite on another backend or build (CI sets PYRISTRETTO_DIFF_CASES below its default there, and
# the sanitizer build is several times slower) take the representative counts.
THOROUGH = int(os.environ.get("PYRISTRETTO_DIFF_CASES", "10000")) >= 10000 and not SANITIZED
EVERY = ",".join(str(k) for k in range(1, 65)) if THOROUGH else REPRESENTATIVE
SMALL_BLOCK = 4096


def malloc_checker():
    """glibc's malloc debugging library (glibc >= 2.34) as LD_PRELOAD names it, or None when it is not installed.
    The bare soname: the dynamic loader picks the build for this interpreter's architecture (ldconfig -p may list
    a 32-bit one too); a preload that fails anyway is caught by run_checked."""
    name = "libc_malloc_debug.so.0"
    try:
        listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        listing = ""
    if any(line.split() and line.split()[0] == name for line in listing.splitlines()):
        return name
    for pattern in ("/lib*/*/", "/usr/lib*/*/", "/lib*/", "/usr/lib*/"):
        found = sorted(glob.glob(pattern + name))
        if found:
            return found[0]
    return None


def checked_env():
    """The environment of a subprocess whose heap writes past a block are caught: glibc's malloc checker
    (check=3: abort on a corrupted block), or, under scripts/sanitize.sh, the inherited AddressSanitizer."""
    env = {k: v for k, v in os.environ.items() if k != "PYRISTRETTO_THREADS"}
    env["PYTHONPATH"] = PACKAGE_ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    if SANITIZED:
        return env  # LD_PRELOAD holds libasan already; the malloc checker cannot be combined with it
    lib = malloc_checker()
    if lib is None:
        pytest.skip(
            "glibc's malloc checker (libc_malloc_debug.so.0, glibc >= 2.34) is not installed: without it "
            "a heap write past a block goes unnoticed here (scripts/sanitize.sh still catches it)"
        )
    env["LD_PRELOAD"] = lib + (":" + env["LD_PRELOAD"] if env.get("LD_PRELOAD") else "")
    env["GLIBC_TUNABLES"] = "glibc.malloc.check=3" + (":" + env["GLIBC_TUNABLES"] if env.get("GLIBC_TUNABLES") else "")
    return env


def run_checked(args, timeout=900):
    proc = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, env=checked_env())
    assert "cannot be preloaded" not in proc.stderr, proc.stderr[-3000:]  # ld.so ignored the checker
    return proc


def run_matrix(*runs, block=None):
    args = [os.path.join(HERE, "helpers", "thread_matrix.py"), *(["--block", str(block)] if block else []), *runs]
    proc = run_checked(args)
    assert proc.returncode == 0, (
        f"exit {proc.returncode} (negative: killed by that signal; -6 is the malloc "
        f"checker's abort)\n{proc.stdout}\n{proc.stderr[-3000:]}"
    )
    assert proc.stdout.split()[0] == "ok"


@pytest.mark.skipif(SANITIZED, reason="AddressSanitizer would report the deliberate write (its own check)")
def test_the_malloc_checker_catches_a_write_past_a_block():
    """The harness itself: one byte written past a malloc'd block aborts the subprocess, so a pass of the matrix
    below means no such write happened."""
    proc = run_checked(
        [
            "-c",
            "import ctypes\n"
            "libc = ctypes.CDLL(None)\n"
            "libc.malloc.restype = ctypes.c_void_p\n"
            "libc.free.argtypes = [ctypes.c_void_p]\n"
            "p = libc.malloc(4000)\n"
            "ctypes.memset(p + 4000, 0x5a, 160)\n"
            "libc.free(p)\n"
            "print('not caught')\n",
        ]
    )
    assert proc.returncode != 0 and "not caught" not in proc.stdout, (proc.returncode, proc.stdout, proc.stderr)


def test_point_sum_of_encodings_at_every_thread_count():
    """The issue's reproducer, widened: point_sum of an encoded bytes at 1..64 threads around the real block
    (32768). MsmAccumulator's lanes sized their decode buffer by their share of all n points; a feed of 32768 gave
    some lanes one more (from 9 threads, not a power of two), which they decoded past the buffer. Every count at
    the two sizes where a short second feed follows a full one (B + 1, B + threads), the representative counts at
    2B + 1 (a single feed, B - 1 and B, cannot differ from one call: the small block below runs them)."""
    run_matrix(f"point_sum_bytes={EVERY}:B+1,B+K", f"point_sum_bytes={REPRESENTATIVE}:2B+1")


def test_accumulator_paths_at_the_real_block():
    """The other accumulator paths at the real block, at a few thread counts: the constant-time and public-scalar
    sums of encodings (bytes and list), and PointVector.msm_vartime (feed_decoded: Pippenger's buckets per lane)."""
    run_matrix(
        "msm_vartime_bytes=12:B+1", "msm_list=13:B+1", "point_sum_list=9,24:B+1,B+K", "vector_msm_vartime=48:B+1"
    )


# The constant-time ones cost the most per point and split their points once (no feeds), or take decoded feeds:
# the two sizes past the block there.
COSTLY = ("vector_msm", "vector_scale", "table_msm", "table_msm_vartime")


@pytest.mark.parametrize(
    "entry",
    [
        "point_sum_bytes",
        "point_sum_list",
        "msm_bytes",
        "msm_list",
        "msm_vartime_bytes",
        "msm_vartime_list",
        "vector_sum",
        "vector_msm",
        "vector_msm_vartime",
        "vector_scale",
        "table_msm",
        "table_msm_vartime",
    ],
)
def test_every_entry_point_around_a_small_block(entry):
    """Every multi-point entry point (functional on bytes and lists, PointVector, MSMTable) at the representative
    thread counts, around an argument block of 4096 points."""
    run_matrix(f"{entry}={REPRESENTATIVE}" + (":B+1,2B+1" if entry in COSTLY else ""), block=SMALL_BLOCK)
