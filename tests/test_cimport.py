"""A downstream Cython extension can `cimport pyristretto` and call its nogil entry points without the GIL,
and cimport the object layer's classes (Point, Scalar) and reach their C++ members without the GIL.

The extension is built from scratch in a temporary directory; a build failure fails the test."""

import importlib
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pyristretto
import reference as ref

EXTENSION = """
# distutils: language = c++
from libc.stdint cimport uint8_t
cimport pyristretto
from pyristretto._core cimport (base_mul_raw, msm_raw, msm_vartime_raw, pedersen_commit_raw, point_add_raw,
                                point_mul_raw)
from pyristretto._objects cimport Point, Scalar, ep_add, ep_dbl, ep_eq, ep_mul, point_from_c
from pyristretto.cpp cimport CEdwardsPoint


ctypedef int (*binary_function)(const uint8_t*, const uint8_t*, uint8_t*) noexcept nogil


cdef tuple run_binary(binary_function f, bytes a, bytes b):
    cdef uint8_t out[32]
    cdef int rc
    cdef const uint8_t* aa = a
    cdef const uint8_t* bb = b
    with nogil:
        rc = f(aa, bb, out)
    return rc, out[:32]


def add(bytes p, bytes q):
    return run_binary(point_add_raw, p, q)


ctypedef size_t (*msm_function)(const uint8_t*, const uint8_t*, size_t, uint8_t*) noexcept nogil


cdef tuple run_msm(msm_function f, bytes scalars, bytes points):
    cdef uint8_t out[32]
    cdef size_t n = len(points) // 32, bad
    cdef const uint8_t* s = scalars
    cdef const uint8_t* p = points
    with nogil:
        bad = f(s, p, n, out)
    return bad, out[:32]


def msm_vartime(bytes scalars, bytes points):
    return run_msm(msm_vartime_raw, scalars, points)


def msm(bytes scalars, bytes points):
    return run_msm(msm_raw, scalars, points)


def base_mul(bytes s):
    cdef uint8_t out[32]
    cdef const uint8_t* k = s
    with nogil:
        base_mul_raw(k, out)
    return out[:32]


def point_mul(bytes s, bytes p):
    return run_binary(point_mul_raw, s, p)


def pedersen_commit(bytes a, bytes b):
    cdef uint8_t out[32]
    cdef const uint8_t* aa = a
    cdef const uint8_t* bb = b
    with nogil:
        pedersen_commit_raw(aa, bb, out)
    return out[:32]


def double_with_operator(Point p):
    # 2p by the C++ method on the decoded point (this extension compiles field.cpp and edwards.cpp)
    cdef CEdwardsPoint r
    with nogil:
        r = p.pt.dbl()
        r = r + p.pt - p.pt
    return point_from_c(r)


def mul_add(Scalar s, Point p, Point q):
    # s*p + q on the decoded points through pyristretto._objects' exported functions (no linking)
    cdef CEdwardsPoint r
    with nogil:
        r = ep_add(ep_mul(s.s, p.pt), q.pt)
    return point_from_c(r)


def double_and_compare(Point p, Point q):
    cdef bint same
    with nogil:
        same = ep_eq(ep_dbl(p.pt), q.pt)
    return same


def point_size():
    return sizeof(CEdwardsPoint)
"""

SETUP = """
from Cython.Build import cythonize
from setuptools import Extension, setup

includes = {includes!r}
sources = ["downstream.pyx"] + {core_sources!r}
setup(ext_modules=cythonize(
    [Extension("downstream", sources, include_dirs=includes, extra_compile_args=["-std=c++17"])],
    include_path=includes, language_level=3))
"""
# Calling CEdwardsPoint's methods (not only the exported ep_* functions) needs their C++ definitions.
CORE_SOURCES = [
    str(Path(__file__).resolve().parent.parent / "cpp" / "src" / f"{name}.cpp") for name in ("field", "edwards")
]


def test_get_include_has_pxd_and_headers():
    pxd_root, headers = pyristretto.get_include()
    assert pyristretto.__file__.startswith(pxd_root)
    assert os.path.isfile(os.path.join(pxd_root, "pyristretto", "_core.pxd"))
    assert os.path.isfile(os.path.join(pxd_root, "pyristretto", "__init__.pxd"))
    assert os.path.isfile(os.path.join(headers, "pyristretto", "msm.hpp"))


@pytest.fixture(scope="module")
def downstream(tmp_path_factory):
    """The downstream extension, built once for this module from scratch (a build failure fails the tests)."""
    tmp_path = tmp_path_factory.mktemp("downstream")
    (tmp_path / "downstream.pyx").write_text(textwrap.dedent(EXTENSION))
    (tmp_path / "setup.py").write_text(
        textwrap.dedent(SETUP).format(includes=pyristretto.get_include(), core_sources=CORE_SOURCES)
    )
    build = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp_path, capture_output=True, text=True
    )
    assert build.returncode == 0, f"downstream build failed:\n{build.stdout[-3000:]}\n{build.stderr[-3000:]}"
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module("downstream")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("downstream", None)


def test_downstream_extension_cimports_and_calls_nogil(downstream):

    two_g = pyristretto.base_mul(2)
    assert downstream.add(pyristretto.G, pyristretto.G) == (0, two_g)
    bad_point = bytes(31) + b"\x80"  # bit 255 set: invalid
    assert downstream.add(pyristretto.G, bad_point)[0] == -1

    scalars = [3, 5]
    points = [pyristretto.G, pyristretto.H]
    packed = b"".join(pyristretto.to_bytes32(s) for s in scalars)
    assert downstream.msm_vartime(packed, b"".join(points)) == (2, pyristretto.msm_vartime(scalars, points))
    assert downstream.msm_vartime(packed, pyristretto.G + bad_point)[0] == 1

    # raw scalars may be any 32 bytes: they are reduced mod q, never misread (2^256 - 1 is far above q)
    top = 2**256 - 1
    got = downstream.msm_vartime(top.to_bytes(32, "little") * 2, b"".join(points))
    assert got == (2, pyristretto.msm_vartime([top, top], points))
    assert got[1] == pyristretto.point_mul(top % pyristretto.q, pyristretto.point_add(*points))

    # the object layer: the decoded C++ points of Points, used without the GIL
    P, R = pyristretto.Point.random(), pyristretto.Point.random()
    doubled = downstream.double_with_operator(P)
    assert type(doubled) is pyristretto.Point and doubled == P + P and bytes(doubled) == pyristretto.point_mul(2, P)
    s = pyristretto.Scalar(-5)
    assert downstream.mul_add(s, P, R) == s * P + R
    assert downstream.double_and_compare(P, P + P) is True and downstream.double_and_compare(P, R) is False
    assert downstream.point_size() == 160
    with pytest.raises(TypeError):
        downstream.mul_add(5, P, R)  # typed arguments: a Scalar is required, not an int


def test_cimport_abi_sizes():
    """The cimport ABI: downstream modules embed these sizes and refuse to import when they change, so a change
    of the .pxd layout is a major version (object header 16 bytes, vtable pointer 8, EdwardsPoint 160)."""
    assert pyristretto.Point.__basicsize__ == 16 + 8 + 160 + 8
    assert pyristretto.Scalar.__basicsize__ == 16 + 32
    assert pyristretto.FixedBase.__basicsize__ == 16 + 8 + 8 + 8 + 8


# Raw 32-byte scalars that are not reduced: the C++ core itself must take them mod q (no Python reduction on this
# path). Before the fold, bit 255 gave a wrong point (radix-16 top digit 16 selected an all-zero point; the width-5
# NAF lost a carry).
Q = ref.Q
UNREDUCED = [
    Q,
    Q + 1,
    2 * Q,
    2**253,
    2**255 - 1,
    2**255,
    2**255 + 1,
    2**256 - 1,
    15 * Q + 7,
    int("f0" * 32, 16),
    int("80" + "00" * 31, 16) | 12345,
]


def raw(s):
    return s.to_bytes(32, "little")


def unreduced_cases(count, seed):
    rng = random.Random(seed)
    return (
        UNREDUCED
        + [rng.getrandbits(256) | (1 << 255) for _ in range(count)]
        + [rng.getrandbits(256) for _ in range(count)]
    )


def test_raw_single_scalar_entry_points_take_any_32_bytes_mod_q(downstream):
    rng = random.Random(8)
    for s in unreduced_cases(8, 1):
        P = ref.random_point(rng)
        b = rng.getrandbits(256)
        assert downstream.base_mul(raw(s)) == ref.base_mul(s), hex(s)  # ref: s % q in Python, then libsodium
        assert downstream.point_mul(raw(s), P) == (0, ref.point_mul(s, P)), hex(s)
        assert downstream.pedersen_commit(raw(s), raw(b)) == ref.pedersen_commit(s, b), hex(s)
        assert downstream.pedersen_commit(raw(b), raw(s)) == ref.pedersen_commit(b, s), hex(s)


@pytest.mark.parametrize("n", [1, 3, 40, 127, 128, 300])
def test_raw_msm_takes_any_32_bytes_mod_q(downstream, n):
    """msm_raw (constant-time) and msm_vartime_raw on unreduced scalars, below and above the Straus/Pippenger
    crossover and the threading threshold (128 points)."""
    rng = random.Random(n)
    cases = unreduced_cases(n, n)
    scalars = [cases[(i * 7) % len(cases)] for i in range(n)]
    points = [ref.random_point(rng) for _ in range(n)]
    packed_s, packed_p = b"".join(map(raw, scalars)), b"".join(points)
    expected = ref.msm_loop(scalars, points)  # libsodium scalarmult + add on s % q
    assert downstream.msm(packed_s, packed_p) == (n, expected)
    assert downstream.msm_vartime(packed_s, packed_p) == (n, expected)


def test_order_q_raw_bytes(downstream):
    """q*P = identity, (q+1)*P = P, (q-1)*P = -P with the raw bytes of q, q+1, q-1 reaching the C++ core (the
    Python functions reduce an int first, so there C++ only ever sees 0, 1 and q-1)."""
    rng = random.Random(63)
    for _ in range(5):
        P = ref.random_point(rng)
        assert downstream.point_mul(raw(Q), P) == (0, ref.IDENTITY_BYTES)
        assert downstream.point_mul(raw(Q + 1), P) == (0, P)
        assert downstream.point_mul(raw(Q - 1), P) == (0, ref.point_neg(P))
        assert downstream.point_mul(raw(2**256 - 1), P) == (0, ref.point_mul((2**256 - 1) % Q, P))
        for f in (downstream.msm, downstream.msm_vartime):
            assert f(raw(Q) + raw(Q + 1), P + P) == (2, P)
            assert f(raw(2**255 - 1) * 2, P + ref.point_neg(P)) == (2, ref.IDENTITY_BYTES)
    assert downstream.base_mul(raw(Q)) == ref.IDENTITY_BYTES
    assert downstream.base_mul(raw(Q + 1)) == pyristretto.G
