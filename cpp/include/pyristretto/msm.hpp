// Multi-point operations on encoded points. Points are 32-byte encodings stored back to back; scalars are
// any 32-byte little-endian values, taken mod q (bit 255 and values >= q included: the recodings fold them in
// constant time, scalar.hpp), so callers need not reduce them.
// Functions that take points return n on success, the index of the first point that is not a valid
// encoding, or SIZE_MAX when memory for the decoded points cannot be allocated (out untouched in both cases).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "pyristretto/edwards.hpp"

namespace pyristretto {

// sum scalars[i] * points[i]; constant-time in the scalar bytes (no branch or index on them).
size_t msm(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept;

// The same sum for public scalars: fastest algorithm for n, zero scalars skipped.
size_t msm_vartime(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept;

// sum points[i].
size_t point_sum(const uint8_t* points, size_t n, uint8_t out[32]) noexcept;

// amount * G + blinding * H (H = the module constant), constant-time in both scalars.
void pedersen_commit(const uint8_t amount[32], const uint8_t blinding[32], uint8_t out[32]) noexcept;

// The same three sums over input that arrives in consecutive blocks (the Python wrapper converts scalars from
// Python ints, and copies points from mutable buffers, one bounded block at a time): construct with the total n,
// feed blocks in order, then finish. The threads are fixed by n (worker_count(n)); each feed splits its block
// between them, and each thread keeps its own accumulator (for msm_vartime, Pippenger's buckets of every window,
// with the window chosen for its share of all n points) across feeds. So a whole input fed in blocks costs what
// one call costs, and memory stays bounded: per thread, a block of decoded points and the buckets.
// Not thread-safe: one caller feeds it. Scalars as in msm: any 32 bytes, taken mod q.
class MsmAccumulator {
public:
    enum Kind { kConstantTime = 0, kVartime = 1, kSum = 2 };
    MsmAccumulator(int kind, size_t n);  // may throw std::bad_alloc
    ~MsmAccumulator();
    MsmAccumulator(const MsmAccumulator&) = delete;
    MsmAccumulator& operator=(const MsmAccumulator&) = delete;

    // The next m points: encodings (feed; decoded here, once) or decoded points (feed_decoded), with their m
    // scalars (ignored, may be null, for kSum). Returns the number of points fed so far (all of them counted) on
    // success; the global index of the first invalid point; or SIZE_MAX when memory ran out or more than n points
    // were fed. After a failure the accumulator is spent: every later call fails.
    size_t feed(const uint8_t* scalars, const uint8_t* points, size_t m) noexcept;
    size_t feed_decoded(const uint8_t* scalars, const EdwardsPoint* points, size_t m) noexcept;

    // The sum over everything fed; false (result untouched) unless exactly n points were fed without failure.
    bool finish(EdwardsPoint& result) noexcept;

private:
    struct Lane;
    size_t feed_any(const uint8_t* scalars, const uint8_t* encoded, const EdwardsPoint* decoded, size_t m) noexcept;
    unsigned threads_for(size_t m, bool encoded) const noexcept;
    int kind_;
    size_t n_, fed_ = 0;
    bool spent_ = false;
    std::vector<std::unique_ptr<Lane>> lanes_;
};

}  // namespace pyristretto
