# Point: one group element kept decoded in C++ memory, and the C++ core on decoded points exported for
# downstream Cython code (see _objects.pxd). Included into _objects.pyx.

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
    int-like or a Scalar, constant-time in s; a ScalarVector s gives the PointVector of the s_i * P, in one call
    into C++), == (Ristretto equality, constant-time), 0 + P is P (so
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
        one_dimensional(data, name)
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
        if type(k) is ScalarVector:  # the multiples k_i * P as a PointVector
            return base_times_vector(NULL, p, <ScalarVector>k)
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
