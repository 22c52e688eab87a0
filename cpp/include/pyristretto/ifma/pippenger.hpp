// Variable-time multi-scalar multiplication on the IFMA backend (ifma/pippenger.cpp). Plain C++ interface.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "pyristretto/edwards.hpp"

namespace pyristretto {
namespace ifma {

// From this many points msm_vartime_decoded uses pippenger_vartime on the IFMA backend (measured, see the .cpp).
extern const size_t kPippengerMin;

// sum scalars[i] * points[i] for public scalars (< 2^253, as msm_algorithms.hpp), eight windows per pass with one
// window per lane (PippengerBuckets over all n). Call only when ifma_available(). May throw std::bad_alloc.
EdwardsPoint pippenger_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// The same fed in pieces (MsmAccumulator's blocks and feeds): add any number of points, any number of times, then
// finish once. total (the points it will be given) chooses the window. keep: every pass's buckets kept until finish
// (c = 8: 792 KB), so the bucket sums are paid once however the points arrive; without it (one add of at most
// kMsmBlock points) one pass's buckets are reused and summed pass by pass. The points' digits and cached copies are
// made kMsmBlock at a time. Call only when ifma_available(). May throw std::bad_alloc.
class PippengerBuckets {
public:
    PippengerBuckets(size_t total, bool keep);
    ~PippengerBuckets();
    void add(const uint8_t* scalars, const EdwardsPoint* points, size_t n);
    EdwardsPoint finish();

private:
    struct State;  // the IFMA types stay in the .cpp
    void clear_pass(int pass);
    void sum_pass(int pass);
    std::unique_ptr<State> s_;
};

// From this many points sum_decoded uses sum_points on the IFMA backend (measured, see the .cpp).
extern const size_t kSumMin;

// sum points[i], eight lanes at a time. Call only when ifma_available().
EdwardsPoint sum_points(const EdwardsPoint* points, size_t n);

}  // namespace ifma
}  // namespace pyristretto
