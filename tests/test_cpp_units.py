"""Builds and runs the C++ unit tests: cpp/tests/test_core.cpp (field, group, encoding; vectors path as argv[1])
cpp/tests/test_msm.cpp (recodings, MSM, point_sum, pedersen_commit, fixed-base tables vs libsodium),
cpp/tests/test_ifma.cpp (the AVX-512 IFMA field, batch decoder, MSMs and fixed-base comb against the portable code),
cpp/tests/test_encode.cpp (batch encoding on each backend against the one-point encoder and libsodium),
cpp/tests/test_avx2.cpp (the AVX2 four-lane field, point formulas, scalar multiplications and batch decode, encode and
one-way map against the portable code), and the IFMA
emulation of the constant-time check (cpp/include/pyristretto/ifma/emulate.hpp): intrinsic by intrinsic against the
real instructions (cpp/tests/test_ifma_emulation.cpp), and test_ifma.cpp built on it."""

import subprocess

import pytest

import cpp_build


def _run(args, env=None):
    proc = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, env=env)
    out = proc.stdout + proc.stderr
    return proc.returncode, out


def test_core(tmp_path):
    assert cpp_build.VECTORS.is_file(), f"missing vectors file {cpp_build.VECTORS}"
    exe = cpp_build.build("test_core.cpp", tmp_path)
    rc, out = _run([exe, cpp_build.VECTORS])
    assert rc == 0, out[-4000:]
    assert out.strip().splitlines()[-1].endswith(" 0 failed"), out[-4000:]


@pytest.mark.parametrize("block", [None, 64], ids=["real-block", "block-64"])
def test_msm(tmp_path, block):
    """block 64: every source built with PYRISTRETTO_MSM_BLOCK=64, so the block-boundary tests of test_msm.cpp
    (n = block - 1, block, block + 1, several blocks, invalid points in the second block) cross many
    boundaries cheaply; the real-block build runs the same tests at 4096."""
    extra = [*cpp_build.SHIPPING_FLAGS] + ([] if block is None else [f"-DPYRISTRETTO_MSM_BLOCK={block}"])
    exe = cpp_build.build("test_msm.cpp", tmp_path, extra=extra)
    rc, out = _run([exe])
    assert rc == 0, out[-4000:]
    last = out.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and not last.startswith("0 passed"), out[-4000:]


def test_ifma(tmp_path):
    """Millions of random field operations, every edge-limb combination, batch decoding (RFC vectors, random
    bytes, libsodium points) and both MSMs on the IFMA backend against the portable one and libsodium."""
    import test_backend

    exe = cpp_build.build("test_ifma.cpp", tmp_path)
    rc, out = _run([exe, cpp_build.VECTORS])
    assert rc == 0, out[-4000:]
    if not test_backend.cpu_has_ifma():
        assert "ifma: not available" in out, out[-4000:]
        pytest.skip("this CPU has no AVX-512 IFMA: only the portable fallback was checked")
    last = out.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) >= 30, out[-4000:]


def test_encode(tmp_path):
    """Batch encoding (ristretto_encode_many, ristretto_encode_doubled, scale_points_encoded) on each backend the CPU
    has, against the one-point encoder and libsodium: every E[4] representative, projective multiples, halves in
    E[4], n = 0..300 and past the chunks, 1/12/24/48 threads."""
    exe = cpp_build.build("test_encode.cpp", tmp_path)
    rc, out = _run([exe])
    assert rc == 0, out[-4000:]
    last = out.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) >= 7, out[-4000:]


def cpu_has_avx2():
    """True when /proc/cpuinfo lists AVX2 (Linux on x86-64)."""
    import test_backend

    return test_backend.cpu_has_avx2()


@pytest.mark.parametrize("opt", [cpp_build.SHIPPING_OPT, "-O0"])
def test_avx2(tmp_path, opt):
    """The four-lane field on edge and random inputs (values >= p, limbs up to 2^52 - 1, a long chain) with its limb
    bounds, the parallel point formulas, P * s and both Straus MSMs (n = 0..40 and around the blocks, edge scalars and
    points), direct and routed, and the batch decode, encode and one-way map (RFC 9496 vectors, every invalid class at
    every position, lengths 0..33), against the portable code. -O0: the intrinsics' immediates hold unoptimised too."""
    exe = cpp_build.build("test_avx2.cpp", tmp_path, opt=opt)
    rc, out = _run([exe, cpp_build.VECTORS, "--quick"])
    assert rc == 0, out[-4000:]
    if not cpu_has_avx2():
        assert "avx2: not available" in out, out[-4000:]
        pytest.skip("this CPU has no AVX2: only the fallback was checked")
    last = out.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) >= 8, out[-4000:]


def test_ifma_emulation_matches_the_instructions(tmp_path):
    """Each AVX-512 stand-in of ifma/emulate.hpp gives the real instruction's result (edge and random lanes)."""
    import test_backend

    exe = cpp_build.build("test_ifma_emulation.cpp", tmp_path, core=False)
    rc, out = _run([exe])
    assert rc == 0, out[-4000:]
    if not test_backend.cpu_has_ifma():
        assert "ifma: not available" in out, out[-4000:]
        pytest.skip("this CPU has no AVX-512 IFMA: the emulation cannot be compared with the instructions")
    assert out.strip().splitlines()[-1] == "3 passed, 0 failed", out[-4000:]  # 512-bit, 256-bit, multiplier edges


def test_ifma_emulated(tmp_path):
    """test_ifma.cpp (--quick) on the emulated IFMA code the constant-time check runs: the same results as the
    portable backend and libsodium, so the code memcheck inspects computes what the real backend computes."""
    exe = cpp_build.build("test_ifma.cpp", tmp_path, extra=[*cpp_build.SHIPPING_FLAGS, "-DPYRISTRETTO_IFMA_EMULATE"])
    rc, out = _run([exe, cpp_build.VECTORS, "--quick"], cpp_build.emulated_ifma_env())
    assert rc == 0, out[-4000:]
    assert "backend in use: ifma" in out, out[-4000:]
    last = out.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) >= 30, out[-4000:]
