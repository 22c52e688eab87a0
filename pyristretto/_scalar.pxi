# Scalar: an integer mod q in a 32-byte C buffer, wiped when freed; constant-time arithmetic through
# libsodium. Included into _objects.pyx.

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


cdef object scalar_divide(Scalar a, object other, bint reflected):
    """a / other (other / a when reflected) as a Scalar: the dividend times the divisor's inverse (the C++ core's
    constant-time scalar_invert); ZeroDivisionError for a zero divisor, NotImplemented when other is no scalar."""
    cdef uint8_t t[32]
    cdef uint8_t inv[32]
    cdef const uint8_t* dividend = a.s
    cdef const uint8_t* divisor = t
    cdef Scalar r
    if not read_scalar_operand(other, t):
        return NotImplemented
    if reflected:
        dividend, divisor = t, a.s
    r = Scalar.__new__(Scalar)
    try:
        if cpp.scalar_invert(inv, divisor) != 0:
            raise ZeroDivisionError("Scalar division by zero")
        cpp.crypto_core_ristretto255_scalar_mul(r.s, dividend, inv)
    finally:
        cpp.sodium_memzero(t, 32)
        cpp.sodium_memzero(inv, 32)
    return r


@cython.final
@cython.freelist(32)
cdef class Scalar:
    """An integer mod q (the group order) as 32 bytes, with constant-time arithmetic; immutable.

    Scalar(value) reduces an int-like exactly mod q (any sign and size) or copies another Scalar. Arithmetic:
    + - * and / (times the inverse; ZeroDivisionError for 0) with a Scalar or an int-like on either side. Its
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

    def __truediv__(self, other):
        """s / t = s * t.invert() (t a Scalar or an int-like), constant-time; ZeroDivisionError when t is 0."""
        return scalar_divide(self, other, False)

    def __rtruediv__(self, other):
        return scalar_divide(self, other, True)

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
