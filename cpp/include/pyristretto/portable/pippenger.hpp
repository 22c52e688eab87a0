// The portable backend's bucket (Pippenger) multiplication for public scalars and the plain sum
// (portable/pippenger.cpp). Each function has the contract of the public one named beside it, which reaches it
// through the backend table (dispatch.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "pyristretto/edwards.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/scratch.hpp"

namespace pyristretto {
namespace portable {

// PippengerBuckets with signed radix-2^c digits and the block's points in affine Niels form.
// Memory: windows * 2^(c-1) buckets of 160 bytes (c = 12: 22 windows, 6.9 MiB) plus ~170 bytes per point of
// one block.
class PippengerSums final : public PippengerBuckets {
public:
    // c: the window (Pippenger::window_for); block: points per block (at most kMsmBlock; less for short inputs).
    explicit PippengerSums(unsigned c, size_t block = kMsmBlock);
    void add(const uint8_t* scalars, const EdwardsPoint* points, size_t n) override;
    EdwardsPoint finish() override;

private:
    void add_block(const uint8_t* scalars, const EdwardsPoint* points, size_t m);  // m <= block_
    void to_affine_niels(const EdwardsPoint* points, size_t m);                    // into niels_
    unsigned c_;
    size_t block_, windows_, nb_, top_ = 0;
    ScratchMemory buckets_;                      // EdwardsPoint [w nb_ + b]: the points with digit +-(b + 1) in w
    std::vector<uint8_t> used_;                  // which buckets hold a sum
    std::unique_ptr<AffineNielsPoint[]> niels_;  // the block's points, ready to add
    std::unique_ptr<int16_t[]> digits_;          // the block's digits, window-major
};

// Bucket (Pippenger) multiplication for public scalars: signed radix-2^c digits, 2^(c-1) buckets per window.
struct Pippenger {
    static EdwardsPoint mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n, unsigned c);
    // The window measured fastest for n points (docs/backends.md).
    static unsigned window_for(size_t n) noexcept;
};

// Below this many points msm_vartime uses Straus, from here on Pippenger (measured: docs/backends.md).
extern const size_t kPippengerCrossover;

// msm_vartime_decoded: Straus below kPippengerCrossover points, Pippenger from there on.
EdwardsPoint msm_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// sum_decoded: a running sum.
EdwardsPoint sum(const EdwardsPoint* points, size_t n) noexcept;

// MsmAccumulator's buckets for a share of total points: PippengerSums from kPippengerCrossover points, else nullptr
// (Straus block by block).
std::unique_ptr<PippengerBuckets> new_buckets(size_t total);

}  // namespace portable
}  // namespace pyristretto
