// Precomputed tables for multi-scalar multiplications on a fixed list of bases (the object layer's MSMTable: a
// Bulletproofs verifier's generators, a vector Pedersen commitment's bases), in the spirit of curve25519-dalek's
// VartimePrecomputedMultiscalarMul. Built once, then read-only: one table can serve many threads at once.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "pyristretto/edwards.hpp"

namespace pyristretto {

struct TableKernels;  // dispatch.hpp

class MSMTable {
public:
    // Width of the NAF digits of msm_vartime's precomputed Straus (tables of 2^(w-2) odd multiples per base) for
    // n bases: kNafWidth below kNarrowFrom bases, kNafWidth - 1 from there on.
    static const unsigned kNafWidth;
    static const size_t kNarrowFrom;
    // From this many bases on msm_vartime runs Pippenger on the bases and no wide tables are built.
    static const size_t kStrausMax;

    // Tables for points[0..n) (copied). naf_width (2..8; 0: the measured choice for n) and straus_max override the
    // defaults (tests and benchmarks). Throws std::bad_alloc.
    MSMTable(const EdwardsPoint* points, size_t n, unsigned naf_width = 0, size_t straus_max = kStrausMax);

    size_t size() const noexcept { return points_.size(); }
    const EdwardsPoint* points() const noexcept { return points_.data(); }
    // Bytes of memory held (the object and its tables).
    size_t nbytes() const noexcept;

    // out = sum scalars[i] * points[i] for i < m, m <= size() (the bases past m count with scalar 0); scalars are
    // 32 bytes each, reduced mod q. msm is constant-time in the scalars, msm_vartime is for public scalars. Both
    // use threads for large m; false (out untouched) when m > size() or memory runs out.
    bool msm(const uint8_t* scalars, size_t m, EdwardsPoint& out) const noexcept;
    bool msm_vartime(const uint8_t* scalars, size_t m, EdwardsPoint& out) const noexcept;

private:
    EdwardsPoint msm_ct_range(const uint8_t* scalars, size_t begin, size_t end) const;
    EdwardsPoint straus_vartime_range(const uint8_t* scalars, size_t begin, size_t end) const;
    struct Free {
        void operator()(uint8_t* p) const noexcept { std::free(p); }
    };
    using Bytes = std::unique_ptr<uint8_t[], Free>;

    // The kernels of the backend in use when the table was built: they alone read its tables (dispatch.hpp).
    const TableKernels* kernels_;
    unsigned naf_width_;
    size_t odd_count_;  // 2^(naf_width - 2); 0 when no wide tables are built
    std::vector<EdwardsPoint> points_;
    // msm's tables: kernels_->small_bytes a base (1P..8P in the backend's form); none where the backend's msm runs
    // Straus::mul_ct on the bases (kernels_->ct_max == 0).
    Bytes small_;
    size_t small_size_ = 0;
    // msm_vartime's: the odd multiples, odd_count_ entries of kernels_->odd_bytes a base.
    Bytes odd_;
    size_t odd_size_ = 0;
};

}  // namespace pyristretto
