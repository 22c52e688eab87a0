// Operations on arrays of decoded points (the object layer's PointVector, and C++ code that keeps points decoded):
// decoding, encoding and the multi-point sums, split over threads like the entry points on encodings (msm.hpp).
// Scalars are 32-byte little-endian values reduced mod q, stored back to back. Nothing here throws.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "pyristretto/backend.hpp"
#include "pyristretto/edwards.hpp"
#include "pyristretto/threads.hpp"

namespace pyristretto {

// Decodes n encodings into out[0..n) (threads for large n). Returns n, or the index of the first invalid encoding
// (out is then partly written).
size_t decode_points(EdwardsPoint* out, const uint8_t* encodings, size_t n) noexcept;

// Writes the 32-byte encodings of points[0..n) back to back into out (threads for large n).
void encode_points(uint8_t* out, const EdwardsPoint* points, size_t n) noexcept;

// out[i] = Hp(domain, le32(i)) as decoded points, i < n: the points derive_generators (hash.hpp) encodes,
// without the encode/decode round trip (threads for large n).
void derive_generator_points(EdwardsPoint* out, const uint8_t* domain, size_t domain_len, uint32_t n) noexcept;

// result = sum scalars[i] * points[i]: constant-time in the scalars (Straus::mul_ct per chunk) / for public
// scalars (msm_vartime_decoded per chunk). false (result untouched) when memory runs out.
bool msm_points(const uint8_t* scalars, const EdwardsPoint* points, size_t n, EdwardsPoint& result) noexcept;
bool msm_vartime_points(const uint8_t* scalars, const EdwardsPoint* points, size_t n, EdwardsPoint& result) noexcept;

// sum points[i].
EdwardsPoint sum_points(const EdwardsPoint* points, size_t n) noexcept;

// out[i] = scalars[i] * points[i] (point_mul_decoded), constant-time in the scalars. out may alias points.
void scale_points(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept;

// scale_points (scale_points_vartime when vartime), with the encodings of the results into enc (32 bytes each):
// out[i] = 2 ((scalars[i] / 2 mod q) points[i]), the encodings from the halves by ristretto_encode_doubled (a
// batched inversion instead of a square root per point). out may alias points.
void scale_points_encoded(EdwardsPoint* out, uint8_t* enc, const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                          bool vartime) noexcept;

class FixedBaseTable;  // fixed_base.hpp

// out[i] = scalars[i] * table's base (FixedBaseTable::mul: the comb, constant-time in the scalars) for i < n, threads
// for large n (FixedBase * ScalarVector, Point * ScalarVector). The results are not encoded: a batched encoding
// (scale_points_encoded's) would cost 13% of a comb multiplication on the IFMA backend, and sums need none.
void fixed_base_scale(EdwardsPoint* out, const FixedBaseTable& table, const uint8_t* scalars, size_t n) noexcept;

// out[i] = scalars[i] * base for i < n (Point * ScalarVector), constant-time in the scalars: from
// BackendOps::scale_one_point_table_min scalars on a comb table built here (fixed_base_scale; the build costs about 97
// us on every backend), below that by the scale of n copies of base. Not encoded (fixed_base_scale says why). Where
// the table pays: one constant-time multiplication costs about 4 (IFMA's eight-lane scale), 14 (AVX2) or 17
// (portable) microseconds more than one comb multiplication, so the build pays from 24, 8 and 6 scalars.
void scale_one_point(EdwardsPoint* out, const EdwardsPoint& base, const uint8_t* scalars, size_t n) noexcept;

// out[i] = a[i] + b[i] (a[i] - b[i] when subtract). out may alias a or b.
void add_points(EdwardsPoint* out, const EdwardsPoint* a, const EdwardsPoint* b, size_t n, bool subtract) noexcept;

// out[i] = scalars[i] * points[i] for PUBLIC scalars (time depends on them): width-5 NAF per point.
void scale_points_vartime(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept;

// out[i] = x * points[i] + y * points[half + i] for i < half, PUBLIC x and y (generator folding in an inner-product
// argument): on the IFMA backend eight pairs per lane group with one shared digit schedule (ifma/fold.hpp), else a
// two-point Straus multiplication (shared doublings) per pair. out may alias points.
void fold_points_vartime(EdwardsPoint* out, const EdwardsPoint* points, size_t half, const uint8_t x[32],
                         const uint8_t y[32]) noexcept;

// out[i] = hash_to_group_point(msgs[i], lens[i], dst, dst_len) (RFC 9380 hash_to_ristretto255) for i < n.
void hash_to_group_points(EdwardsPoint* out, const uint8_t* const* msgs, const size_t* lens, size_t n,
                          const uint8_t* dst, size_t dst_len) noexcept;

namespace detail {

// Sums chunk(begin, end) over `workers` chunks of [0, n), one per thread (see parallel_for). chunk may throw
// (bad_alloc): then false and result untouched.
template <class Chunk>
bool parallel_sum(size_t n, unsigned workers, Chunk chunk, EdwardsPoint& result) noexcept {
    if (workers <= 1) {
        try {
            result = chunk(size_t(0), n);
            return true;
        } catch (...) {
            return false;
        }
    }
    // The partial sums on the heap: an array of kMaxThreadsCap points in the frame was 10 KB of stack even for one
    // worker, and a Python thread may have only 32 KiB (tests/test_threads.py).
    std::unique_ptr<EdwardsPoint[]> partial;
    try {
        partial.reset(new EdwardsPoint[workers]);
    } catch (...) {
        return false;
    }
    bool failed[kMaxThreadsCap] = {false};
    run_parallel(workers, [&](unsigned k) noexcept {
        try {
            partial[k] = chunk(n * k / workers, n * (k + 1) / workers);
        } catch (...) {
            failed[k] = true;
        }
    });
    EdwardsPoint acc = partial[0];
    for (unsigned k = 0; k < workers; ++k) {
        if (failed[k]) return false;
        if (k) acc = acc + partial[k];
    }
    result = acc;
    return true;
}

// Runs body(begin, end) over `workers` chunks of [0, n), one per thread (worker_count(n) for work that costs
// about a decode per item).
template <class Body>
void parallel_for(size_t n, unsigned workers, Body body) noexcept {
    if (workers <= 1) {
        body(size_t(0), n);
        return;
    }
    run_parallel(workers, [&](unsigned k) noexcept { body(n * k / workers, n * (k + 1) / workers); });
}

}  // namespace detail
}  // namespace pyristretto
