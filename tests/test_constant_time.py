"""Constant-time check with valgrind memcheck (the ctgrind technique of bitcoin-core/secp256k1's ctime_tests).

cpp/tests/ct_check.cpp marks the secret scalars undefined and runs msm, Straus::mul_ct, pedersen_commit,
FixedBaseTable::mul, base_mul, point_mul and, for the object layer, MSMTable::msm (MSMTable.msm), msm_points
(PointVector.msm) and scale_points (PointVector.scale), and marks the 64 input bytes of the one-way map
(ristretto_from_uniform) undefined: memcheck must find no branch and no address that depends on them. It also
runs what Scalar and the protocols' server evaluation and signing round do to secrets beyond those (libsodium's
scalar add/sub/mul/negate/invert/reduce behind Scalar and sc_*, the core's own scalar_invert behind
Scalar.invert and sc_inv, hash_to_scalar of a secret seed, FROST's
nonce hash of a secret share, hash_to_scalar_with_secret, and OPAQUE's step of opaque_mul_encode: halved secret
scalars, their products and the doubled encodings with one batched inversion, and X25519 of a secret key): see the
docs/security.md, "Constant time in the protocols".
cpp/tests/ct_leaky.cpp is the control: deliberately leaky code that memcheck must flag, proving the check can fail.
Both are built with g++ and clang++ (the source builds' compiler and the wheels': zig is clang) at -O3 with the
extension's flags, as the core ships (cpp_build.build's defaults), since the compiler and the optimiser decide
whether a select becomes a branch. (-O2 was checked too until CI had to fit a slower machine: each level is a build
of the whole core per compiler.) A missing compiler or valgrind fails the tests (never skips).

The IFMA backend: valgrind cannot execute AVX-512, so ct_check is built a second time with -DPYRISTRETTO_IFMA_EMULATE
(cpp/include/pyristretto/ifma/emulate.hpp: the intrinsics as branch-free lane loops, compared with the real instructions
by cpp/tests/test_ifma_emulation.cpp), where the backend is IFMA and msm, Straus::mul_ct, msm_points and MSMTable::msm
run the eight-lane constant-time Straus (ifma/straus.cpp), scale_points (PointVector.scale) its eight-lane scalar
multiplication (ifma::scale_ct), Point * s and point_mul the four-lane one-point multiplication (ifma::mul_ct_one:
vpermq/vpblendd with immediates, 256-bit IFMA), and FixedBaseTable::mul / mul2 (base_mul, pedersen_commit, FixedBase *
secret) the eight-lane comb (ifma/fixed_base.cpp), and ScalarVector's element-wise products (sv_mul, sv_scale, sv_fold,
sv_powers) the eight-lane mod-q arithmetic (ifma/scalar8.cpp): memcheck then sees their branches and addresses.
cpp/tests/ct_leaky_ifma.cpp is that code with a secret-dependent branch, or a secret-dependent table index, which
memcheck must flag (each alone). What the emulation cannot see is what the compiler makes of the real intrinsics; the
instructions used (vpmadd52, blends, compares, vpabsq) have no data-dependent timing.

The AVX2 backend: valgrind executes AVX2, so ct_check runs with PYRISTRETTO_BACKEND=avx2 on the real instructions:
point_mul, point_mul_decoded (Point * secret), msm, Straus::mul_ct, msm_points and scale_points then run the four-lane
code (avx2/straus.cpp), and the batch encoding of secret points and the one-way map of secret inputs the four-lane
square roots (avx2/batch.cpp). cpp/tests/ct_leaky_avx2.cpp is its P * s with a secret-dependent branch, or a
secret-dependent table address, which memcheck must flag (each alone). These names extend the portable tests' names, so
`-k "not test_secret_scalar_code..."` (.ci/run's repeated passes) leaves them out too."""

import shutil
import subprocess

import pytest

import cpp_build


def _valgrind():
    path = shutil.which("valgrind")
    assert path, "valgrind not found: the constant-time check needs it (apt-get install valgrind); it does not skip"
    return path


def _memcheck(exe, *args, backend=None):
    # The emulated IFMA builds must run their IFMA code in a suite pass on the portable backend too. backend: a
    # PYRISTRETTO_BACKEND for the run (the portable and AVX2 checks), whatever the suite pass's own. Without one a
    # build that does not emulate IFMA picks AVX2 under valgrind, whose CPU has AVX2 but no AVX-512.
    cmd = [_valgrind(), "--tool=memcheck", "--error-exitcode=1", str(exe), *args]
    env = cpp_build.emulated_ifma_env()
    if backend is not None:
        env["PYRISTRETTO_BACKEND"] = backend
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env)
    return proc.returncode, proc.stdout + proc.stderr


COMPILERS = ["g++", "clang++"]


@pytest.mark.parametrize("cxx", COMPILERS)
def test_secret_scalar_code_is_constant_time(tmp_path, cxx):
    exe = cpp_build.build("ct_check.cpp", tmp_path, cxx=cxx)
    rc, out = _memcheck(exe, backend="portable")
    assert "backend: portable" in out, out[-6000:]  # the portable code ran (the AVX2 check is below)
    assert "ERROR SUMMARY: 0 errors" in out, out[-6000:]
    assert rc == 0, out[-6000:]
    assert "all results correct" in out, out[-6000:]


@pytest.mark.parametrize("cxx", COMPILERS)
def test_leaky_control_is_flagged(tmp_path, cxx):
    exe = cpp_build.build("ct_leaky.cpp", tmp_path, cxx=cxx)
    rc, out = _memcheck(exe)
    assert rc != 0, (
        "memcheck did not flag the deliberately leaky code: the constant-time check is blind\n" + out[-4000:]
    )
    assert "uninitialised" in out, out[-4000:]


IFMA_EMULATE = (*cpp_build.SHIPPING_FLAGS, "-DPYRISTRETTO_IFMA_EMULATE")


@pytest.mark.parametrize("cxx", COMPILERS)
def test_secret_scalar_code_is_constant_time_ifma(tmp_path, cxx):
    exe = cpp_build.build("ct_check.cpp", tmp_path, extra=IFMA_EMULATE, cxx=cxx)
    rc, out = _memcheck(exe)
    assert "backend: ifma" in out, out[-6000:]  # the IFMA code ran, not the portable fallback
    assert "ok: ifma::straus_ct" in out, out[-6000:]
    assert "ok: ifma::scale_ct" in out, out[-6000:]
    assert "ok: scale_points_encoded" in out, out[-6000:]
    assert "ok: ifma::mul_ct_one" in out, out[-6000:]
    assert "ok: ifma::mul_ct_one, unreduced scalar" in out, out[-6000:]
    assert "ok: ifma fixed-base mul" in out, out[-6000:]
    assert "ok: ifma fixed-base mul2" in out, out[-6000:]
    assert "ok: ifma::sv_mul8, sv_scale8, sv_fold8, sv_powers8, sv_inner8 on secret scalars" in out, out[-6000:]
    assert "ERROR SUMMARY: 0 errors" in out, out[-6000:]
    assert rc == 0, out[-6000:]
    assert "all results correct" in out, out[-6000:]


@pytest.fixture(scope="module", params=COMPILERS)
def leaky_ifma(request, tmp_path_factory):
    out_dir = tmp_path_factory.mktemp("ct_leaky_ifma_" + request.param.replace("+", "x"))
    return cpp_build.build("ct_leaky_ifma.cpp", out_dir, extra=IFMA_EMULATE, cxx=request.param)


BRANCH_REPORT = "Conditional jump or move depends on uninitialised value"
ADDRESS_REPORT = "Use of uninitialised value of size"


@pytest.mark.parametrize(
    "leak, report, absent",
    [("branch", BRANCH_REPORT, ADDRESS_REPORT), ("index", ADDRESS_REPORT, BRANCH_REPORT)],
    ids=["branch", "index"],
)
def test_leaky_control_is_flagged_ifma(leaky_ifma, leak, report, absent):
    rc, out = _memcheck(leaky_ifma, leak)
    assert f"leaky {leak} result correct" in out, out[-4000:]  # the leaky code computes the right thing
    assert rc != 0, f"memcheck did not flag the IFMA {leak} leak: the check is blind\n" + out[-4000:]
    assert report in out, out[-4000:]
    assert absent not in out, "the rest of the IFMA step is not clean\n" + out[-4000:]


def _cpu_has_avx2():
    import test_backend

    return test_backend.cpu_has_avx2()


@pytest.mark.parametrize("cxx", COMPILERS)
def test_secret_scalar_code_is_constant_time_avx2(tmp_path, cxx):
    exe = cpp_build.build("ct_check.cpp", tmp_path, cxx=cxx)
    rc, out = _memcheck(exe, backend="avx2")
    if not _cpu_has_avx2():
        pytest.skip("this CPU has no AVX2")
    assert "backend: avx2" in out, out[-6000:]  # the AVX2 code ran, on valgrind's own AVX2
    assert "ok: avx2::straus_ct" in out, out[-6000:]
    assert "ok: avx2::point_mul" in out, out[-6000:]
    assert "ok: avx2::encode_many_groups" in out and "ok: avx2::from_uniform_many_groups" in out, out[-6000:]
    assert "ERROR SUMMARY: 0 errors" in out, out[-6000:]
    assert rc == 0, out[-6000:]
    assert "all results correct" in out, out[-6000:]


@pytest.fixture(scope="module", params=COMPILERS)
def leaky_avx2(request, tmp_path_factory):
    out_dir = tmp_path_factory.mktemp("ct_leaky_avx2_" + request.param.replace("+", "x"))
    return cpp_build.build("ct_leaky_avx2.cpp", out_dir, cxx=request.param)


@pytest.mark.parametrize(
    "leak, report, absent",
    [("branch", BRANCH_REPORT, ADDRESS_REPORT), ("index", ADDRESS_REPORT, BRANCH_REPORT)],
    ids=["branch", "index"],
)
def test_leaky_control_is_flagged_avx2(leaky_avx2, leak, report, absent):
    if not _cpu_has_avx2():
        pytest.skip("this CPU has no AVX2")
    rc, out = _memcheck(leaky_avx2, leak)
    assert f"leaky {leak} result correct" in out, out[-4000:]  # the leaky code computes the right thing
    assert rc != 0, f"memcheck did not flag the AVX2 {leak} leak: the check is blind\n" + out[-4000:]
    assert report in out, out[-4000:]
    assert absent not in out, "the rest of the AVX2 step is not clean\n" + out[-4000:]
