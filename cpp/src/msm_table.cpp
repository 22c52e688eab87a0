// Precomputed multi-scalar multiplication tables for fixed bases (msm_table.hpp).
#include "pyristretto/msm_table.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>

#include "pyristretto/dispatch.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/point_vector.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {

// msm_vartime's NAF width and the size from which Pippenger on the bases replaces the precomputed Straus: width 8
// (about 28 additions a scalar) is the fastest below ~190 bases, width 7 (half the table, which then leaves the L2)
// from there, and both lose to PointVector's algorithm from ~300 (measured: docs/backends.md, MSMTable).
const unsigned MSMTable::kNafWidth = 8;
const size_t MSMTable::kNarrowFrom = 192;
const size_t MSMTable::kStrausMax = 256;

namespace {

// size bytes, 64-byte aligned (nullptr for none). Throws std::bad_alloc.
uint8_t* aligned_bytes(size_t size) {
    if (size == 0) return nullptr;
    void* p = std::aligned_alloc(64, (size + 63) / 64 * 64);
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<uint8_t*>(p);
}

// The additions of the width-w NAF Straus of scalars[0..n) over tables whose base i has its odd multiples at
// tables + stride i, entry_bytes apart, in the order they run (TableTerms, msm_algorithms.hpp). Each scalar's nonzero
// digits are listed (width_naf_list) and sorted by position with a counting sort, cheaper than scanning all 256 digits
// of every scalar column by column (docs/backends.md, MSMTable).
TableTerms table_terms(const uint8_t* scalars, size_t n, unsigned width, const uint8_t* tables, size_t stride,
                       size_t entry_bytes) {
    struct Digit {
        uint32_t base;
        uint8_t position;
        int8_t value;
    };
    std::vector<Digit> digits;
    digits.reserve(n * (kNafDigits / (width + 1) + 2));
    uint32_t per_position[kNafDigits] = {};
    size_t top = 0;
    for (size_t i = 0; i < n; ++i) {
        NafDigit list[kNafListCapacity];
        const size_t count = width_naf_list(scalars + 32 * i, width, list);
        const size_t at = digits.size();
        digits.resize(at + count);
        for (size_t k = 0; k < count; ++k) {  // field by field: a Digit built whole and copied stalled on the copy
            digits[at + k].base = static_cast<uint32_t>(i);
            digits[at + k].position = list[k].position;
            digits[at + k].value = list[k].value;
            ++per_position[list[k].position];
        }
        if (count) top = std::max<size_t>(top, list[count - 1].position + 1);
    }
    TableTerms r;
    uint32_t next[kNafDigits];  // where the next term of each used position goes
    size_t placed = 0, last = 0;
    for (size_t b = top; b-- > 0;) {
        if (!per_position[b]) continue;
        next[b] = static_cast<uint32_t>(placed);
        placed += per_position[b];
        r.doublings.push_back(static_cast<uint16_t>(r.count.empty() ? 0 : last - b));
        r.count.push_back(per_position[b]);
        last = b;
    }
    r.tail = static_cast<unsigned>(last);
    r.terms.resize(placed);
    for (const Digit& d : digits) {
        const size_t index = static_cast<size_t>(d.value < 0 ? -d.value : d.value) >> 1;
        const uint8_t* e = tables + stride * d.base + entry_bytes * index;
        r.terms[next[d.position]++] = reinterpret_cast<uintptr_t>(e) | uintptr_t(d.value < 0);
    }
    return r;
}

}  // namespace

MSMTable::MSMTable(const EdwardsPoint* points, size_t n, unsigned naf_width, size_t straus_max)
    : kernels_(backend_ops().table),
      naf_width_(naf_width         ? std::min(8u, std::max(2u, naf_width))
                 : n < kNarrowFrom ? kNafWidth
                                   : kNafWidth - 1),
      odd_count_(n < straus_max ? size_t(1) << (naf_width_ - 2) : 0),
      points_(points, points + n),
      small_size_(kernels_->ct_max ? kernels_->small_bytes * n : 0),
      odd_size_(kernels_->odd_bytes * odd_count_ * n) {
    small_.reset(aligned_bytes(small_size_));
    odd_.reset(aligned_bytes(odd_size_));
    bool failed[kMaxThreadsCap] = {false};
    unsigned workers = worker_count(n);
    run_parallel(workers, [&](unsigned k) noexcept {
        const size_t begin = n * k / workers, end = n * (k + 1) / workers;
        if (begin == end) return;
        try {
            if (small_)
                kernels_->build_small(&points_[begin], end - begin, small_.get() + kernels_->small_bytes * begin);
            if (odd_)
                kernels_->build_odd(&points_[begin], end - begin, odd_count_,
                                    odd_.get() + kernels_->odd_bytes * odd_count_ * begin);
        } catch (...) {
            failed[k] = true;
        }
    });
    for (unsigned k = 0; k < workers; ++k)
        if (failed[k]) throw std::bad_alloc();
}

size_t MSMTable::nbytes() const noexcept {
    const auto rounded = [](size_t size) { return (size + 63) / 64 * 64; };
    return sizeof(*this) + points_.capacity() * sizeof(EdwardsPoint) + rounded(small_size_) + rounded(odd_size_);
}

// The backend's constant-time Straus on the precomputed 1P..8P where it has them and the share pays, else
// PointVector's (Straus::mul_ct on the decoded bases, which builds its tables per call).
EdwardsPoint MSMTable::msm_ct_range(const uint8_t* scalars, size_t begin, size_t end) const {
    if (begin == end) return EdwardsPoint::identity();
    if (small_ && end - begin < kernels_->ct_max)
        return kernels_->straus_ct(small_.get() + kernels_->small_bytes * begin, scalars + 32 * begin, end - begin);
    return Straus::mul_ct(scalars + 32 * begin, &points_[begin], end - begin);
}

// Width-w NAF Straus on the precomputed odd multiples: about 256 / (w + 1) table additions per scalar and 253
// doublings shared by all; columns where no scalar has a digit are crossed with doublings alone.
EdwardsPoint MSMTable::straus_vartime_range(const uint8_t* scalars, size_t begin, size_t end) const {
    if (begin == end) return EdwardsPoint::identity();
    const size_t stride = kernels_->odd_bytes * odd_count_;
    return kernels_->straus_terms(table_terms(scalars + 32 * begin, end - begin, naf_width_,
                                              odd_.get() + stride * begin, stride, kernels_->odd_bytes));
}

bool MSMTable::msm(const uint8_t* scalars, size_t m, EdwardsPoint& out) const noexcept {
    if (m > size()) return false;
    return detail::parallel_sum(
        m, worker_count(m), [&](size_t b, size_t e) { return msm_ct_range(scalars, b, e); }, out);
}

bool MSMTable::msm_vartime(const uint8_t* scalars, size_t m, EdwardsPoint& out) const noexcept {
    if (m > size()) return false;
    if (odd_count_ == 0)  // large tables: Pippenger (or Straus, for few scalars) on the decoded bases
        return msm_vartime_points(scalars, points_.data(), m, out);
    // The same shares as msm_vartime_points, each by the table where it pays (kernels_->vartime_max) and else as
    // PointVector does it.
    return detail::parallel_sum(
        m, worker_count(m),
        [&](size_t b, size_t e) {
            return e - b < kernels_->vartime_max ? straus_vartime_range(scalars, b, e)
                                                 : msm_vartime_decoded(scalars + 32 * b, &points_[b], e - b);
        },
        out);
}

}  // namespace pyristretto
