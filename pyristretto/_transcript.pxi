# Merlin transcripts (STROBE-128 over Keccak-f[1600], in the C++ core: cpp/include/pyristretto/transcript.hpp):
# Transcript, its witness-bound RNG (TranscriptRngBuilder, TranscriptRng) and, for the tests, raw STROBE-128.
# Included into _objects.pyx (it needs Point, Scalar and the argument helpers).
#
# Every operation runs with the GIL held and calls no Python code while it changes a state, so an object shared
# by threads is never torn (the order of the threads' operations is theirs to choose); each takes about a
# microsecond, less than releasing and retaking the GIL would cost.
from pyristretto.cpp cimport CMerlinTranscript, CStrobe128, CTranscriptRng

cdef size_t transcript_max_length = <size_t>cpp.kMerlinMaxLength  # _set_transcript_max_length changes it


def _set_transcript_max_length(n):
    """Sets the longest message, challenge, witness or RNG output a transcript accepts (Merlin's 2^32 - 1 by
    default; for the tests, which cannot allocate 4 GiB): returns the previous value."""
    global transcript_max_length
    cdef size_t previous = transcript_max_length
    if not 0 <= n <= cpp.kMerlinMaxLength:
        raise ValueError(f"n: expected 0 <= n <= {cpp.kMerlinMaxLength}, got {n}")
    transcript_max_length = n
    return previous


cdef const uint8_t* borrow_bytes(object obj, object name, CSecretBuffer& copy, size_t* n) except NULL:
    """The bytes of a bytes-like argument and their number (n): a bytes object's own (the caller keeps obj alive
    while it uses them), any other buffer's gathered into copy, which wipes them when freed (they may be a
    witness). TypeError for anything that is not bytes-like (str included)."""
    if type(obj) is bytes:
        n[0] = PyBytes_GET_SIZE(obj)
        return <const uint8_t*>PyBytes_AS_STRING(obj)
    if isinstance(obj, str) or not PyObject_CheckBuffer(obj):
        raise TypeError(f"{name}: expected a bytes-like object, got {type(obj).__name__}")
    cdef size_t length = memoryview(obj).nbytes
    copy.allocate(length + 1)  # never empty, so that data() is never NULL
    read_bytes(obj, name, copy.data(), length, TypeError)
    n[0] = length
    return copy.data()


cdef int length_error(object n, object name) except -1:
    raise ValueError(f"{name}: at most {transcript_max_length} bytes (Merlin frames lengths in 4 bytes), got {n}")


cdef inline int check_length(size_t n, object name) except -1:
    if n > transcript_max_length:
        length_error(n, name)
    return 0


cdef size_t output_length(object n, object name) except? 0:
    """A requested output length: an int in [0, the maximum length]."""
    cdef object i
    try:
        i = operator.index(n)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(n).__name__}") from None
    if i < 0:
        raise ValueError(f"{name}: expected a length >= 0, got {i}")
    if i > transcript_max_length:
        length_error(i, name)
    return i


cdef int read_random32(object rng, uint8_t* out) except -1:
    """32 random bytes into out from rng: None for libsodium's CSPRNG (randombytes_buf), a callable rng(32)
    returning 32 bytes, or 32 bytes themselves (fixed bytes, for known-answer tests); ValueError for a wrong
    length. The caller wipes out."""
    if rng is None:
        cpp.randombytes_buf(out, 32)
    elif callable(rng):
        read_bytes(rng(32), "rng(32)", out, 32, ValueError)
    else:
        read_bytes(rng, "rng", out, 32, ValueError)
    return 0


cdef int refuse_copy(object obj) except -1:
    raise TypeError(f"{type(obj).__name__} holds witness-keyed secret state: it cannot be copied or pickled")


@cython.final
cdef class Transcript:
    """A Merlin transcript (protocol "Merlin v1.0" on STROBE-128/1600, as dalek-cryptography/merlin defines it):
    the Fiat-Shamir state of a proof. Transcript(label) starts one for a protocol; append_message,
    append_u64, append_point and append_scalar add the prover's messages, each framed with its label and length;
    challenge_bytes and challenge_scalar derive challenges bound to everything appended before them (and change
    the state: asking twice gives two different challenges). Labels and messages are bytes-like objects.

    A Transcript is mutable. t.clone() (or copy.copy(t)) is an independent copy of its state, for a prover that
    forks a proof; pickling is refused (the state is a hash state: replay the operations instead). build_rng()
    gives the transcript-bound RNG for the prover's secret randomness."""
    cdef unique_ptr[CMerlinTranscript] t   # NULL only for an object made with Transcript.__new__ and no label

    def __cinit__(self, *args):
        # Built here, so that a Transcript always holds a state; Transcript.__new__(Transcript) without an argument
        # (internal: clone) leaves it to be filled.
        cdef CSecretBuffer copy
        cdef const uint8_t* p
        cdef size_t n
        if args:
            if len(args) != 1:
                raise TypeError(f"Transcript() takes one argument, the protocol label ({len(args)} given)")
            p = borrow_bytes(args[0], "label", copy, &n)
            check_length(n, "label")
            self.t.reset(new CMerlinTranscript(p, n))

    def __init__(self, *args):
        # The work is done in __cinit__ (a second __init__ cannot reset a transcript); this only refuses Transcript().
        if not args:
            raise TypeError("Transcript() takes one argument, the protocol label (0 given)")

    cdef CMerlinTranscript* state(self) except NULL:
        if self.t.get() == NULL:
            raise ValueError("Transcript was not initialised: create it with Transcript(label)")
        return self.t.get()

    cdef int append(self, object label, const uint8_t* message, size_t length) except -1:
        cdef CSecretBuffer copy
        cdef size_t n
        cdef const uint8_t* lp = borrow_bytes(label, "label", copy, &n)
        self.state().append_message(lp, n, message, length)
        return 0

    def append_message(self, label, message):
        """Appends a message: meta-AD(label), meta-AD(its length as 4 little-endian bytes), AD(message).
        label and message are bytes-like; a message longer than 2^32 - 1 bytes is a ValueError."""
        cdef CSecretBuffer copy
        cdef size_t n
        cdef const uint8_t* mp
        self.state()  # an uninitialised transcript raises before the arguments are read
        mp = borrow_bytes(message, "message", copy, &n)
        check_length(n, "message")
        self.append(label, mp, n)

    def append_u64(self, label, value):
        """Appends an integer 0 <= value < 2^64 as the message of its 8 little-endian bytes (ValueError outside)."""
        cdef uint8_t le[8]
        self.state()  # an uninitialised transcript raises before the arguments are read
        try:
            v = operator.index(value)
        except TypeError:
            raise TypeError(f"value: expected an int, got {type(value).__name__}") from None
        if not 0 <= v <= 0xFFFFFFFFFFFFFFFF:
            raise ValueError(f"value: expected 0 <= value < 2**64, got {v}")
        pyr_long_to_bytes(v, le, 8)
        self.append(label, le, 8)

    def append_point(self, label, point):
        """Appends a point's canonical 32-byte encoding as a message. point: a Point or a 32-byte encoding, which
        is validated (InvalidPointError naming `point` when it is not a valid Ristretto255 encoding)."""
        cdef uint8_t enc[32]
        self.state()  # an uninitialised transcript raises before the arguments are read
        one_dimensional(point, "point")
        read_point_bytes(point, "point", enc)
        if type(point) is not Point and not cpp.is_valid_point(enc):
            raise_invalid_point("point")
        self.append(label, enc, 32)

    def append_scalar(self, label, scalar):
        """Appends a scalar's canonical 32-byte little-endian encoding as a message. scalar: a Scalar or an
        int-like, reduced mod q."""
        cdef uint8_t s[32]
        self.state()  # an uninitialised transcript raises before the arguments are read
        read_scalar(scalar, "scalar", s)
        try:
            self.append(label, s, 32)
        finally:
            cpp.sodium_memzero(s, 32)

    def challenge_bytes(self, label, n):
        """n challenge bytes (0 <= n <= 2^32 - 1): meta-AD(label), meta-AD(n as 4 little-endian bytes), PRF(n)."""
        cdef CMerlinTranscript* t = self.state()  # an uninitialised transcript raises before the arguments are read
        cdef CSecretBuffer copy
        cdef size_t ln, length = output_length(n, "n")
        cdef const uint8_t* lp = borrow_bytes(label, "label", copy, &ln)
        cdef bytes out = PyBytes_FromStringAndSize(NULL, length)
        t.challenge_bytes(lp, ln, <uint8_t*>PyBytes_AS_STRING(out), length)
        return out

    def challenge_scalar(self, label):
        """A challenge Scalar: 64 challenge bytes reduced mod q (as the dalek protocols, Bulletproofs among
        them, derive theirs)."""
        cdef CMerlinTranscript* t = self.state()  # an uninitialised transcript raises before the arguments are read
        cdef CSecretBuffer copy
        cdef size_t n
        cdef const uint8_t* lp = borrow_bytes(label, "label", copy, &n)
        cdef Scalar r = Scalar.__new__(Scalar)
        t.challenge_scalar(lp, n, r.s)
        return r

    def build_rng(self):
        """A TranscriptRngBuilder holding a copy of this transcript's state (the transcript is not changed): key
        the prover's witnesses into it, then finalize it with fresh randomness into a TranscriptRng."""
        cdef CMerlinTranscript* t = self.state()
        cdef TranscriptRngBuilder b = TranscriptRngBuilder.__new__(TranscriptRngBuilder)
        b.rng.reset(new CTranscriptRng(t[0]))
        return b

    def clone(self):
        """An independent copy of this transcript (merlin's Transcript::clone)."""
        cdef CMerlinTranscript* t = self.state()
        cdef Transcript r = Transcript.__new__(Transcript)
        r.t.reset(new CMerlinTranscript(t[0]))
        return r

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        raise TypeError("a Transcript cannot be pickled: its state is a hash state; replay its operations instead")

    def __repr__(self):
        self.state()  # an uninitialised one raises
        return "<Transcript>"


@cython.final
cdef class TranscriptRngBuilder:
    """The transcript-bound RNG being keyed (Transcript.build_rng()): rekey_with_witness_bytes(label, witness)
    mixes the prover's secrets in, finalize(rng) adds 32 bytes of fresh randomness and gives the TranscriptRng.
    Finalizing consumes the builder (its state moves into the RNG). It holds secrets, so it refuses to be copied
    or pickled, and its state is wiped when it goes away."""
    cdef unique_ptr[CTranscriptRng] rng   # NULL when not made by build_rng, or once finalized
    cdef bint finalized

    def __init__(self, *args, **kwargs):
        raise TypeError("TranscriptRngBuilder cannot be created directly: use Transcript.build_rng()")

    cdef CTranscriptRng* state(self) except NULL:
        if self.rng.get() == NULL:
            if self.finalized:
                raise ValueError("TranscriptRngBuilder was finalized: build another with Transcript.build_rng()")
            raise ValueError("TranscriptRngBuilder was not initialised: use Transcript.build_rng()")
        return self.rng.get()

    def rekey_with_witness_bytes(self, label, witness):
        """Keys a witness (secret: bytes-like, or a Scalar for its 32-byte encoding, read in place) into the RNG:
        meta-AD(label), meta-AD(its length as 4 little-endian bytes), KEY(witness). Returns the builder, for
        chaining."""
        cdef CSecretBuffer label_copy, witness_copy
        cdef size_t ln, wn = 32
        cdef const uint8_t* lp
        cdef const uint8_t* wp
        self.state()  # an uninitialised or finalized builder raises before the arguments are read
        lp = borrow_bytes(label, "label", label_copy, &ln)
        if type(witness) is Scalar:  # no bytes object ever holds the secret
            wp = (<Scalar>witness).s
        else:
            wp = borrow_bytes(witness, "witness", witness_copy, &wn)
        check_length(wn, "witness")
        self.state().rekey_with_witness_bytes(lp, ln, wp, wn)
        return self

    def finalize(self, rng=None):
        """The TranscriptRng: meta-AD("rng"), KEY(32 random bytes). rng: None for libsodium's CSPRNG
        (randombytes_buf), a callable rng(32) returning 32 bytes (os.urandom, secrets.token_bytes), or 32 bytes
        themselves (for known-answer tests: fixed bytes make the RNG deterministic). Consumes the builder."""
        cdef uint8_t random_bytes[32]
        cdef TranscriptRng r
        try:
            read_random32(rng, random_bytes)
            self.state()  # checked after rng(32) ran: it may have finalized this builder itself
            r = TranscriptRng.__new__(TranscriptRng)
            r.rng.reset(self.rng.release())
            self.finalized = True
            r.rng.get().finalize(random_bytes)
            return r
        finally:
            cpp.sodium_memzero(random_bytes, 32)

    def __copy__(self):
        refuse_copy(self)

    def __deepcopy__(self, memo):
        refuse_copy(self)

    def __reduce__(self):
        refuse_copy(self)

    def __repr__(self):
        if self.finalized:
            return "<TranscriptRngBuilder (finalized)>"
        self.state()  # an uninitialised one raises
        return "<TranscriptRngBuilder>"


@cython.final
cdef class TranscriptRng:
    """The transcript-bound RNG (TranscriptRngBuilder.finalize): its output depends on the transcript, the
    witnesses and the 32 random bytes, so it stays unpredictable when any one of the witnesses or the random
    bytes is, and a repeated transcript with fresh randomness gives fresh output. For a prover's nonces and
    blinding factors. It holds secrets: it refuses to be copied or pickled, and its state is wiped when it goes
    away."""
    cdef unique_ptr[CTranscriptRng] rng   # NULL when not made by finalize

    def __init__(self, *args, **kwargs):
        raise TypeError("TranscriptRng cannot be created directly: use Transcript.build_rng().finalize()")

    cdef CTranscriptRng* state(self) except NULL:
        if self.rng.get() == NULL:
            raise ValueError("TranscriptRng was not initialised: use Transcript.build_rng().finalize()")
        return self.rng.get()

    def fill_bytes(self, n):
        """n random bytes (0 <= n <= 2^32 - 1): meta-AD(n as 4 little-endian bytes), PRF(n)."""
        cdef size_t length = output_length(n, "n")
        cdef CTranscriptRng* g = self.state()
        cdef bytes out = PyBytes_FromStringAndSize(NULL, length)
        g.fill_bytes(<uint8_t*>PyBytes_AS_STRING(out), length)
        return out

    def random_scalar(self):
        """A random Scalar: 64 bytes of fill_bytes reduced mod q (as curve25519-dalek's Scalar::random on this
        RNG), without the 64 bytes passing through a Python object."""
        cdef CTranscriptRng* g = self.state()
        cdef Scalar r = Scalar.__new__(Scalar)
        g.random_scalar(r.s)
        return r

    def __copy__(self):
        refuse_copy(self)

    def __deepcopy__(self, memo):
        refuse_copy(self)

    def __reduce__(self):
        refuse_copy(self)

    def __repr__(self):
        self.state()  # an uninitialised one raises
        return "<TranscriptRng>"


@cython.final
cdef class _Strobe128:
    """Raw STROBE-128 (the meta-AD, AD, KEY and PRF operations Merlin uses), for the known-answer tests of the
    STROBE layer beneath Transcript: _Strobe128(protocol_label) is STROBE's init followed by
    meta-AD(protocol_label). Not part of the API."""
    cdef unique_ptr[CStrobe128] s

    def __cinit__(self, protocol_label):
        cdef CSecretBuffer copy
        cdef size_t n
        cdef const uint8_t* p = borrow_bytes(protocol_label, "protocol_label", copy, &n)
        self.s.reset(new CStrobe128(p, n))

    cdef int data_op(self, int op, object data, bint more) except -1:
        cdef CSecretBuffer copy
        cdef size_t n
        cdef const uint8_t* p = borrow_bytes(data, "data", copy, &n)
        cdef bint ok
        if op == 0:
            ok = self.s.get().meta_ad(p, n, more)
        elif op == 1:
            ok = self.s.get().ad(p, n, more)
        else:
            ok = self.s.get().key(p, n, more)
        if not ok:
            raise ValueError("more=True continues an operation of different flags")
        return 0

    def meta_ad(self, data, more=False):
        """meta-AD(data), continuing the previous operation when more."""
        self.data_op(0, data, more)

    def ad(self, data, more=False):
        """AD(data)."""
        self.data_op(1, data, more)

    def key(self, data, more=False):
        """KEY(data)."""
        self.data_op(2, data, more)

    def prf(self, n, more=False):
        """PRF: n bytes."""
        cdef size_t length = output_length(n, "n")
        cdef bytes out = PyBytes_FromStringAndSize(NULL, length)
        if not self.s.get().prf(<uint8_t*>PyBytes_AS_STRING(out), length, more):
            raise ValueError("more=True continues an operation of different flags")
        return out

    def state(self):
        """The raw 200-byte sponge state (the pending framing bytes not yet XORed in, as the reference shows it)."""
        return PyBytes_FromStringAndSize(<const char*>self.s.get().state(), 200)

    def clone(self):
        """An independent copy."""
        cdef _Strobe128 r = _Strobe128.__new__(_Strobe128, b"")
        r.s.reset(new CStrobe128(self.s.get()[0]))
        return r
