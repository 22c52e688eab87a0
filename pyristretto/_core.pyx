# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Ristretto255 group operations: argument handling around the C++ core.

Every function copies its arguments into C++ memory while holding the GIL (so another thread mutating a
bytearray cannot race the arithmetic), validates every point, reduces every scalar mod q, releases the GIL
for the arithmetic, and wipes its C++ copies of scalars.
"""
from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBuffer_Release, PyObject_CheckBuffer, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.exc cimport PyErr_CheckSignals
from cpython.long cimport PyLong_Check
from libc.stdint cimport uint8_t, uint32_t
from libc.stdint cimport SIZE_MAX
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from pyristretto cimport cpp

import numbers
import operator

q = 2**252 + 27742317777372353535851937790883648493
IDENTITY = bytes(32)

cdef object _q = q
cdef object _INT_FROM_BYTES = int.from_bytes


class InvalidPointError(ValueError, AssertionError):
    """A point argument is not a valid Ristretto255 encoding (wrong length, non-canonical, bit 255 set,
    or not a group element). Subclasses AssertionError for pyristretto 0.1.0's assert_valid_point."""


if not cpp.sodium_start():
    raise ImportError("pyristretto needs libsodium >= 1.0.18 at run time")


# ---------------------------------------------------------------------------------------------------
# Argument conversion (GIL held)
# ---------------------------------------------------------------------------------------------------

cdef object reduce_scalar(object s, object name):
    """s mod q as an int; TypeError for anything without __index__."""
    cdef object i
    if PyLong_Check(s):
        i = s
    else:
        try:
            i = operator.index(s)
        except TypeError:
            raise TypeError(f"{name}: expected an int, got {type(s).__name__}") from None
    if i < 0 or i >= _q:
        i = i % _q
    return i


cdef int read_scalar(object s, object name, uint8_t* out) except -1:
    """Writes (s mod q) as 32 little-endian bytes."""
    encoded = reduce_scalar(s, name).to_bytes(32, "little")
    memcpy(out, PyBytes_AS_STRING(encoded), 32)
    return 0


cdef object scalar_from_bytes(const uint8_t* b):
    return _INT_FROM_BYTES(PyBytes_FromStringAndSize(<const char*>b, 32), "little")


cdef object wiped_scalar(uint8_t* b):
    """The int of 32 little-endian bytes, wiping the bytes."""
    result = scalar_from_bytes(b)
    cpp.sodium_memzero(b, 32)
    return result


cdef int read_bytes(object obj, object name, uint8_t* out, Py_ssize_t expected, type error) except -1:
    """Copies a bytes-like object of exactly `expected` bytes into out (a strided one through a copy).

    Returns 0 when the length is wrong and `error` is None (is_valid_point's False), raises
    `error` otherwise; TypeError for objects that are not bytes-like."""
    cdef Py_buffer view
    cdef Py_ssize_t length
    if type(obj) is bytes:  # fast path for the common case
        length = PyBytes_GET_SIZE(obj)
        if length == expected:
            memcpy(out, PyBytes_AS_STRING(obj), expected)
            return 1
    else:
        if not PyObject_CheckBuffer(obj) or isinstance(obj, str):
            raise TypeError(f"{name}: expected a bytes-like object, got {type(obj).__name__}")
        try:
            PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
        except (BufferError, ValueError):  # not C-contiguous (numpy raises ValueError): read a copy
            return read_bytes(as_bytes(obj, name), name, out, expected, error)
        try:
            if view.itemsize != 1:
                raise TypeError(f"{name}: expected a buffer of bytes, got item size {view.itemsize}")
            length = view.len
            if length == expected:
                memcpy(out, view.buf, expected)
                return 1
        finally:
            PyBuffer_Release(&view)
    if error is None:
        return 0
    raise error(f"{name}: expected {expected} bytes, got {length}")


cdef int raise_invalid_point(object name) except -1:
    raise InvalidPointError(f"{name} is not a valid Ristretto255 point encoding")


cdef int check_points_result(size_t result, size_t n) except -1:
    """Turns a multi-point result (n, an invalid index, or SIZE_MAX) into an exception when it is one."""
    if result == n:
        return 0
    if result == SIZE_MAX:
        raise MemoryError("not enough memory for the decoded points")
    raise_invalid_point(f"points[{result}]")


cdef bytes as_bytes(object obj, object name):
    """obj as bytes (a copy unless it already is): for arguments of any length, such as messages."""
    if type(obj) is bytes:
        return obj
    if isinstance(obj, str) or not PyObject_CheckBuffer(obj):
        raise TypeError(f"{name}: expected a bytes-like object, got {type(obj).__name__}")
    view = memoryview(obj)
    if view.itemsize != 1:
        raise TypeError(f"{name}: expected a buffer of bytes, got item size {view.itemsize}")
    return view.tobytes()


cdef bytes point_bytes(const uint8_t* p):
    return PyBytes_FromStringAndSize(<const char*>p, 32)


cdef list as_list(object iterable, object name):
    try:
        return list(iterable)
    except TypeError:
        if not hasattr(iterable, "__iter__"):
            raise TypeError(f"{name}: expected an iterable, got {type(iterable).__name__}") from None
        raise


cdef Py_ssize_t read_scalar_buffer(object scalars, cpp.CSecretBuffer& out) except -2:
    """Scalars as one C-contiguous buffer of 32-byte little-endian values (any bytes: reduced mod q here).

    The buffer form is a bytes, bytearray or memoryview of 32*n bytes or shape (n, 32), or any other 2-D
    buffer of bytes (a numpy uint8 array of shape (n, 32)). Other objects, 1-D numpy integer arrays
    included, are iterables of ints: for them this returns -1 and writes nothing. Returns n otherwise."""
    cdef const uint8_t[::1] flat
    cdef uint8_t* data
    cdef size_t n, i
    if isinstance(scalars, (bytes, bytearray, memoryview)):  # iterating these gives small ints: never meant
        view = memoryview(scalars)
    elif PyObject_CheckBuffer(scalars) and not isinstance(scalars, str):
        view = memoryview(scalars)
        if view.ndim < 2:  # a 1-D numpy array stays an iterable of ints, as it always was
            return -1
    else:
        return -1
    if view.itemsize != 1:
        raise TypeError(f"scalars: expected a buffer of bytes (uint8) or ints, got format {view.format!r}")
    if not view.c_contiguous:
        raise ValueError("scalars: expected a C-contiguous buffer")
    if view.ndim > 2 or (view.ndim == 2 and view.shape[1] != 32) or view.nbytes % 32:
        raise ValueError(f"scalars: expected shape (n, 32) or 32*n bytes, got shape {view.shape}")
    n = view.nbytes // 32
    out.allocate(32 * n)
    if n:
        flat = view.cast("B")
        data = out.data()
        memcpy(data, &flat[0], 32 * n)  # copied with the GIL held: another thread cannot change it meanwhile
        with nogil:
            for i in range(n):
                reduce_scalar_bytes(data + 32 * i, data + 32 * i)
    return n


cdef size_t read_scalars(object scalars, cpp.CSecretBuffer& out) except? 0:
    if isinstance(scalars, str):
        raise TypeError(f"scalars: expected an iterable of ints, got {type(scalars).__name__}")
    cdef Py_ssize_t buffered = read_scalar_buffer(scalars, out)  # -1: not the buffer form
    if buffered >= 0:
        return buffered
    cdef list items = as_list(scalars, "scalars")
    cdef size_t n = len(items), i
    out.allocate(32 * n)
    for i in range(n):
        read_scalar(items[i], f"scalars[{i}]", out.data() + 32 * i)
    return n


cdef size_t read_points(object points, cpp.CSecretBuffer& out) except? 0:
    """Copies points (an iterable of points, or one buffer of 32*n bytes / shape (n, 32)) without
    validating them: the C++ core decodes each one once and reports the first invalid index."""
    cdef const uint8_t[::1] flat
    cdef size_t n, i
    cdef list items
    if isinstance(points, str):
        raise TypeError("points: expected points or a buffer of 32*n bytes, got str")
    if PyObject_CheckBuffer(points):
        view = memoryview(points)
        if view.itemsize != 1:
            raise TypeError(f"points: expected a buffer of bytes (uint8), got format {view.format!r}")
        if not view.c_contiguous:
            raise ValueError("points: expected a C-contiguous buffer")
        if view.ndim > 2 or (view.ndim == 2 and view.shape[1] != 32) or view.nbytes % 32:
            raise ValueError(f"points: expected shape (n, 32) or 32*n bytes, got shape {view.shape}")
        n = view.nbytes // 32
        out.allocate(32 * n)
        if n:
            flat = view.cast("B")
            memcpy(out.data(), &flat[0], 32 * n)
        return n
    items = as_list(points, "points")
    n = len(items)
    out.allocate(32 * n)
    for i in range(n):
        read_bytes(items[i], f"points[{i}]", out.data() + 32 * i, 32, InvalidPointError)
    return n


# ---------------------------------------------------------------------------------------------------
# Scalars
# ---------------------------------------------------------------------------------------------------

def sc_rand():
    """A uniformly random scalar in [1, q) from libsodium's CSPRNG."""
    cdef uint8_t s[32]
    cpp.crypto_core_ristretto255_scalar_random(s)
    return wiped_scalar(s)


cdef object scalar_binary(object a, object b, void (*op)(uint8_t*, const uint8_t*, const uint8_t*) noexcept nogil):
    cdef uint8_t x[32]
    cdef uint8_t y[32]
    cdef uint8_t r[32]
    try:
        read_scalar(a, "a", x)
        read_scalar(b, "b", y)
        op(r, x, y)
        return scalar_from_bytes(r)
    finally:
        cpp.sodium_memzero(x, 32)
        cpp.sodium_memzero(y, 32)
        cpp.sodium_memzero(r, 32)


def sc_add(a, b):
    """(a + b) mod q."""
    return scalar_binary(a, b, cpp.crypto_core_ristretto255_scalar_add)


def sc_sub(a, b):
    """(a - b) mod q."""
    return scalar_binary(a, b, cpp.crypto_core_ristretto255_scalar_sub)


def sc_mul(a, b):
    """(a * b) mod q."""
    return scalar_binary(a, b, cpp.crypto_core_ristretto255_scalar_mul)


def sc_neg(a):
    """(-a) mod q."""
    cdef uint8_t x[32]
    cdef uint8_t r[32]
    try:
        read_scalar(a, "a", x)
        cpp.crypto_core_ristretto255_scalar_negate(r, x)
        return scalar_from_bytes(r)
    finally:
        cpp.sodium_memzero(x, 32)
        cpp.sodium_memzero(r, 32)


def sc_inv(a):
    """The inverse of a mod q; ZeroDivisionError when a is 0 mod q."""
    cdef uint8_t x[32]
    cdef uint8_t r[32]
    try:
        read_scalar(a, "a", x)
        if cpp.crypto_core_ristretto255_scalar_invert(r, x) != 0:
            raise ZeroDivisionError("sc_inv: a is 0 mod q and has no inverse")
        return scalar_from_bytes(r)
    finally:
        cpp.sodium_memzero(x, 32)
        cpp.sodium_memzero(r, 32)


def sc_reduce(b):
    """A 64-byte bytes-like object read little-endian and reduced mod q."""
    cdef uint8_t wide[64]
    cdef uint8_t r[32]
    try:
        read_bytes(b, "b", wide, 64, ValueError)
        cpp.crypto_core_ristretto255_scalar_reduce(r, wide)
        return scalar_from_bytes(r)
    finally:
        cpp.sodium_memzero(wide, 64)
        cpp.sodium_memzero(r, 32)


def from_bytes32(b):
    """Exactly 32 bytes, little-endian, reduced mod q (as pyristretto 0.1.0)."""
    cdef uint8_t raw[32]
    try:
        read_bytes(b, "b", raw, 32, ValueError)
        return scalar_from_bytes(raw) % _q
    finally:
        cpp.sodium_memzero(raw, 32)


def to_bytes32(i):
    """(i mod q) as 32 bytes, little-endian."""
    return reduce_scalar(i, "i").to_bytes(32, "little")


# ---------------------------------------------------------------------------------------------------
# Points
# ---------------------------------------------------------------------------------------------------

def base_mul(s):
    """s*G, constant-time in s."""
    cdef uint8_t k[32]
    cdef uint8_t out[32]
    read_scalar(s, "s", k)
    with nogil:
        cpp.base_mul(k, out)
        cpp.sodium_memzero(k, 32)
    return point_bytes(out)


def point_mul(s, P):
    """s*P, constant-time in s."""
    cdef uint8_t k[32]
    cdef uint8_t p[32]
    cdef uint8_t out[32]
    cdef bint valid
    read_bytes(P, "P", p, 32, InvalidPointError)
    read_scalar(s, "s", k)
    with nogil:
        valid = cpp.point_mul(k, p, out)
        cpp.sodium_memzero(k, 32)
    if not valid:
        raise_invalid_point("P")
    return point_bytes(out)


ctypedef int (*binary_point_op)(const uint8_t*, const uint8_t*, uint8_t*) noexcept nogil


cdef bytes point_binary(object P, object Q, binary_point_op op):
    cdef uint8_t p[32]
    cdef uint8_t r[32]
    cdef uint8_t out[32]
    cdef int bad
    read_bytes(P, "P", p, 32, InvalidPointError)
    read_bytes(Q, "Q", r, 32, InvalidPointError)
    with nogil:
        bad = op(p, r, out)
    if bad:
        raise_invalid_point("P" if bad == 1 else "Q")
    return point_bytes(out)


def point_add(P, Q):
    """P + Q."""
    return point_binary(P, Q, cpp.point_add)


def point_sub(P, Q):
    """P - Q."""
    return point_binary(P, Q, cpp.point_sub)


def point_neg(P):
    """-P."""
    cdef uint8_t p[32]
    cdef uint8_t out[32]
    cdef bint valid
    read_bytes(P, "P", p, 32, InvalidPointError)
    with nogil:
        valid = cpp.point_neg(p, out)
    if not valid:
        raise_invalid_point("P")
    return point_bytes(out)


def point_sum(points):
    """The sum of an iterable of points (or one buffer of 32*n bytes); IDENTITY when empty."""
    cdef cpp.CSecretBuffer buf
    cdef uint8_t out[32]
    cdef size_t n = read_points(points, buf), bad
    with nogil:
        bad = cpp.point_sum(buf.data(), n, out)
    check_points_result(bad, n)
    return point_bytes(out)


def is_valid_point(P):
    """True if P is a valid Ristretto255 encoding; False for any other bytes-like object."""
    cdef uint8_t p[32]
    return read_bytes(P, "P", p, 32, None) == 1 and cpp.is_valid_point(p)


def assert_valid_point(name, P):
    """Returns None if P is a valid point, else raises InvalidPointError naming `name`."""
    cdef uint8_t p[32]
    if read_bytes(P, name, p, 32, None) == 0 or not cpp.is_valid_point(p):
        raise_invalid_point(name)


# ---------------------------------------------------------------------------------------------------
# Hashing
# ---------------------------------------------------------------------------------------------------

cdef int hash_items(cpp.CConcatHash& h, tuple items) except -1:
    """Feeds pyristretto 0.1.0's concatenation: bytes-like items as they are, ints as to_bytes32(i)."""
    cdef uint8_t encoded[32]
    cdef Py_ssize_t index
    cdef bytes data
    for index, item in enumerate(items):
        if type(item) is bytes:
            h.update(<const uint8_t*>PyBytes_AS_STRING(item), PyBytes_GET_SIZE(item))
        elif (not PyLong_Check(item) and PyObject_CheckBuffer(item) and not isinstance(item, str)
              and not isinstance(item, numbers.Integral)):
            data = as_bytes(item, f"items[{index}]")
            h.update(<const uint8_t*>PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))
        else:
            try:
                read_scalar(item, f"items[{index}]", encoded)
            except TypeError:
                raise TypeError(f"items[{index}]: expected bytes-like or int, got {type(item).__name__}") from None
            h.update(encoded, 32)
            cpp.sodium_memzero(encoded, 32)  # int items are often secrets (nonce derivation)
    return 0


def Hs(*items):
    """BLAKE2b-512 of the concatenated items, read little-endian, mod q (pyristretto 0.1.0's Hs).

    Bytes-like items are used as they are and ints as to_bytes32(i). The concatenation is ambiguous for
    variable-length items; new protocols should use hash_to_scalar with a distinct dst."""
    cdef cpp.CConcatHash h
    cdef uint8_t out[32]
    hash_items(h, items)
    h.to_scalar(out)
    return wiped_scalar(out)


def Hp(*items):
    """The RFC 9496 one-way map of BLAKE2b-512 of the concatenated items (pyristretto 0.1.0's Hp)."""
    cdef cpp.CConcatHash h
    cdef uint8_t out[32]
    hash_items(h, items)
    with nogil:
        h.to_point(out)
    return point_bytes(out)


cdef enum:
    GENERATOR_CHUNK = 1024  # generators derived per GIL release


def derive_generators(domain, n):
    """[Hp(domain, i.to_bytes(4, "little")) for i in range(n)], one hash state for the domain."""
    cdef bytes d = as_bytes(domain, "domain")
    try:
        count = operator.index(n)
    except TypeError:
        raise TypeError(f"n: expected an int, got {type(n).__name__}") from None
    if count < 0 or count >= 2**32:
        raise ValueError(f"n: expected 0 <= n < 2**32, got {count}")
    cdef uint32_t total = count, first, chunk_count, i
    cdef uint8_t chunk[32 * GENERATOR_CHUNK]
    cdef const uint8_t* dp = <const uint8_t*>PyBytes_AS_STRING(d)
    cdef size_t dlen = PyBytes_GET_SIZE(d)
    cdef list generators = []
    # In chunks, so that a huge n fails with MemoryError as the list grows and Ctrl-C is honoured between chunks.
    for first in range(0, total, GENERATOR_CHUNK):
        chunk_count = min(<uint32_t>GENERATOR_CHUNK, total - first)
        with nogil:
            cpp.derive_generators(dp, dlen, first, chunk_count, chunk)
        for i in range(chunk_count):
            generators.append(point_bytes(chunk + 32 * i))
        PyErr_CheckSignals()
    return generators


cdef bytes read_dst(object dst):
    cdef bytes d = as_bytes(dst, "dst")
    if not d:
        raise ValueError("dst: must not be empty (RFC 9380 section 3.1)")
    return d


def expand_message_xmd(msg, dst, len_in_bytes):
    """RFC 9380 expand_message_xmd with SHA-512 (1 <= len_in_bytes <= 16320)."""
    cdef bytes m = as_bytes(msg, "msg"), d = read_dst(dst)
    try:
        length = operator.index(len_in_bytes)
    except TypeError:
        raise TypeError(f"len_in_bytes: expected an int, got {type(len_in_bytes).__name__}") from None
    if not 1 <= length <= 255 * 64:
        raise ValueError(f"len_in_bytes: expected 1..16320, got {length}")
    out = bytearray(length)
    cdef uint8_t[::1] o = out
    cdef const uint8_t* mp = <const uint8_t*>PyBytes_AS_STRING(m)
    cdef const uint8_t* dp = <const uint8_t*>PyBytes_AS_STRING(d)
    cdef size_t mlen = len(m), dlen = len(d), olen = length
    with nogil:
        cpp.expand_message_xmd(mp, mlen, dp, dlen, &o[0], olen)
    return bytes(out)


ctypedef void (*message_hash)(const uint8_t*, size_t, const uint8_t*, size_t, uint8_t*) noexcept nogil


cdef int hash_message(object msg, object dst, message_hash function, uint8_t* out) except -1:
    cdef bytes m = as_bytes(msg, "msg"), d = read_dst(dst)
    cdef const uint8_t* mp = <const uint8_t*>PyBytes_AS_STRING(m)
    cdef const uint8_t* dp = <const uint8_t*>PyBytes_AS_STRING(d)
    cdef size_t mlen = len(m), dlen = len(d)
    with nogil:  # m and d are immutable bytes: nothing can change them meanwhile
        function(mp, mlen, dp, dlen, out)
    return 0


def hash_to_group(msg, dst):
    """RFC 9380 hash_to_ristretto255 (expand_message_xmd over SHA-512, then the one-way map)."""
    cdef uint8_t out[32]
    hash_message(msg, dst, cpp.hash_to_group, out)
    return point_bytes(out)


def hash_to_scalar(msg, dst):
    """RFC 9497 HashToScalar for ristretto255: expand_message_xmd(msg, dst, 64) little-endian mod q."""
    cdef uint8_t out[32]
    hash_message(msg, dst, cpp.hash_to_scalar, out)
    return wiped_scalar(out)


# ---------------------------------------------------------------------------------------------------
# Multi-scalar multiplication and commitments
# ---------------------------------------------------------------------------------------------------

ctypedef size_t (*msm_function)(const uint8_t*, const uint8_t*, size_t, uint8_t*) noexcept nogil


cdef bytes run_msm(object scalars, object points, msm_function algorithm, str function_name):
    cdef cpp.CSecretBuffer scalar_bytes
    cdef cpp.CSecretBuffer point_bytes_
    cdef uint8_t out[32]
    cdef size_t n = read_scalars(scalars, scalar_bytes)
    cdef size_t m = read_points(points, point_bytes_)
    cdef size_t bad
    if n != m:
        raise ValueError(f"{function_name}: {n} scalars but {m} points")
    with nogil:
        bad = algorithm(scalar_bytes.data(), point_bytes_.data(), n, out)
        scalar_bytes.wipe()
    check_points_result(bad, n)
    return point_bytes(out)


def msm(scalars, points):
    """sum(s_i * P_i), constant-time in the scalars. points: an iterable of points or one buffer."""
    return run_msm(scalars, points, cpp.msm, "msm")


def msm_vartime(scalars, points):
    """sum(s_i * P_i) for PUBLIC scalars (time depends on them): the fastest algorithm for the size."""
    return run_msm(scalars, points, cpp.msm_vartime, "msm_vartime")


def pedersen_commit(amount, blinding):
    """amount*G + blinding*H, constant-time in both."""
    cdef cpp.CSecretBuffer secrets
    cdef uint8_t out[32]
    secrets.allocate(64)
    read_scalar(amount, "amount", secrets.data())
    read_scalar(blinding, "blinding", secrets.data() + 32)
    with nogil:
        cpp.pedersen_commit(secrets.data(), secrets.data() + 32, out)
        secrets.wipe()
    return point_bytes(out)


G = base_mul(1)
H = Hp(b"Ristretto255:H")


def sodium_version():
    """The version string of the libsodium loaded at run time."""
    return cpp.sodium_version_string().decode()


# ---------------------------------------------------------------------------------------------------
# C-level entry points (declared in _core.pxd, cimport-able)
# ---------------------------------------------------------------------------------------------------

cdef void reduce_scalar_bytes(const uint8_t* s, uint8_t* out) noexcept nogil:
    """out = s mod q for any 32-byte s: the core's recodings need reduced scalars (< 2^255 is not enough)."""
    cdef uint8_t wide[64]
    memcpy(wide, s, 32)
    memset(wide + 32, 0, 32)
    cpp.crypto_core_ristretto255_scalar_reduce(out, wide)
    cpp.sodium_memzero(wide, 64)


cdef uint8_t* reduced_copy(const uint8_t* scalars, size_t n) noexcept nogil:
    """A malloc'ed copy of n scalars reduced mod q (NULL when out of memory); wipe and free it after use."""
    cdef uint8_t* copy = <uint8_t*>malloc(32 * n if n else 1)
    cdef size_t i
    if copy != NULL:
        for i in range(n):
            reduce_scalar_bytes(scalars + 32 * i, copy + 32 * i)
    return copy


cdef void wipe_and_free(uint8_t* copy, size_t n) noexcept nogil:
    cpp.sodium_memzero(copy, 32 * n)
    free(copy)


cdef bint is_valid_point_raw(const uint8_t* p) noexcept nogil:
    return cpp.is_valid_point(p)


cdef void base_mul_raw(const uint8_t* s, uint8_t* out) noexcept nogil:
    cdef uint8_t k[32]
    reduce_scalar_bytes(s, k)
    cpp.base_mul(k, out)
    cpp.sodium_memzero(k, 32)


cdef int point_mul_raw(const uint8_t* s, const uint8_t* p, uint8_t* out) noexcept nogil:
    cdef uint8_t k[32]
    cdef bint valid
    reduce_scalar_bytes(s, k)
    valid = cpp.point_mul(k, p, out)
    cpp.sodium_memzero(k, 32)
    return 0 if valid else -1


cdef int point_add_raw(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept nogil:
    return -1 if cpp.point_add(p, q, out) else 0


cdef size_t msm_reduced(msm_function algorithm, const uint8_t* scalars, const uint8_t* points, size_t n,
                        uint8_t* out) noexcept nogil:
    """Runs algorithm on a reduced, wiped-after copy of any 32-byte scalars."""
    cdef uint8_t* reduced = reduced_copy(scalars, n)
    if reduced == NULL:
        return SIZE_MAX
    cdef size_t result = algorithm(reduced, points, n, out)
    wipe_and_free(reduced, n)
    return result


cdef size_t msm_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return msm_reduced(cpp.msm, scalars, points, n, out)


cdef size_t msm_vartime_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return msm_reduced(cpp.msm_vartime, scalars, points, n, out)


cdef size_t point_sum_raw(const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return cpp.point_sum(points, n, out)


cdef void pedersen_commit_raw(const uint8_t* amount, const uint8_t* blinding, uint8_t* out) noexcept nogil:
    cdef uint8_t k[64]
    reduce_scalar_bytes(amount, k)
    reduce_scalar_bytes(blinding, k + 32)
    cpp.pedersen_commit(k, k + 32, out)
    cpp.sodium_memzero(k, 64)
