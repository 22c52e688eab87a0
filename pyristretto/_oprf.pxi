# RFC 9497 OPRF's accelerator (pyristretto.oprf): DeriveKeyPair's private key with its message in a wiped C
# buffer. Included into _objects.pyx.


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
