# ScalarVector (n scalars mod q in one C++ buffer), Scalar ** e, random_weights and the constant-time select/swap.
# Included into _objects.pyx before _vectors.pxi. A ScalarVector is immutable once constructed, so the C++ work on
# it runs without the GIL (and threads may share it); its buffer is a CSecretBuffer, wiped when it is freed.


cdef ScalarVector sv_new(size_t n):
    cdef ScalarVector v = ScalarVector.__new__(ScalarVector)
    v.buf.allocate(32 * n)
    v.n = n
    return v


cdef inline uint8_t* sv_data(ScalarVector v) noexcept nogil:
    return v.buf.data()


cdef ScalarVector as_scalar_vector(object v, str name):
    """v itself when it is a ScalarVector, else ScalarVector(v) (TypeError / ValueError naming `name`)."""
    if type(v) is ScalarVector:
        return <ScalarVector>v
    try:
        return ScalarVector(v)
    except TypeError as e:
        raise TypeError(f"{name}: expected a ScalarVector or scalars ({e})") from None


cdef int same_length(ScalarVector a, ScalarVector b, str op) except -1:
    if a.n != b.n:
        raise ValueError(f"ScalarVector {op}: lengths {a.n} and {b.n} differ")
    return 0


ctypedef void (*sv_binary_op)(uint8_t*, const uint8_t*, const uint8_t*, size_t) noexcept nogil


cdef object sv_operand(object v):
    """An element-wise operator's other operand as a ScalarVector: a ScalarVector, or a list or tuple of ints and
    Scalars (TypeError naming the item that is neither); None for any other type (NotImplemented)."""
    if type(v) is ScalarVector:
        return v
    if type(v) is list or type(v) is tuple:
        return as_scalar_vector(v, "other")
    return None


cdef object sv_binary(object a, object b, sv_binary_op op, str name):
    """Element-wise a op b of two ScalarVectors, either of them may be a list or tuple of scalars; NotImplemented for
    another type (ValueError on a length mismatch)."""
    a, b = sv_operand(a), sv_operand(b)
    if a is None or b is None:
        return NotImplemented
    cdef ScalarVector x = <ScalarVector>a, y = <ScalarVector>b
    same_length(x, y, name)
    cdef ScalarVector r = sv_new(x.n)
    with nogil:
        op(sv_data(r), sv_data(x), sv_data(y), x.n)
    return r


cdef ScalarVector sv_scaled(ScalarVector v, const uint8_t* s):
    cdef ScalarVector r = sv_new(v.n)
    with nogil:
        cpp.sv_scale(sv_data(r), sv_data(v), s, v.n)
    return r


cdef int sv_equals(ScalarVector v, object other) except -2:
    """1 / 0 for equal / different values in order, -1 for a type that holds no scalars (NotImplemented).
    other: a ScalarVector, or a list or tuple of ints and Scalars (compared mod q). Constant-time in the values
    (every element is compared; a length difference is public). An item that is no scalar makes it unequal."""
    cdef CSecretBuffer t
    cdef size_t i
    cdef bint equal
    if type(other) is ScalarVector:
        if (<ScalarVector>other).n != v.n:
            return 0
        with nogil:
            equal = cpp.ct_bytes_equal(sv_data(v), sv_data(<ScalarVector>other), 32 * v.n)
        return equal
    if type(other) is not list and type(other) is not tuple:
        return -1
    items = tuple(other)
    if <size_t>len(items) != v.n:
        return 0
    t.allocate(32 * v.n)
    for i in range(v.n):
        if not read_scalar_operand(items[i], t.data() + 32 * i):
            return 0  # an item that is no scalar (public: its type)
    equal = cpp.ct_bytes_equal(sv_data(v), t.data(), 32 * v.n)
    return equal


cdef size_t vector_length(object n, str name) except? 0:
    try:
        count = operator.index(n)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(n).__name__}") from None
    if count < 0 or count > (<size_t>SIZE_MAX) // 64:
        raise ValueError(f"{name}: expected a length >= 0, got {count}")
    return count


@cython.final
cdef class ScalarVector:
    """n scalars mod q in one C++ buffer, for the vector arithmetic of proofs (inner-product arguments, batch
    verification); immutable. The buffer is wiped (sodium_memzero) when the vector is freed.

    ScalarVector(values) takes an iterable of ints and Scalars (each reduced exactly mod q, as Scalar(value) does),
    another ScalarVector (copied), or one C-contiguous buffer of 32-byte little-endian values (32*n bytes, or shape
    (n, 32)), each REDUCED mod q like the scalars of msm (from_bytes insists on canonical values instead).

    Arithmetic (in C++, constant-time in the values, the GIL released): a + b, a - b, a * b element-wise (the
    Hadamard product; equal lengths, else ValueError; either operand may be a list or tuple of ints and Scalars),
    -a, a * s and s * a for one scalar s (int or Scalar), a * P and P * a for a Point or FixedBase P (the
    PointVector of the a_i * P), a.inner(b), a.sum(), a.fold(x, y) (the inner-product argument's a_lo*x +
    a_hi*y), a.batch_invert() and a.batch_invert_vartime(), ScalarVector.powers(x, n). `+` is element-wise: join
    vectors with ScalarVector.concat(a, b, ...). Sequence protocol: len(a), a[i] (a Scalar), a[i:j:k] (a ScalarVector),
    iteration. Accepted without conversion as the scalars of msm, msm_vartime, PointVector.msm / .msm_vartime /
    .scale / .scale_vartime and MSMTable.msm / .msm_vartime.

    a == b compares values (constant-time), also with a list or tuple of ints and Scalars (mod q), as Scalar == int
    does; for the same reason as Scalar (equal to ints by value mod q) a ScalarVector is unhashable. The repr hides
    the values; a pickle carries them (they may be secrets: protect the pickle); copy() returns the object itself."""

    def __cinit__(self, *args):
        # Built here, not in __init__ (as Scalar), so that a live ScalarVector can never change: others may read its
        # buffer without the GIL. ScalarVector.__new__(ScalarVector) without an argument (the internal fast path,
        # sv_new) is the empty vector.
        cdef size_t n
        if not args:
            return
        if len(args) != 1:
            raise TypeError(f"ScalarVector() takes one argument, the values ({len(args)} given)")
        values = args[0]
        if type(values) is ScalarVector:
            n = (<ScalarVector>values).n
            self.buf.allocate(32 * n)
            if n:
                memcpy(self.buf.data(), sv_data(<ScalarVector>values), 32 * n)
        else:
            n = read_scalars_named(values, self.buf, "values")  # every form the msm scalars take; no one else sees self
        self.n = n

    @staticmethod
    def random(n):
        """n scalars uniform in [1, q) from libsodium's CSPRNG (crypto_core_ristretto255_scalar_random)."""
        cdef ScalarVector r = sv_new(vector_length(n, "n"))
        with nogil:
            cpp.sv_random(sv_data(r), r.n)
        return r

    @staticmethod
    def powers(x, n):
        """(1, x, x^2, ..., x^(n-1)) for a scalar x (int or Scalar), constant-time in x."""
        cdef uint8_t s[32]
        cdef size_t count = vector_length(n, "n")
        read_scalar(x, "x", s)
        cdef ScalarVector r = sv_new(count)
        with nogil:
            cpp.sv_powers(sv_data(r), s, count)
            cpp.sodium_memzero(s, 32)
        return r

    @staticmethod
    def concat(*vectors):
        """The vectors joined in order as one ScalarVector (each a ScalarVector or anything ScalarVector() takes)."""
        parts = [as_scalar_vector(v, f"vectors[{i}]") for i, v in enumerate(vectors)]
        cdef size_t total = 0, offset = 0
        cdef ScalarVector part
        for part in parts:
            total += part.n
        cdef ScalarVector r = sv_new(total)
        for part in parts:
            if part.n:
                memcpy(sv_data(r) + offset, sv_data(part), 32 * part.n)
            offset += 32 * part.n
        return r

    @staticmethod
    def from_bytes(b):
        """n canonical 32-byte little-endian scalars back to back (32*n bytes, any bytes-like): ValueError naming
        b[i] for a value >= q, or for a length that is not a multiple of 32."""
        cdef bytes data = as_bytes(b, "b")
        cdef size_t n = PyBytes_GET_SIZE(data) // 32, i
        if PyBytes_GET_SIZE(data) % 32:
            raise ValueError(f"b: expected 32*n bytes, got {PyBytes_GET_SIZE(data)}")
        cdef ScalarVector r = sv_new(n)
        if n:
            memcpy(sv_data(r), PyBytes_AS_STRING(data), 32 * n)
            reduce_in_place(sv_data(r), n)
        for i in range(n):
            if not cpp.ct_bytes_equal(sv_data(r) + 32 * i, <const uint8_t*>PyBytes_AS_STRING(data) + 32 * i, 32):
                raise ValueError(f"b[{i}]: not a canonical scalar (its value is >= q)")
        return r

    def to_bytes(self):
        """The 32*n bytes of the canonical little-endian encodings back to back."""
        return PyBytes_FromStringAndSize(<const char*>sv_data(self), 32 * self.n)

    def __bytes__(self):
        return self.to_bytes()

    def __len__(self):
        return self.n

    def __getitem__(self, index):
        cdef Py_ssize_t n = self.n, i, k
        cdef ScalarVector r
        if isinstance(index, slice):
            indices = range(*(<slice>index).indices(n))
            r = sv_new(len(indices))
            k = 0
            for i in indices:
                memcpy(sv_data(r) + 32 * k, sv_data(self) + 32 * i, 32)
                k += 1
            return r
        try:
            i = operator.index(index)
        except TypeError:
            raise TypeError(f"ScalarVector indices must be integers or slices, not {type(index).__name__}") from None
        except OverflowError:
            raise IndexError("ScalarVector index out of range") from None
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("ScalarVector index out of range")
        return scalar_from_c(sv_data(self) + 32 * i)

    def __iter__(self):
        cdef size_t i
        for i in range(self.n):
            yield scalar_from_c(sv_data(self) + 32 * i)

    def __add__(self, other):
        """a + b element-wise (b a ScalarVector, or a list or tuple of ints and Scalars; equal lengths)."""
        return sv_binary(self, other, cpp.sv_add, "+")

    def __radd__(self, other):
        return sv_binary(other, self, cpp.sv_add, "+")

    def __sub__(self, other):
        """a - b element-wise (b as for +)."""
        return sv_binary(self, other, cpp.sv_sub, "-")

    def __rsub__(self, other):
        return sv_binary(other, self, cpp.sv_sub, "-")

    def __mul__(self, other):
        """a * b element-wise for a ScalarVector b or a list or tuple of scalars (Hadamard), a * s for one scalar s
        (int or Scalar); a * P for a Point or FixedBase P is the PointVector of the a_i * P."""
        cdef uint8_t s[32]
        if type(other) is ScalarVector or type(other) is list or type(other) is tuple:
            return sv_binary(self, other, cpp.sv_mul, "*")
        if not read_scalar_operand(other, s):
            return NotImplemented
        try:
            return sv_scaled(self, s)
        finally:
            cpp.sodium_memzero(s, 32)

    def __rmul__(self, other):
        if type(other) is list or type(other) is tuple:
            return sv_binary(other, self, cpp.sv_mul, "*")
        return self.__mul__(other)

    def __neg__(self):
        cdef ScalarVector r = sv_new(self.n)
        cdef CSecretBuffer zero
        zero.allocate(32 * self.n)
        with nogil:
            cpp.sv_sub(sv_data(r), zero.data(), sv_data(self), self.n)
        return r

    def inner(self, other):
        """sum a_i * b_i as a Scalar (other: a ScalarVector of the same length, else ValueError)."""
        cdef ScalarVector b = as_scalar_vector(other, "other")
        same_length(self, b, "inner")
        cdef Scalar r = Scalar.__new__(Scalar)
        with nogil:
            cpp.sv_inner(r.s, sv_data(self), sv_data(b), self.n)
        return r

    def sum(self):
        """sum a_i as a Scalar (0 when empty)."""
        cdef Scalar r = Scalar.__new__(Scalar)
        with nogil:
            cpp.sv_sum(r.s, sv_data(self), self.n)
        return r

    def fold(self, lo_weight, hi_weight):
        """a_lo * lo_weight + a_hi * hi_weight element-wise, a_lo and a_hi the two halves (even length n, else
        ValueError): the ScalarVector of length n/2 an inner-product argument folds to. Constant-time."""
        cdef uint8_t xy[64]
        if self.n % 2:
            raise ValueError(f"fold: the length must be even, got {self.n}")
        read_scalar(lo_weight, "lo_weight", xy)
        read_scalar(hi_weight, "hi_weight", xy + 32)
        cdef ScalarVector r = sv_new(self.n // 2)
        with nogil:
            cpp.sv_fold(sv_data(r), sv_data(self), r.n, xy, xy + 32)
            cpp.sodium_memzero(xy, 64)
        return r

    def batch_invert(self):
        """The element-wise inverses by Montgomery's trick (one inversion for the whole vector), constant-time in
        the values. A zero element raises ZeroDivisionError without saying which: that is decided from the product
        of all the elements only, so neither the timing nor the error tells the index (batch_invert_vartime does,
        for public values)."""
        cdef ScalarVector r = sv_new(self.n)
        cdef bint ok
        with nogil:
            ok = cpp.sv_batch_invert(sv_data(r), sv_data(self), self.n)
        if not ok:
            raise ZeroDivisionError("ScalarVector.batch_invert: an element is 0")
        return r

    def batch_invert_vartime(self):
        """batch_invert for PUBLIC values: the same arithmetic, and a zero element's ZeroDivisionError names its
        index (the time depends on where it is)."""
        cdef ScalarVector r = sv_new(self.n)
        cdef size_t bad
        with nogil:
            bad = cpp.sv_batch_invert_vartime(sv_data(r), sv_data(self), self.n)
        if bad != self.n:
            raise ZeroDivisionError(f"ScalarVector.batch_invert_vartime: element [{bad}] is 0")
        return r

    def __eq__(self, other):
        cdef int r = sv_equals(self, other)
        return NotImplemented if r < 0 else r == 1

    def __ne__(self, other):
        cdef int r = sv_equals(self, other)
        return NotImplemented if r < 0 else r == 0

    __hash__ = None

    def __repr__(self):
        return f"<ScalarVector of {self.n} scalars (hidden)>"

    def __reduce__(self):
        return ScalarVector.from_bytes, (self.to_bytes(),)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


cdef Scalar scalar_power(Scalar s, object e):
    """s ** e for an int e (negative: the inverse's power), constant-time in s for the PUBLIC e."""
    cdef Scalar base = s
    cdef Scalar r = Scalar.__new__(Scalar)
    try:
        e = operator.index(e)
    except TypeError:
        raise TypeError(f"Scalar ** e: expected an int exponent, got {type(e).__name__}") from None
    if e < 0:
        base = Scalar.__new__(Scalar)
        if not cpp.scalar_invert_ct(base.s, s.s):
            raise ZeroDivisionError("Scalar ** e: 0 has no inverse (e < 0)")
        e = -e
    cdef bytes exponent = e.to_bytes(max(1, (e.bit_length() + 7) // 8), "little")
    cdef const uint8_t* ep = <const uint8_t*>PyBytes_AS_STRING(exponent)
    cdef size_t elen = PyBytes_GET_SIZE(exponent)
    with nogil:
        cpp.scalar_pow(r.s, base.s, ep, elen)
    return r


def random_weights(n, bits=128):
    """n random scalars uniform in [0, 2**bits) as a ScalarVector, from libsodium's CSPRNG: the weights of a batch
    verification (1 <= bits <= 252; 128 gives a forgery 2^-128 chance)."""
    cdef size_t count = vector_length(n, "n")
    try:
        b = operator.index(bits)
    except TypeError:
        raise TypeError(f"bits: expected an int, got {type(bits).__name__}") from None
    if not 1 <= b <= 252:
        raise ValueError(f"bits: expected 1 <= bits <= 252, got {b}")
    cdef unsigned nbits = b
    cdef ScalarVector r = sv_new(count)
    with nogil:
        cpp.sv_random_bits(sv_data(r), count, nbits)
    return r


cdef uint8_t read_bit(object bit) except 255:
    """A select/swap bit: the int 0 or 1 (ValueError otherwise, TypeError for a non-int)."""
    cdef long v
    try:
        v = operator.index(bit)
    except TypeError:
        raise TypeError(f"bit: expected the int 0 or 1, got {type(bit).__name__}") from None
    except OverflowError:
        v = 2
    if v & ~1:
        raise ValueError("bit: expected 0 or 1")
    return <uint8_t>v


cdef int check_pair(object a, object b, str function) except -1:
    if type(a) is not type(b) or (type(a) is not Point and type(a) is not Scalar):
        raise TypeError(f"{function}(a, b, bit): a and b must both be Points or both Scalars, got "
                        f"{type(a).__name__} and {type(b).__name__}")
    return 0


def select(a, b, bit):
    """b if bit == 1 else a, constant-time in bit (a masked select in C++, no branch): a and b both Points or both
    Scalars, bit the int 0 or 1. Returns a new object (never a or b itself, so identity tells nothing)."""
    check_pair(a, b, "select")
    cdef uint8_t k = read_bit(bit)
    cdef Point p
    cdef Scalar s
    if type(a) is Point:
        p = Point.__new__(Point)
        cpp.ct_select_bytes(<uint8_t*>&p.pt, <const uint8_t*>&(<Point>a).pt, <const uint8_t*>&(<Point>b).pt,
                            sizeof(CEdwardsPoint), k)
        return p
    s = Scalar.__new__(Scalar)
    cpp.ct_select_bytes(s.s, (<Scalar>a).s, (<Scalar>b).s, 32, k)
    return s


def swap(a, b, bit):
    """(b, a) if bit == 1 else (a, b), constant-time in bit (a masked swap in C++, no branch): a and b both Points
    or both Scalars, bit the int 0 or 1. Returns new objects."""
    check_pair(a, b, "swap")
    cdef uint8_t k = read_bit(bit)
    cdef Point p, q
    cdef Scalar s, t
    if type(a) is Point:
        p = point_from_c((<Point>a).pt)
        q = point_from_c((<Point>b).pt)
        cpp.ct_swap_bytes(<uint8_t*>&p.pt, <uint8_t*>&q.pt, sizeof(CEdwardsPoint), k)
        return p, q
    s = scalar_from_c((<Scalar>a).s)
    t = scalar_from_c((<Scalar>b).s)
    cpp.ct_swap_bytes(s.s, t.s, 32, k)
    return s, t
