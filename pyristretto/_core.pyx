# cython: language_level=3
"""The cimport-able nogil entry points on encodings (declared in _core.pxd), for downstream extensions.

This module links no copy of the C++ core: each entry point calls its twin in pyristretto._objects through that
module's C-API (Cython's function capsules), so the core and its statics exist once in the process. The Python
API lives in pyristretto._objects and is re-exported by pyristretto.
"""
from libc.stdint cimport uint8_t

cimport pyristretto._objects as core


cdef bint is_valid_point_raw(const uint8_t* p) noexcept nogil:
    return core.is_valid_point_raw(p)


cdef void base_mul_raw(const uint8_t* s, uint8_t* out) noexcept nogil:
    core.base_mul_raw(s, out)


cdef int point_mul_raw(const uint8_t* s, const uint8_t* p, uint8_t* out) noexcept nogil:
    return core.point_mul_raw(s, p, out)


cdef int point_add_raw(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept nogil:
    return core.point_add_raw(p, q, out)


cdef size_t msm_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return core.msm_raw(scalars, points, n, out)


cdef size_t msm_vartime_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return core.msm_vartime_raw(scalars, points, n, out)


cdef size_t point_sum_raw(const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return core.point_sum_raw(points, n, out)


cdef void pedersen_commit_raw(const uint8_t* amount, const uint8_t* blinding, uint8_t* out) noexcept nogil:
    core.pedersen_commit_raw(amount, blinding, out)
