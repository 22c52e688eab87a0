// Internal (not part of the API): the vector backends' PippengerBuckets (msm_algorithms.hpp), written once over a
// backend's State: State(total, c) holds its buckets (a window per lane), and pippenger_add(State&, scalars, points,
// n) and pippenger_finish(State&), found beside State in the backend's namespace, fill and sum them.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/msm_algorithms.hpp"

namespace pyristretto {

template <class State>
class LanePippenger final : public PippengerBuckets {
public:
    // total: the points it will be given (chooses the window); c: 4..11, 0 for the measured choice.
    explicit LanePippenger(size_t total, int c = 0) : s_(total, c) {}
    void add(const uint8_t* scalars, const EdwardsPoint* points, size_t n) override {
        pippenger_add(s_, scalars, points, n);
    }
    EdwardsPoint finish() override { return pippenger_finish(s_); }

private:
    State s_;
};

}  // namespace pyristretto
