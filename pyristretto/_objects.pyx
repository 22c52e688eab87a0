# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The object layer: Point, Scalar and FixedBase on the C++ core, and the argument conversion shared with the
functional API (pyristretto._core cimports the helpers from here; this module never imports _core).

This extension compiles its own copy of the C++ core (setup.py builds both extensions from one source list,
with hidden visibility), so C++ statics exist once per module: G's fixed-base table, H's table, and the
MSM thread setting. Whoever changes the thread setting must set it in both modules.
"""
cimport cython
from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBuffer_Release, PyObject_CheckBuffer, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.long cimport PyLong_Check
from libc.stdint cimport uint8_t
from libc.stdint cimport SIZE_MAX
from libc.string cimport memcpy, memset

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


# ---------------------------------------------------------------------------------------------------
# Argument conversion (GIL held), shared with pyristretto._core
# ---------------------------------------------------------------------------------------------------

cdef object reduce_scalar(object s, object name):
    """s mod q as an int; TypeError for anything that is neither a Scalar nor has __index__."""
    cdef object i
    if PyLong_Check(s):
        i = s
    elif type(s) is Scalar:
        return scalar_from_bytes((<Scalar>s).s)
    else:
        try:
            i = operator.index(s)
        except TypeError:
            raise TypeError(f"{name}: expected an int or a Scalar, got {type(s).__name__}") from None
    if i < 0 or i >= _q:
        i = i % _q
    return i


cdef int read_scalar(object s, object name, uint8_t* out) except -1:
    """Writes (s mod q) as 32 little-endian bytes straight into out."""
    if type(s) is Scalar:
        memcpy(out, (<Scalar>s).s, 32)
        return 0
    pyr_long_to_bytes(reduce_scalar(s, name), out, 32)  # in [0, q): always fits
    return 0


cdef object scalar_from_bytes(const uint8_t* b):
    return pyr_long_from_bytes(b, 32)


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


cdef int read_point_bytes(object obj, object name, uint8_t* out) except -1:
    """A point argument's 32 bytes: a Point's cached encoding, or a bytes-like of length 32 (not validated)."""
    if type(obj) is Point:
        memcpy(out, PyBytes_AS_STRING((<Point>obj).encoded()), 32)
        return 1
    return read_bytes(obj, name, out, 32, InvalidPointError)


cdef int read_point(object obj, object name, uint8_t* enc, CEdwardsPoint* decoded) except -1:
    """1 with *decoded = the Point's C++ point (a copy: the GIL may be released afterwards), or 0 with enc
    holding a bytes-like argument's 32 bytes, still to be validated by decode_arg."""
    if type(obj) is Point:
        decoded[0] = (<Point>obj).pt
        return 1
    read_bytes(obj, name, enc, 32, InvalidPointError)
    return 0


cdef bint decode_arg(int ready, const uint8_t* enc, CEdwardsPoint* decoded) noexcept nogil:
    """Completes read_point: true when *decoded holds the point (decoding enc if needed), false if invalid."""
    return ready or cpp.ristretto_decode(decoded[0], enc)


cdef Point as_point(object obj, object name):
    """obj if it is a Point, else a new Point decoded from a 32-byte encoding (InvalidPointError naming name)."""
    if type(obj) is Point:
        return <Point>obj
    cdef Point p = Point.__new__(Point)
    p._set(obj, name)
    return p


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


cdef size_t copy_items_of_32(object view, str name, CSecretBuffer& out) except? 0:
    """Copies a buffer of 32-byte items (a C-contiguous memoryview of 32*n bytes or shape (n, 32)) into out, with
    the GIL held so another thread cannot change it meanwhile; returns n."""
    cdef const uint8_t[::1] flat
    cdef size_t n
    if view.itemsize != 1:
        raise TypeError(f"{name}: expected a buffer of bytes (uint8), got format {view.format!r}")
    if not view.c_contiguous:
        raise ValueError(f"{name}: expected a C-contiguous buffer")
    if view.ndim > 2 or (view.ndim == 2 and view.shape[1] != 32) or view.nbytes % 32:
        raise ValueError(f"{name}: expected shape (n, 32) or 32*n bytes, got shape {view.shape}")
    n = view.nbytes // 32
    out.allocate(32 * n)
    if n:
        flat = view.cast("B")
        memcpy(out.data(), &flat[0], 32 * n)
    return n


cdef Py_ssize_t read_scalar_buffer(object scalars, CSecretBuffer& out) except -2:
    """Scalars as one C-contiguous buffer of 32-byte little-endian values (any bytes: reduced mod q here, by
    libsodium, without the GIL and without Python ints).

    The buffer form is a bytes, bytearray or memoryview of 32*n bytes or shape (n, 32), or any other 2-D
    buffer of bytes (a numpy uint8 array of shape (n, 32)). Other objects, 1-D numpy integer arrays
    included, are iterables of ints: for them this returns -1 and writes nothing. Returns n otherwise."""
    cdef uint8_t* data
    cdef uint8_t wide[64]
    cdef size_t n, i
    if isinstance(scalars, (bytes, bytearray, memoryview)):  # iterating these gives small ints: never meant
        view = memoryview(scalars)
    elif PyObject_CheckBuffer(scalars) and not isinstance(scalars, str):
        view = memoryview(scalars)
        if view.ndim < 2:  # a 1-D numpy array stays an iterable of ints, as it always was
            return -1
    else:
        return -1
    n = copy_items_of_32(view, "scalars", out)
    data = out.data()
    with nogil:
        memset(wide + 32, 0, 32)
        for i in range(n):
            memcpy(wide, data + 32 * i, 32)
            cpp.crypto_core_ristretto255_scalar_reduce(data + 32 * i, wide)
        cpp.sodium_memzero(wide, 64)
    return n


cdef size_t read_scalars(object scalars, CSecretBuffer& out) except? 0:
    """Copies scalars, each reduced mod q, 32 bytes each: an iterable of ints or Scalars, or one buffer of
    32-byte values (read_scalar_buffer)."""
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


cdef size_t read_points(object points, CSecretBuffer& out) except? 0:
    """Copies points (an iterable of points, bytes-like or Point, or one buffer of 32*n bytes / shape (n, 32))
    without validating them: the C++ core decodes each one once and reports the first invalid index.

    Callers that can use decoded points (msm, msm_vartime, point_sum) check `type(points) is PointVector`
    before calling this and skip the decoding; here a PointVector is copied as its encodings."""
    cdef size_t n, i
    cdef list items
    if isinstance(points, str):
        raise TypeError("points: expected points or a buffer of 32*n bytes, got str")
    if type(points) is PointVector:
        n = (<PointVector>points).pts.size()
        out.allocate(32 * n)
        with nogil:
            cpp.encode_points(out.data(), (<PointVector>points).pts.data(), n)
        return n
    if PyObject_CheckBuffer(points):
        return copy_items_of_32(memoryview(points), "points", out)
    items = as_list(points, "points")
    n = len(items)
    out.allocate(32 * n)
    for i in range(n):
        read_point_bytes(items[i], f"points[{i}]", out.data() + 32 * i)
    return n


cdef bytes read_dst(object dst):
    cdef bytes d = as_bytes(dst, "dst")
    if not d:
        raise ValueError("dst: must not be empty (RFC 9380 section 3.1)")
    return d


cdef int hash_message(object msg, object dst, message_hash function, uint8_t* out) except -1:
    cdef bytes m = as_bytes(msg, "msg"), d = read_dst(dst)
    cdef const uint8_t* mp = <const uint8_t*>PyBytes_AS_STRING(m)
    cdef const uint8_t* dp = <const uint8_t*>PyBytes_AS_STRING(d)
    cdef size_t mlen = len(m), dlen = len(d)
    with nogil:  # m and d are immutable bytes: nothing can change them meanwhile
        function(mp, mlen, dp, dlen, out)
    return 0


cdef int read_scalar_operand(object other, uint8_t* out) except -1:
    """1 with out = other mod q when other is a Scalar or int-like, 0 when it is neither (NotImplemented)."""
    try:
        read_scalar(other, "other", out)
    except TypeError:
        return 0
    return 1


# ---------------------------------------------------------------------------------------------------
# Point
# ---------------------------------------------------------------------------------------------------

cdef Point point_from_c(const CEdwardsPoint& p):
    cdef Point r = Point.__new__(Point)  # tp_new only: no __init__ argument parsing
    r.pt = p
    return r


@cython.final
@cython.freelist(64)
cdef class Point:
    """A Ristretto255 group element, kept decoded in C++ memory; immutable.

    Point(data) decodes and validates a 32-byte encoding (any bytes-like; InvalidPointError naming `data`)
    or copies another Point. Operators: P + Q, P - Q, -P (both operands Points), s * P and P * s (s an
    int-like or a Scalar, constant-time in s), == (Ristretto equality, constant-time). The canonical encoding
    (bytes(P), P.to_bytes()) is computed once, then cached; hash, repr and pickle use it."""

    def __cinit__(self, *args):
        # Built here, not in __init__, so that a live Point can never be re-initialised: points are shared
        # (Point.identity(), dict keys, Cython code reading .pt without the GIL), and P.__init__(Q) is a no-op.
        # Point.__new__(Point) without an argument (the internal fast path) is the identity, never invalid.
        self.pt = CEdwardsPoint.identity()
        if args:
            if len(args) != 1:
                raise TypeError(f"Point() takes one argument, the encoding or a Point ({len(args)} given)")
            self._set(args[0], "data")

    cdef int _set(self, object data, object name) except -1:
        cdef uint8_t enc[32]
        cdef CEdwardsPoint decoded
        if type(data) is Point:
            self.pt = (<Point>data).pt
            self._enc = (<Point>data)._enc
            return 0
        read_bytes(data, name, enc, 32, InvalidPointError)
        if not cpp.ristretto_decode(decoded, enc):
            raise_invalid_point(name)
        self.pt = decoded
        self._enc = data if type(data) is bytes else point_bytes(enc)  # valid, hence canonical
        return 0

    cdef bytes encoded(self):
        cdef uint8_t out[32]
        if self._enc is None:
            cpp.ristretto_encode(out, self.pt)
            self._enc = point_bytes(out)
        return self._enc

    @staticmethod
    def identity():
        """The identity element (encoding: 32 zero bytes)."""
        return _IDENTITY

    @staticmethod
    def generator():
        """The RFC 9496 generator G."""
        return _GENERATOR

    @staticmethod
    def base_mul(s):
        """s*G through G's fixed-base table, constant-time in s (an int-like or a Scalar)."""
        cdef uint8_t k[32]
        cdef CEdwardsPoint r
        read_scalar(s, "s", k)
        with nogil:
            r = cpp.basepoint_table().mul(k)
            cpp.sodium_memzero(k, 32)
        return point_from_c(r)

    @staticmethod
    def random():
        """A uniformly random element: the one-way map of 64 bytes from libsodium's CSPRNG."""
        cdef uint8_t wide[64]
        cpp.randombytes_buf(wide, 64)
        r = point_from_c(cpp.ristretto_from_uniform_point(wide))
        cpp.sodium_memzero(wide, 64)
        return r

    @staticmethod
    def from_uniform_bytes(b):
        """RFC 9496 element derivation (the one-way map) of exactly 64 bytes (ValueError otherwise)."""
        cdef uint8_t wide[64]
        read_bytes(b, "b", wide, 64, ValueError)
        r = point_from_c(cpp.ristretto_from_uniform_point(wide))
        cpp.sodium_memzero(wide, 64)
        return r

    @staticmethod
    def hash_to_group(msg, dst):
        """RFC 9380 hash_to_ristretto255 (as pyristretto.hash_to_group), kept decoded."""
        cdef bytes m = as_bytes(msg, "msg"), d = read_dst(dst)
        cdef const uint8_t* mp = <const uint8_t*>PyBytes_AS_STRING(m)
        cdef const uint8_t* dp = <const uint8_t*>PyBytes_AS_STRING(d)
        cdef size_t mlen = len(m), dlen = len(d)
        cdef CEdwardsPoint r
        with nogil:
            r = cpp.hash_to_group_point(mp, mlen, dp, dlen)
        return point_from_c(r)

    def to_bytes(self):
        """The canonical 32-byte encoding (computed once, then cached)."""
        return self.encoded()

    def __bytes__(self):
        return self.encoded()

    def is_identity(self):
        """True if this is the identity element (Ristretto equality, constant-time)."""
        return cpp.ristretto_ct_eq(self.pt, _IDENTITY.pt) != 0

    def __add__(self, other):
        if type(other) is Point:
            return point_from_c(self.pt + (<Point>other).pt)
        return mixed_operand(other, "+")

    def __sub__(self, other):
        if type(other) is Point:
            return point_from_c(self.pt - (<Point>other).pt)
        return mixed_operand(other, "-")

    def __neg__(self):
        return point_from_c(-self.pt)

    def __mul__(self, k):
        return self.mul(k)

    def __rmul__(self, k):
        return self.mul(k)

    cdef object mul(self, object k):
        cdef uint8_t s[32]
        cdef CEdwardsPoint p = self.pt, r
        if not read_scalar_operand(k, s):
            return NotImplemented
        with nogil:
            r = cpp.point_mul_decoded(s, p)
            cpp.sodium_memzero(s, 32)
        return point_from_c(r)

    def __eq__(self, other):
        if type(other) is not Point:
            return NotImplemented
        return cpp.ristretto_ct_eq(self.pt, (<Point>other).pt) != 0

    def __ne__(self, other):
        if type(other) is not Point:
            return NotImplemented
        return cpp.ristretto_ct_eq(self.pt, (<Point>other).pt) == 0

    def __hash__(self):
        return hash(self.encoded())

    def __repr__(self):
        return f"Point('{self.encoded().hex()}')"

    def __reduce__(self):
        return Point, (self.encoded(),)  # unpickling re-validates

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


cdef object mixed_operand(object other, str op):
    """A Point's + or - with a non-Point: TypeError with a hint for bytes, else NotImplemented."""
    if PyObject_CheckBuffer(other):
        raise TypeError(f"Point {op} {type(other).__name__}: both operands must be Points (convert with Point(b))")
    return NotImplemented


cdef Point _IDENTITY = point_from_c(CEdwardsPoint.identity())
cdef Point _GENERATOR = point_from_c(CEdwardsPoint.basepoint())


# The C++ core on decoded points, exported for downstream Cython code (see _objects.pxd).
cdef CEdwardsPoint ep_add(const CEdwardsPoint& a, const CEdwardsPoint& b) noexcept nogil:
    return a + b

cdef CEdwardsPoint ep_sub(const CEdwardsPoint& a, const CEdwardsPoint& b) noexcept nogil:
    return a - b

cdef CEdwardsPoint ep_neg(const CEdwardsPoint& a) noexcept nogil:
    return -a

cdef CEdwardsPoint ep_dbl(const CEdwardsPoint& a) noexcept nogil:
    return a.dbl()

cdef CEdwardsPoint ep_mul(const uint8_t* s, const CEdwardsPoint& a) noexcept nogil:
    return cpp.point_mul_decoded(s, a)

cdef bint ep_eq(const CEdwardsPoint& a, const CEdwardsPoint& b) noexcept nogil:
    return cpp.ristretto_ct_eq(a, b) != 0

cdef void ep_encode(uint8_t* out, const CEdwardsPoint& a) noexcept nogil:
    cpp.ristretto_encode(out, a)

cdef bint ep_decode(CEdwardsPoint* out, const uint8_t* data) noexcept nogil:
    return cpp.ristretto_decode(out[0], data)


# ---------------------------------------------------------------------------------------------------
# Scalar
# ---------------------------------------------------------------------------------------------------

cdef Scalar scalar_from_c(const uint8_t* s):
    cdef Scalar r = Scalar.__new__(Scalar)
    memcpy(r.s, s, 32)
    return r


ctypedef void (*scalar_op)(uint8_t*, const uint8_t*, const uint8_t*) noexcept nogil


cdef object scalar_binary(Scalar a, object other, scalar_op op, bint reflected):
    """a op other (other op a when reflected) as a Scalar; NotImplemented when other is no scalar."""
    cdef uint8_t t[32]
    cdef Scalar r
    if type(other) is Scalar:
        r = Scalar.__new__(Scalar)
        op(r.s, a.s, (<Scalar>other).s)  # never reflected: Scalar op Scalar always calls the left operand
        return r
    if not read_scalar_operand(other, t):
        return NotImplemented
    r = Scalar.__new__(Scalar)
    if reflected:
        op(r.s, t, a.s)
    else:
        op(r.s, a.s, t)
    cpp.sodium_memzero(t, 32)
    return r


@cython.final
@cython.freelist(32)
cdef class Scalar:
    """An integer mod q (the group order) as 32 bytes, with constant-time arithmetic; immutable.

    Scalar(value) reduces an int-like exactly mod q (any sign and size) or copies another Scalar. Its
    bytes are wiped (sodium_memzero) when it is freed. Conversions are explicit only: bytes(s),
    s.to_bytes(), int(s); there is no __index__, so b"x" * s is a TypeError, not a repetition. The repr
    hides the value; a pickled Scalar carries its value (it is a secret: protect the pickle). Scalars are
    unhashable: they compare equal to ints by value mod q, which no hash can be consistent with."""

    def __cinit__(self, *args):
        # Built here, not in __init__, so that a live Scalar can never be changed (s.__init__(t) is a no-op).
        # Scalar.__new__(Scalar) without an argument (the internal fast path) is 0.
        if args:
            if len(args) != 1:
                raise TypeError(f"Scalar() takes one argument, an int-like or a Scalar ({len(args)} given)")
            read_scalar(args[0], "value", self.s)

    def __dealloc__(self):
        cpp.sodium_memzero(self.s, 32)

    @staticmethod
    def random():
        """Uniform in [1, q) from libsodium's CSPRNG."""
        cdef Scalar r = Scalar.__new__(Scalar)
        cpp.crypto_core_ristretto255_scalar_random(r.s)
        return r

    @staticmethod
    def from_bytes(b):
        """Exactly 32 bytes, little-endian and canonical (ValueError when the value is >= q)."""
        cdef uint8_t wide[64]
        cdef Scalar r = Scalar.__new__(Scalar)
        try:
            read_bytes(b, "b", wide, 32, ValueError)
            memset(wide + 32, 0, 32)
            cpp.crypto_core_ristretto255_scalar_reduce(r.s, wide)
            if cpp.crypto_verify_32(r.s, wide) != 0:
                raise ValueError("b: not a canonical scalar (its value is >= q)")
            return r
        finally:
            cpp.sodium_memzero(wide, 64)

    @staticmethod
    def from_bytes_mod_order(b):
        """32 or 64 bytes, little-endian, reduced mod q."""
        cdef uint8_t wide[64]
        cdef Scalar r = Scalar.__new__(Scalar)
        try:
            memset(wide, 0, 64)
            if not read_bytes(b, "b", wide, 32, None) and not read_bytes(b, "b", wide, 64, None):
                raise ValueError(f"b: expected 32 or 64 bytes, got {memoryview(b).nbytes}")
            cpp.crypto_core_ristretto255_scalar_reduce(r.s, wide)
            return r
        finally:
            cpp.sodium_memzero(wide, 64)

    @staticmethod
    def hash_to_scalar(msg, dst):
        """RFC 9497 HashToScalar (as pyristretto.hash_to_scalar)."""
        cdef Scalar r = Scalar.__new__(Scalar)
        hash_message(msg, dst, cpp.hash_to_scalar, r.s)
        return r

    def to_bytes(self):
        """The 32-byte little-endian encoding (canonical: the value is < q)."""
        return PyBytes_FromStringAndSize(<const char*>self.s, 32)

    def __bytes__(self):
        return self.to_bytes()

    def __int__(self):
        return scalar_from_bytes(self.s)

    def __bool__(self):
        return not cpp.sodium_is_zero(self.s, 32)

    def invert(self):
        """The inverse mod q; ZeroDivisionError for 0."""
        cdef Scalar r = Scalar.__new__(Scalar)
        if cpp.crypto_core_ristretto255_scalar_invert(r.s, self.s) != 0:
            raise ZeroDivisionError("Scalar.invert: 0 has no inverse")
        return r

    def __add__(self, other):
        return scalar_binary(self, other, cpp.crypto_core_ristretto255_scalar_add, False)

    def __radd__(self, other):
        return scalar_binary(self, other, cpp.crypto_core_ristretto255_scalar_add, True)

    def __sub__(self, other):
        return scalar_binary(self, other, cpp.crypto_core_ristretto255_scalar_sub, False)

    def __rsub__(self, other):
        return scalar_binary(self, other, cpp.crypto_core_ristretto255_scalar_sub, True)

    def __mul__(self, other):
        return scalar_binary(self, other, cpp.crypto_core_ristretto255_scalar_mul, False)

    def __rmul__(self, other):
        return scalar_binary(self, other, cpp.crypto_core_ristretto255_scalar_mul, True)

    def __neg__(self):
        cdef Scalar r = Scalar.__new__(Scalar)
        cpp.crypto_core_ristretto255_scalar_negate(r.s, self.s)
        return r

    def __eq__(self, other):
        cdef uint8_t t[32]
        if type(other) is Scalar:
            return cpp.crypto_verify_32(self.s, (<Scalar>other).s) == 0
        if not read_scalar_operand(other, t):
            return NotImplemented
        result = cpp.crypto_verify_32(self.s, t) == 0
        cpp.sodium_memzero(t, 32)
        return result

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = None

    def __repr__(self):
        return "Scalar(<hidden>)"

    def __reduce__(self):
        return Scalar.from_bytes, (self.to_bytes(),)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


# ---------------------------------------------------------------------------------------------------
# FixedBase
# ---------------------------------------------------------------------------------------------------

@cython.final
cdef class FixedBase:
    """A precomputed table for one base point P (what base_mul has for G): B * s, s * B and B.mul(s) are
    s*P as a Point, constant-time in s, several times faster than s * Point(P). The table (~30 KiB) is
    built once, with the GIL released; FixedBase(G) shares G's table. Immutable."""

    def __init__(self, P):
        cdef CEdwardsPoint base
        cdef CFixedBaseTable* table
        if self.tbl != NULL:
            raise TypeError("FixedBase is immutable: __init__ cannot run twice")
        point = as_point(P, "P")
        base = point.pt
        if cpp.ristretto_ct_eq(base, CEdwardsPoint.basepoint()):
            self.tbl = &cpp.basepoint_table()
        else:
            with nogil:
                table = new CFixedBaseTable(base)
            if self.tbl != NULL:  # another __init__ finished while the GIL was released: keep its table
                del table
                raise TypeError("FixedBase is immutable: __init__ cannot run twice")
            self._own.reset(table)
            self.tbl = table
        self.point = point

    def mul(self, s):
        """s * P as a Point, constant-time in s (an int-like or a Scalar)."""
        cdef uint8_t k[32]
        read_scalar(s, "s", k)
        return self.mul_wiping(k)

    cdef Point mul_wiping(self, uint8_t* k):
        """k * P for 32 reduced bytes k, which are wiped."""
        cdef CEdwardsPoint r
        cdef const CFixedBaseTable* table = self.tbl
        if table == NULL:
            cpp.sodium_memzero(k, 32)
            raise ValueError("FixedBase was not initialised")
        with nogil:
            r = table.mul(k)
            cpp.sodium_memzero(k, 32)
        return point_from_c(r)

    def __mul__(self, s):
        cdef uint8_t k[32]
        if not read_scalar_operand(s, k):
            return NotImplemented
        return self.mul_wiping(k)

    def __rmul__(self, s):
        return self.__mul__(s)

    def __repr__(self):
        return f"FixedBase({self.point!r})"

    def __reduce__(self):
        return FixedBase, (self.point.encoded(),)  # the table is rebuilt on unpickling


def _set_threads(k):
    """Sets this module's copy of the C++ thread setting (used by PointVector and MSMTable); see
    pyristretto._core._set_threads: pyristretto.set_threads applies it to every extension module."""
    cpp.set_msm_max_threads(k)


def _get_threads():
    """This module's copy of the C++ thread setting as set (0: automatic)."""
    return cpp.get_msm_max_threads()


include "_vectors.pxi"
