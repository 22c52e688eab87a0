// Arrays of decoded points (point_vector.hpp).
#include "pyristretto/point_vector.hpp"

#include <sodium.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>

#include "pyristretto/dispatch.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/hash.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"
#include "pyristretto/secret_buffer.hpp"

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
        ristretto_encode_many(out + 32 * begin, points + begin, end - begin);
    });
}

namespace {

// Mapped points in blocks of kUniformBlock: `uniform_of(i, u)` writes input i's 64 uniform bytes to u, and
// ristretto_from_uniform_many maps the block (eight at a time on the IFMA lanes). The bytes are wiped after.
// The block is on the heap: the vector maps below need most of a small thread stack (32 KiB: test_threads.py;
// the AVX2 map of four groups takes ~20 KiB of frames), so a 4 KiB buffer here overflowed it. Without memory,
// one input at a time from a 64-byte buffer.
constexpr size_t kUniformBlock = 64;
template <class UniformOf>
void map_uniform_blocks(EdwardsPoint* out, size_t n, const UniformOf& uniform_of) noexcept {
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        uint8_t one[64];
        const std::unique_ptr<uint8_t[]> heap(new (std::nothrow) uint8_t[64 * kUniformBlock]);
        uint8_t* uniform = heap ? heap.get() : one;
        const size_t per_block = heap ? kUniformBlock : 1;
        for (size_t block = begin; block < end; block += per_block) {
            const size_t count = std::min(per_block, end - block);
            for (size_t k = 0; k < count; ++k) uniform_of(block + k, uniform + 64 * k);
            ristretto_from_uniform_many(out + block, uniform, count);
        }
        sodium_memzero(uniform, 64 * per_block);
    });
}

}  // namespace

void derive_generator_points(EdwardsPoint* out, const uint8_t* domain, size_t domain_len, uint32_t n) noexcept {
    ConcatHash prefix;
    prefix.update(domain, domain_len);
    map_uniform_blocks(out, n, [&](size_t i, uint8_t digest[64]) noexcept {
        ConcatHash h = prefix;  // the state for domain, forked per index as derive_generators does
        const uint8_t index[4] = {uint8_t(i), uint8_t(i >> 8), uint8_t(i >> 16), uint8_t(i >> 24)};
        h.update(index, 4);
        h.digest(digest);  // then the one-way map of ristretto_from_uniform, without its final encoding
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
        n, worker_count(sum_work(n)), [&](size_t b, size_t e) noexcept { return sum_decoded(points + b, e - b); },
        result);  // cannot fail: nothing allocates
    return result;
}

namespace {

// out[i] = scalars[i] * points[i], i < n, constant-time (vartime: for public scalars), on one thread.
void scale_range(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept {
    backend_ops().scale(out, scalars, points, n);
}

void scale_range_vartime(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept {
    backend_ops().scale_vartime(out, scalars, points, n);
}

// s / 2 mod q: (s + q (s mod 2)) / 2, the sum's carry out of 256 bits shifted back in (so any 32 bytes work,
// the result then as unreduced as s; the multiplication folds it). Constant-time: q is masked in, no branch on s.
void halve_scalar(uint8_t out[32], const uint8_t s[32]) noexcept {
    static const uint64_t q[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};
    uint64_t w[4];
    std::memcpy(w, s, 32);  // little-endian limbs (x86-64 and aarch64 are little-endian)
    const uint64_t odd = detail::choice_mask(static_cast<uint8_t>(w[0] & 1));
    unsigned __int128 c = 0;
    for (int i = 0; i < 4; ++i) {
        c += static_cast<unsigned __int128>(w[i]) + (q[i] & odd);
        w[i] = static_cast<uint64_t>(c);
        c >>= 64;
    }
    for (int i = 0; i < 4; ++i) w[i] = (w[i] >> 1) | ((i < 3 ? w[i + 1] : static_cast<uint64_t>(c)) << 63);
    std::memcpy(out, w, 32);
    sodium_memzero(w, sizeof w);
}

}  // namespace

void scale_points(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept {
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        scale_range(out + begin, scalars + 32 * begin, points + begin, end - begin);
    });
}

void scale_points_encoded(EdwardsPoint* out, uint8_t* enc, const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                          bool vartime) noexcept {
    const auto scale = vartime ? scale_range_vartime : scale_range;
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        constexpr size_t kBlock = 256;  // halved scalars at a time (whole groups of eight for the IFMA lanes)
        SecretBuffer half;
        try {
            half.allocate(32 * std::min(kBlock, end - begin));
        } catch (...) {  // std::bad_alloc: scale, then one square root per encoding
            scale(out + begin, scalars + 32 * begin, points + begin, end - begin);
            ristretto_encode_many(enc + 32 * begin, out + begin, end - begin);
            return;
        }
        for (size_t b = begin; b < end; b += kBlock) {
            const size_t m = std::min(kBlock, end - b);
            for (size_t i = 0; i < m; ++i) halve_scalar(half.data() + 32 * i, scalars + 32 * (b + i));
            scale(out + b, half.data(), points + b, m);  // the halves R_i; 2 R_i = s_i P_i
            ristretto_encode_doubled(enc + 32 * b, out + b, out + b, m);
        }
    });  // half is wiped as it goes
}

void fixed_base_scale(EdwardsPoint* out, const FixedBaseTable& table, const uint8_t* scalars, size_t n) noexcept {
    // A comb multiplication costs about two decodes: threads pay from half the decode threshold.
    detail::parallel_for(n, worker_count(2 * n), [&](size_t begin, size_t end) noexcept {
        for (size_t i = begin; i < end; ++i) out[i] = table.mul(scalars + 32 * i);
    });
}

void scale_one_point(EdwardsPoint* out, const EdwardsPoint& base, const uint8_t* scalars, size_t n) noexcept {
    if (n >= backend_ops().scale_one_point_table_min) {
        const std::unique_ptr<FixedBaseTable> table(new (std::nothrow) FixedBaseTable(base));  // ~30 KiB: heap
        if (table) return fixed_base_scale(out, *table, scalars, n);
    }
    std::unique_ptr<EdwardsPoint[]> copies(new (std::nothrow) EdwardsPoint[n]);
    if (!copies) {  // out of memory: one multiplication at a time
        for (size_t i = 0; i < n; ++i) out[i] = point_mul_decoded(scalars + 32 * i, base);
        return;
    }
    for (size_t i = 0; i < n; ++i) copies[i] = base;
    scale_points(out, scalars, copies.get(), n);
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
    detail::parallel_for(n, worker_count(n), [&](size_t begin, size_t end) noexcept {
        scale_range_vartime(out + begin, scalars + 32 * begin, points + begin, end - begin);
    });
}

void fold_points_vartime(EdwardsPoint* out, const EdwardsPoint* points, size_t half, const uint8_t x[32],
                         const uint8_t y[32]) noexcept {
    const BackendOps& ops = backend_ops();
    // Writing out[i] clobbers at most lo[i], read already (hi lies past every out).
    detail::parallel_for(half, worker_count(half), [&](size_t begin, size_t end) noexcept {
        ops.fold_vartime(out + begin, points + begin, points + half + begin, end - begin, x, y);
    });
}

void hash_to_group_points(EdwardsPoint* out, const uint8_t* const* msgs, const size_t* lens, size_t n,
                          const uint8_t* dst, size_t dst_len) noexcept {
    map_uniform_blocks(out, n, [&](size_t i, uint8_t uniform[64]) noexcept {
        expand_message_xmd(msgs[i], lens[i], dst, dst_len, uniform, 64);  // 64 bytes: cannot fail
    });
}

}  // namespace pyristretto
