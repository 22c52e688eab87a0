# pyristretto.sigma's accelerators (cpp/include/pyristretto/{sigma,lizard,dlog}.hpp): a compiled statement
# (SigmaPlan) proved, verified or batch-verified in one C++ call each; exponential ElGamal encryption of many values
# on the fixed-base combs; Lizard and the Elligator inverse; baby-step giant-step tables. Included into _objects.pyx
# (it needs Point, Scalar, ScalarVector, PointVector, FixedBase and Transcript). pyristretto.sigma reaches these
# through pyristretto._group only.
from pyristretto.cpp cimport (CDlogTable, CSigmaBatchItem, CSigmaBranch, CSigmaEquation, CSigmaGroup, CSigmaPlan,
                              CSigmaTerm)
from libc.stdint cimport int64_t, uint32_t, uint64_t
from libcpp.string cimport string

cdef extern from *:
    """
    /* 1 when a == b, else 0, without a branch (the index of a true OR branch is a secret). */
    static inline uint8_t pyr_ct_eq_u64(uint64_t a, uint64_t b) {
        uint64_t x = a ^ b;
    #if defined(__GNUC__) || defined(__clang__)
        __asm__("" : "+r"(x));
    #endif
        return (uint8_t)(1 ^ ((x | (0 - x)) >> 63));
    }
    """
    uint8_t pyr_ct_eq_u64(uint64_t a, uint64_t b) noexcept nogil


cdef object _MISSING = object()  # a name absent from a dict of points


cdef CMerlinTranscript* transcript_state(object transcript, object name) except NULL:
    """A Transcript argument's state (TypeError for another type; ValueError for an uninitialised one)."""
    if type(transcript) is not Transcript:
        raise TypeError(f"{name}: expected a Transcript, got {type(transcript).__name__}")
    return (<Transcript>transcript).state()


cdef uint32_t index32(object value, object name) except? 0xFFFFFFFF:
    """A plan's index or count (public): an int in [0, 2^32 - 1)."""
    cdef object i
    try:
        i = operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}") from None
    if not 0 <= i < 0xFFFFFFFF:
        raise ValueError(f"{name}: expected an int in [0, 2**32 - 1), got {i}")
    return i


@cython.final
cdef class SigmaPlan:
    """A compiled sigma statement (internal: pyristretto.sigma builds it from a Statement). Branches of linear
    equations over secret slots and points, OR groups of branches, points bound into the statement (fixed):
    SigmaPlan(label, shape, secret_names, point_names, equations, branches, groups, fixed) with equations
    [(lhs, branch, [(secret, point), ...])], branches [(first_secret, n_secrets, group or -1)], groups
    [(first_branch, n_branches, k)] and fixed {point index: Point}. Immutable once built."""
    cdef unique_ptr[CSigmaPlan] plan
    cdef list names          # the point names (str), for error messages
    cdef object fixed_mask   # tuple of bools per point

    def __init__(self, label, shape, secret_names, point_names, equations, branches, groups, fixed):
        cdef CSigmaPlan* p
        cdef CSigmaTerm term
        cdef CSigmaEquation eq
        cdef CSigmaBranch br
        cdef CSigmaGroup gr
        cdef string problem
        cdef size_t i
        if self.plan.get() != NULL:
            raise TypeError("SigmaPlan is immutable: __init__ cannot run twice")
        p = new CSigmaPlan()
        self.plan.reset(p)
        p.label = as_bytes(label, "label")
        p.shape = as_bytes(shape, "shape")
        for name in as_list(secret_names, "secret_names"):
            p.secret_names.push_back(as_bytes(name, "secret_names[i]"))
        self.names = []
        for name in as_list(point_names, "point_names"):
            p.point_names.push_back(as_bytes(name, "point_names[i]"))
            self.names.append(bytes(name).decode("utf-8", "replace"))
        for lhs, branch, terms in as_list(equations, "equations"):
            eq.lhs = index32(lhs, "lhs")
            eq.branch = index32(branch, "branch")
            eq.first_term = p.terms.size()
            for secret, point in terms:
                term.secret = index32(secret, "secret")
                term.point = index32(point, "point")
                p.terms.push_back(term)
            eq.n_terms = p.terms.size() - eq.first_term
            p.equations.push_back(eq)
        for first, count, group in as_list(branches, "branches"):
            br.first_secret = index32(first, "first_secret")
            br.n_secrets = index32(count, "n_secrets")
            br.group = -1 if group is None or group < 0 else index32(group, "group")
            p.branches.push_back(br)
        for first, count, k in as_list(groups, "groups"):
            gr.first_branch = index32(first, "first_branch")
            gr.n_branches = index32(count, "n_branches")
            gr.k = index32(k, "k")
            p.groups.push_back(gr)
        n = p.point_names.size()
        p.is_fixed.assign(n, 0)
        p.fixed_points.resize(n)
        p.fixed_encodings.assign(32 * n, 0)
        for index, point in dict(fixed).items():
            i = index32(index, "fixed index")
            if i >= n:
                raise ValueError(f"fixed: point index {i} out of range")
            P = as_point(point, f"fixed[{i}]")
            p.is_fixed[i] = 1
            p.fixed_points[i] = (<Point>P).pt
            memcpy(&p.fixed_encodings[32 * i], PyBytes_AS_STRING((<Point>P).encoded()), 32)
        self.fixed_mask = tuple(bool(p.is_fixed[i]) for i in range(n))
        problem = p.finalize()
        if problem.size():
            raise ValueError(f"invalid statement: {problem.decode()}")

    cdef CSigmaPlan* get(self) except NULL:
        if self.plan.get() == NULL or self.fixed_mask is None:
            raise ValueError("SigmaPlan was not initialised")
        return self.plan.get()

    @property
    def n_group_challenges(self):
        """How many group challenges a proof carries (n - k per OR group)."""
        return self.get().n_group_challenges()

    cdef int read_points(self, object points, object where, CEdwardsPoint* out, uint8_t* enc) except -1:
        """The statement's points: fixed ones from the plan, the others from `points`: a list with one entry per
        point (a Point or a 32-byte encoding; None where fixed), or a dict {name: point} holding exactly the points
        that are not fixed (the caller checked its size). Decoded at once. InvalidPointError naming the point for an
        invalid encoding or the identity (the zkp crate refuses identity points)."""
        cdef CSigmaPlan* p = self.get()
        cdef size_t n = p.n_points(), i, k = 0, bad
        cdef vector[size_t] pending
        cdef vector[CEdwardsPoint] decoded
        cdef CSecretBuffer gathered
        cdef bint by_name = type(points) is dict
        if not by_name:
            points = as_list(points, "points")
            if <size_t>len(points) != n:
                raise ValueError(f"points: expected {n} points, got {len(points)}")
        gathered.allocate(32 * n + 1)
        for i in range(n):
            if p.is_fixed[i]:
                out[i] = p.fixed_points[i]
                memcpy(enc + 32 * i, &p.fixed_encodings[32 * i], 32)
                continue
            if by_name:
                obj = (<dict>points).get(self.names[i], _MISSING)
                if obj is _MISSING:
                    raise ValueError(f"{where}: missing the point {self.names[i]!r}")
            else:
                obj = points[i]
            if type(obj) is Point:
                out[i] = (<Point>obj).pt
                memcpy(enc + 32 * i, PyBytes_AS_STRING((<Point>obj).encoded()), 32)
            else:
                if isinstance(obj, str) or not PyObject_CheckBuffer(obj):
                    raise TypeError(f"{where}[{self.names[i]!r}]: expected a Point or 32 bytes, "
                                    f"got {type(obj).__name__}")
                read_bytes(obj, f"{where}[{self.names[i]!r}]", enc + 32 * i, 32, InvalidPointError)
                memcpy(gathered.data() + 32 * k, enc + 32 * i, 32)
                pending.push_back(i)
                k += 1
            if cpp.sodium_is_zero(enc + 32 * i, 32):
                raise InvalidPointError(f"{where}[{self.names[i]!r}] is the identity, which a statement's points "
                                        "cannot be (the zkp crate refuses it)")
        if k:
            decoded.resize(k)
            bad = cpp.decode_points(decoded.data(), gathered.data(), k)
            if bad < k:
                raise_invalid_point(f"{where}[{self.names[pending[bad]]!r}]")
            for i in range(k):
                out[pending[i]] = decoded[i]
        return 0

    def prove(self, transcript, points=None, witness=None, known=(), rng=None):
        """(commitments, challenge, group challenges, responses) as bytes (32 per item) of a proof of the statement
        on `transcript` (a Transcript), which it advances. points: as read_points; witness: a ScalarVector, one
        scalar per secret slot; known: per OR group, the indices (secret) of its true branches; rng: as
        TranscriptRngBuilder.finalize. (Every argument after the transcript has a default, so that a call on an
        uninitialised plan says so first.)"""
        cdef CSigmaPlan* p = self.get()
        cdef CMerlinTranscript* t = transcript_state(transcript, "transcript")
        cdef size_t n = p.n_points(), ns = p.n_secrets(), ne = p.n_equations(), ngc = p.n_group_challenges()
        cdef size_t nb = p.branches.size(), g, i, count
        cdef vector[CEdwardsPoint] pts
        cdef CSecretBuffer enc, real, random_bytes
        cdef uint64_t v
        cdef CSigmaGroup gr
        cdef bint ok
        if type(witness) is not ScalarVector:
            raise TypeError(f"witness: expected a ScalarVector, got {type(witness).__name__}")
        if (<ScalarVector>witness).n != ns:
            raise ValueError(f"witness: expected {ns} scalars, got {(<ScalarVector>witness).n}")
        pts.resize(n)
        enc.allocate(32 * n + 1)
        self.read_points(points, "public", pts.data(), enc.data())
        real.allocate(nb)
        for i in range(nb):
            real.data()[i] = 1
        groups = as_list(known, "known")
        if <size_t>len(groups) != p.groups.size():
            raise ValueError(f"known: expected the true branches of {p.groups.size()} OR groups, got {len(groups)}")
        for g in range(p.groups.size()):
            gr = p.groups[g]
            for i in range(gr.n_branches):
                real.data()[gr.first_branch + i] = 0
            indices = as_list(groups[g], f"known[{g}]")
            if <size_t>len(indices) != gr.k:
                raise ValueError(f"known[{g}]: expected {gr.k} branch indices, got {len(indices)}")
            for x in indices:
                try:
                    x = operator.index(x)
                except TypeError:
                    raise TypeError(f"known[{g}]: expected ints, got {type(x).__name__}") from None
                if not 0 <= x < gr.n_branches:
                    raise ValueError(f"known[{g}]: a branch index is not in [0, {gr.n_branches})")
                v = x
                for i in range(gr.n_branches):  # masks only: which branch is true is the prover's secret
                    real.data()[gr.first_branch + i] |= pyr_ct_eq_u64(v, i)
            count = 0
            for i in range(gr.n_branches):
                count += real.data()[gr.first_branch + i]
            if count != gr.k:
                raise ValueError(f"known[{g}]: the {gr.k} branch indices must be distinct")
        random_bytes.allocate(32)
        if rng is None:
            cpp.randombytes_buf(random_bytes.data(), 32)
        elif callable(rng):
            read_bytes(rng(32), "rng(32)", random_bytes.data(), 32, ValueError)
        else:
            read_bytes(rng, "rng", random_bytes.data(), 32, ValueError)
        commitments = PyBytes_FromStringAndSize(NULL, 32 * ne)
        challenge = PyBytes_FromStringAndSize(NULL, 32)
        group_challenges = PyBytes_FromStringAndSize(NULL, 32 * ngc)
        responses = PyBytes_FromStringAndSize(NULL, 32 * ns)
        ok = p.prove(t[0], pts.data(), enc.data(), sv_data(<ScalarVector>witness), real.data(), random_bytes.data(),
                     <uint8_t*>PyBytes_AS_STRING(commitments), <uint8_t*>PyBytes_AS_STRING(challenge),
                     <uint8_t*>PyBytes_AS_STRING(group_challenges), <uint8_t*>PyBytes_AS_STRING(responses))
        if not ok:
            raise MemoryError("SigmaPlan.prove: out of memory")
        return commitments, challenge, group_challenges, responses

    def verify_compact(self, transcript, points=None, challenge=None, group_challenges=None, responses=None):
        """Whether the compact proof (challenge, group challenges, responses: bytes, canonical scalars of 32 bytes
        each) holds for the points on `transcript` (a Transcript, which it advances)."""
        cdef CSigmaPlan* p = self.get()
        cdef CMerlinTranscript* t = transcript_state(transcript, "transcript")
        cdef size_t n = p.n_points()
        cdef vector[CEdwardsPoint] pts
        cdef CSecretBuffer enc
        cdef cpp.SumCheck check
        if not (type(challenge) is bytes and type(group_challenges) is bytes and type(responses) is bytes):
            raise TypeError("verify_compact: the proof's parts must be bytes")
        if (len(challenge) != 32 or <size_t>len(group_challenges) != 32 * p.n_group_challenges()
                or <size_t>len(responses) != 32 * p.n_secrets()):
            raise ValueError("verify_compact: the proof's parts have the wrong sizes")
        pts.resize(n)
        enc.allocate(32 * n + 1)
        self.read_points(points, "public", pts.data(), enc.data())
        check = p.verify_compact(t[0], pts.data(), enc.data(), <const uint8_t*>PyBytes_AS_STRING(challenge),
                                 <const uint8_t*>PyBytes_AS_STRING(group_challenges),
                                 <const uint8_t*>PyBytes_AS_STRING(responses))
        if check == cpp.SumCheck.kOutOfMemory:
            raise MemoryError("SigmaPlan.verify_compact: out of memory")
        return check == cpp.SumCheck.kIdentity

    def verify_batch(self, transcripts, points=(), commitments=(), group_challenges=(), responses=(),
                     fresh_label=None):
        """Batchable proofs checked at once: (-1, None) when all hold, else (index, reason) of a failing proof (the
        first malformed one, or, when the weighted check fails, the first that fails on its own). transcripts: one
        Transcript per proof (advanced), or None for a new Transcript(fresh_label) each; points: per proof, as
        prove's; commitments, group challenges, responses: per proof, bytes of 32 per item (the scalars
        canonical)."""
        cdef CSigmaPlan* p = self.get()
        cdef size_t n = p.n_points(), ne = p.n_equations(), ngc = p.n_group_challenges(), ns = p.n_secrets()
        cdef size_t m, i, bad, failing = 0
        cdef vector[CEdwardsPoint] pts, com
        cdef vector[CSigmaBatchItem] items
        cdef CSecretBuffer enc, com_enc, challenges
        cdef cpp.SumCheck check
        cdef unique_ptr[CMerlinTranscript] fresh
        cdef CSecretBuffer label_copy
        cdef size_t label_len
        cdef const uint8_t* lp
        ps, cs = as_list(points, "points"), as_list(commitments, "commitments")
        gs, rs = as_list(group_challenges, "group_challenges"), as_list(responses, "responses")
        if transcripts is None:
            lp = borrow_bytes(fresh_label, "fresh_label", label_copy, &label_len)
            check_length(label_len, "fresh_label")
            fresh.reset(new CMerlinTranscript(lp, label_len))
            ts = None
            m = len(ps)
        else:
            ts = as_list(transcripts, "transcripts")
            m = len(ts)
        if not (len(ps) == len(cs) == len(gs) == len(rs) == m):
            raise ValueError("verify_batch: the per-proof sequences must have equal lengths")
        if m == 0:
            return -1, None
        items.resize(m)
        for i in range(m):
            if ts is not None and type(ts[i]) is not Transcript:
                raise TypeError(f"transcripts[{i}]: expected a Transcript, got {type(ts[i]).__name__}")
            if not (type(cs[i]) is bytes and type(gs[i]) is bytes and type(rs[i]) is bytes):
                raise TypeError(f"verify_batch: proof {i}'s parts must be bytes")
            if <size_t>len(cs[i]) != 32 * ne:
                return i, f"expected {ne} commitments, got {len(cs[i]) // 32}"
            if <size_t>len(rs[i]) != 32 * ns:
                return i, f"expected {ns} responses, got {len(rs[i]) // 32}"
            if <size_t>len(gs[i]) != 32 * ngc:
                return i, f"expected {ngc} group challenges, got {len(gs[i]) // 32}"
            items[i].transcript = NULL
            if ts is not None:
                items[i].transcript = (<Transcript>ts[i]).state()
            items[i].group_challenges = <const uint8_t*>PyBytes_AS_STRING(gs[i])
            items[i].responses = <const uint8_t*>PyBytes_AS_STRING(rs[i])
        pts.resize(n * m + 1)
        enc.allocate(32 * n * m + 1)
        for i in range(m):
            self.read_points(ps[i], f"publics[{i}]", &pts[n * i], enc.data() + 32 * n * i)
        com.resize(ne * m + 1)
        com_enc.allocate(32 * ne * m + 1)
        for i in range(m):
            memcpy(com_enc.data() + 32 * ne * i, PyBytes_AS_STRING(cs[i]), 32 * ne)
        with nogil:
            bad = cpp.decode_points(com.data(), com_enc.data(), ne * m)
        if bad < ne * m:
            return bad // ne, f"commitment {bad % ne} is not a valid point encoding"
        for i in range(ne * m):
            if cpp.sodium_is_zero(com_enc.data() + 32 * i, 32):
                return i // ne, f"commitment {i % ne} is the identity"
        for i in range(m):
            items[i].points = &pts[n * i]
            items[i].encodings = enc.data() + 32 * n * i
            items[i].commitments = &com[ne * i]
            items[i].commitment_encodings = com_enc.data() + 32 * ne * i
        challenges.allocate(32 * p.branches.size() * m)
        if not p.batch_challenges(items.data(), m, challenges.data(), fresh.get()):  # with the GIL: the transcripts
            raise MemoryError("SigmaPlan.verify_batch: out of memory")
        with nogil:
            check = p.verify_batch(items.data(), m, challenges.data(), &failing)
        if check == cpp.SumCheck.kIdentity:
            return -1, None
        if check == cpp.SumCheck.kOutOfMemory:
            raise MemoryError("SigmaPlan.verify_batch: out of memory")
        if failing < m:
            return failing, "the proof's equations do not hold"
        return 0, "the batch's equations do not hold"  # every proof holds alone: unlucky weights (2^-128)


def elgamal_encrypt_many(FixedBase public_key not None, ScalarVector randomness not None,
                         ScalarVector values not None):
    """(A, B) as two PointVectors: A[i] = r[i] G and B[i] = r[i] PK + m[i] G for PK the FixedBase's point, on the
    fixed-base combs (constant-time in r and m)."""
    cdef size_t n = randomness.n
    cdef const CFixedBaseTable* tbl = public_key.tbl
    fixed_base_point(public_key)
    if values.n != n:
        raise ValueError(f"values: expected {n} scalars (as randomness), got {values.n}")
    cdef PointVector a = vector_new(n), b = vector_new(n)
    with nogil:
        cpp.elgamal_encrypt_many(tbl[0], sv_data(randomness), sv_data(values), n, a.pts.data(), b.pts.data())
    return ready(a), ready(b)


def lizard_encode(data):
    """The Point that Lizard maps 16 bytes of data to (curve25519-dalek's RistrettoPoint::lizard_encode with
    SHA-256); constant-time in the data."""
    cdef uint8_t d[16]
    cdef CEdwardsPoint r
    read_bytes(data, "data", d, 16, ValueError)
    with nogil:
        r = cpp.lizard_encode(d)
        cpp.sodium_memzero(d, 16)
    return point_from_c(r)


def lizard_decode(P):
    """The 16 bytes a Lizard point carries, or None when P is not a Lizard encoding (constant-time up to that
    result). P: a Point or a 32-byte encoding."""
    cdef Point point = as_point(P, "P")
    cdef uint8_t d[16]
    cdef bint ok
    with nogil:
        ok = cpp.lizard_decode(point.pt, d)
    if not ok:
        return None
    try:
        return PyBytes_FromStringAndSize(<const char*>d, 16)
    finally:
        cpp.sodium_memzero(d, 16)


def elligator_inverse(P):
    """The field elements (32 bytes little-endian each) that RFC 9496's MAP sends to P, as a list of 16 slots in
    curve25519-dalek's map_to_curve_inverse order for the decoded point (0-7 even, 8-15 their negatives), None
    where a slot is undefined. The slots are computed on the representative that decoding P's encoding gives, so
    the order depends on the element only. Constant-time in P. P: a Point or a 32-byte encoding."""
    cdef uint8_t enc[32]
    cdef uint8_t out[16 * 32]
    cdef uint8_t defined[16]
    cdef CEdwardsPoint rep
    read_point_bytes(P, "P", enc)
    with nogil:
        ok = cpp.ristretto_decode(rep, enc)
        if ok:
            cpp.ristretto_elligator_inverse(rep, out, defined)
    if not ok:
        raise_invalid_point("P")
    return [PyBytes_FromStringAndSize(<const char*>out + 32 * i, 32) if defined[i] else None for i in range(16)]


def map_to_curve(fe):
    """RFC 9496's MAP of a field element (32 bytes little-endian, bit 255 ignored) as a Point: one half of the
    one-way map (curve25519-dalek's RistrettoPoint::map_to_curve); constant-time."""
    cdef uint8_t f[32]
    cdef CEdwardsPoint r
    read_bytes(fe, "fe", f, 32, ValueError)
    with nogil:
        r = cpp.ristretto_map_to_curve(f)
    return point_from_c(r)


@cython.final
cdef class DlogTable:
    """Baby-step giant-step for v with v * G == P, 0 <= v < bound: a table of `size` baby steps (12 bytes per
    slot, two slots per step), built once and reused; public values only (variable time)."""
    cdef unique_ptr[CDlogTable] tbl

    def __init__(self, size):
        cdef uint64_t s
        cdef CDlogTable* t
        if self.tbl.get() != NULL:
            raise TypeError("DlogTable is immutable: __init__ cannot run twice")
        try:
            n = operator.index(size)
        except TypeError:
            raise TypeError(f"size: expected an int, got {type(size).__name__}") from None
        if not 1 <= n <= cpp.kDlogMaxSize:
            raise ValueError(f"size: expected 1 <= size <= 2**30, got {n}")
        s = n
        with nogil:
            t = new CDlogTable(s)
        self.tbl.reset(t)

    cdef CDlogTable* get(self) except NULL:
        if self.tbl.get() == NULL:
            raise ValueError("DlogTable was not initialised")
        return self.tbl.get()

    @property
    def size(self):
        """The number of baby steps."""
        return self.get().size()

    @property
    def nbytes(self):
        """Bytes of memory the table holds."""
        return self.get().nbytes()

    def solve_many(self, points, bound):
        """[v or None for each point]: v with v * G == P and 0 <= v < bound (bound <= 2^62)."""
        cdef CDlogTable* t = self.get()
        cdef PointVector v = points if type(points) is PointVector else PointVector(points)
        cdef size_t n = v.pts.size(), i
        cdef vector[int64_t] results
        cdef uint64_t b
        try:
            bound = operator.index(bound)
        except TypeError:
            raise TypeError(f"bound: expected an int, got {type(bound).__name__}") from None
        if not 0 <= bound <= 2**62:
            raise ValueError(f"bound: expected 0 <= bound <= 2**62, got {bound}")
        b = bound
        results.resize(n + 1)
        with nogil:
            t.solve_many(v.pts.data(), n, b, results.data())
        out = []
        for i in range(n):
            if results[i] == -2:
                raise MemoryError("DlogTable.solve_many: out of memory")
            out.append(None if results[i] < 0 else results[i])
        return out
