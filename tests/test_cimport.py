"""A downstream Cython extension can `cimport pyristretto` and call its nogil entry points without the GIL.

The extension is built from scratch in a temporary directory; a build failure fails the test."""
import importlib
import os
import subprocess
import sys
import textwrap

import pyristretto

EXTENSION = """
# distutils: language = c++
from libc.stdint cimport uint8_t
cimport pyristretto
from pyristretto._core cimport msm_vartime_raw, point_add_raw


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
"""

SETUP = """
from Cython.Build import cythonize
from setuptools import Extension, setup

includes = {includes!r}
setup(ext_modules=cythonize(
    [Extension("downstream", ["downstream.pyx"], include_dirs=includes, extra_compile_args=["-std=c++17"])],
    include_path=includes, language_level=3))
"""


def test_get_include_has_pxd_and_headers():
    pxd_root, headers = pyristretto.get_include()
    assert pyristretto.__file__.startswith(pxd_root)
    assert os.path.isfile(os.path.join(pxd_root, "pyristretto", "_core.pxd"))
    assert os.path.isfile(os.path.join(pxd_root, "pyristretto", "__init__.pxd"))
    assert os.path.isfile(os.path.join(headers, "pyristretto", "msm.hpp"))


def test_downstream_extension_cimports_and_calls_nogil(tmp_path, monkeypatch):
    (tmp_path / "downstream.pyx").write_text(textwrap.dedent(EXTENSION))
    (tmp_path / "setup.py").write_text(textwrap.dedent(SETUP).format(includes=pyristretto.get_include()))
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
