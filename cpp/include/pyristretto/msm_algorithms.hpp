// Multi-scalar multiplication on decoded points: the algorithms behind msm.hpp, usable directly by C++ code
// that keeps points decoded (batch verification, proofs). Scalars are any 32-byte little-endian values
// (taken mod q, as in msm.hpp), stored back to back. These may throw std::bad_alloc (the msm.hpp entry points catch
// it).
#pragma once
#include <sodium.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "pyristretto/edwards.hpp"
#include "pyristretto/scalar.hpp"
#include "pyristretto/scratch.hpp"

namespace pyristretto {

// One block of a constant-time Straus (Straus::mul_ct, MSMTable's portable kernel): 64 signed radix-16 columns from
// the top, 4 doublings between them; digits[64 i + k] is point i's digit k, and add_multiple(acc, i, d) returns
// acc + d * (point i), reading its table in constant time.
template <class AddMultiple>
EdwardsPoint straus_ct_columns(const int8_t* digits, size_t m, AddMultiple add_multiple) {
    EdwardsPoint acc = EdwardsPoint::identity();
    for (int k = 63; k >= 0; --k) {
        if (k != 63) acc = acc.mul_by_pow2(4);
        for (size_t i = 0; i < m; ++i) acc = add_multiple(acc, i, digits[64 * i + k]);
    }
    return acc;
}

// A constant-time Straus over blocks of at most `block` points (n is public): each block's signed radix-16 digits
// (secret: wiped when done), then part(first, m, digits), the sum of the block's m points from `first` on, with its
// own doublings; the blocks' sums added. Bounds the digits' memory, and the tables a block's part reads.
template <class Part>
EdwardsPoint straus_ct_blocks(const uint8_t* scalars, size_t n, size_t block, Part part) {
    if (n == 0) return EdwardsPoint::identity();
    block = std::min(n, block);
    const std::unique_ptr<int8_t[]> digits(new int8_t[64 * block]);
    EdwardsPoint total = EdwardsPoint::identity();
    for (size_t first = 0; first < n; first += block) {
        const size_t m = std::min(block, n - first);
        for (size_t i = 0; i < m; ++i) signed_radix16(scalars + 32 * (first + i), &digits[64 * i]);
        const EdwardsPoint sum = part(first, m, static_cast<const int8_t*>(digits.get()));
        total = first == 0 ? sum : total + sum;  // branch on the public block index only
    }
    sodium_memzero(digits.get(), 64 * block);
    return total;
}

// Interleaved (Straus) multiplication: one table of multiples per point and shared doublings.
struct Straus {
    // sum scalars[i] * points[i], constant-time in the scalars: signed radix-16 digits, tables of 1P..8P read whole
    // with a conditional negation (ct::select_signed, ct_lookup.hpp; affine Niels form, 32 points sharing one
    // inversion: batch_to_affine_niels), 4 doublings per digit.
    static EdwardsPoint mul_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n);
    // The same for public scalars: width-5 NAF digits, tables of odd multiples P, 3P, ..., 15P;
    // zero scalars are skipped.
    static EdwardsPoint mul_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n);
};

// The digit schedule of a variable-time Straus, shared by the portable, AVX2 and IFMA ones (only their point types
// differ): the width-w NAF of each nonzero scalar, which scalars those are, and which digit positions are used.
struct NafSchedule {
    std::vector<int8_t> naf;          // naf[kNafDigits * j + b]: digit b of scalars[live[j]]
    std::vector<size_t> live;         // indices of the nonzero scalars
    uint8_t column[kNafDigits] = {};  // column[b] = 1 iff some scalar has a nonzero digit b
    size_t top = 0;                   // every digit from top on is zero
    int digit(size_t j, size_t b) const noexcept { return naf[kNafDigits * j + b]; }
};
NafSchedule build_naf_schedule(const uint8_t* scalars, size_t n, unsigned width);

// G in a variable-time Straus (the double-base check a A + b G): when G is one of the points (public data, so it is
// looked for with a compare), its scalar leaves the schedule and runs on a width-8 NAF over a table of G, 3G, ...,
// 127G that each backend builds once, which removes ~20 of its ~43 additions and its own 7-addition table.
constexpr unsigned kBasepointNafWidth = 8;
constexpr unsigned kBasepointTable = 1u << (kBasepointNafWidth - 2);
struct BasepointDigits {
    int8_t naf[kNafDigits] = {};  // G's digits (all zero when G is absent)
    size_t top = 0;               // 0 when G is absent or its scalar is 0
};
// build_naf_schedule over every point but the first G, whose digits go to g; their columns are marked in the
// schedule, and its top covers them.
NafSchedule build_naf_schedule_apart_from_g(const uint8_t* scalars, const EdwardsPoint* points, size_t n,
                                            unsigned width, BasepointDigits& g);

// The additions of a variable-time Straus over precomputed tables (MSMTable's kernels) in the order they run, from
// the top digit down: the table entry of each nonzero digit (its address, bit 0 set when the digit is negative:
// entries are at least 8-byte aligned), the count per used column and the doublings between columns.
struct TableTerms {
    static constexpr size_t kAhead = 4;  // entries prefetched ahead of the one being added
    std::vector<uintptr_t> terms;
    std::vector<uint32_t> count;      // terms of the c-th used column
    std::vector<uint16_t> doublings;  // doublings before the c-th used column (c > 0)
    unsigned tail = 0;                // doublings after the last one
    const uint8_t* entry(size_t t) const noexcept { return reinterpret_cast<const uint8_t*>(terms[t] & ~uintptr_t(1)); }
    bool negative(size_t t) const noexcept { return terms[t] & 1; }
    // Entries read from memory in a random order (tables past the L2): asks for one ahead of time.
    void prefetch(size_t t) const noexcept {
        if (t < terms.size()) {
            const char* p = reinterpret_cast<const char*>(entry(t));
            __builtin_prefetch(p);
            __builtin_prefetch(p + 64);
            __builtin_prefetch(p + 159);
        }
    }
};

// sum over blocks of at most `block` points of part(first, m), the sum for points [first, first + m): the Straus
// loops keep their tables bounded so.
template <class Part>
EdwardsPoint sum_of_blocks(size_t n, size_t block, Part part) {
    EdwardsPoint total = EdwardsPoint::identity();
    for (size_t first = 0; first < n; first += block) {
        const EdwardsPoint p = part(first, std::min(block, n - first));
        total = first == 0 ? p : total + p;
    }
    return total;
}

// Points per block: the multi-point operations decode and accumulate their input this many points at a time, so
// their extra memory does not grow with n. Per thread: 640 KiB of decoded points, ~700 KiB of affine points and
// digits (Pippenger), and Pippenger's buckets. Larger blocks gained little once the buckets are prefetched
// (docs/backends.md).
// A test build may define it smaller (for every source alike) to cross block boundaries cheaply.
#ifndef PYRISTRETTO_MSM_BLOCK
#define PYRISTRETTO_MSM_BLOCK 4096
#endif
constexpr size_t kMsmBlock = PYRISTRETTO_MSM_BLOCK;

// Pippenger's buckets of every window, fed block by block (MsmAccumulator's blocks and feeds): add any number of
// times, then finish (which only reads the buckets: callable again). Keeping every window's buckets, rather than one
// pass over all the points per window (which needs them all in memory), lets the input stream through in blocks
// while the cost per point keeps falling with n. Each backend implements it (portable::PippengerSums,
// avx2::new_pippenger_buckets, ifma::new_pippenger_buckets) for PUBLIC scalars: its time and memory accesses
// depend on them. May throw std::bad_alloc.
class PippengerBuckets {
public:
    virtual ~PippengerBuckets() = default;
    virtual void add(const uint8_t* scalars, const EdwardsPoint* points, size_t n) = 0;
    virtual EdwardsPoint finish() = 0;  // sum of scalars[i] * points[i] over everything added
};

// Fastest public-scalar sum for n decoded points (Straus or Pippenger by n; single-threaded).
EdwardsPoint msm_vartime_decoded(const uint8_t* scalars, const EdwardsPoint* points, size_t n);

// sum points[i] (eight lanes at a time on the IFMA backend; single-threaded).
EdwardsPoint sum_decoded(const EdwardsPoint* points, size_t n) noexcept;

// Upper bound on the threads msm, msm_vartime and point_sum use for large n (timings in threads.cpp): 0 (the default)
// means automatic: the CPUs this process may run on (affinity and cgroup quota, threads.hpp); at most 64 are used;
// 1 disables threading. One setting per copy of the core (pyristretto links one, into pyristretto._objects).
void set_msm_max_threads(unsigned count) noexcept;
// The value last set (0: automatic).
unsigned get_msm_max_threads() noexcept;

}  // namespace pyristretto
