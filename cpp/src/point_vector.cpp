// Arrays of decoded points (point_vector.hpp).
#include "pyristretto/point_vector.hpp"

#include <sodium.h>

#include <cstring>

#include "pyristretto/backend.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/ifma/fold.hpp"
#include "pyristretto/ifma/straus.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"

namespace pyristretto {

size_t decode_points(EdwardsPoint* out, const uint8_t* encodings, size_t n) noexcept {
    const unsigned workers = worker_count(decode_work(n));
    if (workers <= 1) return ristretto_decode_many(out, encodings, n);
    size_t first_bad[kMaxThreadsCap];
    run_parallel(workers, [&](unsigned k) noexcept {
        const size_t begin = n * k / workers, end = n * (k + 1) / workers;
        first_bad[k] = begin + ristretto_decode_many(out + begin, encodings + 32 * begin, end - begin);
        if (first_bad[k] == end) first_bad[k] = n;
    });
    for (unsigned k = 0; k < workers; ++k)
        if (first_bad[k] != n) return first_bad[k];  // chunks are in order: the first found is the first
    return n;
}

void encode_points(uint8_t* out, const EdwardsPoint* points, size_t n) noexcept {
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i) ristretto_encode(out + 32 * i, points[i]);
    });
}

void derive_generator_points(EdwardsPoint* out, const uint8_t* domain, size_t domain_len, uint32_t n) noexcept {
    ConcatHash prefix;
    prefix.update(domain, domain_len);
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        uint8_t digest[64];
        for (size_t i = begin; i < end; ++i) {
            ConcatHash h = prefix;  // the state for domain, forked per index as derive_generators does
            const uint8_t index[4] = {uint8_t(i), uint8_t(i >> 8), uint8_t(i >> 16), uint8_t(i >> 24)};
            h.update(index, 4);
            h.digest(digest);
            // The one-way map of ristretto_from_uniform, without its final encoding.
            out[i] = ristretto_elligator(FieldElement::from_bytes(digest)) +
                     ristretto_elligator(FieldElement::from_bytes(digest + 32));
        }
        sodium_memzero(digest, sizeof digest);
    });
}

bool msm_points(const uint8_t* scalars, const EdwardsPoint* points, size_t n, EdwardsPoint& result) noexcept {
    return detail::parallel_sum(
        n, worker_count(n), [&](size_t b, size_t e) { return Straus::mul_ct(scalars + 32 * b, points + b, e - b); },
        result);
}

bool msm_vartime_points(const uint8_t* scalars, const EdwardsPoint* points, size_t n, EdwardsPoint& result) noexcept {
    return detail::parallel_sum(
        n, worker_count(n),
        [&](size_t b, size_t e) { return msm_vartime_decoded(scalars + 32 * b, points + b, e - b); }, result);
}

EdwardsPoint sum_points(const EdwardsPoint* points, size_t n) noexcept {
    EdwardsPoint result = EdwardsPoint::identity();
    // A running sum gains less from a split than add_points (sum_work).
    detail::parallel_sum(
        n, worker_count(sum_work(n)),
        [&](size_t b, size_t e) noexcept { return sum_decoded(points + b, e - b); },
        result);  // cannot fail: nothing allocates
    return result;
}

void scale_points(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept {
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        size_t first = begin;  // the points before it run on the IFMA lanes: the groups of eight that pay
        if (backend() == Backend::Ifma) {
            const size_t m = end - begin, lanes = m % 8 >= ifma::kScaleMin ? m : m - m % 8;
            try {
                if (lanes != 0) ifma::scale_ct(out + begin, scalars + 32 * begin, points + begin, lanes);
                first = begin + lanes;
            } catch (...) {  // std::bad_alloc before anything was written: the portable code does it all
            }
        }
        for (size_t i = first; i < end; ++i) out[i] = point_mul_decoded(scalars + 32 * i, points[i]);
    });
}

void add_points(EdwardsPoint* out, const EdwardsPoint* a, const EdwardsPoint* b, size_t n, bool subtract) noexcept {
    // An addition costs about 1/30 of a decode: threads pay from 30 times the decode threshold.
    detail::parallel_for(n, worker_count(n / 30), [&](size_t begin, size_t end) noexcept {
        if (subtract)
            for (size_t i = begin; i < end; ++i) out[i] = a[i] - b[i];
        else
            for (size_t i = begin; i < end; ++i) out[i] = a[i] + b[i];
    });
}

void scale_points_vartime(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept {
    // On the IFMA backend the eight-lane constant-time scale beats one portable NAF multiplication per point
    // (1024 points, one thread: 7.5 vs 40 ms): it is used for public scalars too.
    if (backend() == Backend::Ifma) return scale_points(out, scalars, points, n);
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i) {
            try {
                out[i] = Straus::mul_vartime(scalars + 32 * i, points + i, 1);
            } catch (...) {  // std::bad_alloc of the tables: the constant-time multiplication needs no memory
                out[i] = point_mul_decoded(scalars + 32 * i, points[i]);
            }
        }
    });
}

void fold_points_vartime(EdwardsPoint* out, const EdwardsPoint* points, size_t half, const uint8_t x[32],
                         const uint8_t y[32]) noexcept {
    uint8_t xy[64];
    std::memcpy(xy, x, 32);
    std::memcpy(xy + 32, y, 32);
    auto pairwise = [&](size_t begin, size_t end) noexcept {  // a two-point Straus per pair
        for (size_t i = begin; i < end; ++i) {
            const EdwardsPoint pair[2] = {points[i], points[half + i]};
            try {
                out[i] = Straus::mul_vartime(xy, pair, 2);
            } catch (...) {  // std::bad_alloc: the constant-time way
                out[i] = point_mul_decoded(xy, pair[0]) + point_mul_decoded(xy + 32, pair[1]);
            }
        }
    };
    const unsigned workers = worker_count(half);
    auto chunk = [&](unsigned k) noexcept {
        const size_t begin = half * k / workers, end = half * (k + 1) / workers;
        if (backend() == Backend::Ifma) {
            // Eight pairs on the lanes, the digit schedule of x and y shared (ifma/fold.cpp). Writing out[i]
            // clobbers at most lo[i], read already (hi lies past every out).
            try {
                ifma::fold_vartime(out + begin, points + begin, points + half + begin, end - begin, x, y);
                return;
            } catch (...) {  // std::bad_alloc before anything of the chunk was written
            }
        }
        pairwise(begin, end);
    };
    if (workers <= 1) chunk(0);
    else run_parallel(workers, chunk);
}

void hash_to_group_points(EdwardsPoint* out, const uint8_t* const* msgs, const size_t* lens, size_t n,
                          const uint8_t* dst, size_t dst_len) noexcept {
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i) out[i] = hash_to_group_point(msgs[i], lens[i], dst, dst_len);
    });
}

}  // namespace pyristretto
