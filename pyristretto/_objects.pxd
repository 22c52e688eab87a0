# pyristretto._objects, cimport-able: the cdef classes with their C++ members, the argument-conversion helpers
# shared by the objects and the functional API (_functional.pxi), and the nogil entry points on encodings.
#
# Members are READ-ONLY for downstream code: the objects are immutable, equal objects hash equally, and other
# threads may read them. The layout of these classes is part of the cimport ABI (a downstream module checks
# sizeof at import): changing it is a major version.
cimport cython
from libc.stdint cimport uint8_t
from libcpp.memory cimport unique_ptr
from libcpp.vector cimport vector

from pyristretto.cpp cimport CEdwardsPoint, CFixedBaseTable, CMSMTable, CSecretBuffer


@cython.final
cdef class Point:
    cdef CEdwardsPoint pt   # one Edwards representative of the element (compare with cpp.ristretto_ct_eq)
    cdef bytes _enc         # the canonical encoding once computed, else None
    cdef bytes encoded(self)                                   # the encoding, computed once
    cdef int _set(self, object data, object name) except -1   # __init__ (validates)
    cdef object mul(self, object k)                            # k * P, NotImplemented for a non-scalar


@cython.final
cdef class Scalar:
    cdef uint8_t s[32]      # little-endian, always reduced mod q; wiped when the object is freed


@cython.final
cdef class FixedBase:
    cdef unique_ptr[CFixedBaseTable] _own   # the table, unless the base is G
    cdef const CFixedBaseTable* tbl         # _own.get(), or &basepoint_table() for G; NULL before __init__
    cdef Point point                         # the base; None before __init__ (Python reads the `point` property)
    cdef Point mul_wiping(self, uint8_t* k)                   # k * P for reduced bytes k, wiped after


# A new Point holding p (no validation: p must be a point of the prime-order group, e.g. a result of the
# group law on Points). Needs the GIL.
cdef Point point_from_c(const CEdwardsPoint& p)
# A new Scalar holding 32 bytes that must already be reduced mod q. Needs the GIL.
cdef Scalar scalar_from_c(const uint8_t* s)

# ---- the C++ core on decoded points, for downstream Cython code (through the module's capsule: no linking;
# the C++ methods of CEdwardsPoint themselves are compiled into pyristretto's extensions with hidden
# visibility, so a downstream extension calling them directly must compile cpp/src/{field,edwards}.cpp).
# All nogil; scalars are 32 little-endian bytes reduced mod q (Scalar.s qualifies).
cdef CEdwardsPoint ep_add(const CEdwardsPoint& a, const CEdwardsPoint& b) noexcept nogil
cdef CEdwardsPoint ep_sub(const CEdwardsPoint& a, const CEdwardsPoint& b) noexcept nogil
cdef CEdwardsPoint ep_neg(const CEdwardsPoint& a) noexcept nogil
cdef CEdwardsPoint ep_dbl(const CEdwardsPoint& a) noexcept nogil
cdef CEdwardsPoint ep_mul(const uint8_t* s, const CEdwardsPoint& a) noexcept nogil   # constant-time in s
cdef bint ep_eq(const CEdwardsPoint& a, const CEdwardsPoint& b) noexcept nogil      # Ristretto equality
cdef void ep_encode(uint8_t* out, const CEdwardsPoint& a) noexcept nogil
cdef bint ep_decode(CEdwardsPoint* out, const uint8_t* data) noexcept nogil         # false if invalid

# ---- argument conversion (GIL held) --------------------------------------------------------------------
# s mod q as an int (s: an int-like or a Scalar); TypeError for anything else.
cdef object reduce_scalar(object s, object name)
# Writes (s mod q) as 32 little-endian bytes (a Scalar's bytes are copied, an int never becomes bytes).
cdef int read_scalar(object s, object name, uint8_t* out) except -1
# The int of 32 little-endian bytes (no intermediate bytes object); wiped_scalar also wipes b.
cdef object scalar_from_bytes(const uint8_t* b)
cdef object wiped_scalar(uint8_t* b)
# Copies a bytes-like object of exactly `expected` bytes; returns 1, or 0 on a wrong length when error is None.
cdef int read_bytes(object obj, object name, uint8_t* out, Py_ssize_t expected, type error) except -1
# A point argument as 32 encoded bytes (a Point gives its cached encoding); not validated.
cdef int read_point_bytes(object obj, object name, uint8_t* out) except -1
# A point argument: returns 1 with *decoded set for a Point, 0 with enc holding the 32 (not yet validated)
# bytes otherwise; finish with decode_arg (no GIL needed).
cdef int read_point(object obj, object name, uint8_t* enc, CEdwardsPoint* decoded) except -1
cdef bint decode_arg(int ready, const uint8_t* enc, CEdwardsPoint* decoded) noexcept nogil
# A point argument as a Point (validated; InvalidPointError naming `name`).
cdef Point as_point(object obj, object name)
cdef int raise_invalid_point(object name) except -1
cdef int check_points_result(size_t result, size_t n) except -1
cdef bytes as_bytes(object obj, object name)
cdef bytes point_bytes(const uint8_t* p)
cdef list as_list(object iterable, object name)
cdef size_t read_scalars(object scalars, CSecretBuffer& out) except? 0
# The multi-point sums, reading their arguments a block at a time (bounded memory; _objects.pyx, block_sum):
# kind MSM_CT (constant-time msm), MSM_VARTIME or MSM_SUM (point_sum: scalars unused); points a PointVector too.
cdef enum:
    MSM_CT = 0          # values of MsmAccumulator::Kind (cpp/include/pyristretto/msm.hpp)
    MSM_VARTIME = 1
    MSM_SUM = 2
    ARG_BLOCK = 32768   # points per block by default: 1 MiB of scalars and 1 MiB of point encodings
cdef int block_sum(int kind, object scalars, object points, str name, CEdwardsPoint* result) except -1
cdef bytes read_dst(object dst)
ctypedef void (*message_hash)(const uint8_t*, size_t, const uint8_t*, size_t, uint8_t*) noexcept nogil
cdef int hash_message(object msg, object dst, message_hash function, uint8_t* out) except -1


# ---- many scalars (_scalar_vector.pxi) ------------------------------------------------------------------
@cython.final
cdef class ScalarVector:
    cdef CSecretBuffer buf            # 32*n bytes: n scalars reduced mod q, little-endian; wiped when freed
    cdef size_t n                     # set once, in __cinit__ or by sv_new's caller, before anyone else sees it


# ---- many points (_vectors.pxi) ------------------------------------------------------------------------
@cython.final
cdef class PointVector:
    cdef vector[CEdwardsPoint] pts   # the decoded points; never changed once constructed
    cdef bint _ready                  # constructed: __init__ refuses to run again (pts may be read without the GIL)
    cdef bytes _enc                   # the encodings back to back (to_bytes) once computed, else None


@cython.final
cdef class MSMTable:
    cdef unique_ptr[CMSMTable] tbl    # NULL before __init__; never changed once constructed


# A new PointVector holding points[0..n) (no validation: points of the prime-order group). Needs the GIL.
cdef PointVector vector_from_c(const CEdwardsPoint* points, size_t n)
# For the functional msm, msm_vartime and point_sum on a PointVector (no decoding).
cdef Point vector_msm(PointVector v, object scalars, bint vartime, str function_name)
cdef Point vector_sum(PointVector v)


# ---- the nogil entry points on encodings (_functional.pxi); pyristretto._core re-exports them under the same
# names (its .pxd documents them), calling these through this module's C-API.
cdef bint is_valid_point_raw(const uint8_t* p) noexcept nogil
cdef void base_mul_raw(const uint8_t* s, uint8_t* out) noexcept nogil
cdef int point_mul_raw(const uint8_t* s, const uint8_t* p, uint8_t* out) noexcept nogil
cdef int point_add_raw(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept nogil
cdef size_t msm_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil
cdef size_t msm_vartime_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil
cdef size_t point_sum_raw(const uint8_t* points, size_t n, uint8_t* out) noexcept nogil
cdef void pedersen_commit_raw(const uint8_t* amount, const uint8_t* blinding, uint8_t* out) noexcept nogil
