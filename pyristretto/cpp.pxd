# Declarations of the C++ core (cpp/include/pyristretto/*.hpp). Everything here is nogil; functions are
# noexcept unless they allocate (except +). Downstream code can cimport these types; the compiled
# functions are reachable without linking through the cdef functions exported by pyristretto._core.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

cdef extern from "pyristretto/secret_buffer.hpp" namespace "pyristretto" nogil:
    cdef cppclass CSecretBuffer "pyristretto::SecretBuffer":
        CSecretBuffer()
        void allocate(size_t size) except +
        void wipe() noexcept
        uint8_t* data() noexcept
        size_t size() noexcept

cdef extern from "pyristretto/sodium.hpp" namespace "pyristretto" nogil:
    bint sodium_start() noexcept

cdef extern from "pyristretto/points.hpp" namespace "pyristretto" nogil:
    bint is_valid_point(const uint8_t* p) noexcept
    int point_add(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept
    int point_sub(const uint8_t* p, const uint8_t* q, uint8_t* out) noexcept
    bint point_neg(const uint8_t* p, uint8_t* out) noexcept

cdef extern from "pyristretto/scalar_mul.hpp" namespace "pyristretto" nogil:
    void base_mul(const uint8_t* s, uint8_t* out) noexcept
    bint point_mul(const uint8_t* s, const uint8_t* p, uint8_t* out) noexcept

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
    void hash_to_scalar(const uint8_t* msg, size_t msg_len, const uint8_t* dst, size_t dst_len,
                        uint8_t* out) noexcept

cdef extern from "pyristretto/msm.hpp" namespace "pyristretto" nogil:
    size_t msm(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept
    size_t msm_vartime(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t* out) noexcept
    size_t point_sum(const uint8_t* points, size_t n, uint8_t* out) noexcept
    void pedersen_commit(const uint8_t* amount, const uint8_t* blinding, uint8_t* out) noexcept

cdef extern from "sodium.h" nogil:
    const char* sodium_version_string() noexcept
    void sodium_memzero(void* p, size_t n) noexcept
    void crypto_core_ristretto255_scalar_random(uint8_t* r) noexcept
    void crypto_core_ristretto255_scalar_add(uint8_t* z, const uint8_t* x, const uint8_t* y) noexcept
    void crypto_core_ristretto255_scalar_sub(uint8_t* z, const uint8_t* x, const uint8_t* y) noexcept
    void crypto_core_ristretto255_scalar_mul(uint8_t* z, const uint8_t* x, const uint8_t* y) noexcept
    void crypto_core_ristretto255_scalar_negate(uint8_t* neg, const uint8_t* s) noexcept
    int crypto_core_ristretto255_scalar_invert(uint8_t* recip, const uint8_t* s) noexcept
    void crypto_core_ristretto255_scalar_reduce(uint8_t* r, const uint8_t* s) noexcept

cdef extern from "pyristretto/backend.hpp" namespace "pyristretto" nogil:
    const char* backend_name() noexcept
