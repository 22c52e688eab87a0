// The multi-point entry points on encodings (msm.hpp): decoding in threads, the sums, and pedersen_commit.
#include "pyristretto/msm.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "pyristretto/dispatch.hpp"
#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/threads.hpp"

namespace pyristretto {

// ---- the accumulator: threads, blocks and their state across feeds -------------------------------------------

// One thread's share of an MsmAccumulator: every feed hands it a contiguous part of the block, which it decodes
// kMsmBlock points at a time (640 KiB of decoded points) and accumulates before decoding the next: constant-time
// Straus and the plain sum per block into acc, Pippenger into the backend's buckets for all windows kept across
// blocks and feeds where it keeps them (so its cost per point keeps falling with the share's length, not with the
// block), else msm_vartime_decoded per block into acc.
struct MsmAccumulator::Lane {
    Lane(int kind_, size_t total_)
        : kind(kind_), buckets(kind_ == kVartime ? backend_ops().buckets(total_) : nullptr) {}

    // Adds m points (encoded, else decoded) whose global indices start at first. An invalid point lowers
    // first_bad to its global index; stops early once a point before this block is known to be invalid.
    void add(const uint8_t* scalars, const uint8_t* encoded, const EdwardsPoint* decoded_points, size_t m, size_t first,
             std::atomic<size_t>& first_bad) {
        // Sized by what this feed hands the lane, never by its share of all n: a feed of m < n points gives lane k
        // m(k+1)/w - mk/w points, which floor rounding can make one more than n(k+1)/w - nk/w (issue 17: the
        // lane then decoded past its buffer). Grown when a later feed hands it more.
        const size_t need = std::min(m, kMsmBlock);
        if (encoded && decoded_size < need) {
            decoded.reset();  // the old block first: peak memory stays one block
            decoded_size = 0;
            decoded.reset(new EdwardsPoint[need]);  // may throw: feed_any catches it
            decoded_size = need;
        }
        for (size_t off = 0; off < m; off += kMsmBlock) {
            if (first_bad.load(std::memory_order_relaxed) < first + off) return;  // an earlier point is invalid
            const size_t k = std::min(kMsmBlock, m - off);
            const EdwardsPoint* points = decoded_points + off;
            if (encoded) {
                const size_t bad = ristretto_decode_many(decoded.get(), encoded + 32 * off, k);
                if (bad != k) {
                    size_t seen = first_bad.load(std::memory_order_relaxed);
                    while (first + off + bad < seen && !first_bad.compare_exchange_weak(seen, first + off + bad)) {
                    }
                    return;
                }
                points = decoded.get();
            }
            const uint8_t* s = scalars ? scalars + 32 * off : nullptr;
            if (buckets) {
                buckets->add(s, points, k);
            } else if (kind == kConstantTime) {
                acc = acc + Straus::mul_ct(s, points, k);
            } else if (kind == kVartime) {  // a share too short for kept buckets
                acc = acc + msm_vartime_decoded(s, points, k);
            } else {
                acc = acc + sum_decoded(points, k);
            }
        }
    }

    EdwardsPoint result() const { return buckets ? buckets->finish() : acc; }

    const int kind;
    // For the points this lane gets over all feeds (about n / threads: that total chooses the window); nullptr
    // where they run block by block. Its finish() only reads the buckets: callable again.
    const std::unique_ptr<PippengerBuckets> buckets;
    std::unique_ptr<EdwardsPoint[]> decoded;  // allocated by the first feed of encodings, grown by add
    size_t decoded_size = 0;                  // the points it holds: the largest block a feed handed the lane
    EdwardsPoint acc = EdwardsPoint::identity();
};

// The threads m points of this kind pay for. The constant-time sum costs several decodes per point; the others
// are dominated by decoding their points when they are encoded (decode_work), and a plain sum of decoded points
// is a run of additions (sum_work).
unsigned MsmAccumulator::threads_for(size_t m, bool encoded) const noexcept {
    if (kind_ == kConstantTime) return worker_count(m);
    if (encoded) return worker_count(decode_work(m));
    return worker_count(kind_ == kSum ? sum_work(m) : m);
}

MsmAccumulator::MsmAccumulator(int kind, size_t n) : kind_(kind), n_(n) {
    const unsigned workers = threads_for(n, true);  // the most any feed can use
    for (unsigned k = 0; k < workers; ++k) lanes_.emplace_back(new Lane(kind, n * (k + 1) / workers - n * k / workers));
}

MsmAccumulator::~MsmAccumulator() = default;

size_t MsmAccumulator::feed(const uint8_t* scalars, const uint8_t* points, size_t m) noexcept {
    return feed_any(scalars, points, nullptr, m);
}

size_t MsmAccumulator::feed_decoded(const uint8_t* scalars, const EdwardsPoint* points, size_t m) noexcept {
    return feed_any(scalars, nullptr, points, m);
}

size_t MsmAccumulator::feed_any(const uint8_t* scalars, const uint8_t* encoded, const EdwardsPoint* decoded,
                                size_t m) noexcept {
    if (spent_ || m > n_ - fed_) {
        spent_ = true;
        return SIZE_MAX;
    }
    if (kind_ == kSum) scalars = nullptr;
    const unsigned workers = static_cast<unsigned>(lanes_.size());
    std::atomic<size_t> first_bad{SIZE_MAX};
    bool failed[kMaxThreadsCap] = {false};
    const size_t first = fed_;
    // Lane k takes the k-th contiguous part of the block, so lanes stay in index order.
    auto share = [&](unsigned k) noexcept {
        const size_t begin = m * k / workers, end = m * (k + 1) / workers;
        if (begin == end) return;
        try {
            lanes_[k]->add(scalars ? scalars + 32 * begin : nullptr, encoded ? encoded + 32 * begin : nullptr,
                           decoded ? decoded + begin : nullptr, end - begin, first + begin, first_bad);
        } catch (...) {  // std::bad_alloc
            failed[k] = true;
        }
    };
    if (workers > 1 && threads_for(m, encoded != nullptr) > 1) {
        run_parallel(workers, share);
    } else {  // one thread, or a block too short to pay for starting threads (the last one)
        for (unsigned k = 0; k < workers; ++k) share(k);
    }
    if (first_bad.load() != SIZE_MAX) {  // the smallest invalid index any lane found
        spent_ = true;
        return first_bad.load();
    }
    for (unsigned k = 0; k < workers; ++k) {
        if (failed[k]) {
            spent_ = true;
            return SIZE_MAX;
        }
    }
    fed_ += m;
    return fed_;
}

bool MsmAccumulator::finish(EdwardsPoint& result) noexcept {
    if (spent_ || fed_ != n_) return false;
    EdwardsPoint acc = lanes_[0]->result();
    for (size_t k = 1; k < lanes_.size(); ++k) acc = acc + lanes_[k]->result();
    result = acc;
    return true;
}

namespace {

// Returns n, the index of the first invalid point, or kOutOfMemory (out untouched then).
constexpr size_t kOutOfMemory = SIZE_MAX;

size_t decode_and_sum(int kind, const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    try {
        MsmAccumulator acc(kind, n);
        const size_t rc = acc.feed(scalars, points, n);
        if (rc != n) return rc;
        EdwardsPoint result;
        if (!acc.finish(result)) return kOutOfMemory;
        ristretto_encode(out, result);
        return n;
    } catch (...) {  // std::bad_alloc from the lanes
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
    return decode_and_sum(MsmAccumulator::kConstantTime, scalars, points, n, out);
}

size_t msm_vartime(const uint8_t* scalars, const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    return decode_and_sum(MsmAccumulator::kVartime, scalars, points, n, out);
}

size_t point_sum(const uint8_t* points, size_t n, uint8_t out[32]) noexcept {
    return decode_and_sum(MsmAccumulator::kSum, nullptr, points, n, out);
}

void pedersen_commit(const uint8_t amount[32], const uint8_t blinding[32], uint8_t out[32]) noexcept {
    const EdwardsPoint r = FixedBaseTable::mul2(basepoint_table(), amount, h_table(), blinding);
    ristretto_encode(out, r);
}

}  // namespace pyristretto
