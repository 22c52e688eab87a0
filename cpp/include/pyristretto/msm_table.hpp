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
    void build_range(size_t begin, size_t end);
    bool table_pays_vartime(size_t k) const noexcept;

    // Which code builds and reads the tables: the backend in use when the table was built (the vector forms are
    // read by that backend's kernels only).
    enum class Kernels : uint8_t { Portable, Ifma, Avx2 };
    struct Free {
        void operator()(uint8_t* p) const noexcept { std::free(p); }
    };

    Kernels kernels_;
    unsigned naf_width_;
    size_t odd_count_;                      // 2^(naf_width - 2); 0 when no wide tables are built
    std::vector<EdwardsPoint> points_;
    // small_[8 i + j] = (j + 1) * points[i] (the portable constant-time msm; empty on the vector kernels, whose
    // msm runs PointVector's Straus on the decoded bases)
    std::vector<AffineNielsPoint> small_;
    std::vector<AffineNielsPoint> odd_;     // odd_[odd_count i + k] = (2k + 1) * points[i] (msm_vartime, portable)
    // The same odd multiples in the vector backend's four-lane cached form (kTableEntryBytes each, 64-byte
    // aligned): ifma/msm_table.hpp, avx2/msm_table.hpp. Empty on the portable kernels.
    std::unique_ptr<uint8_t[], Free> vec_;
    size_t vec_bytes_ = 0;
};

}  // namespace pyristretto
