"""Constant-time check with valgrind memcheck (the ctgrind technique of bitcoin-core/secp256k1's ctime_tests).

cpp/tests/ct_check.cpp marks the secret scalars undefined and runs msm, Straus::mul_ct, pedersen_commit,
FixedBaseTable::mul, base_mul, point_mul and, for the object layer, MSMTable::msm (MSMTable.msm), msm_points
(PointVector.msm) and scale_points (PointVector.scale), and marks the 64 input bytes of the one-way map
(ristretto_from_uniform) undefined: memcheck must find no branch and no address that depends on them.
cpp/tests/ct_leaky.cpp is the control: deliberately leaky code that memcheck must flag, proving the check can fail.
Both are built with g++ and clang++, at -O2 and at -O3 with the extension's flags, since the compiler and the
optimiser decide whether a select becomes a branch. A missing compiler or valgrind fails the tests (never skips)."""

import shutil
import subprocess

import pytest

import cpp_build

OPT_LEVELS = ["-O2", "-O3"]
# -O3 runs with the extension's own flags (setup.py, plus -fwrapv from Python's sysconfig).
EXTRA_FLAGS = {"-O2": (), "-O3": ("-fwrapv", "-fvisibility=hidden", "-DNDEBUG")}


def _valgrind():
    path = shutil.which("valgrind")
    assert path, "valgrind not found: the constant-time check needs it (apt-get install valgrind); it does not skip"
    return path


def _memcheck(exe):
    cmd = [_valgrind(), "--tool=memcheck", "--error-exitcode=1", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    return proc.returncode, proc.stdout + proc.stderr


COMPILERS = ["g++", "clang++"]


@pytest.mark.parametrize("cxx", COMPILERS)
@pytest.mark.parametrize("opt", OPT_LEVELS)
def test_secret_scalar_code_is_constant_time(tmp_path, opt, cxx):
    exe = cpp_build.build("ct_check.cpp", tmp_path, opt, EXTRA_FLAGS[opt], cxx)
    rc, out = _memcheck(exe)
    assert "ERROR SUMMARY: 0 errors" in out, out[-6000:]
    assert rc == 0, out[-6000:]
    assert "all results correct" in out, out[-6000:]


@pytest.mark.parametrize("cxx", COMPILERS)
@pytest.mark.parametrize("opt", OPT_LEVELS)
def test_leaky_control_is_flagged(tmp_path, opt, cxx):
    exe = cpp_build.build("ct_leaky.cpp", tmp_path, opt, EXTRA_FLAGS[opt], cxx)
    rc, out = _memcheck(exe)
    assert rc != 0, "memcheck did not flag the deliberately leaky code: the constant-time check is blind\n" + out[-4000:]
    assert "uninitialised" in out, out[-4000:]
