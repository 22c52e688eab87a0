"""A downstream Cython extension can `cimport pyristretto` and call its nogil entry points without the GIL,
and cimport the object layer's classes (Point, Scalar) and reach their C++ members without the GIL.

The extension is built from scratch in a temporary directory; a build failure fails the test."""
import importlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pyristretto

EXTENSION = """
# distutils: language = c++
from libc.stdint cimport uint8_t
cimport pyristretto
from pyristretto._core cimport msm_vartime_raw, point_add_raw
from pyristretto._objects cimport Point, Scalar, ep_add, ep_dbl, ep_eq, ep_mul, point_from_c
from pyristretto.cpp cimport CEdwardsPoint


def add(bytes p, bytes q):
    cdef uint8_t out[32]
    cdef int rc
    cdef const uint8_t* pp = p
    cdef const uint8_t* qq = q
    with nogil:
        rc = point_add_raw(pp, qq, out)
    return rc, out[:32]


def msm_vartime(bytes scalars, bytes points):
    cdef uint8_t out[32]
    cdef size_t n = len(points) // 32, bad
    cdef const uint8_t* s = scalars
    cdef const uint8_t* p = points
    with nogil:
        bad = msm_vartime_raw(s, p, n, out)
    return bad, out[:32]


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
CORE_SOURCES = [str(Path(__file__).resolve().parent.parent / "cpp" / "src" / f"{name}.cpp")
                for name in ("field", "edwards")]


def test_get_include_has_pxd_and_headers():
    pxd_root, headers = pyristretto.get_include()
    assert pyristretto.__file__.startswith(pxd_root)
    assert os.path.isfile(os.path.join(pxd_root, "pyristretto", "_core.pxd"))
    assert os.path.isfile(os.path.join(pxd_root, "pyristretto", "__init__.pxd"))
    assert os.path.isfile(os.path.join(headers, "pyristretto", "msm.hpp"))


def test_downstream_extension_cimports_and_calls_nogil(tmp_path, monkeypatch):
    (tmp_path / "downstream.pyx").write_text(textwrap.dedent(EXTENSION))
    (tmp_path / "setup.py").write_text(textwrap.dedent(SETUP).format(includes=pyristretto.get_include(),
                                                                        core_sources=CORE_SOURCES))
    build = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp_path,
                           capture_output=True, text=True)
    assert build.returncode == 0, f"downstream build failed:\n{build.stdout[-3000:]}\n{build.stderr[-3000:]}"

    monkeypatch.syspath_prepend(str(tmp_path))
    downstream = importlib.import_module("downstream")

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
