// The run-time dispatch: which backends this CPU runs, the choice of one (backend.hpp), and each backend's table of
// operations (dispatch.hpp), the one place that says which code runs each operation on each backend.
#include "pyristretto/backend.hpp"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include "pyristretto/avx2/batch.hpp"
#include "pyristretto/avx2/config.hpp"
#include "pyristretto/avx2/fixed_base.hpp"
#include "pyristretto/avx2/msm_table.hpp"
#include "pyristretto/avx2/pippenger.hpp"
#include "pyristretto/avx2/straus.hpp"
#include "pyristretto/dispatch.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/ifma/config.hpp"
#include "pyristretto/ifma/decode.hpp"
#include "pyristretto/ifma/encode.hpp"
#include "pyristretto/ifma/fixed_base.hpp"
#include "pyristretto/ifma/fold.hpp"
#include "pyristretto/ifma/msm_table.hpp"
#include "pyristretto/ifma/one_way_map.hpp"
#include "pyristretto/ifma/pippenger.hpp"
#include "pyristretto/ifma/scalar8.hpp"
#include "pyristretto/ifma/scalar_mul.hpp"
#include "pyristretto/ifma/straus.hpp"
#include "pyristretto/ifma/straus_vartime.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/portable/batch.hpp"
#include "pyristretto/portable/fixed_base.hpp"
#include "pyristretto/portable/msm_table.hpp"
#include "pyristretto/portable/pippenger.hpp"
#include "pyristretto/portable/straus.hpp"

#if PYRISTRETTO_AVX2 || (PYRISTRETTO_IFMA && !defined(PYRISTRETTO_IFMA_EMULATE))
#include <cpuid.h>
#endif

namespace pyristretto {

bool ifma_available() {
#if defined(PYRISTRETTO_IFMA_EMULATE)
    return true;  // the constant-time check's build: the IFMA code on portable lane loops runs anywhere
#elif PYRISTRETTO_IFMA
    // CPUID itself, not __builtin_cpu_supports: zig's compiler runtime (the wheels' toolchain) leaves the
    // __cpu_model that builtin reads all zero, so it reports no feature at all. The CPU must have AVX-512 F, VL and
    // IFMA (leaf 7: EBX bits 16, 31, 21), and the OS must save the opmask and ZMM state: OSXSAVE (leaf 1: ECX bit
    // 27), then XCR0 bits 1, 2 (SSE, AVX) and 5-7 (opmask, ZMM0-15 upper halves, ZMM16-31).
    // Valgrind's simulated CPU reports no AVX-512, so under memcheck the portable code runs.
    static const bool available = [] {
        unsigned eax, ebx, ecx, edx;
        if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27))) return false;
        unsigned xcr0_lo, xcr0_hi;
        __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
        if ((xcr0_lo & 0xE6u) != 0xE6u) return false;
        if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
        const unsigned needed = (1u << 16) | (1u << 21) | (1u << 31);
        return (ebx & needed) == needed;
    }();
    return available;
#else
    return false;
#endif
}

bool avx2_available() {
#if PYRISTRETTO_AVX2
    // As for IFMA: leaf 7 EBX bit 5 (AVX2), OSXSAVE, and XCR0 bits 1, 2 (the OS saves the SSE and YMM state).
    // Valgrind's simulated CPU has AVX2 (so the constant-time check runs this code on the real instructions).
    static const bool available = [] {
        unsigned eax, ebx, ecx, edx;
        if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27))) return false;
        unsigned xcr0_lo, xcr0_hi;
        __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
        if ((xcr0_lo & 0x6u) != 0x6u) return false;
        if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
        return (ebx & (1u << 5)) != 0;
    }();
    return available;
#else
    return false;
#endif
}

namespace {

// AMD's Zen 4 (family 19h: leaf 0's vendor "AuthenticAMD", leaf 1's base family 0xF plus extended family 0xA).
bool cpu_is_zen4() noexcept {
#if PYRISTRETTO_IFMA && !defined(PYRISTRETTO_IFMA_EMULATE)
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx) || ebx != 0x68747541u) return false;  // "Auth"
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
    const unsigned base = (eax >> 8) & 0xFu;
    return base == 0xFu && base + ((eax >> 20) & 0xFFu) == 0x19u;
#else
    return false;
#endif
}

// Each backend's table: the portable one fills every entry; a vector backend starts from it and replaces what its
// lanes do faster, with the sizes from which they pay (its own measurements, docs/backends.md).

// out[i] = scalars[i] * points[i] one multiplication at a time; the vartime form through a one-point Straus, which
// falls back to the constant-time multiplication when its tables cannot be had.
// A vector backend's buckets for a share of more than one block; a shorter share runs its msm_vartime.
template <std::unique_ptr<PippengerBuckets> (*New)(size_t, int)>
std::unique_ptr<PippengerBuckets> buckets_past_a_block(size_t total) {
    return total > kMsmBlock ? New(total, 0) : nullptr;
}

template <EdwardsPoint (*Mul)(const uint8_t*, const EdwardsPoint&) noexcept>
void scale_each(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept {
    for (size_t i = 0; i < n; ++i) out[i] = Mul(scalars + 32 * i, points[i]);
}

template <EdwardsPoint (*Mul)(const uint8_t*, const EdwardsPoint&) noexcept,
          EdwardsPoint (*StrausVartime)(const uint8_t*, const EdwardsPoint*, size_t)>
void scale_each_vartime(EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept {
    for (size_t i = 0; i < n; ++i) {
        try {
            out[i] = StrausVartime(scalars + 32 * i, points + i, 1);
        } catch (...) {  // std::bad_alloc of the tables: the constant-time multiplication needs no memory
            out[i] = Mul(scalars + 32 * i, points[i]);
        }
    }
}

// out[i] = x lo[i] + y hi[i]: a two-point Straus per pair (the constant-time way without memory for its tables).
template <EdwardsPoint (*Mul)(const uint8_t*, const EdwardsPoint&) noexcept,
          EdwardsPoint (*StrausVartime)(const uint8_t*, const EdwardsPoint*, size_t)>
void fold_pairwise(EdwardsPoint* out, const EdwardsPoint* lo, const EdwardsPoint* hi, size_t n, const uint8_t x[32],
                   const uint8_t y[32]) noexcept {
    uint8_t xy[64];
    std::memcpy(xy, x, 32);
    std::memcpy(xy + 32, y, 32);
    for (size_t i = 0; i < n; ++i) {
        const EdwardsPoint pair[2] = {lo[i], hi[i]};
        try {
            out[i] = StrausVartime(xy, pair, 2);
        } catch (...) {  // std::bad_alloc
            out[i] = Mul(xy, pair[0]) + Mul(xy + 32, pair[1]);
        }
    }
}

BackendOps portable_ops() {
    static const TableKernels table = {sizeof(AffineNielsPoint),     portable::build_odd_multiples,
                                       portable::straus_tables,      portable::kTableVartimeMax,
                                       8 * sizeof(AffineNielsPoint), portable::build_multiples_1_to_8,
                                       portable::straus_ct_tables,   SIZE_MAX};
    BackendOps o;
    o.backend = Backend::Portable;
    o.name = "portable";
    o.add = portable::add;
    o.mul = portable::point_mul;
    o.decode_many = portable::decode_many;
    o.encode_many = portable::encode_many;
    o.encode_doubled = portable::encode_doubled;
    o.from_uniform_many = portable::from_uniform_many;
    o.straus_ct = portable::straus_ct;
    o.straus_vartime = portable::straus_vartime;
    o.msm_vartime = portable::msm_vartime;
    o.sum = portable::sum;
    o.buckets = portable::new_buckets;
    o.scale = scale_each<portable::point_mul>;
    o.scale_vartime = scale_each_vartime<portable::point_mul, portable::straus_vartime>;
    o.fold_vartime = fold_pairwise<portable::point_mul, portable::straus_vartime>;
    o.fixed_base_rows = [](const AffineNielsPoint(*)[8]) noexcept { return std::unique_ptr<FixedBaseRows>(); };
    o.table = &table;
    o.scalar_lanes = nullptr;
    o.scale_one_point_table_min = 6;
    o.decode_divisor = 1;
    o.sum_divisor = 32;
    return o;
}

// AVX2: one point's four coordinates in the four lanes (P * s, Straus, the comb, MSMTable's vartime kernel), four
// points in the four lanes (Pippenger, sums), four inverse square roots at once (the batches).
BackendOps avx2_ops() {
    static const TableKernels table = {
        avx2::kTableEntryBytes, avx2::build_odd_multiples,    avx2::straus_tables,    SIZE_MAX,
        avx2::kSmallTableBytes, avx2::build_multiples_0_to_8, avx2::straus_ct_tables, SIZE_MAX};
    BackendOps o = portable_ops();
    o.backend = Backend::Avx2;
    o.name = "avx2";
    o.add = avx2::add_one;
    o.mul = avx2::point_mul;
    o.decode_many = [](EdwardsPoint* out, const uint8_t* encodings, size_t n) {
        return n >= avx2::kDecodeMin ? avx2::decode_many(out, encodings, n) : portable::decode_many(out, encodings, n);
    };
    o.encode_many = [](uint8_t* out, const EdwardsPoint* points, size_t n) {
        n >= avx2::kEncodeMin ? avx2::encode_many(out, points, n) : portable::encode_many(out, points, n);
    };
    o.from_uniform_many = [](EdwardsPoint* out, const uint8_t* uniform, size_t n) {
        n >= avx2::kMapMin ? avx2::from_uniform_many(out, uniform, n) : portable::from_uniform_many(out, uniform, n);
    };
    o.straus_ct = avx2::straus_ct;
    o.straus_vartime = avx2::straus_vartime;
    o.msm_vartime = [](const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
        return n >= avx2::kPippengerMin ? avx2::pippenger_vartime(scalars, points, n)
                                        : avx2::straus_vartime(scalars, points, n);
    };
    o.sum = [](const EdwardsPoint* points, size_t n) noexcept {
        return n >= avx2::kSumMin ? avx2::sum_points(points, n) : portable::sum(points, n);
    };
    o.buckets = buckets_past_a_block<avx2::new_pippenger_buckets>;
    o.scale = scale_each<avx2::point_mul>;
    o.scale_vartime = scale_each_vartime<avx2::point_mul, avx2::straus_vartime>;
    o.fold_vartime = fold_pairwise<avx2::point_mul, avx2::straus_vartime>;
    o.fixed_base_rows = avx2::fixed_base_rows;
    o.scale_one_point_table_min = 8;
    o.table = &table;
    return o;
}

// IFMA: one point on four lanes (P * s, P + Q, the short Straus), eight independent points or windows on eight
// lanes (the long Straus, Pippenger, the comb, the batches, the scalar products).
BackendOps ifma_ops() {
    static const TableKernels table = {
        ifma::kTableEntryBytes,     ifma::build_odd_multiples,    ifma::straus_tables,    ifma::kStraus4Max,
        8 * ifma::kTableEntryBytes, ifma::build_multiples_1_to_8, ifma::straus_ct_tables, SIZE_MAX};
    static const ScalarLanes scalar_lanes = {ifma::kScalar8Min, ifma::kInner8Max, ifma::sv_mul8,  ifma::sv_scale8,
                                             ifma::sv_fold8,    ifma::sv_powers8, ifma::sv_inner8};
    // From how many points a last group of eight pays in scale. AMD's Zen 4 (family 19h) runs each 512-bit IFMA
    // instruction as two 256-bit halves: a group costs ~62 us there, 5.6 one-point multiplications (mul_ct_one, ~11
    // us), so it pays from 6 points; ifma::kScaleMin elsewhere (docs/backends.md).
    static const size_t scale_min = cpu_is_zen4() ? 6 : ifma::kScaleMin;
    BackendOps o = portable_ops();
    o.backend = Backend::Ifma;
    o.name = "ifma";
    o.add = ifma::add_one;
    o.mul = ifma::mul_ct_one;
    o.decode_many = ifma::decode_many;
    o.encode_many = ifma::encode_many;
    o.encode_doubled = [](uint8_t* out, EdwardsPoint* doubled, const EdwardsPoint* halves, size_t n) {
        if (n >= ifma::kDoubledMin) {
            try {
                return ifma::encode_doubled_many(out, doubled, halves, n);
            } catch (const std::bad_alloc&) {  // nothing written yet
            }
        }
        portable::encode_doubled(out, doubled, halves, n);
    };
    o.from_uniform_many = ifma::from_uniform_many;
    o.straus_ct = [](const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
        return n <= ifma::kOneAccumulatorMax ? ifma::straus_ct_one_accumulator(scalars, points, n)
                                             : ifma::straus_ct(scalars, points, n);
    };
    o.straus_vartime = ifma::straus_vartime4;
    o.msm_vartime = [](const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
        return n <= ifma::kStraus4Max ? ifma::straus_vartime4(scalars, points, n)
                                      : ifma::pippenger_vartime(scalars, points, n);
    };
    o.sum = [](const EdwardsPoint* points, size_t n) noexcept {
        return n >= ifma::kSumMin ? ifma::sum_points(points, n) : portable::sum(points, n);
    };
    o.buckets = buckets_past_a_block<ifma::new_pippenger_buckets>;
    // Groups of eight on the lanes, a last group from scale_min points; the rest, or everything without the
    // memory, one point on four lanes. The lanes' constant-time scale beats a NAF multiplication per point for public
    // scalars too.
    o.scale = [](EdwardsPoint* out, const uint8_t* scalars, const EdwardsPoint* points, size_t n) noexcept {
        size_t first = 0;
        const size_t lanes = n % 8 >= scale_min ? n : n - n % 8;
        try {
            if (lanes != 0) ifma::scale_ct(out, scalars, points, lanes);
            first = lanes;
        } catch (...) {  // std::bad_alloc before anything was written
        }
        scale_each<ifma::mul_ct_one>(out + first, scalars + 32 * first, points + first, n - first);
    };
    o.scale_vartime = o.scale;
    // Eight pairs on the lanes, the digit schedule of x and y shared.
    o.fold_vartime = [](EdwardsPoint* out, const EdwardsPoint* lo, const EdwardsPoint* hi, size_t n,
                        const uint8_t x[32], const uint8_t y[32]) noexcept {
        try {
            return ifma::fold_vartime(out, lo, hi, n, x, y);
        } catch (...) {  // std::bad_alloc before anything was written
        }
        fold_pairwise<ifma::mul_ct_one, ifma::straus_vartime4>(out, lo, hi, n, x, y);
    };
    o.fixed_base_rows = ifma::fixed_base_rows;
    o.table = &table;
    o.scalar_lanes = &scalar_lanes;
    o.scale_one_point_table_min = 24;
    o.decode_divisor = 2;
    o.sum_divisor = 128;
    return o;
}

// The three tables, built once.
const BackendOps& ops_of(Backend b) {
    static const BackendOps tables[3] = {portable_ops(), ifma_ops(), avx2_ops()};  // by Backend's values
    return tables[static_cast<int>(b)];
}

Backend choose() {
    const char* wanted = std::getenv("PYRISTRETTO_BACKEND");
    if (wanted != nullptr && std::strcmp(wanted, "portable") == 0) return Backend::Portable;
    if (wanted != nullptr && std::strcmp(wanted, "avx2") == 0)
        return avx2_available() ? Backend::Avx2 : Backend::Portable;
    if (ifma_available()) return Backend::Ifma;
    return avx2_available() ? Backend::Avx2 : Backend::Portable;
}

}  // namespace

namespace detail {

std::atomic<const BackendOps*> g_backend_ops{nullptr};

const BackendOps& choose_backend_ops() noexcept {
    static const bool chosen = [] {        // once: a later change of the environment has no effect
        const BackendOps* none = nullptr;  // (unless set_backend_for_testing chose first)
        g_backend_ops.compare_exchange_strong(none, &ops_of(choose()));
        return true;
    }();
    (void)chosen;
    return *g_backend_ops.load(std::memory_order_acquire);
}

}  // namespace detail

const BackendOps* backend_ops_for(Backend b) noexcept {
    if (b == Backend::Ifma && !ifma_available()) return nullptr;
    if (b == Backend::Avx2 && !avx2_available()) return nullptr;
    return &ops_of(b);
}

Backend backend() { return backend_ops().backend; }

bool set_backend_for_testing(Backend b) {
    const BackendOps* ops = backend_ops_for(b);
    if (ops == nullptr) return false;
    detail::g_backend_ops.store(ops, std::memory_order_release);
    return true;
}

const char* backend_name() { return backend_ops().name; }

}  // namespace pyristretto
