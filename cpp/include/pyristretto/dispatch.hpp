// The backend interface: every operation whose code differs by backend, as one table of functions per backend. The
// tables are filled, and one chosen once, in backend.cpp (the portable code in portable/, the vector kernels in
// avx2/ and ifma/); the core's public functions call through backend_ops(), so each operation has one dispatch point.
// Each entry has the contract of the public function named beside it; a backend may hand sizes where its lanes do
// not pay to the portable code (the switches are its own measurements, docs/backends.md).
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "pyristretto/backend.hpp"
#include "pyristretto/edwards.hpp"

namespace pyristretto {

struct TableTerms;       // msm_algorithms.hpp
class PippengerBuckets;  // msm_algorithms.hpp
class FixedBaseRows;     // fixed_base.hpp

// MSMTable's kernels (msm_table.cpp): how its tables are laid out and built, and the Straus loops that read them.
// Tables are 64-byte aligned, each base's entries contiguous.
struct TableKernels {
    // msm_vartime: odd[odd_count i + k] = (2k + 1) points[i] for i < n, odd_bytes each.
    size_t odd_bytes;
    void (*build_odd)(const EdwardsPoint* points, size_t n, size_t odd_count, uint8_t* odd);
    // The sum the terms over such a table make (public scalars).
    EdwardsPoint (*straus_terms)(const TableTerms& terms);
    // Shares of fewer scalars run straus_terms; longer ones msm_vartime_decoded on the bases.
    size_t vartime_max;
    // msm: each base's multiples for a signed radix-16 digit, small_bytes a base, in the backend's own layout.
    size_t small_bytes;
    void (*build_small)(const EdwardsPoint* points, size_t n, uint8_t* small);
    // sum scalars[i] * points[i] over the small tables of points[0..n), constant-time in the scalars (wiped from
    // its own buffers). May throw std::bad_alloc.
    EdwardsPoint (*straus_ct)(const uint8_t* small, const uint8_t* scalars, size_t n);
    // Shares of fewer scalars run straus_ct; longer ones Straus::mul_ct on the bases.
    size_t ct_max;
};

// ScalarVector's products on lanes (scalar_vector.cpp; ifma/scalar8.hpp's contracts), from `min` elements.
struct ScalarLanes {
    size_t min;
    size_t inner_max;  // elements per inner call
    void (*mul)(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n);
    void (*scale)(uint8_t* out, const uint8_t* a, const uint8_t s[32], size_t n);
    void (*fold)(uint8_t* out, const uint8_t* lo, const uint8_t* hi, size_t n, const uint8_t x[32],
                 const uint8_t y[32]);
    void (*powers)(uint8_t* out, const uint8_t x[32], size_t n);
    void (*inner)(uint8_t out[8 * 32], const uint8_t* a, const uint8_t* b, size_t n);
};

struct BackendOps {
    Backend backend;
    const char* name;
    // points.hpp, scalar_mul.hpp: P + Q or P - Q (point_add_decoded), s * P (point_mul_decoded)
    EdwardsPoint (*add)(const EdwardsPoint& P, const EdwardsPoint& Q, bool subtract) noexcept;
    EdwardsPoint (*mul)(const uint8_t s[32], const EdwardsPoint& P) noexcept;
    // ristretto.hpp: the batches
    size_t (*decode_many)(EdwardsPoint* out, const uint8_t* encodings, size_t n);
    void (*encode_many)(uint8_t* out, const EdwardsPoint* points, size_t n);
    void (*encode_doubled)(uint8_t* out, EdwardsPoint* doubled, const EdwardsPoint* halves, size_t n);
    void (*from_uniform_many)(EdwardsPoint* out, const uint8_t* uniform, size_t n);
    // msm_algorithms.hpp: Straus::mul_ct, Straus::mul_vartime, msm_vartime_decoded, sum_decoded
    EdwardsPoint (*straus_ct)(const uint8_t* scalars, const EdwardsPoint* points, size_t n);
    EdwardsPoint (*straus_vartime)(const uint8_t* scalars, const EdwardsPoint* points, size_t n);
    EdwardsPoint (*msm_vartime)(const uint8_t* scalars, const EdwardsPoint* points, size_t n);
    EdwardsPoint (*sum)(const EdwardsPoint* points, size_t n) noexcept;
    // MsmAccumulator's buckets for a thread's share of `total` points of msm_vartime, kept across its blocks, or
    // nullptr where such a share runs msm_vartime block by block. May throw std::bad_alloc.
    std::unique_ptr<PippengerBuckets> (*buckets)(size_t total);
    // point_vector.hpp, one thread's range: out[i] = scalars[i] * points[i] (scale: constant-time; scale_vartime:
    // public scalars), and out[i] = x lo[i] + y hi[i] for public x, y (fold_vartime; out may alias lo).
    void (*scale)(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept;
    void (*scale_vartime)(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept;
    void (*fold_vartime)(EdwardsPoint* out, const EdwardsPoint* lo, const EdwardsPoint* hi, size_t n,
                         const uint8_t x[32], const uint8_t y[32]) noexcept;
    // fixed_base.hpp: a FixedBaseTable's rows in this backend's form, or nullptr (the portable comb on the table's
    // own rows: the portable backend, or no memory).
    std::unique_ptr<FixedBaseRows> (*fixed_base_rows)(const AffineNielsPoint (*table)[8]) noexcept;
    // point_vector.hpp: Point * ScalarVector builds a comb table from this many scalars (scale_one_point)
    size_t scale_one_point_table_min;
    const TableKernels* table;        // msm_table.hpp
    const ScalarLanes* scalar_lanes;  // scalar_vector.hpp; nullptr: the portable Montgomery code
    // threads.hpp: decode_work(n) = n / decode_divisor, sum_work(n) = n / sum_divisor (a decode, an addition, in
    // units of the ~3 us items worker_count is calibrated on)
    unsigned decode_divisor, sum_divisor;
};

namespace detail {
extern std::atomic<const BackendOps*> g_backend_ops;  // null until the first choice
const BackendOps& choose_backend_ops() noexcept;
}  // namespace detail

// The table of the backend in use: chosen once, on first use, from the CPU and PYRISTRETTO_BACKEND (backend.hpp).
inline const BackendOps& backend_ops() noexcept {
    const BackendOps* ops = detail::g_backend_ops.load(std::memory_order_acquire);
    return ops != nullptr ? *ops : detail::choose_backend_ops();
}

// A backend's table whatever the one in use is (tests call a backend's code directly): nullptr when this build or
// CPU cannot run it.
const BackendOps* backend_ops_for(Backend b) noexcept;

}  // namespace pyristretto
