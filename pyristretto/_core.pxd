# C-level entry points of pyristretto._core, exported for `cimport` by other extensions (through Cython's
# function-pointer capsule, so a downstream build needs no linking). All are noexcept nogil: call them
# without the GIL on memory you own. Points are 32-byte encodings; scalars are 32 little-endian bytes
# (any value, bit 255 included: the C++ core takes them mod q in constant time). Functions taking points validate them (RFC 9496, bit 255 included).
from libc.stdint cimport uint8_t

# 1 if p is a valid encoding, else 0.
cdef bint is_valid_point_raw(const uint8_t* p) noexcept nogil
# out = s*G.
cdef void base_mul_raw(const uint8_t* s, uint8_t* out) noexcept nogil
# out = s*p; returns 0, or -1 (out untouched) when p is invalid.
cdef int point_mul_raw(const uint8_t* s, const uint8_t* p, uint8_t* out) noexcept nogil
# out = p + q; returns 0, or -1 (out untouched) when either point is invalid.
cdef int point_add_raw(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept nogil
# out = sum scalars[i]*points[i] over n back-to-back items; returns n, or the index of the first invalid
# point, or SIZE_MAX when out of memory (out untouched). msm_raw is constant-time in the scalars;
# msm_vartime_raw is for public scalars.
cdef size_t msm_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil
cdef size_t msm_vartime_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil
# out = sum points[i]; returns as msm_raw does.
cdef size_t point_sum_raw(const uint8_t* points, size_t n, uint8_t* out) noexcept nogil
# out = amount*G + blinding*H, constant-time.
cdef void pedersen_commit_raw(const uint8_t* amount, const uint8_t* blinding, uint8_t* out) noexcept nogil
