# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""pyristretto's one extension module with the C++ core linked in, as an index of the parts it includes: argument
conversion (_args.pxi) and the block reader of the multi-point sums (_blocks.pxi); the objects (Point, Scalar,
FixedBase, ScalarVector, PointVector, MSMTable, Transcript); the functional API on bytes and ints
(_functional.pxi); the protocols' accelerators, each named for its protocol (_oprf.pxi, _frost.pxi, _opaque.pxi,
_sr25519.pxi, _sigma.pxi); the thread setting and the backend (_runtime.pxi). The C++ statics (G's and H's
fixed-base tables, the thread setting, the backend choice) exist once. pyristretto._core only re-exports the
cimport-able entry points (through this module's C-API) and links no copy of the core.
"""
cimport cython
from cpython.buffer cimport (PyBUF_RECORDS_RO, PyBuffer_Release, PyBuffer_ToContiguous, PyObject_CheckBuffer,
                             PyObject_GetBuffer)
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.exc cimport PyErr_CheckSignals
from cpython.long cimport PyLong_Check
from libc.stdint cimport uint8_t
from libc.stdint cimport SIZE_MAX
from libc.string cimport memcpy, memset
from libcpp.memory cimport unique_ptr

from pyristretto cimport cpp
from pyristretto.cpp cimport CEdwardsPoint, CFixedBaseTable, CSecretBuffer

import operator

cdef extern from *:
    """
    /* Ints straight into (and out of) C buffers, with no intermediate bytes object to leave secrets behind.
       CPython 3.13 added a with_exceptions argument to _PyLong_AsByteArray. */
    #if PY_VERSION_HEX >= 0x030D0000
    #define pyr_long_to_bytes(v, out, n) _PyLong_AsByteArray((PyLongObject*)(v), (out), (n), 1, 0, 1)
    #else
    #define pyr_long_to_bytes(v, out, n) _PyLong_AsByteArray((PyLongObject*)(v), (out), (n), 1, 0)
    #endif
    #define pyr_long_from_bytes(b, n) _PyLong_FromByteArray((b), (n), 1, 0)
    """
    int pyr_long_to_bytes(object v, uint8_t* out, size_t n) except -1
    object pyr_long_from_bytes(const uint8_t* b, size_t n)

cdef object _q = 2**252 + 27742317777372353535851937790883648493


class InvalidPointError(ValueError, AssertionError):
    """A point argument is not a valid Ristretto255 encoding (wrong length, non-canonical, bit 255 set,
    or not a group element). Subclasses AssertionError for pyristretto 0.1.0's assert_valid_point."""


if not cpp.sodium_start():
    raise ImportError("pyristretto needs libsodium >= 1.0.18 at run time")


include "_args.pxi"
include "_blocks.pxi"
include "_point.pxi"
include "_scalar.pxi"
include "_fixed_base.pxi"
include "_runtime.pxi"
include "_scalar_vector.pxi"
include "_vectors.pxi"
include "_transcript.pxi"
include "_functional.pxi"
include "_oprf.pxi"
include "_frost.pxi"
include "_opaque.pxi"
include "_sr25519.pxi"
include "_sigma.pxi"
