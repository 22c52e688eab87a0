# Declarations of the C++ core (cpp/include/pyristretto/*.hpp). Everything here is nogil; functions are
# noexcept unless they allocate (except +). Downstream code can cimport these types; the compiled
# functions are reachable without linking through the cdef functions exported by pyristretto._objects (and the
# entry points on encodings re-exported by pyristretto._core).
# Scalars (base_mul, point_mul, msm, msm_vartime, pedersen_commit): ANY 32 bytes, read little-endian and taken
# mod q (values >= q and bit 255 included: folded in constant time, scalar.hpp); no caller needs to reduce.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libcpp.string cimport string
from libcpp.vector cimport vector

cdef extern from "pyristretto/secret_buffer.hpp" namespace "pyristretto" nogil:
    cdef cppclass CSecretBuffer "pyristretto::SecretBuffer":
        CSecretBuffer()
        void allocate(size_t size) except +
        void wipe() noexcept
        uint8_t* data() noexcept
        size_t size() noexcept

cdef extern from "pyristretto/sodium.hpp" namespace "pyristretto" nogil:
    bint sodium_start() noexcept

cdef extern from "pyristretto/edwards.hpp" namespace "pyristretto" nogil:
    # A point of edwards25519 in extended coordinates (160 bytes, alignof 8): one Edwards representative of a
    # Ristretto element. Never compare with C++ == (there is none): use ristretto_ct_eq. The methods are
    # compiled into pyristretto's extensions with hidden visibility: a downstream extension calling them
    # compiles cpp/src/{field,edwards}.cpp itself, or calls pyristretto._objects' ep_* functions instead.
    cdef cppclass CEdwardsPoint "pyristretto::EdwardsPoint":
        @staticmethod
        CEdwardsPoint identity() noexcept
        @staticmethod
        const CEdwardsPoint& basepoint() noexcept
        CEdwardsPoint dbl() noexcept const
        CEdwardsPoint mul_by_pow2(unsigned k) noexcept const
        CEdwardsPoint operator+(const CEdwardsPoint& o) noexcept const
        CEdwardsPoint operator-(const CEdwardsPoint& o) noexcept const
        CEdwardsPoint operator-() noexcept const

cdef extern from "pyristretto/ristretto.hpp" namespace "pyristretto" nogil:
    bint ristretto_decode(CEdwardsPoint& out, const uint8_t* data) noexcept
    void ristretto_encode(uint8_t* out, const CEdwardsPoint& p) noexcept
    uint8_t ristretto_ct_eq(const CEdwardsPoint& a, const CEdwardsPoint& b) noexcept
    size_t ristretto_decode_many(CEdwardsPoint* out, const uint8_t* encodings, size_t n) noexcept
    void ristretto_encode_many(uint8_t* out, const CEdwardsPoint* points, size_t n) noexcept
    # out: the encodings of 2 halves[i]; doubled[i] = 2 halves[i] (may alias halves): one batched inversion
    void ristretto_encode_doubled(uint8_t* out, CEdwardsPoint* doubled, const CEdwardsPoint* halves,
                                  size_t n) noexcept
    CEdwardsPoint ristretto_from_uniform_point(const uint8_t* data) noexcept

cdef extern from "pyristretto/fixed_base.hpp" namespace "pyristretto" nogil:
    # A constant-time fixed-base table (~30 KiB); no nullary constructor: hold it by pointer.
    cdef cppclass CFixedBaseTable "pyristretto::FixedBaseTable":
        CFixedBaseTable(const CEdwardsPoint& base) noexcept
        CEdwardsPoint mul(const uint8_t* s) noexcept const  # s reduced mod q
    const CFixedBaseTable& basepoint_table() noexcept

cdef extern from "pyristretto/points.hpp" namespace "pyristretto" nogil:
    bint is_valid_point(const uint8_t* p) noexcept
    int point_add(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept
    int point_sub(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept
    bint point_neg(const uint8_t* p, uint8_t* out) noexcept
    CEdwardsPoint point_add_decoded(const CEdwardsPoint& p, const CEdwardsPoint& q) noexcept
    CEdwardsPoint point_sub_decoded(const CEdwardsPoint& p, const CEdwardsPoint& q) noexcept

cdef extern from "pyristretto/scalar_mul.hpp" namespace "pyristretto" nogil:
    void base_mul(const uint8_t* s, uint8_t* out) noexcept
    bint point_mul(const uint8_t* s, const uint8_t* p, uint8_t* out) noexcept
    CEdwardsPoint point_mul_decoded(const uint8_t* s, const CEdwardsPoint& p) noexcept

cdef extern from "pyristretto/hash.hpp" namespace "pyristretto" nogil:
    cdef cppclass CConcatHash "pyristretto::ConcatHash":
        CConcatHash() noexcept
        void update(const uint8_t* data, size_t len) noexcept
        void digest(uint8_t* out) noexcept
        void to_scalar(uint8_t* out) noexcept
        void to_point(uint8_t* out) noexcept
    void derive_generators(const uint8_t* domain, size_t domain_len, uint32_t first, uint32_t count,
                           uint8_t* out) noexcept
    const uint8_t* generator_H() noexcept
    bint expand_message_xmd(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len,
                            uint8_t* out, size_t len_in_bytes) noexcept
    void hash_to_group(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len,
                       uint8_t* out) noexcept
    CEdwardsPoint hash_to_group_point(const uint8_t* msg, size_t msg_len, const uint8_t* dst,
                                      size_t dst_len) noexcept
    void hash_to_scalar(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len,
                        uint8_t* out) noexcept

cdef extern from "pyristretto/scalar.hpp" namespace "pyristretto" nogil:
    # 1 / s mod q, constant-time (any 32 bytes, taken mod q); 0, or -1 when s = 0 mod q (out is then 0).
    int scalar_invert(uint8_t* out, const uint8_t* s) noexcept

cdef extern from "pyristretto/msm.hpp" namespace "pyristretto" nogil:
    size_t msm(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept
    size_t msm_vartime(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept
    size_t point_sum(const uint8_t* points, size_t n, uint8_t* out) noexcept
    void pedersen_commit(const uint8_t* amount, const uint8_t* blinding, uint8_t* out) noexcept
    # The same sums over blocks fed in order (kind 0 msm, 1 msm_vartime, 2 point_sum); feed returns the points fed
    # so far, the global index of an invalid point, or SIZE_MAX (out of memory). Hold it by pointer.
    cdef cppclass CMsmAccumulator "pyristretto::MsmAccumulator":
        CMsmAccumulator(int kind, size_t n) except +
        size_t feed(const uint8_t* scalars, const uint8_t* points, size_t m) noexcept
        size_t feed_decoded(const uint8_t* scalars, const CEdwardsPoint* points, size_t m) noexcept
        bint finish(CEdwardsPoint& result) noexcept

cdef extern from "pyristretto/msm_algorithms.hpp" namespace "pyristretto" nogil:
    void set_msm_max_threads(unsigned count) noexcept
    unsigned get_msm_max_threads() noexcept

cdef extern from "pyristretto/threads.hpp" namespace "pyristretto" nogil:
    unsigned worker_count(size_t n) noexcept
    size_t decode_work(size_t n) noexcept
    size_t sum_work(size_t n) noexcept
    unsigned available_cpus() noexcept
    unsigned cpu_max_limit(const char* text) noexcept
    const unsigned kMaxThreadsCap

cdef extern from "sodium.h" nogil:
    const char* sodium_version_string() noexcept
    void sodium_memzero(void* p, size_t n) noexcept
    int sodium_is_zero(const uint8_t* n, size_t nlen) noexcept
    int crypto_verify_32(const uint8_t* x, const uint8_t* y) noexcept
    void randombytes_buf(void* buf, size_t size) noexcept
    void crypto_core_ristretto255_scalar_random(uint8_t* r) noexcept
    void crypto_core_ristretto255_scalar_add(uint8_t* z, const uint8_t* x, const uint8_t* y) noexcept
    void crypto_core_ristretto255_scalar_sub(uint8_t* z, const uint8_t* x, const uint8_t* y) noexcept
    void crypto_core_ristretto255_scalar_mul(uint8_t* z, const uint8_t* x, const uint8_t* y) noexcept
    void crypto_core_ristretto255_scalar_negate(uint8_t* neg, const uint8_t* s) noexcept
    int crypto_core_ristretto255_scalar_invert(uint8_t* recip, const uint8_t* s) noexcept
    void crypto_core_ristretto255_scalar_reduce(uint8_t* r, const uint8_t* s) noexcept
    # X25519 (RFC 7748; OPAQUE's curve25519 3DH, _opaque.pxi): 0, or -1 when the result is all zero
    int crypto_scalarmult(uint8_t* q, const uint8_t* n, const uint8_t* p) noexcept
    int crypto_scalarmult_base(uint8_t* q, const uint8_t* n) noexcept

cdef extern from "pyristretto/point_vector.hpp" namespace "pyristretto" nogil:
    # Arrays of decoded points (PointVector); threads for large n. Scalars: 32 reduced bytes each.
    size_t decode_points(CEdwardsPoint* out, const uint8_t* encodings, size_t n) noexcept  # n or first invalid
    void encode_points(uint8_t* out, const CEdwardsPoint* points, size_t n) noexcept
    void derive_generator_points(CEdwardsPoint* out, const uint8_t* domain, size_t domain_len, uint32_t n) noexcept
    bint msm_points(const uint8_t* scalars, const CEdwardsPoint* points, size_t n, CEdwardsPoint& result) noexcept
    bint msm_vartime_points(const uint8_t* scalars, const CEdwardsPoint* points, size_t n,
                            CEdwardsPoint& result) noexcept
    CEdwardsPoint sum_points(const CEdwardsPoint* points, size_t n) noexcept
    void scale_points(CEdwardsPoint* out, const uint8_t* scalars, const CEdwardsPoint* points, size_t n) noexcept
    void scale_points_encoded(CEdwardsPoint* out, uint8_t* enc, const uint8_t* scalars, const CEdwardsPoint* points,
                              size_t n, bint vartime) noexcept
    void add_points(CEdwardsPoint* out, const CEdwardsPoint* a, const CEdwardsPoint* b, size_t n,
                    bint subtract) noexcept
    void fixed_base_scale(CEdwardsPoint* out, const CFixedBaseTable& table, const uint8_t* scalars, size_t n) noexcept
    void scale_one_point(CEdwardsPoint* out, const CEdwardsPoint& base, const uint8_t* scalars, size_t n) noexcept
    void scale_points_vartime(CEdwardsPoint* out, const uint8_t* scalars, const CEdwardsPoint* points,
                              size_t n) noexcept
    void fold_points_vartime(CEdwardsPoint* out, const CEdwardsPoint* points, size_t half, const uint8_t* x,
                             const uint8_t* y) noexcept
    void hash_to_group_points(CEdwardsPoint* out, const uint8_t* const* msgs, const size_t* lens, size_t n,
                              const uint8_t* dst, size_t dst_len) noexcept

cdef extern from "pyristretto/msm_table.hpp" namespace "pyristretto" nogil:
    # Precomputed MSM tables for fixed bases (copied in); no nullary constructor: hold it by pointer.
    # msm / msm_vartime return false when m > size() or memory runs out.
    cdef cppclass CMSMTable "pyristretto::MSMTable":
        CMSMTable(const CEdwardsPoint* points, size_t n) except +
        size_t size() noexcept const
        const CEdwardsPoint* points() noexcept const
        size_t nbytes() noexcept const
        bint msm(const uint8_t* scalars, size_t m, CEdwardsPoint& out) noexcept const
        bint msm_vartime(const uint8_t* scalars, size_t m, CEdwardsPoint& out) noexcept const

cdef extern from "pyristretto/backend.hpp" namespace "pyristretto" nogil:
    const char* backend_name() noexcept

cdef extern from "pyristretto/batch_check.hpp" namespace "pyristretto" nogil:
    # The weights and the final check of every batch verification (batch_check.hpp); public values only.
    void batch_weights(uint8_t* out, size_t n) noexcept
    cdef enum class SumCheck "pyristretto::SumCheck":
        kIdentity "pyristretto::SumCheck::kIdentity"
        kNotIdentity "pyristretto::SumCheck::kNotIdentity"
        kOutOfMemory "pyristretto::SumCheck::kOutOfMemory"
    SumCheck weighted_sum_is_identity(const uint8_t* scalars, const CEdwardsPoint* points, size_t n,
                                      const CMSMTable* table, const uint8_t* table_scalars,
                                      size_t table_terms) noexcept

cdef extern from "pyristretto/frost.hpp" namespace "pyristretto" nogil:
    # RFC 9591 FROST's accelerators (frost.hpp): Schnorr batch verification scalars, the secret-keyed nonce hash.
    cdef struct CSchnorrItem "pyristretto::SchnorrItem":
        const uint8_t* msg
        size_t msg_len
        const uint8_t* sig
        size_t key
    bint schnorr_batch_scalars(const uint8_t* prefix, size_t prefix_len, const CSchnorrItem* items, size_t n,
                               const uint8_t* key_encodings, size_t n_keys, uint8_t* scalars, uint8_t* r) noexcept
    bint scalar_is_canonical_vartime(const uint8_t* s) noexcept
    void hash_to_scalar_with_secret(const uint8_t* prefix, size_t prefix_len, const uint8_t* data, size_t data_len,
                                    const uint8_t* secret, uint8_t* out) noexcept

cdef extern from "pyristretto/transcript.hpp" namespace "pyristretto" nogil:
    # Merlin transcripts on STROBE-128 (transcript.hpp). Lengths are framed as 4 bytes: callers keep them at
    # most kMerlinMaxLength. Hold these by pointer (they wipe their state when deleted).
    const uint64_t kMerlinMaxLength
    cdef cppclass CStrobe128 "pyristretto::Strobe128":
        CStrobe128(const uint8_t* protocol_label, size_t len) noexcept
        CStrobe128(const CStrobe128& other) noexcept
        bint meta_ad(const uint8_t* data, size_t len, bint more) noexcept
        bint ad(const uint8_t* data, size_t len, bint more) noexcept
        bint key(const uint8_t* data, size_t len, bint more) noexcept
        bint prf(uint8_t* out, size_t len, bint more) noexcept
        const uint8_t* state() noexcept const
    cdef cppclass CMerlinTranscript "pyristretto::MerlinTranscript":
        CMerlinTranscript(const uint8_t* label, size_t label_len) noexcept
        CMerlinTranscript(const CMerlinTranscript& other) noexcept
        void append_message(const uint8_t* label, size_t label_len, const uint8_t* message, size_t len) noexcept
        void append_u64(const uint8_t* label, size_t label_len, uint64_t value) noexcept
        void challenge_bytes(const uint8_t* label, size_t label_len, uint8_t* out, size_t len) noexcept
        void challenge_scalar(const uint8_t* label, size_t label_len, uint8_t* out) noexcept
    cdef cppclass CTranscriptRng "pyristretto::TranscriptRng":
        CTranscriptRng(const CMerlinTranscript& transcript) noexcept
        void rekey_with_witness_bytes(const uint8_t* label, size_t label_len, const uint8_t* witness,
                                      size_t len) noexcept
        void finalize(const uint8_t* random_bytes) noexcept
        void fill_bytes(uint8_t* out, size_t len) noexcept
        void random_scalar(uint8_t* out) noexcept

cdef extern from "pyristretto/scalar_vector.hpp" namespace "pyristretto" nogil:
    # Vectors of reduced 32-byte scalars back to back (ScalarVector): Montgomery arithmetic, constant-time in the
    # values; threads for large n.
    void sv_add(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept
    void sv_sub(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept
    void sv_mul(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept
    void sv_scale(uint8_t* out, const uint8_t* a, const uint8_t* s, size_t n) noexcept
    void sv_inner(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) noexcept
    void sv_sum(uint8_t* out, const uint8_t* a, size_t n) noexcept
    void sv_fold(uint8_t* out, const uint8_t* a, size_t half, const uint8_t* x, const uint8_t* y) noexcept
    void sv_powers(uint8_t* out, const uint8_t* x, size_t n) noexcept
    void scalar_pow(uint8_t* out, const uint8_t* s, const uint8_t* e, size_t e_len) noexcept
    bint scalar_invert_ct(uint8_t* out, const uint8_t* s) noexcept
    bint sv_batch_invert(uint8_t* out, const uint8_t* a, size_t n) noexcept
    size_t sv_batch_invert_vartime(uint8_t* out, const uint8_t* a, size_t n) noexcept
    void sv_random_bits(uint8_t* out, size_t n, unsigned bits) noexcept
    void sv_random(uint8_t* out, size_t n) noexcept
    bint ct_bytes_equal(const uint8_t* a, const uint8_t* b, size_t len) noexcept
    void ct_select_bytes(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t len, uint8_t bit) noexcept
    void ct_swap_bytes(uint8_t* a, uint8_t* b, size_t len, uint8_t bit) noexcept

cdef extern from "pyristretto/sr25519.hpp" nogil:
    # sr25519 (schnorrkel 0.11, sr25519.hpp): keys, signatures, batch scalars, HDKD and the VRF. Secrets in constant
    # time; the *_vartime functions take public values only.
    cdef enum class SrCheck "pyristretto::sr25519::Check":
        kValid "pyristretto::sr25519::Check::kValid"
        kEquationFalse "pyristretto::sr25519::Check::kEquationFalse"
        kNotMarked "pyristretto::sr25519::Check::kNotMarked"
        kScalarFormat "pyristretto::sr25519::Check::kScalarFormat"
        kPointDecompression "pyristretto::sr25519::Check::kPointDecompression"
    cdef struct CSrBatchItem "pyristretto::sr25519::BatchItem":
        const CMerlinTranscript* transcript
        const uint8_t* msg
        size_t msg_len
        const uint8_t* sig
        size_t key
    void sr_witness_randomness "pyristretto::sr25519::witness_randomness"(uint8_t* out) noexcept
    void sr_expand_ed25519 "pyristretto::sr25519::expand_ed25519"(const uint8_t* mini, uint8_t* key,
                                                                   uint8_t* nonce) noexcept
    void sr_expand_uniform "pyristretto::sr25519::expand_uniform"(const uint8_t* mini, uint8_t* key,
                                                                   uint8_t* nonce) noexcept
    void sr_divide_by_cofactor "pyristretto::sr25519::divide_by_cofactor"(uint8_t* key) noexcept
    void sr_multiply_by_cofactor "pyristretto::sr25519::multiply_by_cofactor"(uint8_t* key) noexcept
    bint sr_key_is_canonical "pyristretto::sr25519::key_is_canonical"(const uint8_t* key) noexcept
    void sr_sign "pyristretto::sr25519::sign"(CMerlinTranscript& t, const uint8_t* key, const uint8_t* nonce,
                                              const uint8_t* pub, const uint8_t* random, uint8_t* sig) noexcept
    SrCheck sr_parse_signature_vartime "pyristretto::sr25519::parse_signature_vartime"(const uint8_t* sig,
                                                                                       uint8_t* s_out) noexcept
    SrCheck sr_verify_vartime "pyristretto::sr25519::verify_vartime"(CMerlinTranscript& t, const CEdwardsPoint& A,
                                                                     const uint8_t* pub, const uint8_t* sig) noexcept
    size_t sr_batch_scalars_vartime "pyristretto::sr25519::batch_scalars_vartime"(
        const CSrBatchItem* items, size_t n, const uint8_t* key_encodings, size_t n_keys, uint8_t* scalars,
        uint8_t* r_enc, uint8_t* work) noexcept
    void sr_derive_public "pyristretto::sr25519::derive_public"(const CEdwardsPoint& A, const uint8_t* pub,
                                                                const uint8_t* cc, const uint8_t* i, size_t i_len,
                                                                uint8_t* pub_out, uint8_t* cc_out) noexcept
    void sr_derive_keypair_soft "pyristretto::sr25519::derive_keypair_soft"(
        const uint8_t* cc, const uint8_t* pub, const uint8_t* key, const uint8_t* nonce, const uint8_t* i, size_t i_len,
        const uint8_t* random, uint8_t* key_out, uint8_t* nonce_out, uint8_t* pub_out, uint8_t* cc_out) noexcept
    void sr_hard_derive_mini "pyristretto::sr25519::hard_derive_mini"(const uint8_t* cc, const uint8_t* key,
                                                                      const uint8_t* i, size_t i_len,
                                                                      uint8_t* mini_out, uint8_t* cc_out) noexcept
    CEdwardsPoint sr_vrf_hash "pyristretto::sr25519::vrf_hash"(CMerlinTranscript& t, const uint8_t* pub,
                                                               bint malleable) noexcept
    void sr_dleq_prove "pyristretto::sr25519::dleq_prove"(
        CMerlinTranscript& t, const CEdwardsPoint& H, const uint8_t* h_enc, const uint8_t* o_enc, const uint8_t* key,
        const uint8_t* nonce, const uint8_t* pub, const uint8_t* random, bint kusama, uint8_t* proof,
        uint8_t* batchable) noexcept
    void sr_vrf_sign "pyristretto::sr25519::vrf_sign"(
        CMerlinTranscript& t, CMerlinTranscript& extra, const uint8_t* key, const uint8_t* nonce, const uint8_t* pub,
        const uint8_t* random, bint kusama, bint malleable, uint8_t* h_enc, uint8_t* o_enc, uint8_t* proof,
        uint8_t* batchable) noexcept
    SrCheck sr_dleq_verify_vartime "pyristretto::sr25519::dleq_verify_vartime"(
        CMerlinTranscript& t, const CEdwardsPoint& H, const uint8_t* h_enc, const CEdwardsPoint& O,
        const uint8_t* o_enc, const CEdwardsPoint& A, const uint8_t* pub, const uint8_t* proof, bint kusama,
        uint8_t* batchable) noexcept
    bint sr_dleq_challenge_vartime "pyristretto::sr25519::dleq_challenge_vartime"(
        CMerlinTranscript& t, const uint8_t* h_enc, const uint8_t* o_enc, const uint8_t* pub,
        const uint8_t* batchable, bint kusama, uint8_t* c) noexcept
cdef extern from "pyristretto/sigma.hpp" namespace "pyristretto" nogil:
    # Sigma proofs on Merlin transcripts (sigma.hpp): a compiled statement, its proofs and (batch) verification,
    # and exponential ElGamal on the fixed-base combs. Hold a plan by pointer; fill it, then finalize() (except +:
    # it allocates its tables) before any other call.
    cdef struct CSigmaTerm "pyristretto::SigmaTerm":
        uint32_t secret
        uint32_t point
    cdef struct CSigmaEquation "pyristretto::SigmaEquation":
        uint32_t lhs
        uint32_t first_term
        uint32_t n_terms
        uint32_t branch
    cdef struct CSigmaBranch "pyristretto::SigmaBranch":
        uint32_t first_secret
        uint32_t n_secrets
        int32_t group
    cdef struct CSigmaGroup "pyristretto::SigmaGroup":
        uint32_t first_branch
        uint32_t n_branches
        uint32_t k
    cdef cppclass CSigmaBatchItem "pyristretto::SigmaPlan::BatchItem":
        CMerlinTranscript* transcript
        const CEdwardsPoint* points
        const uint8_t* encodings
        const CEdwardsPoint* commitments
        const uint8_t* commitment_encodings
        const uint8_t* group_challenges
        const uint8_t* responses
    cdef cppclass CSigmaPlan "pyristretto::SigmaPlan":
        CSigmaPlan() except +
        string label
        string shape
        vector[string] secret_names
        vector[string] point_names
        vector[CSigmaTerm] terms
        vector[CSigmaEquation] equations
        vector[CSigmaBranch] branches
        vector[CSigmaGroup] groups
        vector[uint8_t] is_fixed
        vector[CEdwardsPoint] fixed_points
        vector[uint8_t] fixed_encodings
        string finalize() except +
        size_t n_points() noexcept const
        size_t n_secrets() noexcept const
        size_t n_equations() noexcept const
        size_t n_group_challenges() noexcept const
        bint prove(CMerlinTranscript& t, const CEdwardsPoint* points, const uint8_t* encodings, const uint8_t* witness,
                   const uint8_t* real, const uint8_t* random, uint8_t* commitments, uint8_t* challenge,
                   uint8_t* group_challenges, uint8_t* responses) noexcept const
        SumCheck verify_compact(CMerlinTranscript& t, const CEdwardsPoint* points, const uint8_t* encodings,
                                const uint8_t* challenge, const uint8_t* group_challenges,
                                const uint8_t* responses) noexcept const
        bint batch_challenges(const CSigmaBatchItem* items, size_t m, uint8_t* out,
                              const CMerlinTranscript* fresh) noexcept const
        SumCheck verify_batch(const CSigmaBatchItem* items, size_t m, const uint8_t* challenges,
                              size_t* failing) noexcept const
    void elgamal_encrypt_many(const CFixedBaseTable& pk, const uint8_t* r, const uint8_t* m, size_t n,
                              CEdwardsPoint* a, CEdwardsPoint* b) noexcept

cdef extern from "pyristretto/lizard.hpp" namespace "pyristretto" nogil:
    # Lizard and the RFC 9496 MAP and its inverse (lizard.hpp); constant-time.
    CEdwardsPoint ristretto_map_to_curve(const uint8_t* fe) noexcept
    void ristretto_elligator_inverse(const CEdwardsPoint& p, uint8_t* out, uint8_t* defined) noexcept
    CEdwardsPoint lizard_encode(const uint8_t* data) noexcept
    uint8_t lizard_decode(const CEdwardsPoint& p, uint8_t* data) noexcept

cdef extern from "pyristretto/dlog.hpp" namespace "pyristretto" nogil:
    # Baby-step giant-step tables (dlog.hpp); public values only. Hold by pointer.
    cdef cppclass CDlogTable "pyristretto::DlogTable":
        CDlogTable(uint64_t size) except +
        uint64_t size() noexcept const
        size_t nbytes() noexcept const
        int64_t solve(const CEdwardsPoint& p, uint64_t bound) noexcept const
        void solve_many(const CEdwardsPoint* points, size_t n, uint64_t bound, int64_t* results) noexcept const
    const uint64_t kDlogMaxSize "pyristretto::DlogTable::kMaxSize"
