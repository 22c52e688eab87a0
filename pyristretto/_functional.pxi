# The functional API on bytes and ints, included in pyristretto._objects (one extension module, one copy of the
# C++ core); pyristretto re-exports it.
#
# Every function copies its arguments into C++ memory while holding the GIL (so another thread mutating a
# bytearray cannot race the arithmetic), validates every point, reduces every scalar mod q, releases the GIL
# for the arithmetic, and wipes its C++ copies of scalars. msm, msm_vartime and point_sum do so one block of
# points at a time (block_sum), so their memory stays bounded whatever the input's length; an immutable bytes of
# points is read in place. Every function also accepts Points and Scalars.
from libc.stdint cimport uint64_t

import numbers

q = 2**252 + 27742317777372353535851937790883648493
IDENTITY = bytes(32)


# ---------------------------------------------------------------------------------------------------
# Scalars
# ---------------------------------------------------------------------------------------------------

def sc_rand():
    """A uniformly random scalar in [1, q) from libsodium's CSPRNG."""
    cdef uint8_t s[32]
    cpp.crypto_core_ristretto255_scalar_random(s)
    return wiped_scalar(s)


cdef object sc_binary(object a, object b, void (*op)(uint8_t*, const uint8_t*, const uint8_t*) noexcept nogil):
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
    return sc_binary(a, b, cpp.crypto_core_ristretto255_scalar_add)


def sc_sub(a, b):
    """(a - b) mod q."""
    return sc_binary(a, b, cpp.crypto_core_ristretto255_scalar_sub)


def sc_mul(a, b):
    """(a * b) mod q."""
    return sc_binary(a, b, cpp.crypto_core_ristretto255_scalar_mul)


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
    """The inverse of a mod q (constant-time, as Scalar.invert); ZeroDivisionError when a is 0 mod q."""
    cdef uint8_t x[32]
    cdef uint8_t r[32]
    try:
        read_scalar(a, "a", x)
        if cpp.scalar_invert(r, x) != 0:
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
    cdef uint8_t wide[64]
    cdef uint8_t r[32]
    try:
        read_bytes(b, "b", wide, 32, ValueError)
        memset(wide + 32, 0, 32)
        cpp.crypto_core_ristretto255_scalar_reduce(r, wide)
        return scalar_from_bytes(r)
    finally:
        cpp.sodium_memzero(wide, 64)
        cpp.sodium_memzero(r, 32)


def to_bytes32(i):
    """(i mod q) as 32 bytes, little-endian."""
    cdef uint8_t r[32]
    read_scalar(i, "i", r)
    result = point_bytes(r)
    cpp.sodium_memzero(r, 32)
    return result


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


# Point arguments are bytes-like (decoded here, without the GIL: that is also their validation) or Points
# (their decoded form is used as it is: no decoding).

def point_mul(s, P):
    """s*P, constant-time in s."""
    cdef uint8_t k[32]
    cdef uint8_t p[32]
    cdef uint8_t out[32]
    cdef CEdwardsPoint a
    cdef int ready = read_point(P, "P", p, &a)
    cdef bint valid
    read_scalar(s, "s", k)
    with nogil:
        valid = decode_arg(ready, p, &a)
        if valid:
            cpp.ristretto_encode(out, cpp.point_mul_decoded(k, a))
        cpp.sodium_memzero(k, 32)
    if not valid:
        raise_invalid_point("P")
    return point_bytes(out)


cdef bytes point_binary(object P, object Q, bint subtract):
    cdef uint8_t p[32]
    cdef uint8_t r[32]
    cdef uint8_t out[32]
    cdef CEdwardsPoint a, b
    cdef int ready_p = read_point(P, "P", p, &a), ready_q = read_point(Q, "Q", r, &b)
    cdef int bad = 0
    with nogil:
        if not decode_arg(ready_p, p, &a):
            bad = 1
        elif not decode_arg(ready_q, r, &b):
            bad = 2
        else:
            cpp.ristretto_encode(out, a - b if subtract else a + b)
    if bad:
        raise_invalid_point("P" if bad == 1 else "Q")
    return point_bytes(out)


def point_add(P, Q):
    """P + Q."""
    return point_binary(P, Q, False)


def point_sub(P, Q):
    """P - Q."""
    return point_binary(P, Q, True)


def point_neg(P):
    """-P."""
    cdef uint8_t p[32]
    cdef uint8_t out[32]
    cdef CEdwardsPoint a
    cdef int ready = read_point(P, "P", p, &a)
    cdef bint valid
    with nogil:
        valid = decode_arg(ready, p, &a)
        if valid:
            cpp.ristretto_encode(out, -a)
    if not valid:
        raise_invalid_point("P")
    return point_bytes(out)


def point_sum(points):
    """The sum of an iterable of points (or one buffer of 32*n bytes, or a PointVector); IDENTITY when empty.
    Points in the iterable are added as they are (decoded), never encoded and decoded again."""
    if type(points) is PointVector:  # already decoded: no scalars, no blocks needed
        return vector_sum(<PointVector>points).encoded()
    return sum_bytes(MSM_SUM, None, points, "point_sum")


def is_valid_point(P):
    """True if P is a valid Ristretto255 encoding; False for any other bytes-like object."""
    cdef uint8_t p[32]
    if type(P) is Point:
        return True
    return read_bytes(P, "P", p, 32, None) == 1 and cpp.is_valid_point(p)


def assert_valid_point(name, P):
    """Returns None if P is a valid point, else raises InvalidPointError naming `name`."""
    cdef uint8_t p[32]
    if type(P) is Point:
        return
    if read_bytes(P, name, p, 32, None) == 0 or not cpp.is_valid_point(p):
        raise_invalid_point(name)


# ---------------------------------------------------------------------------------------------------
# Hashing
# ---------------------------------------------------------------------------------------------------

cdef int hash_items(cpp.CConcatHash& h, tuple items) except -1:
    """Feeds pyristretto 0.1.0's concatenation: bytes-like items as they are, ints as to_bytes32(i); a Point
    counts as its encoding and a Scalar as its 32 bytes (what the equal bytes and int would give)."""
    cdef uint8_t encoded[32]
    cdef Py_ssize_t index
    cdef bytes data
    for index, item in enumerate(items):
        if type(item) is bytes:
            h.update(<const uint8_t*>PyBytes_AS_STRING(item), PyBytes_GET_SIZE(item))
        elif type(item) is Point:
            data = (<Point>item).encoded()
            h.update(<const uint8_t*>PyBytes_AS_STRING(data), 32)
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
    cdef uint64_t total = count, first, chunk_count, i  # 64-bit: first + GENERATOR_CHUNK cannot wrap below 2^32
    cdef uint8_t chunk[32 * GENERATOR_CHUNK]
    cdef const uint8_t* dp = <const uint8_t*>PyBytes_AS_STRING(d)
    cdef size_t dlen = PyBytes_GET_SIZE(d)
    cdef list generators = []
    # In chunks, so that a huge n fails with MemoryError as the list grows and Ctrl-C is honoured between chunks.
    first = 0
    while first < total:
        chunk_count = min(<uint64_t>GENERATOR_CHUNK, total - first)
        with nogil:
            cpp.derive_generators(dp, dlen, <uint32_t>first, <uint32_t>chunk_count, chunk)
        for i in range(chunk_count):
            generators.append(point_bytes(chunk + 32 * i))
        first += chunk_count
        PyErr_CheckSignals()
    return generators


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

cdef bytes sum_bytes(int kind, object scalars, object points, str function_name):
    """The encoding of block_sum's result (pyristretto._objects: the arguments read a block at a time)."""
    cdef CEdwardsPoint r
    cdef uint8_t out[32]
    block_sum(kind, scalars, points, function_name, &r)
    cpp.ristretto_encode(out, r)
    return point_bytes(out)


def msm(scalars, points):
    """sum(s_i * P_i), constant-time in the scalars. points: an iterable of points (Points in it are used
    decoded), one buffer or a PointVector."""
    return sum_bytes(MSM_CT, scalars, points, "msm")


def msm_vartime(scalars, points):
    """sum(s_i * P_i) for PUBLIC scalars (time depends on them): the fastest algorithm for the size. points: as
    for msm."""
    return sum_bytes(MSM_VARTIME, scalars, points, "msm_vartime")


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

# Scalars go to the C++ core as they are: it takes any 32 bytes mod q (bit 255 and values >= q folded in constant
# time, cpp/include/pyristretto/scalar.hpp), so these entry points need no reduced copy of their own.

cdef bint is_valid_point_raw(const uint8_t* p) noexcept nogil:
    return cpp.is_valid_point(p)


cdef void base_mul_raw(const uint8_t* s, uint8_t* out) noexcept nogil:
    cpp.base_mul(s, out)


cdef int point_mul_raw(const uint8_t* s, const uint8_t* p, uint8_t* out) noexcept nogil:
    return 0 if cpp.point_mul(s, p, out) else -1


cdef int point_add_raw(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept nogil:
    return -1 if cpp.point_add(p, q, out) else 0


cdef size_t msm_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return cpp.msm(scalars, points, n, out)


cdef size_t msm_vartime_raw(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return cpp.msm_vartime(scalars, points, n, out)


cdef size_t point_sum_raw(const uint8_t* points, size_t n, uint8_t* out) noexcept nogil:
    return cpp.point_sum(points, n, out)


cdef void pedersen_commit_raw(const uint8_t* amount, const uint8_t* blinding, uint8_t* out) noexcept nogil:
    cpp.pedersen_commit(amount, blinding, out)
