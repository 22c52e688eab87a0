# The multi-point sums a block at a time (msm, msm_vartime, point_sum and PointVector.msm*): bounded memory.
# Items32 reads scalars and points in blocks of arg_block items. Included into _objects.pyx.

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
    cdef str name               # the argument's name in errors ("scalars", "values")

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
                raise RuntimeError(f"{self.name}: the list changed size during the call")
            item = self.items[i]
            # An int or a Scalar cannot fail: the index is only formatted for the other types.
            read_scalar(item, None if PyLong_Check(item) or type(item) is Scalar else f"{self.name}[{i}]",
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


cdef Items32 scalar_items(object scalars, str name="scalars"):
    """The scalars argument (errors name it `name`): a ScalarVector, an iterable of ints or Scalars, or one buffer of
    32-byte values (scalar_buffer_view)."""
    if isinstance(scalars, str):
        raise TypeError(f"{name}: expected an iterable of ints, got {type(scalars).__name__}")
    cdef Items32 r = Items32.__new__(Items32)
    r.scalars = True
    r.name = name
    if type(scalars) is ScalarVector:  # immutable and reduced: its buffer is read as it is
        r.view = scalars
        r.n = (<ScalarVector>scalars).n
        r.data = (<ScalarVector>scalars).buf.data()
        r.reduced = True
        return r
    view = scalar_buffer_view(scalars)
    if view is None:
        r.set_items(scalars, name)
    else:
        r.set_view(view, name)
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
    return read_scalars_named(scalars, out, "scalars")


cdef size_t read_scalars_named(object scalars, CSecretBuffer& out, str name) except? 0:
    """read_scalars, its errors naming the argument `name`."""
    cdef Items32 sc = scalar_items(scalars, name)
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
