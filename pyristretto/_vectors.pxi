# PointVector and MSMTable: many points kept decoded, and precomputed tables for bases used again and again.
# Included into _objects.pyx (one module with Point and the shared helpers). Both objects are immutable once
# constructed, so the C++ work on them runs without the GIL (and threads may share them).
from libc.stdint cimport uint32_t


cdef PointVector vector_new(size_t n):
    cdef PointVector v = PointVector.__new__(PointVector)
    v.pts.resize(n)
    v._ready = True
    return v


cdef PointVector vector_from_c(const CEdwardsPoint* points, size_t n):
    cdef PointVector v = vector_new(n)
    if n:
        memcpy(v.pts.data(), points, n * sizeof(CEdwardsPoint))
    return v


cdef Point vector_item(PointVector v, size_t i):
    """v[i] as a Point, with its encoding already cached when v's encodings are (a scale's result, to_bytes() called):
    a protocol that returns a PointVector's items (OPRF's evaluated elements) then serialises them at no cost."""
    cdef Point p = point_from_c(v.pts[i])
    if v._enc is not None:
        p._enc = PyBytes_FromStringAndSize(PyBytes_AS_STRING(v._enc) + 32 * i, 32)
    return p


cdef PointVector ready(PointVector v):
    """v itself; ValueError when v.__init__ never ran or raised (PointVector.__new__(PointVector)): such an object
    holds no points, and every method and every function taking a PointVector refuses it rather than read it as an
    empty vector."""
    if not v._ready:
        raise ValueError("PointVector was not initialised (PointVector.__new__ without __init__, or __init__ raised)")
    return v


cdef int read_vector(object points, vector[CEdwardsPoint]& out) except -1:
    """Decodes points (a PointVector, an iterable of points (bytes-like or Point), or one buffer of 32*n bytes)
    into out: Points are copied, encodings decoded in C++ without the GIL (threads for large n);
    InvalidPointError names points[i]. Beyond out itself, memory stays bounded: an immutable bytes is decoded in
    place, anything else a block of arg_block points at a time."""
    cdef Items32 src
    cdef CSecretBuffer enc  # not secret: a block of encodings the decoding can read without the GIL
    cdef vector[CEdwardsPoint] decoded
    cdef vector[size_t] where
    cdef size_t n, first = 0, m, k, bad, block
    if type(points) is PointVector:
        out = ready(<PointVector>points).pts
        return 0
    src = point_items(points)  # shape and contiguity checks shared with the functional API
    n = src.n
    out.resize(n)
    if src.in_place:
        with nogil:
            bad = cpp.decode_points(out.data(), src.data, n)
        check_points_result(bad, n)
        return 0
    block = min(arg_block, n)
    enc.allocate(32 * block)
    while first < n:
        m = min(block, n - first)
        if src.items is None:
            src.fill(first, m, enc.data())
            k = m
        else:
            k = src.gather_points(first, m, enc.data(), out, first, where)
        decode_gathered(enc.data(), k, m, out.data() + first, first, where, decoded)
        first += m
    return 0


cdef bytes vector_encoded(PointVector v):
    """v's encodings back to back, computed once (encode_points, without the GIL), then cached in v._enc."""
    cdef size_t n = ready(v).pts.size()
    cdef bytes out
    cdef uint8_t* buf
    if v._enc is None:
        out = PyBytes_FromStringAndSize(NULL, 32 * n)
        buf = <uint8_t*>PyBytes_AS_STRING(out)
        with nogil:  # out is new and not shared yet
            cpp.encode_points(buf, v.pts.data(), n)
        v._enc = out
    return v._enc


cdef PointVector vector_scaled(PointVector v, const uint8_t* scalars, bint vartime):
    """The PointVector of scalars[i] * v[i] (32 reduced bytes each), from two points on with its to_bytes() cache
    filled: the encodings come nearly free from the scale (scale_points_encoded: a batched inversion, no square
    root each; 2% of the scale at n = 4096 on either backend)."""
    cdef size_t n = v.pts.size()
    cdef PointVector r = vector_new(n)
    if n < 2:  # one inversion costs a square root: nothing to gain, and to_bytes() may never be called
        with nogil:
            if vartime:
                cpp.scale_points_vartime(r.pts.data(), scalars, v.pts.data(), n)
            else:
                cpp.scale_points(r.pts.data(), scalars, v.pts.data(), n)
        return r
    cdef bytes enc = PyBytes_FromStringAndSize(NULL, 32 * n)
    cdef uint8_t* buf = <uint8_t*>PyBytes_AS_STRING(enc)
    with nogil:  # enc and r are new and not shared yet
        cpp.scale_points_encoded(r.pts.data(), buf, scalars, v.pts.data(), n, vartime)
    r._enc = enc
    return r


cdef PointVector base_times_vector(const CFixedBaseTable* table, const CEdwardsPoint& base, ScalarVector s):
    """The PointVector of s_i * B (FixedBase * ScalarVector, Point * ScalarVector), constant-time in the scalars, in
    one call into C++ with the GIL released (threads for large n; s is immutable, so its buffer is read in place): on
    B's comb table when given, else as scale_one_point chooses (a table built for it when enough scalars pay for it).
    Like a loop of B * s_i, it leaves the encodings to to_bytes() (fixed_base_scale says why)."""
    cdef size_t n = s.n
    cdef PointVector r = vector_new(n)
    if n == 0:
        return r
    with nogil:  # r is new and not shared yet
        if table == NULL:
            cpp.scale_one_point(r.pts.data(), base, sv_data(s), n)
        else:
            cpp.fixed_base_scale(r.pts.data(), table[0], sv_data(s), n)
    return r


cdef int vector_equals(PointVector v, object other) except -2:
    """PointVector equality: 1 when other holds the same points in the same order, 0 when not, -1 for another type
    (NotImplemented). other: a PointVector (Ristretto equality of each pair), or a list or tuple whose items compare
    as Point == item does (a Point, or a bytes, bytearray or memoryview holding the canonical encoding; any other
    item is not equal). Constant-time in the points: every pair is compared, with no early exit (a length
    difference is public)."""
    cdef size_t n = ready(v).pts.size(), i
    cdef PointVector w
    cdef const CEdwardsPoint* a = v.pts.data()
    cdef const CEdwardsPoint* b
    cdef const uint8_t* enc
    cdef uint8_t diff = 0
    cdef tuple items
    if type(other) is PointVector:
        w = ready(<PointVector>other)
        if w.pts.size() != n:
            return 0
        b = w.pts.data()
        with nogil:
            for i in range(n):
                diff |= cpp.ristretto_ct_eq(a[i], b[i]) == 0
        return diff == 0
    if type(other) is not list and type(other) is not tuple:
        return -1
    items = tuple(other)  # a list cannot change under the loop
    if <size_t>len(items) != n:
        return 0
    enc = <const uint8_t*>PyBytes_AS_STRING(vector_encoded(v))
    for i in range(n):
        item = items[i]
        if type(item) is Point:
            diff |= cpp.ristretto_ct_eq(a[i], (<Point>item).pt) == 0
        else:
            diff |= encoding_equals(enc + 32 * i, item) != 1
    return diff == 0


cdef PointVector vector_argument(object points, str name):
    """PointVector(points), its errors naming the argument `name` (PointVector.concat's vectors[i])."""
    try:
        return PointVector(points)
    except (TypeError, ValueError) as e:  # InvalidPointError is a ValueError
        raise type(e)(f"{name}: {e}") from None


cdef size_t read_count(object n) except? 0:
    """derive_generators' n: an int in [0, 2**32)."""
    try:
        count = operator.index(n)
    except TypeError:
        raise TypeError(f"n: expected an int, got {type(n).__name__}") from None
    if count < 0 or count >= 2**32:
        raise ValueError(f"n: expected 0 <= n < 2**32, got {count}")
    return count


cdef Point vector_msm(PointVector v, object scalars, bint vartime, str function_name):
    """sum s_i P_i over v's points (constant-time unless vartime); ValueError when the lengths differ. The scalars
    are read a block at a time (block_sum): no copy of them all."""
    cdef CEdwardsPoint r
    block_sum(MSM_VARTIME if vartime else MSM_CT, scalars, v, function_name, &r)
    return point_from_c(r)


cdef Point vector_sum(PointVector v):
    cdef CEdwardsPoint r
    ready(v)
    with nogil:
        r = cpp.sum_points(v.pts.data(), v.pts.size())
    return point_from_c(r)


cdef PointVector elementwise(PointVector v, PointVector w, bint subtract):
    cdef size_t n = ready(v).pts.size()
    if ready(w).pts.size() != n:
        raise ValueError(f"PointVector {'-' if subtract else '+'}: lengths {n} and {w.pts.size()} differ")
    cdef PointVector r = vector_new(n)
    with nogil:
        cpp.add_points(r.pts.data(), v.pts.data(), w.pts.data(), n, subtract)
    return r


@cython.final
cdef class PointVector:
    """n points kept decoded in C++ memory, for many operations on the same points; immutable.

    PointVector(points) takes an iterable of points (bytes-like encodings or Points) or one C-contiguous
    buffer of 32*n bytes (a numpy uint8 array of shape (n, 32)); encodings are decoded once, without the GIL
    and with threads for large n (InvalidPointError naming points[i]). Sequence protocol: len(V), V[i] (a
    Point), V[i:j:k] (a PointVector), iteration. V + W and V - W are element-wise (equal lengths;
    PointVector.concat(V, W, ...) joins them); V * s and s * V multiply every point by one scalar. msm,
    msm_vartime and point_sum of the functional API accept a PointVector and skip the decoding.

    V == W compares contents (same length, equal points in order; constant-time in the points), also with a list
    or tuple of points, whose items compare as Point == item does (Points, or canonical encodings as bytes,
    bytearray or memoryview): V == list(V) == [bytes(P) for P in V]. A bytes of 32*n bytes is not compared
    (compare V.to_bytes() == b). Being immutable, V is hashable, as the tuple of its encodings:
    hash(V) == hash(tuple(V)). to_bytes() is computed once, then cached."""

    def __init__(self, points):
        cdef vector[CEdwardsPoint] decoded
        if self._ready:
            raise TypeError("PointVector is immutable: __init__ cannot run twice")
        # Decoded into a local: reading `points` runs user code and releases the GIL, so another __init__ (re-entrant
        # or from another thread) may finish first; pts is only ever set once, with the GIL held.
        read_vector(points, decoded)
        if self._ready:
            raise TypeError("PointVector is immutable: __init__ cannot run twice")
        self.pts.swap(decoded)
        # An immutable bytes that decoded holds canonical encodings only, so it is to_bytes() already: kept, its items
        # carry their slices of it (a parsed proof's points go into a transcript with no encoding computed again).
        # Else None: a to_bytes() of the object before __init__ (empty) is no longer its encoding.
        self._enc = points if type(points) is bytes else None
        self._ready = True

    @staticmethod
    def derive_generators(domain, n):
        """PointVector(derive_generators(domain, n)) computed without encoding and decoding the points:
        Hp(domain, i.to_bytes(4, "little")) for i in range(n)."""
        cdef bytes d = as_bytes(domain, "domain")
        cdef size_t count = read_count(n)
        cdef PointVector v = vector_new(count)
        cdef const uint8_t* dp = <const uint8_t*>PyBytes_AS_STRING(d)
        cdef size_t dlen = PyBytes_GET_SIZE(d)
        with nogil:
            cpp.derive_generator_points(v.pts.data(), dp, dlen, <uint32_t>count)
        return v

    def __len__(self):
        return ready(self).pts.size()

    def __getitem__(self, index):
        cdef Py_ssize_t n = ready(self).pts.size(), i, k
        cdef PointVector r
        if isinstance(index, slice):
            indices = range(*(<slice>index).indices(n))
            r = vector_new(len(indices))
            k = 0
            for i in indices:
                r.pts[k] = self.pts[i]
                k += 1
            return r
        try:
            i = operator.index(index)
        except TypeError:
            raise TypeError(f"PointVector indices must be integers or slices, not {type(index).__name__}") from None
        except OverflowError:  # as for a list: beyond any index
            raise IndexError("PointVector index out of range") from None
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("PointVector index out of range")
        return vector_item(self, i)

    def __iter__(self):
        cdef size_t i
        ready(self)  # a generator: raises at the first next()
        for i in range(self.pts.size()):
            yield vector_item(self, i)

    def to_bytes(self):
        """The 32*n-byte concatenation of the canonical encodings (np.frombuffer(b, np.uint8).reshape(-1, 32)
        views it as an (n, 32) array); computed once, then cached (the vector is immutable)."""
        return vector_encoded(self)

    def __eq__(self, other):
        cdef int r = vector_equals(self, other)
        return NotImplemented if r < 0 else r == 1

    def __ne__(self, other):
        cdef int r = vector_equals(self, other)
        return NotImplemented if r < 0 else r == 0

    def __hash__(self):
        # As the tuple of its points' encodings (hence of its Points): V == tuple(V), so they must hash alike.
        cdef bytes enc = vector_encoded(self)
        return hash(tuple([enc[i:i + 32] for i in range(0, len(enc), 32)]))

    def __bytes__(self):
        return self.to_bytes()

    def __add__(self, other):
        """V + W element-wise (equal lengths, else ValueError); it does not join them: PointVector.concat does."""
        if type(other) is not PointVector:
            return NotImplemented
        return elementwise(self, <PointVector>other, False)

    def __mul__(self, s):
        """V * s: every point times the one scalar s (int or Scalar), constant-time in s (the scale path)."""
        cdef CSecretBuffer k
        cdef size_t n = ready(self).pts.size(), i
        k.allocate(32 * max(n, 1))
        if not read_scalar_operand(s, k.data()):
            return NotImplemented
        for i in range(1, n):
            memcpy(k.data() + 32 * i, k.data(), 32)
        try:
            return vector_scaled(self, k.data(), False)
        finally:
            k.wipe()

    def __rmul__(self, s):
        return self.__mul__(s)

    @staticmethod
    def concat(*vectors):
        """The vectors joined in order as one PointVector (each a PointVector, or anything PointVector() takes)."""
        parts = [v if type(v) is PointVector else vector_argument(v, f"vectors[{i}]") for i, v in enumerate(vectors)]
        cdef size_t total = 0, offset = 0
        cdef PointVector part
        for part in parts:
            total += ready(part).pts.size()
        cdef PointVector r = vector_new(total)
        for part in parts:
            if part.pts.size():
                memcpy(r.pts.data() + offset, part.pts.data(), part.pts.size() * sizeof(CEdwardsPoint))
            offset += part.pts.size()
        return r

    @staticmethod
    def hash_to_group(msgs, dst):
        """PointVector([hash_to_group(m, dst) for m in msgs]) in one call (RFC 9380 hash_to_ristretto255, in C++
        with the GIL released, threads for many messages): msgs an iterable of bytes-like messages (TypeError
        naming msgs[i] otherwise), dst a non-empty bytes-like domain separation tag."""
        cdef bytes d = read_dst(dst)
        cdef list items = as_list(msgs, "msgs")
        cdef size_t n = len(items), i
        cdef vector[const uint8_t*] ptrs
        cdef vector[size_t] lens
        cdef bytes m
        ptrs.resize(n)
        lens.resize(n)
        for i in range(n):
            m = as_bytes(items[i], f"msgs[{i}]")
            items[i] = m  # the list (our own) keeps each immutable bytes alive for the call
            ptrs[i] = <const uint8_t*>PyBytes_AS_STRING(m)
            lens[i] = PyBytes_GET_SIZE(m)
        cdef PointVector r = vector_new(n)
        cdef const uint8_t* dp = <const uint8_t*>PyBytes_AS_STRING(d)
        cdef size_t dlen = PyBytes_GET_SIZE(d)
        with nogil:
            cpp.hash_to_group_points(r.pts.data(), ptrs.data(), lens.data(), n, dp, dlen)
        return r

    def scale_vartime(self, scalars):
        """scale for PUBLIC scalars (time depends on them): element-wise s_i * P_i as a PointVector."""
        cdef CSecretBuffer s
        cdef size_t m = ready(self).pts.size(), n = read_scalars(scalars, s)
        if n != m:
            raise ValueError(f"scale_vartime: {n} scalars but {m} points")
        return vector_scaled(self, s.data(), True)

    def fold_vartime(self, x, y):
        """G_lo * x + G_hi * y element-wise, G_lo and G_hi the two halves (even length n, else ValueError), for
        PUBLIC x and y (scalars; time depends on them): the generator folding of an inner-product argument, as a
        PointVector of n/2 points, one two-point multiplication per pair (threads for large n)."""
        cdef uint8_t xy[64]
        cdef size_t n = ready(self).pts.size()
        if n % 2:
            raise ValueError(f"fold_vartime: the length must be even, got {n}")
        read_scalar(x, "x", xy)
        read_scalar(y, "y", xy + 32)
        cdef PointVector r = vector_new(n // 2)
        with nogil:
            cpp.fold_points_vartime(r.pts.data(), self.pts.data(), n // 2, xy, xy + 32)
        return r

    def __sub__(self, other):
        if type(other) is not PointVector:
            return NotImplemented
        return elementwise(self, <PointVector>other, True)

    def scale(self, scalars):
        """Element-wise s_i * P_i as a PointVector, constant-time in the scalars (ints or Scalars, a ScalarVector,
        or a buffer of 32-byte values; one per point: ValueError otherwise)."""
        cdef CSecretBuffer s
        cdef size_t m = ready(self).pts.size(), n = read_scalars(scalars, s)
        if n != m:
            raise ValueError(f"scale: {n} scalars but {m} points")
        try:
            return vector_scaled(self, s.data(), False)
        finally:
            s.wipe()

    def sum(self):
        """The sum of the points as a Point (the identity when empty)."""
        return vector_sum(self)

    def msm(self, scalars):
        """sum s_i * P_i as a Point, constant-time in the scalars (ints or Scalars, one per point)."""
        return vector_msm(self, scalars, False, "msm")

    def msm_vartime(self, scalars):
        """sum s_i * P_i as a Point for PUBLIC scalars (time depends on them): the fastest algorithm for n."""
        return vector_msm(self, scalars, True, "msm_vartime")

    def __repr__(self):
        return f"<PointVector of {ready(self).pts.size()} points>"

    def __reduce__(self):
        return PointVector, (self.to_bytes(),)  # unpickling re-validates

    def __copy__(self):
        return ready(self)

    def __deepcopy__(self, memo):
        return ready(self)


cdef const CMSMTable* table_of(MSMTable T) except NULL:
    if T.tbl.get() == NULL:
        raise ValueError("MSMTable was not initialised (MSMTable.__new__ without __init__, or __init__ raised)")
    return T.tbl.get()


cdef Point table_msm(MSMTable T, object scalars, bint vartime, str name):
    cdef const CMSMTable* t = table_of(T)
    cdef CSecretBuffer s
    if (PyObject_CheckBuffer(scalars) and not isinstance(scalars, (bytes, bytearray, memoryview, str))
            and memoryview(scalars).ndim == 1 and memoryview(scalars).itemsize == 1):
        # msm takes such an array as small ints; with fewer scalars than bases allowed here, a 32*n-byte array
        # meant as n scalars would silently give another sum, so it is refused rather than guessed.
        raise TypeError(f"MSMTable.{name}: a 1-D array of bytes is ambiguous as scalars: give shape (n, 32) for "
                        "32-byte scalars, or a list of ints")
    cdef size_t m = read_scalars(scalars, s)
    cdef CEdwardsPoint r
    cdef bint ok
    if m > t.size():
        raise ValueError(f"MSMTable.{name}: {m} scalars but only {t.size()} bases")
    with nogil:
        if vartime:
            ok = t.msm_vartime(s.data(), m, r)
        else:
            ok = t.msm(s.data(), m, r)
        s.wipe()
    if not ok:
        raise MemoryError(f"MSMTable.{name}: out of memory")
    return point_from_c(r)


@cython.final
cdef class MSMTable:
    """Precomputed tables for a fixed list of bases, for multi-scalar multiplications on them again and
    again (a Bulletproofs verifier's generators, a vector Pedersen commitment's bases); immutable.

    MSMTable(points) takes what PointVector takes (or a PointVector); the tables are built once, without the
    GIL. T.msm(scalars) (constant-time) and T.msm_vartime(scalars) (public scalars) return sum s_i * P_i as a
    Point; fewer scalars than bases is allowed (the rest count as 0), more is a ValueError. msm_vartime picks
    its algorithm by size and backend (the precomputed wide-window Straus for tables below 256 bases, on shares
    below 144 scalars on the portable backend and 184 on the AVX-512 IFMA one; else PointVector's algorithm on
    the decoded bases), and msm runs the constant-time Straus on the table's own multiples 1P..8P (PointVector's
    builds them per call), so neither is slower than PointVector's (benchmarks/msmtable_crossover.py measures
    every size). T.nbytes is the memory held."""

    def __init__(self, points):
        cdef vector[CEdwardsPoint] own
        cdef const CEdwardsPoint* p
        cdef size_t n
        cdef CMSMTable* table
        if self.tbl.get() != NULL:
            raise TypeError("MSMTable is immutable: __init__ cannot run twice")
        if type(points) is PointVector:  # immutable: read it in place
            p = ready(<PointVector>points).pts.data()
            n = (<PointVector>points).pts.size()
        else:
            read_vector(points, own)
            p = own.data()
            n = own.size()
        with nogil:
            table = new CMSMTable(p, n)
        if self.tbl.get() != NULL:  # another __init__ finished while user code ran or the GIL was released
            del table
            raise TypeError("MSMTable is immutable: __init__ cannot run twice")
        self.tbl.reset(table)

    def msm(self, scalars):
        """sum s_i * P_i as a Point, constant-time in the scalars (ints or Scalars; at most len(T) of them,
        the bases past them count with 0)."""
        return table_msm(self, scalars, False, "msm")

    def msm_vartime(self, scalars):
        """sum s_i * P_i as a Point for PUBLIC scalars (time depends on them); at most len(T) scalars."""
        return table_msm(self, scalars, True, "msm_vartime")

    def __len__(self):
        return table_of(self).size()

    @property
    def nbytes(self):
        """Bytes of memory held by the bases and their tables."""
        return table_of(self).nbytes()

    @property
    def points(self):
        """The bases as a PointVector."""
        cdef const CMSMTable* t = table_of(self)
        return vector_from_c(t.points(), t.size())

    def __repr__(self):
        return f"<MSMTable of {len(self)} bases, {self.nbytes} bytes>"

    def __reduce__(self):
        return MSMTable, (self.points.to_bytes(),)  # the tables are rebuilt on unpickling

    def __copy__(self):
        table_of(self)
        return self

    def __deepcopy__(self, memo):
        table_of(self)
        return self
