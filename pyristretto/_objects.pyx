# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""pyristretto's one extension module with the C++ core linked in: the objects (Point, Scalar, FixedBase;
PointVector and MSMTable in _vectors.pxi), the batch Schnorr check (_schnorr.pxi), the functional API on bytes
and ints (_functional.pxi), the thread setting and the backend. The C++ statics (G's and H's fixed-base tables,
the thread setting, the backend choice) exist once. pyristretto._core only re-exports the cimport-able entry
points (through this module's C-API) and links no copy of the core.
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


# ---------------------------------------------------------------------------------------------------
# Argument conversion (GIL held), shared by the objects and the functional API
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
    """Copies a bytes-like object of exactly `expected` bytes into out (a strided one gathered straight into out,
    so a secret passes through no unwiped temporary).

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
            PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO)  # strided allowed; not one needing suboffsets
        except (BufferError, ValueError):
            raise TypeError(f"{name}: expected a bytes-like object with strides, got {type(obj).__name__}") from None
        try:
            if view.itemsize != 1:
                raise TypeError(f"{name}: expected a buffer of bytes, got item size {view.itemsize}")
            length = view.len
            if length == expected:
                PyBuffer_ToContiguous(out, &view, expected, b'C')  # a plain copy when already contiguous
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


cdef object flat_items_of_32(object view, str name):
    """A buffer of 32-byte items (a C-contiguous memoryview of 32*n bytes or shape (n, 32)) as a flat memoryview
    of its bytes; TypeError / ValueError naming `name` for any other buffer."""
    if view.itemsize != 1:
        raise TypeError(f"{name}: expected a buffer of bytes (uint8), got format {view.format!r}")
    if not view.c_contiguous:
        raise ValueError(f"{name}: expected a C-contiguous buffer")
    if view.ndim > 2 or (view.ndim == 2 and view.shape[1] != 32) or view.nbytes % 32:
        raise ValueError(f"{name}: expected shape (n, 32) or 32*n bytes, got shape {view.shape}")
    if view.nbytes == 0:  # shape (0, 32) cannot be cast
        return memoryview(b"")
    return view.cast("B")


cdef object scalar_buffer_view(object scalars):
    """memoryview(scalars) when scalars takes the buffer form, else None (an iterable of ints or Scalars).

    The buffer form is one C-contiguous buffer of 32-byte little-endian values (any bytes: reduced mod q when read,
    by libsodium, without the GIL and without Python ints): a bytes, bytearray or memoryview of 32*n bytes or shape
    (n, 32), or any other 2-D buffer of bytes (a numpy uint8 array of shape (n, 32)). Other objects, 1-D numpy
    integer arrays included, are iterables of ints."""
    if isinstance(scalars, (bytes, bytearray, memoryview)):  # iterating these gives small ints: never meant
        return memoryview(scalars)
    if PyObject_CheckBuffer(scalars) and not isinstance(scalars, str):
        view = memoryview(scalars)
        if view.ndim >= 2:  # a 1-D numpy array stays an iterable of ints, as it always was
            return view
    return None


cdef int reduce_in_place(uint8_t* data, size_t n) except -1:
    """Reduces n 32-byte scalars mod q in place (libsodium, without the GIL: data must be this call's own copy)."""
    cdef uint8_t wide[64]
    cdef size_t i
    with nogil:
        memset(wide + 32, 0, 32)
        for i in range(n):
            memcpy(wide, data + 32 * i, 32)
            cpp.crypto_core_ristretto255_scalar_reduce(data + 32 * i, wide)
        cpp.sodium_memzero(wide, 64)
    return 0


# ---------------------------------------------------------------------------------------------------
# The multi-point sums a block at a time (msm, msm_vartime, point_sum and PointVector.msm*): bounded memory
# ---------------------------------------------------------------------------------------------------

cdef size_t arg_block = ARG_BLOCK  # points per block; _set_arg_block changes it (tests cross the boundaries)


def _set_arg_block(k):
    """Sets the points per block with which msm, msm_vartime, point_sum and PointVector.msm* read their arguments
    (k >= 1; for the tests, which cross block boundaries with small inputs); returns the previous value."""
    global arg_block
    cdef size_t previous = arg_block
    if k < 1:
        raise ValueError(f"k: expected k >= 1, got {k}")
    arg_block = k
    return previous


@cython.final
@cython.auto_pickle(False)  # Cython's pickling would read `data` as a C string (a segfault on a new Items32)
cdef class Items32:
    """The n 32-byte items (scalars, or point encodings) of one argument, read a block at a time with the GIL
    held (block_sum), so that no copy of the whole argument is made. A list or tuple is read where it is (a
    list another thread shortens meanwhile is an error, never a crash); a buffer through one memoryview held
    until its last block is copied (meanwhile its exporter cannot resize or free it: a bytearray resized by another
    thread then raises BufferError there); an immutable bytes of points is read in place, without copying, also
    without the GIL. Any other iterable is made a list first."""
    cdef object items           # a list or tuple of items, or None for a buffer
    cdef object view            # the flat memoryview of a buffer argument, held (the buffer stays exported) until
                                # its last block is read, or for the whole call when read in place
    cdef const uint8_t* data    # the buffer's bytes
    cdef bint in_place          # points in an immutable bytes: pass data itself to the C++ core
    cdef bint scalars           # scalars (reduced mod q when read), else point encodings (not validated)
    cdef bint reduced           # scalars already reduced (a ScalarVector's buffer, held in view): copied as they are
    cdef size_t n

    cdef int set_view(self, object view, str name) except -1:
        self.view = flat_items_of_32(view, name)
        cdef const uint8_t[::1] flat = self.view
        self.n = flat.shape[0] // 32
        if self.n:
            self.data = &flat[0]  # stays valid while self.view holds the export
        self.in_place = not self.scalars and type(view.obj) is bytes
        return 0

    cdef int set_items(self, object iterable, str name) except -1:
        self.items = iterable if type(iterable) is list or type(iterable) is tuple else as_list(iterable, name)
        self.n = len(self.items)
        return 0

    cdef int fill(self, size_t first, size_t m, uint8_t* out) except -1:
        """Writes items [first, first + m) to out: 32 bytes each, scalars reduced mod q."""
        cdef size_t i
        cdef object item
        if m == 0:
            return 0
        if self.items is None:
            memcpy(out, self.data + 32 * first, 32 * m)
            if first + m == self.n:
                # The last block is copied: give the buffer back (another thread may resize a bytearray again). So an
                # argument of one block is exported only while the GIL is held, as when it was copied whole.
                self.view = None
                self.data = NULL
            if self.scalars and not self.reduced:
                reduce_in_place(out, m)
            return 0
        for i in range(first, first + m):  # scalars: a list of points is read by gather_points
            if i >= <size_t>len(self.items):  # a list shortened by another thread, or by an item's __index__
                raise RuntimeError("scalars: the list changed size during the call")
            item = self.items[i]
            # An int or a Scalar cannot fail: the index is only formatted for the other types.
            read_scalar(item, None if PyLong_Check(item) or type(item) is Scalar else f"scalars[{i}]",
                        out + 32 * (i - first))
        return 0

    cdef size_t gather_points(self, size_t first, size_t m, uint8_t* enc, vector[CEdwardsPoint]& out,
                              size_t offset, vector[size_t]& where) except? <size_t>-1:
        """Reads the list items [first, first + m) of a points argument without re-encoding a Point: item
        first + j, when a Point, is copied decoded to out[offset + j] (out is grown to offset + m if it is
        shorter); the other items' 32 bytes (not validated) are gathered into enc, their j in where. Returns how
        many were gathered (m: no Point in the block, out untouched); finish with decode_gathered."""
        cdef size_t i, k = 0
        cdef object item
        where.clear()
        for i in range(first, first + m):
            if i >= <size_t>len(self.items):  # a list shortened by another thread, or by an item's __index__
                raise RuntimeError("points: the list changed size during the call")
            item = self.items[i]
            if type(item) is Point:
                if out.size() < offset + m:
                    out.resize(offset + m)
                out[offset + i - first] = (<Point>item).pt
                continue
            if type(item) is bytes and PyBytes_GET_SIZE(item) == 32:  # the common case, without building a name
                memcpy(enc + 32 * k, PyBytes_AS_STRING(item), 32)
            else:
                read_bytes(item, f"points[{i}]", enc + 32 * k, 32, InvalidPointError)
            where.push_back(i - first)
            k += 1
        return k


cdef int decode_gathered(const uint8_t* enc, size_t k, size_t m, CEdwardsPoint* out, size_t first,
                         const vector[size_t]& where, vector[CEdwardsPoint]& scratch) except -1:
    """Completes Items32.gather_points for the block of m points starting at index first: decodes the k gathered
    encodings (in C++, without the GIL) into their places out[where[i]] (straight into out[0..m) when k == m,
    where is then not read: a buffer's block); InvalidPointError naming the first invalid one by its index in the
    whole argument."""
    cdef size_t bad = k, i
    if k == m:
        with nogil:
            bad = cpp.decode_points(out, enc, k)
    elif k:
        scratch.resize(k)
        with nogil:
            bad = cpp.decode_points(scratch.data(), enc, k)
        if bad == k:
            for i in range(k):
                out[where[i]] = scratch[i]
    if bad != k:
        raise_invalid_point(f"points[{first + (bad if k == m else where[bad])}]")
    return 0


cdef Items32 scalar_items(object scalars):
    """The scalars argument: a ScalarVector, an iterable of ints or Scalars, or one buffer of 32-byte values
    (scalar_buffer_view)."""
    if isinstance(scalars, str):
        raise TypeError(f"scalars: expected an iterable of ints, got {type(scalars).__name__}")
    cdef Items32 r = Items32.__new__(Items32)
    r.scalars = True
    if type(scalars) is ScalarVector:  # immutable and reduced: its buffer is read as it is
        r.view = scalars
        r.n = (<ScalarVector>scalars).n
        r.data = (<ScalarVector>scalars).buf.data()
        r.reduced = True
        return r
    view = scalar_buffer_view(scalars)
    if view is None:
        r.set_items(scalars, "scalars")
    else:
        r.set_view(view, "scalars")
    return r


cdef Items32 point_items(object points):
    """The points argument (not a PointVector): an iterable of points (bytes-like or Point) or one buffer of 32*n
    bytes / shape (n, 32)."""
    if isinstance(points, str):
        raise TypeError("points: expected points or a buffer of 32*n bytes, got str")
    cdef Items32 r = Items32.__new__(Items32)
    if PyObject_CheckBuffer(points):
        r.set_view(memoryview(points), "points")
    else:
        r.set_items(points, "points")
    return r


cdef size_t read_scalars(object scalars, CSecretBuffer& out) except? 0:
    """Copies all the scalars (scalar_items' forms), each reduced mod q, 32 bytes each, into out."""
    cdef Items32 sc = scalar_items(scalars)
    out.allocate(32 * sc.n)
    sc.fill(0, sc.n, out.data())
    return sc.n


def _point_items_in_place(points):
    """Whether msm, msm_vartime and point_sum read this points argument in place, without copying (for the tests)."""
    return (<Items32>point_items(points)).in_place


cdef int block_sum(int kind, object scalars, object points, str name, CEdwardsPoint* result) except -1:
    """result = sum s_i P_i (kind MSM_CT: constant-time in the scalars; MSM_VARTIME: public scalars) or sum P_i
    (MSM_SUM: scalars unused) over points: a PointVector, or any form point_items takes.

    The arguments are read arg_block points at a time (scalars converted and reduced, points copied unless they are
    an immutable bytes or a PointVector) with the GIL held; then the GIL is released while the C++ accumulator's
    threads decode and add that block, keeping their state (Pippenger's buckets) across blocks. A block of a list
    with Points in it is fed decoded (Items32.gather_points: a Point is never encoded again, the block's encodings
    are decoded into their places). So the memory beyond the arguments is bounded whatever n is (two blocks of 32
    bytes per point, a block of decoded points when a list holds Points, and the accumulator's per-thread blocks
    and buckets), every point is decoded once, and the result is what one call over all n would give.
    Errors name the index in the whole argument. The scalar block is wiped when done (SecretBuffer).

    A buffer of points that another thread changes during the call is read block by block: each block is a
    consistent copy, the sum may mix states across blocks (as for a list changed meanwhile)."""
    cdef Items32 sc = None, pts = None
    cdef PointVector v = None
    cdef size_t n, first = 0, m, rc, block
    cdef CSecretBuffer sbuf  # the scalar block (wiped when freed)
    cdef CSecretBuffer pbuf  # not secret: a block of point encodings copied from a mutable argument
    cdef vector[CEdwardsPoint] dbuf, scratch  # a list's block with Points in it, decoded (only then allocated)
    cdef vector[size_t] where
    cdef unique_ptr[cpp.CMsmAccumulator] acc
    cdef const uint8_t* sp = NULL
    cdef const uint8_t* pp
    cdef const CEdwardsPoint* dp
    cdef bint ok
    if kind != MSM_SUM:
        sc = scalar_items(scalars)
    if type(points) is PointVector:  # already decoded: fed to the core as they are
        v = ready(<PointVector>points)
        n = v.pts.size()
    else:
        pts = point_items(points)
        n = pts.n
    if sc is not None and sc.n != n:
        raise ValueError(f"{name}: {sc.n} scalars but {n} points")
    block = min(arg_block, n)
    if sc is not None:
        sbuf.allocate(32 * block)
    if pts is not None and not pts.in_place:
        pbuf.allocate(32 * block)
    acc.reset(new cpp.CMsmAccumulator(kind, n))  # MemoryError when its buckets cannot be allocated
    while first < n:
        m = min(block, n - first)
        if sc is not None:
            sc.fill(first, m, sbuf.data())
            sp = sbuf.data()
        if v is not None:
            dp = v.pts.data() + first
            with nogil:
                rc = acc.get().feed_decoded(sp, dp, m)
        elif pts.items is not None and pts.gather_points(first, m, pbuf.data(), dbuf, 0, where) != m:
            # Points in this block: fed decoded as they are (no encoding and decoding again), with the block's
            # encodings decoded into their places.
            decode_gathered(pbuf.data(), where.size(), m, dbuf.data(), first, where, scratch)
            dp = dbuf.data()
            with nogil:
                rc = acc.get().feed_decoded(sp, dp, m)
        else:  # encodings only: decoded by the accumulator's threads as it adds them
            if pts.in_place:
                pp = pts.data + 32 * first
            else:
                if pts.items is None:
                    pts.fill(first, m, pbuf.data())
                pp = pbuf.data()
            with nogil:
                rc = acc.get().feed(sp, pp, m)
        first += m
        check_points_result(rc, first)  # the global index of an invalid point, or MemoryError
        PyErr_CheckSignals()  # Ctrl-C between blocks
    with nogil:
        ok = acc.get().finish(result[0])
    sbuf.wipe()
    if not ok:
        raise MemoryError(f"{name}: out of memory")
    return 0


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


def derive_key_scalar(seed, info, dst, int _test_zero_counters=0):
    """RFC 9497 DeriveKeyPair's private key (pyristretto.oprf): the first non-zero
    ``HashToScalar(seed || I2OSP(len(info), 2) || info || I2OSP(counter, 1), dst)`` for counter = 0 .. 255, as a
    Scalar, or None when all 256 are zero. ``seed``: 32 bytes, any bytes-like (ValueError otherwise); ``info``: at
    most 65535 bytes. The message is assembled in a C buffer that is wiped when done, so no Python object receives
    a copy of the seed. ``_test_zero_counters`` (tests only) treats the hashes of the first that many counters as
    zero: a real zero has probability 2^-252, so the retry is tested this way."""
    cdef bytes info_bytes = as_bytes(info, "info"), d = read_dst(dst)
    cdef size_t info_len = PyBytes_GET_SIZE(info_bytes)
    cdef CSecretBuffer message  # seed || I2OSP(len(info), 2) || info || counter (wiped when freed)
    cdef uint8_t* m
    cdef Scalar r = Scalar.__new__(Scalar)
    cdef unsigned counter
    if info_len > 0xFFFF:
        raise ValueError(f"info: at most 65535 bytes, got {info_len}")
    message.allocate(32 + 2 + info_len + 1)
    m = message.data()
    read_bytes(seed, "seed", m, 32, ValueError)
    m[32] = <uint8_t>(info_len >> 8)
    m[33] = <uint8_t>(info_len & 0xFF)
    memcpy(m + 34, PyBytes_AS_STRING(info_bytes), info_len)
    for counter in range(256):
        m[34 + info_len] = <uint8_t>counter
        cpp.hash_to_scalar(m, 35 + info_len, <const uint8_t*>PyBytes_AS_STRING(d), PyBytes_GET_SIZE(d), r.s)
        if counter >= _test_zero_counters and not cpp.sodium_is_zero(r.s, 32):
            return r
    return None


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
    int-like or a Scalar, constant-time in s), == (Ristretto equality, constant-time), 0 + P is P (so
    sum(points) works without a start value). A Point also equals its canonical 32-byte encoding as a bytes,
    bytearray or memoryview (P == point_add(...), constant-time; any other bytes are not equal), and hashes
    as it: hash(P) == hash(bytes(P)), so P and bytes(P) are one set member or dict key. The canonical encoding
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
            return point_from_c(cpp.point_add_decoded(self.pt, (<Point>other).pt))
        return mixed_operand(other, "+")

    def __sub__(self, other):
        if type(other) is Point:
            return point_from_c(cpp.point_sub_decoded(self.pt, (<Point>other).pt))
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

    def __radd__(self, other):
        # 0 + P is P, so that sum(points) needs no start value (sum starts from the int 0); only the int 0.
        if type(other) is int and other == 0:
            return self
        return mixed_operand(other, "+")

    def __eq__(self, other):
        cdef int r = point_equals(self, other)
        return NotImplemented if r < 0 else r == 1

    def __ne__(self, other):
        cdef int r = point_equals(self, other)
        return NotImplemented if r < 0 else r == 0

    def __hash__(self):
        return hash(self.encoded())  # as its encoding's: P == bytes(P), so they must hash alike

    def __repr__(self):
        return f"Point('{self.encoded().hex()}')"

    def __reduce__(self):
        return Point, (self.encoded(),)  # unpickling re-validates

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


cdef int point_equals(Point p, object other) except -2:
    """Point equality: 1 when other is p's element, 0 when not, -1 for a type that holds no point (NotImplemented).
    A Point compares by Ristretto equality (constant-time), anything else as encoding_equals with p's encoding."""
    if type(other) is Point:
        return cpp.ristretto_ct_eq(p.pt, (<Point>other).pt) != 0
    return encoding_equals(<const uint8_t*>PyBytes_AS_STRING(p.encoded()), other)


cdef int encoding_equals(const uint8_t* enc, object other) except -2:
    """Whether a bytes, bytearray or memoryview other holds exactly the canonical encoding enc: 1 or 0
    (crypto_verify_32, constant-time; any other length, a non-canonical or invalid encoding, a buffer of items
    wider than a byte: 0); -1 for other types (NotImplemented)."""
    cdef uint8_t b[32]
    if not isinstance(other, (bytes, bytearray, memoryview)):
        return -1
    try:
        if not read_bytes(other, "other", b, 32, None):
            return 0
    except TypeError:  # a memoryview of items wider than a byte, or a released one
        return 0
    return cpp.crypto_verify_32(enc, b) == 0


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
    unhashable: they compare equal to ints by value mod q, which no hash can be consistent with (a Point, equal
    only to its one canonical encoding, hashes as it). Scalar(b) of bytes is a TypeError naming Scalar.from_bytes."""

    def __cinit__(self, *args):
        # Built here, not in __init__, so that a live Scalar can never be changed (s.__init__(t) is a no-op).
        # Scalar.__new__(Scalar) without an argument (the internal fast path) is 0.
        if args:
            if len(args) != 1:
                raise TypeError(f"Scalar() takes one argument, an int-like or a Scalar ({len(args)} given)")
            try:
                read_scalar(args[0], "value", self.s)
            except TypeError:
                if PyObject_CheckBuffer(args[0]):  # bytes are no int: say how to build a Scalar from them
                    raise TypeError(f"Scalar(value): expected an int or a Scalar, got {type(args[0]).__name__}; "
                                    "for a 32-byte encoding use Scalar.from_bytes(b) (canonical) or "
                                    "Scalar.from_bytes_mod_order(b) (32 or 64 bytes, reduced)") from None
                raise

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
        """The inverse mod q, constant-time (the C++ core's scalar_invert: s^(q-2) on its own Montgomery
        arithmetic, 1.5-2.8x faster than pow(int(s), -1, q)); ZeroDivisionError for 0."""
        cdef Scalar r = Scalar.__new__(Scalar)
        if cpp.scalar_invert(r.s, self.s) != 0:
            raise ZeroDivisionError("Scalar.invert: 0 has no inverse")
        return r

    def invert_vartime(self):
        """The inverse mod q of a public scalar; ZeroDivisionError for 0. Same result as invert(); it may take
        time that depends on the value. Today it runs invert(): that constant-time exponentiation measured faster
        than the variable-time route at hand (CPython's extended Euclid, pow(int(s), -1, q))."""
        cdef Scalar r = Scalar.__new__(Scalar)
        if cpp.scalar_invert(r.s, self.s) != 0:
            raise ZeroDivisionError("Scalar.invert_vartime: 0 has no inverse")
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

    def __pow__(self, e, mod):
        """s ** e for an int e, constant-time in s for a public e (square-and-multiply on e's bits); a negative e
        raises the inverse (ZeroDivisionError for 0); 0 ** 0 is 1. pow(s, e, m) is a TypeError."""
        if mod is not None or type(self) is not Scalar:
            return NotImplemented
        return scalar_power(<Scalar>self, e)

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
    s*P as a Point, constant-time in s, several times faster than s * Point(P). The table (~30 KiB, twice
    that where the CPU has AVX-512 IFMA: a lane-interleaved copy for the IFMA backend; 45 KiB more on the AVX2
    backend: its four-lane rows) is built once, with the GIL released; FixedBase(G) shares G's table. Immutable."""

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

    @property
    def point(self):
        """The base point P as a Point."""
        return fixed_base_point(self)

    def mul(self, s):
        """s * P as a Point, constant-time in s (an int-like or a Scalar)."""
        cdef uint8_t k[32]
        fixed_base_point(self)
        read_scalar(s, "s", k)
        return self.mul_wiping(k)

    cdef Point mul_wiping(self, uint8_t* k):
        """k * P for 32 reduced bytes k, which are wiped."""
        cdef CEdwardsPoint r
        cdef const CFixedBaseTable* table = self.tbl
        if table == NULL:
            cpp.sodium_memzero(k, 32)
            fixed_base_point(self)  # raises
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
        return f"FixedBase({fixed_base_point(self)!r})"

    def __reduce__(self):
        return FixedBase, (fixed_base_point(self).encoded(),)  # the table is rebuilt on unpickling


cdef Point fixed_base_point(FixedBase B):
    """B's base point; ValueError when B.__init__ never ran or raised (FixedBase.__new__(FixedBase)), for every
    method: pickling one read its missing point (a segfault)."""
    if B.tbl == NULL or B.point is None:
        raise ValueError("FixedBase was not initialised (FixedBase.__new__ without __init__, or __init__ raised)")
    return B.point


def _set_threads(k):
    """Sets the C++ thread setting: k >= 1 threads at most, 0 automatic (internal: pyristretto.set_threads
    validates k and calls this)."""
    cpp.set_msm_max_threads(k)


def _get_threads():
    """The C++ thread setting as set (0: automatic)."""
    return cpp.get_msm_max_threads()


def _max_threads():
    """At most this many threads are used: the setting, or available_cpus() when automatic; 64 at most."""
    cdef unsigned k = cpp.get_msm_max_threads()
    if k == 0:
        k = cpp.available_cpus()
    return min(k, cpp.kMaxThreadsCap)


def _available_cpus():
    """The CPUs this process may run on, as the C++ core counts them once: the sched_getaffinity mask, limited
    by a cgroup CPU quota (v2 cpu.max, else v1 cpu.cfs_quota_us); std::thread::hardware_concurrency() if unknown."""
    return cpp.available_cpus()


def _cpu_max_limit(text):
    """CPUs allowed by the text of a cgroup v2 cpu.max file (0: no limit); exposed for the tests."""
    return cpp.cpu_max_limit(as_bytes(text, "text"))


def _worker_count(n):
    """The threads the core would use for n points now (for the tests)."""
    return cpp.worker_count(n)


def _decode_work(n):
    """The point count worker_count gets for n points of work dominated by decoding (for the tests)."""
    return cpp.decode_work(n)


def _sum_work(n):
    """The point count worker_count gets for a plain sum of n decoded points (for the tests)."""
    return cpp.sum_work(n)


def backend():
    """The arithmetic backend in use: ``"ifma"`` (AVX-512 IFMA), ``"avx2"`` (AVX2, on x86-64 CPUs without IFMA),
    both chosen at run time on CPUs that have them, or ``"portable"``. Set ``PYRISTRETTO_BACKEND=portable`` (or
    ``avx2``, ``ifma``) before the first call to force one (a vector backend the CPU lacks falls back); the choice is
    made once per process."""
    return cpp.backend_name().decode("ascii")


include "_scalar_vector.pxi"
include "_vectors.pxi"
include "_schnorr.pxi"
include "_transcript.pxi"
include "_functional.pxi"
