# Argument conversion (GIL held), shared by the objects, the functional API and the protocol accelerators:
# scalars, points and bytes-like arguments read into C buffers, with errors that name the argument.
# Included into _objects.pyx.


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


cdef int one_dimensional(object obj, object name) except -1:
    """TypeError naming `name` when obj is a buffer of more than one dimension: the object layer's Point(data),
    FixedBase(P) and Transcript.append_point take one encoding, and a (2, 16) array is none (the functional API of
    0.1.0 reads any 32-byte buffer flat, a (1, 32) array included, and keeps doing so)."""
    if type(obj) is not bytes and PyObject_CheckBuffer(obj) and not isinstance(obj, str):
        ndim = memoryview(obj).ndim
        if ndim > 1:
            raise TypeError(f"{name}: expected a one-dimensional buffer of bytes, got {ndim} dimensions")
    return 0


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
