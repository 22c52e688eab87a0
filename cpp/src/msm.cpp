// The multi-point entry points on encodings (msm.hpp): decoding in threads, the sums, and pedersen_commit.
#include "pyristretto/msm.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "pyristretto/backend.hpp"
#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/threads.hpp"

namespace pyristretto {

namespace {

enum class Kind { ConstantTime, Vartime, Sum };

// Decodes points[begin, end) one block at a time (kMsmBlock points: 640 KiB of decoded points) and accumulates
// each block before decoding the next, so memory stays bounded whatever the length: constant-time Straus and
// the plain sum per block, Pippenger with its buckets for all windows kept across blocks (so its cost per
// point keeps falling with the length, not with the block). Returns end, or the global index of the first
// invalid point; stops early once a point before this block is known to be invalid (first_bad).
size_t sum_range(Kind kind, const uint8_t* scalars, const uint8_t* points, size_t begin, size_t end,
                 std::atomic<size_t>& first_bad, EdwardsPoint& result) {
    const size_t len = end - begin;
    // On the IFMA backend each block runs its eight-lane Pippenger instead (msm_vartime_decoded).
    const bool buckets = kind == Kind::Vartime && len >= kPippengerCrossover && backend() != Backend::Ifma;
    std::unique_ptr<PippengerSums> sums;
    if (buckets) sums.reset(new PippengerSums(Pippenger::window_for(len), len));
    const std::unique_ptr<EdwardsPoint[]> decoded(new EdwardsPoint[std::min(len, kMsmBlock)]);
    EdwardsPoint acc = EdwardsPoint::identity();
    for (size_t first = begin; first < end; first += kMsmBlock) {
        if (first_bad.load(std::memory_order_relaxed) < first) return end;  // an earlier point is invalid
        const size_t m = std::min(kMsmBlock, end - first);
        const size_t bad = ristretto_decode_many(decoded.get(), points + 32 * first, m);
        if (bad != m) {
            size_t seen = first_bad.load(std::memory_order_relaxed);
            while (first + bad < seen && !first_bad.compare_exchange_weak(seen, first + bad)) {
            }
            return first + bad;
        }
        const uint8_t* s = scalars ? scalars + 32 * first : nullptr;
        if (buckets) {
            sums->add(s, decoded.get(), m);
        } else if (kind == Kind::ConstantTime) {
            acc = acc + Straus::mul_ct(s, decoded.get(), m);
        } else if (kind == Kind::Vartime) {  // a short range (< kPippengerCrossover), or the IFMA backend
            acc = acc + msm_vartime_decoded(s, decoded.get(), m);
        } else {
            for (size_t i = 0; i < m; ++i) acc = acc + decoded[i];
        }
    }
    result = buckets ? sums->finish() : acc;
    return end;
}

// Decodes the points and computes the sum; returns n, the index of the first invalid point, or kOutOfMemory.
constexpr size_t kOutOfMemory = SIZE_MAX;

size_t decode_and_sum_or_throw(Kind kind, const uint8_t* scalars, const uint8_t* points, size_t n,
                               EdwardsPoint& result) {
    const unsigned workers = worker_count(n);
    std::atomic<size_t> first_bad{n};
    if (workers <= 1) return sum_range(kind, scalars, points, 0, n, first_bad, result);
    // Each thread streams its own contiguous range with its own blocks and buckets.
    std::vector<EdwardsPoint> partial(workers, EdwardsPoint::identity());
    std::vector<uint8_t> failed(workers, 0);
    run_parallel(workers, [&](unsigned k) noexcept {
        const size_t begin = n * k / workers, end = n * (k + 1) / workers;
        try {
            sum_range(kind, scalars, points, begin, end, first_bad, partial[k]);
        } catch (...) {
            failed[k] = 1;
        }
    });
    if (first_bad.load() != n) return first_bad.load();  // the smallest invalid index any thread found
    for (unsigned k = 0; k < workers; ++k)
        if (failed[k]) return kOutOfMemory;
    EdwardsPoint acc = partial[0];
    for (unsigned k = 1; k < workers; ++k) acc = acc + partial[k];
    result = acc;
    return n;
}

size_t decode_and_sum(Kind kind, const uint8_t* scalars, const uint8_t* points, size_t n,
                      EdwardsPoint& result) noexcept {
    try {
        return decode_and_sum_or_throw(kind, scalars, points, n, result);
    } catch (...) {  // std::bad_alloc: out is left untouched
        return kOutOfMemory;
    }
}

// ---- fixed bases for pedersen_commit ----------------------------------------------------------------------

// G's table is basepoint_table() (shared with base_mul); only H's is built here.
const FixedBaseTable& h_table() noexcept {
    static const FixedBaseTable table([] {  // built once, thread-safe (C++11 function-local static)
        EdwardsPoint h;
        if (!ristretto_decode(h, generator_H())) h = EdwardsPoint::identity();  // cannot happen
        return h;
    }());
    return table;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Public entry points (msm.hpp)
// ---------------------------------------------------------------------------------------------------------

size_t msm(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    EdwardsPoint result;
    const size_t rc = decode_and_sum(Kind::ConstantTime, scalars, points, n, result);
    if (rc == n) ristretto_encode(out, result);
    return rc;
}

size_t msm_vartime(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    EdwardsPoint result;
    const size_t rc = decode_and_sum(Kind::Vartime, scalars, points, n, result);
    if (rc == n) ristretto_encode(out, result);
    return rc;
}

size_t point_sum(const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    EdwardsPoint result;
    const size_t rc = decode_and_sum(Kind::Sum, nullptr, points, n, result);
    if (rc == n) ristretto_encode(out, result);
    return rc;
}

void pedersen_commit(const uint8_t amount[32], const uint8_t blinding[32], uint8_t out[32]) noexcept {
    const EdwardsPoint r = FixedBaseTable::mul2(basepoint_table(), amount, h_table(), blinding);
    ristretto_encode(out, r);
}

}  // namespace pyristretto
