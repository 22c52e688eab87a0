# OPAQUE's accelerator (pyristretto.opaque, RFC 9807), also used by CPace (pyristretto.cpace): the scalar
# multiplications of one protocol step in one call, their results encoded with one batched inversion, and the
# X25519 key pairs of the curve25519 3DH through libsodium. Included into _objects.pyx.
from libcpp.vector cimport vector

# 1/2 mod q, little-endian: s*P is encoded as the double of (s/2)*P, which needs no square root.
cdef const uint8_t* _HALF = <const uint8_t*>(b"\xf7\xe9\x7a\x2e\x8d\x31\x09\x2c\x6b\xce\x7b\x51\xef\x7c\x6f\x0a"
                             b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x08")


def opaque_mul_encode(scalars, points):
    """The 32-byte encodings of ``scalars[i] * points[i]``, back to back: ``points[i]`` a Point, or None for the
    generator G (its fixed-base table). Constant-time in the Scalars (``point_mul_decoded``, the fixed-base table,
    libsodium's scalar product for the halving); the encodings come from ``ristretto_encode_doubled`` on the points
    ``(s_i / 2) * P_i``: one batched inversion for all of them instead of a square root each. The halves are wiped.
    TypeError when a scalar is not a Scalar or a point neither a Point nor None, ValueError for unequal lengths."""
    cdef list ss = as_list(scalars, "scalars"), ps = as_list(points, "points")
    cdef size_t n = len(ss), i
    cdef CSecretBuffer half
    cdef vector[CEdwardsPoint] bases, halves
    cdef vector[uint8_t] is_base
    cdef bytes out
    if <size_t>len(ps) != n:
        raise ValueError("scalars, points: the sequences must have equal lengths")
    if n == 0:
        return b""
    half.allocate(32 * n)
    bases.resize(n)
    halves.resize(n)
    is_base.resize(n)
    for i in range(n):
        s, P = ss[i], ps[i]
        if type(s) is not Scalar:
            raise TypeError(f"scalars[{i}]: expected a Scalar, got {type(s).__name__}")
        if P is None:
            is_base[i] = 1
        elif type(P) is Point:
            bases[i] = (<Point>P).pt
        else:
            raise TypeError(f"points[{i}]: expected a Point or None (the generator), got {type(P).__name__}")
        cpp.crypto_core_ristretto255_scalar_mul(half.data() + 32 * i, (<Scalar>s).s, _HALF)
    out = PyBytes_FromStringAndSize(NULL, 32 * n)
    cdef uint8_t* o = <uint8_t*>PyBytes_AS_STRING(out)
    with nogil:
        for i in range(n):
            if is_base[i]:
                halves[i] = cpp.basepoint_table().mul(half.data() + 32 * i)
            else:
                halves[i] = cpp.point_mul_decoded(half.data() + 32 * i, bases[i])
        half.wipe()
        cpp.ristretto_encode_doubled(o, halves.data(), halves.data(), n)
    return out


@cython.final
cdef class X25519PrivateKey:
    """An X25519 private key (RFC 7748) in a C buffer that is wiped when the object is freed: OPAQUE's curve25519
    3DH keys, ``DeriveDiffieHellmanKeyPair(seed)`` of RFC 9807 section 6.4.1.3 (the key is the 32-byte seed,
    clamped by X25519 when used). It cannot be pickled or copied, and its repr shows only the public key."""
    cdef uint8_t k[32]

    def __cinit__(self, seed):
        read_bytes(seed, "seed", self.k, 32, ValueError)

    def __dealloc__(self):
        cpp.sodium_memzero(self.k, 32)

    def public_key(self):
        """``X25519(k, 9)``: the 32-byte public key (libsodium's crypto_scalarmult_base)."""
        cdef uint8_t out[32]
        cpp.crypto_scalarmult_base(out, self.k)
        return PyBytes_FromStringAndSize(<const char*>out, 32)

    def exchange(self, peer, name="peer"):
        """``X25519(k, peer)`` (libsodium's crypto_scalarmult, constant-time in k). ValueError naming ``name`` when
        ``peer`` is not 32 bytes or the result is all zero (a low-order point: RFC 7748 section 6.1's check)."""
        cdef uint8_t p[32], out[32]
        cdef int r
        read_bytes(peer, name, p, 32, ValueError)
        with nogil:
            r = cpp.crypto_scalarmult(out, self.k, p)
        if r != 0:
            cpp.sodium_memzero(out, 32)
            raise ValueError(f"{name}: a low-order X25519 public key (the shared secret is zero)")
        return PyBytes_FromStringAndSize(<const char*>out, 32)

    def private_bytes(self):
        """The 32 private bytes, to store the key; keep them secret."""
        return PyBytes_FromStringAndSize(<const char*>self.k, 32)

    def __repr__(self):
        return f"X25519PrivateKey(public_key={self.public_key().hex()!r})"

    def __reduce__(self):
        raise TypeError("an X25519PrivateKey cannot be pickled (use private_bytes() to store it)")

    def __copy__(self):
        raise TypeError("an X25519PrivateKey cannot be copied")

    def __deepcopy__(self, memo):
        raise TypeError("an X25519PrivateKey cannot be copied")
