# RFC 9591 FROST's accelerators (Schnorr signatures over ristretto255 with a SHA-512 challenge): the batch
# verification and the nonce hash that pyristretto.frost runs in one call each, so that neither the per-signature
# work nor a secret passes through Python objects. Included into _objects.pyx (it needs Point, Scalar, PointVector's
# helpers and MSMTable).
from pyristretto.cpp cimport CSchnorrItem


def schnorr_verify_batch(prefix, messages, signatures, key_slots, keys, table=None):
    """Whether every Schnorr signature ``R || z`` (64 bytes) of a batch is valid: ``z*G == R + c*PK`` with
    ``c = SHA-512(prefix || R || encoding(PK) || msg) mod q`` (RFC 9591 FROST's verify, prefix
    ``contextString || "chal"``), checked at once as ``sum w_i (R_i + c_i PK_i - z_i G) == 0`` with independent
    uniform 128-bit weights ``w_i`` from libsodium's CSPRNG, in one multi-scalar multiplication (an invalid
    batch passes with probability at most 2^-128).

    ``messages``: bytes objects; ``signatures``: bytes-like; ``key_slots[i]``: the position in ``keys`` of
    signature i's key; ``keys``: distinct public keys as Points or 32-byte encodings, each encoding decoded once,
    together with every R. With ``table``, an MSMTable over ``[G, *keys]`` (``keys`` then all Points; ValueError
    when its bases are not exactly those), the key terms use its tables. False when a signature is malformed
    (wrong length, z >= q, R the identity or not a valid encoding) or the check fails, True for an empty batch;
    InvalidPointError naming ``keys[j]`` when a key is the identity (given as a Point or as its encoding: with it,
    any ``R = z*G`` would verify) or an invalid encoding, whether or not a signature is malformed and also for an
    empty batch. The GIL is released for the hashing, the decoding and the MSM."""
    cdef bytes pre = as_bytes(prefix, "prefix")
    cdef list msgs = as_list(messages, "messages"), sigs = as_list(signatures, "signatures")
    cdef list slots = as_list(key_slots, "key_slots"), key_list = as_list(keys, "keys")
    cdef size_t n = len(sigs), k = len(key_list), i, j, slot, to_decode = 0, bad = 0, first, count
    cdef vector[CSchnorrItem] items
    cdef vector[CEdwardsPoint] pts, decoded
    cdef vector[size_t] where
    cdef CSecretBuffer sig_bytes, key_enc, scalars, enc  # public data: C++ buffers read without the GIL
    cdef const CMSMTable* t = NULL
    cdef const uint8_t* pp = <const uint8_t*>PyBytes_AS_STRING(pre)
    cdef size_t plen = PyBytes_GET_SIZE(pre)
    cdef cpp.SumCheck check
    cdef bint ok = True
    if len(msgs) != n or len(slots) != n:
        raise ValueError("messages, signatures, key_slots: the sequences must have equal lengths")
    if table is not None:
        if type(table) is not MSMTable:
            raise TypeError(f"table: expected an MSMTable, got {type(table).__name__}")
        t = table_of(<MSMTable>table)
        if t.size() != 1 + k:
            raise ValueError(f"table: expected {1 + k} bases (G and the keys), got {t.size()}")
        if not cpp.ristretto_ct_eq(t.points()[0], CEdwardsPoint.basepoint()):
            raise ValueError("table: its first base is not G (expected an MSMTable over [G, *keys])")
    items.resize(n)
    sig_bytes.allocate(64 * n)
    for i in range(n):
        msg, sig = msgs[i], sigs[i]
        if type(msg) is not bytes:
            raise TypeError(f"messages[{i}]: expected bytes, got {type(msg).__name__}")
        if type(sig) is bytes and PyBytes_GET_SIZE(sig) == 64:  # the common case, without building a name
            memcpy(sig_bytes.data() + 64 * i, PyBytes_AS_STRING(sig), 64)
        else:  # a wrong length leaves the 64 zero bytes, whose R (the identity) the C++ rejects as malformed
            read_bytes(sig, f"signatures[{i}]", sig_bytes.data() + 64 * i, 64, None)
        slot = slots[i]
        if slot >= k:
            raise ValueError(f"key_slots[{i}]: {slot} is not below len(keys) = {k}")
        items[i].msg = <const uint8_t*>PyBytes_AS_STRING(msg)  # immutable bytes, kept alive by msgs
        items[i].msg_len = PyBytes_GET_SIZE(msg)
        items[i].sig = sig_bytes.data() + 64 * i
        items[i].key = slot
    # Points: [G, *keys, *R] without a table, [*R] with one; the key encodings to decode go first in enc, then
    # the R's, all decoded in one call (eight at a time on the IFMA backend).
    first = 0 if t != NULL else 1 + k
    pts.resize(first + n)
    key_enc.allocate(32 * k)
    enc.allocate(32 * (k + n))
    for j in range(k):
        key = key_list[j]
        read_point_bytes(key, f"keys[{j}]", key_enc.data() + 32 * j)
        if cpp.sodium_is_zero(key_enc.data() + 32 * j, 32):  # the identity's only valid encoding, a Point's too
            raise InvalidPointError(f"keys[{j}] is the identity, which is not a valid public key")
        if type(key) is Point:
            if t == NULL:
                pts[1 + j] = (<Point>key).pt
            elif not cpp.ristretto_ct_eq(t.points()[1 + j], (<Point>key).pt):
                raise ValueError(f"table: base {1 + j} is not keys[{j}] (expected an MSMTable over [G, *keys])")
        elif t != NULL:
            raise TypeError(f"keys[{j}]: expected a Point when a table is given")
        else:
            memcpy(enc.data() + 32 * to_decode, key_enc.data() + 32 * j, 32)
            where.push_back(j)
            to_decode += 1
    if n == 0:  # nothing to verify, but the keys are checked as for a batch
        decoded.resize(to_decode)
        bad = cpp.decode_points(decoded.data(), enc.data(), to_decode)
        if bad < to_decode:
            raise_invalid_point(f"keys[{where[bad]}]")
        return True
    if t == NULL:
        pts[0] = CEdwardsPoint.basepoint()
    scalars.allocate(32 * (1 + k + n))
    decoded.resize(to_decode + n)
    with nogil:
        ok = cpp.schnorr_batch_scalars(pp, plen, items.data(), n, key_enc.data(), k, scalars.data(),
                                       enc.data() + 32 * to_decode)
        count = to_decode + n if ok else to_decode  # a malformed signature: the keys are still checked
        bad = cpp.decode_points(decoded.data(), enc.data(), count)
    if bad < to_decode:
        raise_invalid_point(f"keys[{where[bad]}]")
    if not ok or bad != count:
        return False  # a malformed signature, or an R that is not a valid encoding
    for i in range(to_decode):
        pts[1 + where[i]] = decoded[i]
    memcpy(&pts[first], &decoded[to_decode], n * sizeof(CEdwardsPoint))
    with nogil:
        if t == NULL:
            check = cpp.weighted_sum_is_identity(scalars.data(), pts.data(), 1 + k + n, NULL, NULL, 0)
        else:
            check = cpp.weighted_sum_is_identity(scalars.data() + 32 * (1 + k), pts.data(), n, t, scalars.data(),
                                                 1 + k)
    if check == cpp.SumCheck.kOutOfMemory:
        raise MemoryError("schnorr_verify_batch: out of memory")
    return check == cpp.SumCheck.kIdentity


def hash_to_scalar_with_secret(prefix, data, Scalar secret not None):
    """``SHA-512(prefix || data || secret's 32 bytes) mod q`` as a Scalar: RFC 9591 nonce_generate's
    ``H3(random_bytes(32) || SerializeScalar(secret))`` with prefix ``contextString || "nonce"``. ``data`` None
    draws 32 bytes from libsodium's CSPRNG (only a test vector passes them). The secret's bytes, the random bytes,
    the hash state and the digest stay in C buffers and are wiped: no Python object holds them."""
    cdef bytes pre = as_bytes(prefix, "prefix")
    cdef bytes given
    cdef uint8_t random_bytes[32]
    cdef Scalar r = Scalar.__new__(Scalar)
    if data is None:
        cpp.randombytes_buf(random_bytes, 32)
        cpp.hash_to_scalar_with_secret(<const uint8_t*>PyBytes_AS_STRING(pre), PyBytes_GET_SIZE(pre),
                                       random_bytes, 32, secret.s, r.s)
        cpp.sodium_memzero(random_bytes, 32)
    else:
        given = as_bytes(data, "data")
        cpp.hash_to_scalar_with_secret(<const uint8_t*>PyBytes_AS_STRING(pre), PyBytes_GET_SIZE(pre),
                                       <const uint8_t*>PyBytes_AS_STRING(given), PyBytes_GET_SIZE(given),
                                       secret.s, r.s)
    return r
