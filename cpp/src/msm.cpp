// The multi-point entry points on encodings (msm.hpp): decoding in threads, the sums, and pedersen_commit.
#include "pyristretto/msm.hpp"

#include <cstdint>
#include <vector>

#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/threads.hpp"

namespace pyristretto {

namespace {

enum class Kind { ConstantTime, Vartime, Sum };

EdwardsPoint sum_decoded(Kind kind, const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    switch (kind) {
        case Kind::ConstantTime:
            return Straus::mul_ct(scalars, points, n);
        case Kind::Vartime:
            return msm_vartime_decoded(scalars, points, n);
        default: {
            EdwardsPoint acc = EdwardsPoint::identity();
            for (size_t i = 0; i < n; ++i) acc = acc + points[i];
            return acc;
        }
    }
}

// Decodes the points and computes the sum; returns n, the index of the first invalid point, or kOutOfMemory.
constexpr size_t kOutOfMemory = SIZE_MAX;

size_t decode_and_sum_or_throw(Kind kind, const uint8_t* scalars, const uint8_t* points, size_t n,
                               EdwardsPoint& result) {
    const unsigned workers = worker_count(n);
    std::vector<EdwardsPoint> decoded(n);
    if (workers <= 1) {
        const size_t bad = ristretto_decode_many(decoded.data(), points, n);
        if (bad != n) return bad;
        result = sum_decoded(kind, scalars, decoded.data(), n);
        return n;
    }
    std::vector<EdwardsPoint> partial(workers, EdwardsPoint::identity());
    std::vector<size_t> first_bad(workers, n);
    std::vector<uint8_t> failed(workers, 0);
    run_parallel(workers, [&](unsigned k) noexcept {
        const size_t begin = n * k / workers, end = n * (k + 1) / workers;
        const size_t bad = ristretto_decode_many(decoded.data() + begin, points + 32 * begin, end - begin);
        if (bad != end - begin) {
            first_bad[k] = begin + bad;
            return;
        }
        try {
            partial[k] = sum_decoded(kind, scalars ? scalars + 32 * begin : nullptr, decoded.data() + begin,
                                     end - begin);
        } catch (...) {
            failed[k] = 1;
        }
    });
    for (unsigned k = 0; k < workers; ++k)
        if (first_bad[k] != n) return first_bad[k];  // chunks are in order: the first one found is the first
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
