# FixedBase: a precomputed table for one base point. Included into _objects.pyx.

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
        """B * s: s * P as a Point (s an int-like or a Scalar); B * v for a ScalarVector v: the PointVector of the
        v_i * P, on the table in one call into C++ (threads for large n), constant-time in the scalars."""
        cdef uint8_t k[32]
        if type(s) is ScalarVector:
            fixed_base_point(self)
            return base_times_vector(self.tbl, self.point.pt, <ScalarVector>s)
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
