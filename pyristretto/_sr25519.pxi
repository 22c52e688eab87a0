# sr25519's accelerator (schnorrkel 0.11 over ristretto255, cpp/include/pyristretto/sr25519.hpp): the secret keys in
# C memory, and each operation of pyristretto.sr25519 (signing, verification, a batch's per-signature work, HDKD,
# the VRF) in one call into the C++ core, so that no secret and none of the per-item work passes through Python
# objects. Included into _objects.pyx (it needs Point, Transcript and the argument helpers).
#
# Secrets leave only through an explicit to_bytes(): the classes below refuse pickling and copying, show no secret
# in their repr, and wipe their bytes when freed.
from cython.operator cimport dereference as deref
from pyristretto.cpp cimport CMerlinTranscript, CSrBatchItem, SrCheck

# The reasons a verification fails, as pyristretto.sr25519 reads them (values of sr25519::Check).
SR_VALID = <int>SrCheck.kValid
SR_EQUATION_FALSE = <int>SrCheck.kEquationFalse
SR_NOT_MARKED = <int>SrCheck.kNotMarked
SR_SCALAR_FORMAT = <int>SrCheck.kScalarFormat
SR_POINT_DECOMPRESSION = <int>SrCheck.kPointDecompression
SR_LENGTH = 5  # a wrong length (of a signature in a batch): checked before the C++ sees it


cdef int refuse_secret_copy(object obj) except -1:
    raise TypeError(f"{type(obj).__name__} holds a secret key: it cannot be pickled or copied "
                    "(to_bytes() gives its bytes explicitly)")


@cython.final
cdef class SrMiniSecret:
    """An sr25519 mini secret key (schnorrkel's MiniSecretKey, Substrate's seed): 32 bytes in C memory, wiped when
    freed. Internal: pyristretto.sr25519.MiniSecretKey holds one."""
    cdef uint8_t seed[32]
    cdef bint ready  # set by the functions that fill it: SrMiniSecret.__new__(SrMiniSecret) is not initialised

    def __init__(self, *args, **kwargs):
        raise TypeError("SrMiniSecret cannot be created directly: use sr25519_mini_secret()")

    cdef int check(self) except -1:
        if not self.ready:
            raise ValueError("SrMiniSecret was not initialised: use sr25519_mini_secret()")
        return 0

    def __dealloc__(self):
        cpp.sodium_memzero(self.seed, 32)

    def to_bytes(self):
        """The 32 secret bytes (explicitly: the caller then holds the secret in a bytes object)."""
        self.check()
        return PyBytes_FromStringAndSize(<const char*>self.seed, 32)

    def expand(self, bint uniform):
        """The secret key: MiniSecretKey::expand in Uniform mode when uniform, else in Ed25519 mode."""
        cdef SrSecret r = SrSecret.__new__(SrSecret)
        self.check()
        if uniform:
            cpp.sr_expand_uniform(self.seed, r.key, r.nonce)
        else:
            cpp.sr_expand_ed25519(self.seed, r.key, r.nonce)
        r.ready = True
        return r

    def equals(self, SrMiniSecret other not None):
        """Constant-time equality of the 32 bytes."""
        self.check()
        other.check()
        return cpp.crypto_verify_32(self.seed, other.seed) == 0

    def __reduce__(self):
        refuse_secret_copy(self)

    def __copy__(self):
        refuse_secret_copy(self)

    def __deepcopy__(self, memo):
        refuse_secret_copy(self)

    def __repr__(self):
        self.check()
        return "<SrMiniSecret (hidden)>"


@cython.final
cdef class SrSecret:
    """An sr25519 secret key (schnorrkel's SecretKey): the key scalar (reduced mod q) and the 32-byte nonce in C
    memory, wiped when freed. Internal: pyristretto.sr25519.SecretKey holds one."""
    cdef uint8_t key[32]
    cdef uint8_t nonce[32]
    cdef bint ready  # set by the functions that fill it: SrSecret.__new__(SrSecret) is not initialised

    def __init__(self, *args, **kwargs):
        raise TypeError("SrSecret cannot be created directly: use sr25519_secret()")

    cdef int check(self) except -1:
        if not self.ready:
            raise ValueError("SrSecret was not initialised: use sr25519_secret()")
        return 0

    def __dealloc__(self):
        cpp.sodium_memzero(self.key, 32)
        cpp.sodium_memzero(self.nonce, 32)

    def to_bytes(self):
        """key (32, little-endian) || nonce (32): SecretKey::to_bytes."""
        cdef uint8_t out[64]
        self.check()
        memcpy(out, self.key, 32)
        memcpy(out + 32, self.nonce, 32)
        try:
            return PyBytes_FromStringAndSize(<const char*>out, 64)
        finally:
            cpp.sodium_memzero(out, 64)

    def to_ed25519_bytes(self):
        """8 key (32 bytes) || nonce: SecretKey::to_ed25519_bytes."""
        cdef uint8_t out[64]
        self.check()
        memcpy(out, self.key, 32)
        cpp.sr_multiply_by_cofactor(out)
        memcpy(out + 32, self.nonce, 32)
        try:
            return PyBytes_FromStringAndSize(<const char*>out, 64)
        finally:
            cpp.sodium_memzero(out, 64)

    def public_bytes(self):
        """The public key's encoding, key G (constant-time)."""
        cdef uint8_t out[32]
        self.check()
        cpp.base_mul(self.key, out)
        return point_bytes(out)

    def public_point(self):
        """The public key key G as a Point (constant-time; encoded when first asked for)."""
        self.check()
        return point_from_c(cpp.basepoint_table().mul(self.key))

    def key_equals(self, SrSecret other not None):
        """Constant-time equality of the key scalars (schnorrkel's SecretKey equality ignores the nonce)."""
        self.check()
        other.check()
        return cpp.crypto_verify_32(self.key, other.key) == 0

    def __reduce__(self):
        refuse_secret_copy(self)

    def __copy__(self):
        refuse_secret_copy(self)

    def __deepcopy__(self, memo):
        refuse_secret_copy(self)

    def __repr__(self):
        self.check()
        return "<SrSecret (hidden)>"


def sr25519_mini_secret(seed=None):
    """An SrMiniSecret of the 32 bytes of `seed` (bytes-like; ValueError for another length), or of 32 bytes from
    libsodium's CSPRNG when seed is None."""
    cdef SrMiniSecret r = SrMiniSecret.__new__(SrMiniSecret)
    if seed is None:
        cpp.randombytes_buf(r.seed, 32)
    else:
        read_bytes(seed, "seed", r.seed, 32, ValueError)
    r.ready = True
    return r


def sr25519_secret(data, bint ed25519=False):
    """An SrSecret from 64 bytes (bytes-like): key || nonce (SecretKey::from_bytes: the key must be canonical), or
    with ed25519 the Ed25519 form 8 key || nonce (from_ed25519_bytes: the key divided by 8, then canonical). None
    when the key is not canonical (the caller names the error); ValueError for another length."""
    cdef SrSecret r = SrSecret.__new__(SrSecret)
    cdef uint8_t buf[64]
    try:
        read_bytes(data, "secret_key", buf, 64, ValueError)
        memcpy(r.key, buf, 32)
        memcpy(r.nonce, buf + 32, 32)
    finally:
        cpp.sodium_memzero(buf, 64)
    if ed25519:
        cpp.sr_divide_by_cofactor(r.key)
    r.ready = True
    return r if cpp.sr_key_is_canonical(r.key) else None


def sr25519_random_secret():
    """SecretKey::generate: the key from 64 random bytes reduced mod q, the nonce 32 more (libsodium's CSPRNG)."""
    cdef SrSecret r = SrSecret.__new__(SrSecret)
    cdef uint8_t wide[64]
    cpp.randombytes_buf(wide, 64)
    cpp.crypto_core_ristretto255_scalar_reduce(r.key, wide)
    cpp.sodium_memzero(wide, 64)
    cpp.randombytes_buf(r.nonce, 32)
    r.ready = True
    return r


cdef int witness_random32(object rng, uint8_t* out) except -1:
    """32 random bytes for a witness: rng as read_random32 reads it, None being the core's witness_randomness (the
    CSPRNG in 1 KiB blocks per thread, each 32 bytes handed out once). The caller wipes out."""
    if rng is None:
        cpp.sr_witness_randomness(out)
        return 0
    return read_random32(rng, out)


cdef CMerlinTranscript* transcript_of(object t, object name) except NULL:
    if type(t) is not Transcript:
        raise TypeError(f"{name}: expected a Transcript, got {type(t).__name__}")
    return (<Transcript>t).state()


cdef CMerlinTranscript* signing_transcript(object context, object message, unique_ptr[CMerlinTranscript]& out,
                                           CSecretBuffer& copy) except NULL:
    """A copy of the Transcript `context`, with append_message("sign-bytes", message) unless message is None (the
    context is then the whole signing transcript). The caller's transcript is not changed."""
    cdef CMerlinTranscript* src = transcript_of(context, "context")
    cdef const uint8_t* mp
    cdef size_t n
    out.reset(new CMerlinTranscript(src[0]))
    if message is not None:
        mp = borrow_bytes(message, "message", copy, &n)
        check_length(n, "message")
        out.get().append_message(<const uint8_t*>b"sign-bytes", 10, mp, n)
    return out.get()


cdef int read_public(object pub, uint8_t* enc, CEdwardsPoint* decoded) except -1:
    """A public key argument (a Point, or 32 bytes to decode): 1 with enc and decoded set, 0 when the bytes are
    not a valid encoding (enc set). TypeError or ValueError (InvalidPointError) for a wrong type or length."""
    if type(pub) is Point:
        memcpy(enc, PyBytes_AS_STRING((<Point>pub).encoded()), 32)
        decoded[0] = (<Point>pub).pt
        return 1
    read_bytes(pub, "public_key", enc, 32, InvalidPointError)
    return cpp.ristretto_decode(decoded[0], enc)


def sr25519_sign(SrSecret secret not None, pub, context, message, rng=None):
    """The 64-byte signature R || s (marker set) of `message` under the signing context `context` (a Transcript:
    SigningContext's; with message None, the whole signing transcript), by the secret key with public key `pub`
    (a Point or its 32-byte encoding, taken as given: it enters the transcript). The witness r comes from the
    transcript RNG keyed with the secret nonce and finalized with 32 bytes of `rng` (read_random32: None for the
    CSPRNG). Neither the context nor any argument is changed."""
    cdef unique_ptr[CMerlinTranscript] t
    cdef CSecretBuffer copy
    cdef uint8_t pk[32], random[32], sig[64]
    secret.check()
    read_point_bytes(pub, "public_key", pk)
    signing_transcript(context, message, t, copy)
    try:
        witness_random32(rng, random)
        with nogil:
            cpp.sr_sign(deref(t.get()), secret.key, secret.nonce, pk, random, sig)
    finally:
        cpp.sodium_memzero(random, 32)
    return PyBytes_FromStringAndSize(<const char*>sig, 64)


def sr25519_sign_bytes(pub, secret, context, message):
    """py-sr25519-bindings' sign on its own arguments: the 64-byte secret key as bytes (length checked by the
    caller), the public key as a Point (validated before) or as its 32 bytes (decoded here, to refuse an invalid
    one as the bindings do). The signature bytes, or the reason the keys are refused as a str: "secret" when the
    key is not canonical (checked first), "public" when the public key does not decode."""
    cdef unique_ptr[CMerlinTranscript] t
    cdef CSecretBuffer copy
    cdef uint8_t pk[32], random[32], sig[64]
    cdef CEdwardsPoint A
    cdef const uint8_t* sp
    if not isinstance(secret, bytes) or PyBytes_GET_SIZE(secret) != 64:  # bytes subclasses too, as the bindings
        raise TypeError("secret: expected 64 bytes")
    sp = <const uint8_t*>PyBytes_AS_STRING(secret)
    if not cpp.sr_key_is_canonical(sp):
        return "secret"
    if not read_public(pub, pk, &A):
        return "public"
    signing_transcript(context, message, t, copy)
    cpp.sr_witness_randomness(random)
    with nogil:  # the secret's bytes object is immutable and held by the caller
        cpp.sr_sign(deref(t.get()), sp, sp + 32, pk, random, sig)
    cpp.sodium_memzero(random, 32)
    return PyBytes_FromStringAndSize(<const char*>sig, 64)


def sr25519_pair_bytes(seed):
    """py-sr25519-bindings' pair_from_seed in one call: (public key, secret key) bytes of a 32-byte seed (bytes,
    length checked by the caller), expanded in Ed25519 mode; the expanded key is wiped."""
    cdef uint8_t mini[32], sk[64], pk[32]
    read_bytes(seed, "seed", mini, 32, ValueError)
    try:
        cpp.sr_expand_ed25519(mini, sk, sk + 32)
        cpp.base_mul(sk, pk)
        return point_bytes(pk), PyBytes_FromStringAndSize(<const char*>sk, 64)
    finally:
        cpp.sodium_memzero(mini, 32)
        cpp.sodium_memzero(sk, 64)


def sr25519_hard_derive_bytes(chain_code, secret, index):
    """py-sr25519-bindings' hard_derive_keypair in one call, on bytes checked by the caller: (child chain code,
    child public key, child secret key), or None when the secret key's scalar is not canonical."""
    cdef uint8_t cc[32], cc_out[32], sk[64], mini[32], child[64], pk[32]
    cdef CSecretBuffer copy
    cdef size_t n
    cdef const uint8_t* ip
    read_bytes(chain_code, "chain_code", cc, 32, ValueError)
    read_bytes(secret, "secret_key", sk, 64, ValueError)
    try:
        if not cpp.sr_key_is_canonical(sk):
            return None
        ip = borrow_bytes(index, "index", copy, &n)
        check_length(n, "index")
        cpp.sr_hard_derive_mini(cc, sk, ip, n, mini, cc_out)
        cpp.sr_expand_ed25519(mini, child, child + 32)
        cpp.base_mul(child, pk)
        return point_bytes(cc_out), point_bytes(pk), PyBytes_FromStringAndSize(<const char*>child, 64)
    finally:
        cpp.sodium_memzero(sk, 64)
        cpp.sodium_memzero(mini, 32)
        cpp.sodium_memzero(child, 64)


def sr25519_derive_soft_bytes(chain_code, pub, secret, index):
    """py-sr25519-bindings' derive_keypair in one call, on bytes checked by the caller (pub a validated Point or
    its 32 bytes, taken as given): (child chain code, child public key, child secret key) with a random child
    nonce, or None when the secret key's scalar is not canonical."""
    cdef uint8_t cc[32], cc_out[32], sk[64], child[64], pk[32], pub_out[32], random[32]
    cdef CSecretBuffer copy
    cdef size_t n
    cdef const uint8_t* ip
    read_bytes(chain_code, "chain_code", cc, 32, ValueError)
    read_point_bytes(pub, "public_key", pk)
    read_bytes(secret, "secret_key", sk, 64, ValueError)
    try:
        if not cpp.sr_key_is_canonical(sk):
            return None
        ip = borrow_bytes(index, "index", copy, &n)
        check_length(n, "index")
        cpp.sr_witness_randomness(random)
        cpp.sr_derive_keypair_soft(cc, pk, sk, sk + 32, ip, n, random, child, child + 32, pub_out, cc_out)
        return point_bytes(cc_out), point_bytes(pub_out), PyBytes_FromStringAndSize(<const char*>child, 64)
    finally:
        cpp.sodium_memzero(sk, 64)
        cpp.sodium_memzero(child, 64)
        cpp.sodium_memzero(random, 32)


def sr25519_public_point(pub):
    """The Point of a 32-byte public key encoding (its encoding kept), or None when it is not a valid encoding."""
    cdef uint8_t pk[32]
    cdef CEdwardsPoint A
    cdef Point r
    if not read_public(pub, pk, &A):
        return None
    r = point_from_c(A)
    r._enc = pub if type(pub) is bytes else point_bytes(pk)  # valid, hence canonical
    return r


def sr25519_verify(pub, signature, context, message):
    """Whether `signature` (64 bytes, checked by the caller) signs `message` under `context` (as sr25519_sign's)
    for the public key `pub` (a Point, or 32 bytes decoded here): a value of sr25519::Check (SR_VALID, or why
    not: SR_POINT_DECOMPRESSION for a public key that is not a valid encoding)."""
    cdef unique_ptr[CMerlinTranscript] t
    cdef CSecretBuffer copy
    cdef uint8_t pk[32], sig[64]
    cdef CEdwardsPoint A
    cdef SrCheck result
    read_bytes(signature, "signature", sig, 64, ValueError)
    if not read_public(pub, pk, &A):
        return SR_POINT_DECOMPRESSION
    signing_transcript(context, message, t, copy)
    with nogil:
        result = cpp.sr_verify_vartime(deref(t.get()), A, pk, sig)
    return <int>result


def sr25519_parse_signature(signature):
    """The check of Signature::from_bytes on 64 bytes: SR_VALID, SR_NOT_MARKED or SR_SCALAR_FORMAT."""
    cdef uint8_t sig[64], s[32]
    read_bytes(signature, "signature", sig, 64, ValueError)
    return <int>cpp.sr_parse_signature_vartime(sig, s)


def sr25519_batch_check(signatures, messages, public_keys, contexts):
    """Batch verification of sr25519 signatures in one C++ pass: the challenges (a transcript each, threads for
    large batches), fresh 128-bit weights from the CSPRNG, one batch decode of the R's and of the distinct keys
    given as encodings, one multi-scalar multiplication (threads), the GIL released for all of it.

    ``signatures``: 64-byte bytes-likes; ``messages``: bytes-likes, or None where the context is the whole signing
    transcript; ``public_keys``: Points (not decoded again) or 32-byte encodings (equal ones decoded once);
    ``contexts``: one Transcript for all, or a sequence of Transcripts (one per signature). Returns (check, index):
    (SR_VALID, -1) when every signature verifies (also for an empty batch), (SR_EQUATION_FALSE, -1) when the
    weighted equation fails, (SR_EQUATION_FALSE, i) when signature i's R is not a valid encoding, (SR_LENGTH, i)
    for a signature of another length than 64, (SR_NOT_MARKED or SR_SCALAR_FORMAT, i) for a malformed signature i,
    (SR_POINT_DECOMPRESSION, i) when public_keys[i] is not a valid 32-byte encoding (checked first). TypeError for
    wrong types, naming the argument."""
    cdef list sigs = as_list(signatures, "signatures"), msgs = as_list(messages, "messages")
    cdef list keys = as_list(public_keys, "public_keys")
    cdef list ctx_list = None
    cdef size_t n = len(sigs), i, j, k = 0, bad, slot
    cdef vector[CSrBatchItem] items
    cdef vector[CEdwardsPoint] pts, decoded
    cdef vector[size_t] decode_slot, decode_item  # each key to decode: its slot, and the first item naming it
    cdef CSecretBuffer sig_bytes, key_enc, to_decode, scalars, r_enc, work
    cdef CMerlinTranscript* shared = NULL
    # The transcripts are read without the GIL, while another thread could change a caller's Transcript: they are
    # copied into C++ memory first (each distinct object once: copy_of, with copy_slot by id and ctx_slot per item).
    cdef vector[CMerlinTranscript] copies
    cdef list copy_of = []
    cdef dict copy_slot = {}
    cdef vector[size_t] ctx_slot
    cdef dict slots = {}
    cdef cpp.SumCheck check
    cdef size_t malformed
    cdef uint8_t enc[32]
    cdef list keep = []  # bytes objects whose buffers items point into
    cdef object name, found, ctx
    if len(msgs) != n or len(keys) != n:
        raise ValueError(f"signatures, messages, public_keys: the sequences must have equal lengths "
                         f"({n}, {len(msgs)}, {len(keys)})")
    if type(contexts) is Transcript:
        copy_of.append(contexts)
        shared = (<Transcript>contexts).state()
    else:
        ctx_list = as_list(contexts, "contexts")
        if len(ctx_list) != n:
            raise ValueError(f"contexts: expected one per signature ({n}), got {len(ctx_list)}")
    if n == 0:
        return SR_VALID, -1
    items.resize(n)
    ctx_slot.resize(n)
    pts.resize(1 + 2 * n)  # [G, *keys, *R]: at most n distinct keys; the R's moved after the last key below
    pts[0] = CEdwardsPoint.basepoint()
    sig_bytes.allocate(64 * n)
    key_enc.allocate(32 * n)
    to_decode.allocate(32 * n)
    for i in range(n):  # (the names of arguments are built only for an error: an f-string per item costs ~5%)
        sig = sigs[i]
        if type(sig) is bytes and PyBytes_GET_SIZE(sig) == 64:
            memcpy(sig_bytes.data() + 64 * i, PyBytes_AS_STRING(sig), 64)
        elif not read_bytes(sig, f"signatures[{i}]", sig_bytes.data() + 64 * i, 64, None):
            return SR_LENGTH, i
        items[i].sig = sig_bytes.data() + 64 * i
        if shared == NULL:  # each distinct Transcript object copied once (below), items[i] noting which
            ctx = ctx_list[i]
            if type(ctx) is not Transcript:
                transcript_of(ctx, f"contexts[{i}]")  # raises
            found = copy_slot.get(id(ctx))
            if found is None:
                found = len(copy_of)
                copy_slot[id(ctx)] = found
                copy_of.append(ctx)
            ctx_slot[i] = found
        msg = msgs[i]
        if msg is None:
            items[i].msg = NULL
            items[i].msg_len = 0
        else:
            if type(msg) is not bytes:
                msg = as_bytes(msg, f"messages[{i}]")
                keep.append(msg)
            items[i].msg = <const uint8_t*>PyBytes_AS_STRING(msg)  # immutable bytes, kept alive by msgs or keep
            items[i].msg_len = PyBytes_GET_SIZE(msg)
            if items[i].msg_len > transcript_max_length:
                length_error(items[i].msg_len, f"messages[{i}]")
        key = keys[i]
        if type(key) is Point:
            name = (<Point>key).encoded()
        elif type(key) is bytes and PyBytes_GET_SIZE(key) == 32:
            name = key
        elif read_bytes(key, f"public_keys[{i}]", enc, 32, None):
            name = point_bytes(enc)
        else:
            return SR_POINT_DECOMPRESSION, i  # a wrong length
        found = slots.get(name)
        if found is None:
            slot = k
            slots[name] = k
            memcpy(key_enc.data() + 32 * k, PyBytes_AS_STRING(name), 32)
            if type(key) is Point:
                pts[1 + k] = (<Point>key).pt
            else:
                memcpy(to_decode.data() + 32 * decode_slot.size(), PyBytes_AS_STRING(name), 32)
                decode_slot.push_back(k)
                decode_item.push_back(i)
            k += 1
        else:
            slot = found
        items[i].key = slot
    copies.reserve(len(copy_of))  # no reallocation below: the items point into it
    for ctx in copy_of:
        copies.push_back((<Transcript>ctx).state()[0])
    for i in range(n):
        items[i].transcript = &copies[0] if shared != NULL else &copies[ctx_slot[i]]
    scalars.allocate(32 * (1 + k + n))
    r_enc.allocate(32 * n)
    work.allocate(64 * n)
    decoded.resize(decode_slot.size() + n)
    with nogil:
        bad = cpp.decode_points(decoded.data(), to_decode.data(), decode_slot.size())
    if bad < decode_slot.size():
        return SR_POINT_DECOMPRESSION, decode_item[bad]
    for j in range(decode_slot.size()):
        pts[1 + decode_slot[j]] = decoded[j]
    with nogil:
        malformed = cpp.sr_batch_scalars_vartime(items.data(), n, key_enc.data(), k, scalars.data(), r_enc.data(),
                                                 work.data())
    if malformed < n:
        return <int>cpp.sr_parse_signature_vartime(items[malformed].sig, enc), malformed
    with nogil:
        bad = cpp.decode_points(&pts[1 + k], r_enc.data(), n)
    if bad < n:
        return SR_EQUATION_FALSE, bad
    with nogil:
        check = cpp.weighted_sum_is_identity(scalars.data(), pts.data(), 1 + k + n, NULL, NULL, 0)
    if check == cpp.SumCheck.kOutOfMemory:
        raise MemoryError("sr25519 batch verification: out of memory")
    return (SR_VALID if check == cpp.SumCheck.kIdentity else SR_EQUATION_FALSE), -1


def sr25519_derive_public(chain_code, pub, index):
    """PublicKey::derived_key_simple(chain_code, index): (child public key encoding, child chain code), or None
    when `pub` (a Point, or 32 bytes decoded here) is not a valid encoding. chain_code: 32 bytes; index:
    bytes-like."""
    cdef uint8_t cc[32], pk[32], pub_out[32], cc_out[32]
    cdef CEdwardsPoint A
    cdef CSecretBuffer copy
    cdef size_t n
    cdef const uint8_t* ip
    read_bytes(chain_code, "chain_code", cc, 32, ValueError)
    if not read_public(pub, pk, &A):
        return None
    ip = borrow_bytes(index, "index", copy, &n)
    check_length(n, "index")
    with nogil:
        cpp.sr_derive_public(A, pk, cc, ip, n, pub_out, cc_out)
    return point_bytes(pub_out), point_bytes(cc_out)


def sr25519_derive_soft(SrSecret secret not None, pub, chain_code, index, rng=None):
    """Keypair::derived_key_simple (soft): (child SrSecret, child public key encoding, child chain code). The
    child's key and public key are deterministic; its nonce comes from the derivation transcript's RNG finalized
    with 32 bytes of rng (None: the CSPRNG), as the crate's. pub (a Point or 32 bytes) enters the transcript as
    given."""
    cdef uint8_t cc[32], pk[32], random[32], pub_out[32], cc_out[32]
    cdef CSecretBuffer copy
    cdef size_t n
    cdef const uint8_t* ip
    cdef SrSecret child = SrSecret.__new__(SrSecret)
    secret.check()
    read_bytes(chain_code, "chain_code", cc, 32, ValueError)
    read_point_bytes(pub, "public_key", pk)
    ip = borrow_bytes(index, "index", copy, &n)
    check_length(n, "index")
    try:
        witness_random32(rng, random)
        with nogil:
            cpp.sr_derive_keypair_soft(cc, pk, secret.key, secret.nonce, ip, n, random, child.key, child.nonce,
                                       pub_out, cc_out)
    finally:
        cpp.sodium_memzero(random, 32)
    child.ready = True
    return child, point_bytes(pub_out), point_bytes(cc_out)


def sr25519_hard_derive(SrSecret secret not None, chain_code, index):
    """SecretKey::hard_derive_mini_secret_key(chain_code, index): (child SrMiniSecret, child chain code);
    chain_code None leaves the chain code out of the transcript (the crate's None)."""
    cdef uint8_t cc[32], cc_out[32]
    cdef const uint8_t* ccp = NULL
    cdef CSecretBuffer copy
    cdef size_t n
    cdef const uint8_t* ip
    cdef SrMiniSecret child = SrMiniSecret.__new__(SrMiniSecret)
    secret.check()
    if chain_code is not None:
        read_bytes(chain_code, "chain_code", cc, 32, ValueError)
        ccp = cc
    ip = borrow_bytes(index, "index", copy, &n)
    check_length(n, "index")
    with nogil:
        cpp.sr_hard_derive_mini(ccp, secret.key, ip, n, child.seed, cc_out)
    child.ready = True
    return child, point_bytes(cc_out)


cdef CMerlinTranscript* copied_transcript(object t, object name, unique_ptr[CMerlinTranscript]& out) except NULL:
    out.reset(new CMerlinTranscript(transcript_of(t, name)[0]))
    return out.get()


def sr25519_vrf_hash(pub, t, bint malleable):
    """PublicKey::vrf_hash: the VRF input point H of the transcript t (a copy: t is not changed) for the public key
    pub (a Point or 32 bytes), with the public key committed unless malleable."""
    cdef uint8_t pk[32]
    cdef unique_ptr[CMerlinTranscript] tc
    read_point_bytes(pub, "public_key", pk)
    copied_transcript(t, "transcript", tc)
    return point_from_c(cpp.sr_vrf_hash(deref(tc.get()), pk, malleable))


def sr25519_vrf_sign(SrSecret secret not None, pub, t, extra, bint kusama, bint malleable, rng=None):
    """Keypair::vrf_sign_extra (copies of t and extra: neither is changed): (input H, pre-output O) as Points, the
    64-byte proof c || s and the 96-byte batchable proof R || Hr || s."""
    cdef uint8_t pk[32], random[32], h[32], o[32], proof[64], batchable[96]
    cdef unique_ptr[CMerlinTranscript] tc, ec
    secret.check()
    read_point_bytes(pub, "public_key", pk)
    copied_transcript(t, "transcript", tc)
    copied_transcript(extra, "extra", ec)
    try:
        witness_random32(rng, random)
        with nogil:
            cpp.sr_vrf_sign(deref(tc.get()), deref(ec.get()), secret.key, secret.nonce, pk, random, kusama, malleable,
                            h, o, proof, batchable)
    finally:
        cpp.sodium_memzero(random, 32)
    return (Point(point_bytes(h)), Point(point_bytes(o)), PyBytes_FromStringAndSize(<const char*>proof, 64),
            PyBytes_FromStringAndSize(<const char*>batchable, 96))


def sr25519_vrf_output(SrSecret secret not None, Point H not None):
    """SecretKey::vrf_create_from_point: key H (constant-time in the key) as a Point."""
    secret.check()
    return point_from_c(cpp.point_mul_decoded(secret.key, H.pt))


def sr25519_dleq_prove(SrSecret secret not None, pub, extra, Point H not None, Point O not None, bint kusama,
                       rng=None):
    """Keypair::dleq_proove on a copy of extra for the in/out pair (H, O): (proof c || s, batchable R || Hr || s)."""
    cdef uint8_t pk[32], random[32], proof[64], batchable[96]
    cdef unique_ptr[CMerlinTranscript] ec
    cdef bytes h = H.encoded(), o = O.encoded()
    secret.check()
    read_point_bytes(pub, "public_key", pk)
    copied_transcript(extra, "extra", ec)
    try:
        witness_random32(rng, random)
        cpp.sr_dleq_prove(deref(ec.get()), H.pt, <const uint8_t*>PyBytes_AS_STRING(h),
                          <const uint8_t*>PyBytes_AS_STRING(o), secret.key, secret.nonce, pk, random, kusama, proof,
                          batchable)
    finally:
        cpp.sodium_memzero(random, 32)
    return PyBytes_FromStringAndSize(<const char*>proof, 64), PyBytes_FromStringAndSize(<const char*>batchable, 96)


def sr25519_dleq_verify(Point pub not None, extra, Point H not None, Point O not None, proof, bint kusama):
    """PublicKey::dleq_verify on a copy of extra: (check, batchable proof or None). proof: 64 bytes."""
    cdef uint8_t pr[64], batchable[96]
    cdef unique_ptr[CMerlinTranscript] ec
    cdef bytes h = H.encoded(), o = O.encoded(), pk = pub.encoded()
    cdef SrCheck result
    cdef const uint8_t* hp = <const uint8_t*>PyBytes_AS_STRING(h)
    cdef const uint8_t* op = <const uint8_t*>PyBytes_AS_STRING(o)
    cdef const uint8_t* pp = <const uint8_t*>PyBytes_AS_STRING(pk)
    read_bytes(proof, "proof", pr, 64, ValueError)
    copied_transcript(extra, "extra", ec)
    with nogil:
        result = cpp.sr_dleq_verify_vartime(deref(ec.get()), H.pt, hp, O.pt, op, pub.pt, pp, pr, kusama, batchable)
    if result != SrCheck.kValid:
        return <int>result, None
    return SR_VALID, PyBytes_FromStringAndSize(<const char*>batchable, 96)


def sr25519_dleq_challenge(Point pub not None, extra, Point H not None, Point O not None, batchable, bint kusama):
    """VRFProofBatchable::shorten_dleq's challenge c as a Scalar (on a copy of extra), or None when the proof's s
    is not canonical. batchable: 96 bytes."""
    cdef uint8_t b[96]
    cdef unique_ptr[CMerlinTranscript] ec
    cdef bytes h = H.encoded(), o = O.encoded(), pk = pub.encoded()
    cdef Scalar c = Scalar.__new__(Scalar)
    read_bytes(batchable, "proof", b, 96, ValueError)
    copied_transcript(extra, "extra", ec)
    if not cpp.sr_dleq_challenge_vartime(deref(ec.get()), <const uint8_t*>PyBytes_AS_STRING(h),
                                         <const uint8_t*>PyBytes_AS_STRING(o), <const uint8_t*>PyBytes_AS_STRING(pk),
                                         b, kusama, c.s):
        return None
    return c
