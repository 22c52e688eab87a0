// Precomputed multi-scalar multiplication tables for fixed bases (msm_table.hpp).
#include "pyristretto/msm_table.hpp"

#include <sodium.h>

#include <algorithm>
#include <memory>
#include <new>

#include "pyristretto/avx2/msm_table.hpp"
#include "pyristretto/backend.hpp"
#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/ifma/msm_table.hpp"
#include "pyristretto/ifma/pippenger.hpp"
#include "pyristretto/ifma/straus.hpp"
#include "pyristretto/ifma/straus_vartime.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/point_vector.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {

// msm_vartime's NAF width and the size from which Pippenger on the bases replaces the precomputed Straus.
// Measured with bench_msm precomp 1 (one thread, CPU time, best of 5, us per point; the machine was shared, so
// figures move by ~10% between runs: two runs shown), PointVector (msm_vartime_points: Straus w5 below 128 points,
// Pippenger above) against the table with NAF widths 5..8:
//   n     PointVector      w5          w6          w7          w8
//   64    7.17  7.22   5.53  5.52   4.90  4.89   4.48  4.56   4.11  4.09
//   128   6.94  7.62   5.56  5.72   4.92  5.07   4.51  4.74   4.09  4.42
//   192   6.39  6.48   5.93  5.92   5.29  5.27   5.15  5.03   5.75  5.01
//   256   6.06  6.01   6.02  5.89   5.44  5.35   5.24  5.29   4.99  5.49
//   320   5.73  5.76   6.06  6.05   5.63  6.57   5.49  5.98   6.69  6.59
//   384   5.50  5.53   6.17  6.12   6.04  5.80   6.54  5.91   7.28  6.48
//   512   5.31  5.31   6.39  6.64   6.03  7.36   6.52  7.35   7.08  7.66
//   a third run: n = 255: 6.03 | 5.91 5.52 5.23 6.11;  n = 256: 6.04 | 5.95 5.59 5.47 5.92
// Width 8 (about 256 / 9 = 28 additions per scalar) is the fastest below ~190 bases, 1.6-1.7x ahead of PointVector
// at 64-128; its 7.5 KiB per base leaves the 1 MiB L2 from ~130 bases on, so its lead shrinks with n, and from 192
// bases width 7 (half the table) is as fast or faster and still ~10% ahead of PointVector up to 256. Both lose from
// ~300 on. The wide tables are therefore built below 256 bases only; from 256 on, msm_vartime is PointVector's
// algorithm on the table's decoded bases (and the table is 1120 bytes per base).
const unsigned MSMTable::kNafWidth = 8;
const size_t MSMTable::kNarrowFrom = 192;
const size_t MSMTable::kStrausMax = 256;

namespace {

constexpr unsigned kSmall = 8;       // 1P..8P: the constant-time table, read with signed radix-16 digits
constexpr size_t kBuildBlock = 32;   // bases converted to affine form with one batched inversion
// Constant-time msm: bases per block (their tables, 240 KiB, stay in L2; 253 doublings per block). It runs
// 1.2x faster than PointVector.msm (constant-time Straus, tables built per call) at every n measured (same runs:
// 8.9-9.1 vs 10.6-11.1 us per point from 64 to 512 bases).
constexpr size_t kCtBlock = 256;
constexpr size_t kEntryBytes = 160;  // one four-lane cached entry (ifma::kTableEntryBytes)
static_assert(ifma::kTableEntryBytes == kEntryBytes, "entry size");

// The additions of the width-w NAF Straus of scalars[0..n) over tables whose base i has its odd multiples at
// tables + stride i, entry_bytes apart, in the order they run (TableTerms, msm_algorithms.hpp). Each scalar's nonzero
// digits are listed (width_naf_list) and sorted by position with a counting sort. Scanning all 256 digits of every
// scalar column by column instead took a fifth of the IFMA call at 128 bases (C++, one core: 168 -> 152 us).
TableTerms table_terms(const uint8_t* scalars, size_t n, unsigned width, const uint8_t* tables, size_t stride,
                       size_t entry_bytes) {
    struct Digit {
        uint32_t base;
        uint8_t position;
        int8_t value;
    };
    std::vector<Digit> digits;
    digits.reserve(n * (kNafDigits / (width + 1) + 2));
    uint32_t per_position[kNafDigits] = {};
    size_t top = 0;
    for (size_t i = 0; i < n; ++i) {
        NafDigit list[kNafListCapacity];
        const size_t count = width_naf_list(scalars + 32 * i, width, list);
        const size_t at = digits.size();
        digits.resize(at + count);
        for (size_t k = 0; k < count; ++k) {  // field by field: a Digit built whole and copied stalled on the copy
            digits[at + k].base = static_cast<uint32_t>(i);
            digits[at + k].position = list[k].position;
            digits[at + k].value = list[k].value;
            ++per_position[list[k].position];
        }
        if (count) top = std::max<size_t>(top, list[count - 1].position + 1);
    }
    TableTerms r;
    uint32_t next[kNafDigits];  // where the next term of each used position goes
    size_t placed = 0, last = 0;
    for (size_t b = top; b-- > 0;) {
        if (!per_position[b]) continue;
        next[b] = static_cast<uint32_t>(placed);
        placed += per_position[b];
        r.doublings.push_back(static_cast<uint16_t>(r.count.empty() ? 0 : last - b));
        r.count.push_back(per_position[b]);
        last = b;
    }
    r.tail = static_cast<unsigned>(last);
    r.terms.resize(placed);
    for (const Digit& d : digits) {
        const size_t index = static_cast<size_t>(d.value < 0 ? -d.value : d.value) >> 1;
        const uint8_t* e = tables + stride * d.base + entry_bytes * index;
        r.terms[next[d.position]++] = reinterpret_cast<uintptr_t>(e) | uintptr_t(d.value < 0);
    }
    return r;
}

// The portable kernels' loop over such terms (AffineNielsPoint entries): runs of doublings by mul_by_pow2, whose
// inner doublings skip T.
EdwardsPoint straus_terms_portable(const TableTerms& list) {
    EdwardsPoint acc = EdwardsPoint::identity();
    size_t t = 0;
    for (size_t c = 0; c < list.count.size(); ++c) {
        if (c) acc = acc.mul_by_pow2(list.doublings[c]);  // >= 1
        for (const size_t end = t + list.count[c]; t < end; ++t) {
            const AffineNielsPoint& q = *reinterpret_cast<const AffineNielsPoint*>(list.entry(t));
            acc = list.negative(t) ? acc - q : acc + q;
        }
    }
    return list.tail ? acc.mul_by_pow2(list.tail) : acc;
}

}  // namespace

MSMTable::MSMTable(const EdwardsPoint* points, size_t n, unsigned naf_width, size_t straus_max)
    : kernels_(backend() == Backend::Ifma   ? Kernels::Ifma
               : backend() == Backend::Avx2 ? Kernels::Avx2
                                            : Kernels::Portable),
      naf_width_(naf_width ? std::min(8u, std::max(2u, naf_width)) : n < kNarrowFrom ? kNafWidth : kNafWidth - 1),
      odd_count_(n < straus_max ? size_t(1) << (naf_width_ - 2) : 0),
      points_(points, points + n),
      small_(kernels_ == Kernels::Portable ? kSmall * n : 0),
      odd_(kernels_ == Kernels::Portable ? odd_count_ * n : 0) {
    if (kernels_ != Kernels::Portable && odd_count_) {
        vec_bytes_ = (kEntryBytes * odd_count_ * n + 63) / 64 * 64;
        vec_.reset(static_cast<uint8_t*>(std::aligned_alloc(64, vec_bytes_)));
        if (!vec_) throw std::bad_alloc();
    }
    bool failed[kMaxThreadsCap] = {false};
    unsigned workers = worker_count(n);
    run_parallel(workers, [&](unsigned k) noexcept {
        try {
            build_range(n * k / workers, n * (k + 1) / workers);
        } catch (...) {
            failed[k] = true;
        }
    });
    for (unsigned k = 0; k < workers; ++k)
        if (failed[k]) throw std::bad_alloc();
}

// Tables of bases [begin, end). The vector kernels: the odd multiples alone, in their four-lane form. The portable
// kernels: 1P..8P and the odd multiples in extended form, then to affine Niels form with one batched inversion of
// their Z per kind and block (batch_to_affine_niels).
void MSMTable::build_range(size_t begin, size_t end) {
    if (begin == end) return;
    // The vector kernels need the odd multiples alone (msm runs PointVector's Straus there: msm_ct_range).
    if (kernels_ != Kernels::Portable) {
        if (odd_count_ == 0) return;
        uint8_t* odd = vec_.get() + kEntryBytes * odd_count_ * begin;
        if (kernels_ == Kernels::Ifma)
            ifma::build_odd_multiples(&points_[begin], end - begin, odd_count_, odd);
        else
            avx2::build_odd_multiples(&points_[begin], end - begin, odd_count_, odd);
        return;
    }
    std::vector<EdwardsPoint> small(kBuildBlock * kSmall), odd(kBuildBlock * odd_count_);
    for (size_t first = begin; first < end; first += kBuildBlock) {
        const size_t m = std::min(kBuildBlock, end - first);
        for (size_t i = 0; i < m; ++i) {
            const EdwardsPoint& p = points_[first + i];
            EdwardsPoint* e = small.data() + kSmall * i;
            const CachedPoint c = p.to_cached();
            e[0] = p;
            for (unsigned j = 1; j < kSmall; ++j) e[j] = e[j - 1] + c;  // (j + 1) P
            if (odd_count_) {
                EdwardsPoint* o = odd.data() + odd_count_ * i;
                const CachedPoint p2 = e[1].to_cached();
                o[0] = p;
                for (size_t k = 1; k < odd_count_; ++k) o[k] = o[k - 1] + p2;  // (2k + 1) P
            }
        }
        // Each kind straight into its table: one inversion more a block than a single batch, and no copy.
        batch_to_affine_niels(small.data(), kSmall * m, small_.data() + kSmall * first);
        if (odd_count_) batch_to_affine_niels(odd.data(), odd_count_ * m, odd_.data() + odd_count_ * first);
    }
}

size_t MSMTable::nbytes() const noexcept {
    return sizeof(*this) + points_.capacity() * sizeof(EdwardsPoint) +
           (small_.capacity() + odd_.capacity()) * sizeof(AffineNielsPoint) + vec_bytes_;
}

// Signed radix-16 Straus on the 1P..8P tables: each digit reads its base's whole table (ct::select_signed)
// and applies the sign by a conditional negation, so no branch or address depends on the scalars.
// On the IFMA backend PointVector's constant-time Straus on the decoded bases beats these tables at every size (it
// builds its own per call and still runs 3.1x faster at 128 bases: test_ifma --bench, one thread, CPU time 8734 vs
// 2846 ns per point), so it runs instead.
EdwardsPoint MSMTable::msm_ct_range(const uint8_t* scalars, size_t begin, size_t end) const {
    if (begin == end) return EdwardsPoint::identity();
    // PointVector's Straus::mul_ct, which picks between the four-lane and the eight-lane Straus by size (the tables
    // lost to the one-point IFMA code at 1-3 bases too: msmtable_crossover.py --backend ifma, 1.2-1.9x).
    if (backend() == Backend::Ifma) return Straus::mul_ct(scalars + 32 * begin, &points_[begin], end - begin);
    // On AVX2 PointVector's constant-time Straus (one point on four lanes) beats the portable tables at every size
    // (msmtable_crossover.py --backend avx2, 120-300 bases: 1.3-2.0x), so it runs instead, and a table built on
    // either vector backend has no 1P..8P: it runs Straus whatever the backend is now (set_backend_for_testing).
    if (backend() == Backend::Avx2 || kernels_ != Kernels::Portable)
        return Straus::mul_ct(scalars + 32 * begin, &points_[begin], end - begin);
    const size_t block = std::min(end - begin, kCtBlock);
    const std::unique_ptr<int8_t[]> digits(new int8_t[64 * block]);  // secret: wiped below
    EdwardsPoint total = EdwardsPoint::identity();
    for (size_t first = begin; first < end; first += block) {
        const size_t m = std::min(block, end - first);
        for (size_t i = 0; i < m; ++i) signed_radix16(scalars + 32 * (first + i), &digits[64 * i]);
        const AffineNielsPoint* tables = &small_[kSmall * first];
        const EdwardsPoint acc = straus_ct_columns(digits.get(), m, [&](const EdwardsPoint& a, size_t i, int8_t d) {
            return a + ct::select_signed(&tables[kSmall * i], kSmall, d);
        });
        total = first == begin ? acc : total + acc;  // branch on the public block index only
    }
    sodium_memzero(digits.get(), 64 * block);
    return total;
}

// Width-w NAF Straus on the precomputed odd multiples: about 256 / (w + 1) table additions per scalar and 253
// doublings shared by all; columns where no scalar has a digit are crossed with mul_by_pow2.
EdwardsPoint MSMTable::straus_vartime_range(const uint8_t* scalars, size_t begin, size_t end) const {
    if (begin == end) return EdwardsPoint::identity();
    if (kernels_ == Kernels::Portable)
        return straus_terms_portable(table_terms(scalars + 32 * begin, end - begin, naf_width_,
                                                 reinterpret_cast<const uint8_t*>(odd_.data() + odd_count_ * begin),
                                                 sizeof(AffineNielsPoint) * odd_count_, sizeof(AffineNielsPoint)));
    const TableTerms terms = table_terms(scalars + 32 * begin, end - begin, naf_width_,
                                         vec_.get() + kEntryBytes * odd_count_ * begin, kEntryBytes * odd_count_,
                                         kEntryBytes);
    return kernels_ == Kernels::Ifma ? ifma::straus_tables(terms) : avx2::straus_tables(terms);
}

bool MSMTable::msm(const uint8_t* scalars, size_t m, EdwardsPoint& out) const noexcept {
    if (m > size()) return false;
    return detail::parallel_sum(
        m, worker_count(m), [&](size_t b, size_t e) { return msm_ct_range(scalars, b, e); }, out);
}

// Whether the precomputed Straus beats PointVector's algorithm on a share of k scalars (measured through Python by
// benchmarks/msmtable_crossover.py: one thread, CPU time, best of 5, table / PointVector, on a machine shared with
// other jobs). With the portable kernels (a table built on the portable backend): on the IFMA backend PointVector's
// share runs the eight-lane Straus below ifma::kPippengerMin points, which the table beats (0.5-0.8x its time), and the
// eight-lane Pippenger from there on, which beats the table (1.1-1.2x at 48-64, 1.3-1.9x at 96-255). On the portable
// backend the table beats PointVector's Pippenger by 0.6-0.8x up to ~140 scalars, but its wide tables (8.8 KB per base,
// 1.5 MB at 170 bases) then leave the L2 and, on a busy machine, lost by up to 1.2x from 150 to 255 (0.8-0.95x on a
// quiet one): from kPortableStrausMax scalars on the table runs PointVector's algorithm on its decoded bases, as it
// does from kStrausMax bases.
constexpr size_t kPortableStrausMax = 144;
bool MSMTable::table_pays_vartime(size_t k) const noexcept {
    // The vector kernels (add4 on the four-lane cached entries) beat PointVector's four-lane Straus at every k
    // (0.55-0.75x below 184 scalars on IFMA, 0.6-0.95x on AVX2 to 255: msmtable_crossover.py --backend ifma|avx2);
    // on IFMA PointVector runs its eight-lane Pippenger from ifma::kStraus4Max scalars, which beat the table there
    // (width 8 at 188 scalars: 385 vs 339 us; width 7 tied at 192-216, 0.96-1.03x; width 8 at 192-236 lost by
    // 1.1-1.46x), so such shares run PointVector's algorithm.
    if (kernels_ == Kernels::Avx2) return true;
    if (kernels_ == Kernels::Ifma) return k < ifma::kStraus4Max;
    return k < (backend() == Backend::Ifma ? ifma::kPippengerMin : kPortableStrausMax);
}

bool MSMTable::msm_vartime(const uint8_t* scalars, size_t m, EdwardsPoint& out) const noexcept {
    if (m > size()) return false;
    if (odd_count_ == 0)  // large tables: Pippenger (or Straus, for few scalars) on the decoded bases
        return msm_vartime_points(scalars, points_.data(), m, out);
    // The same shares as msm_vartime_points, each by the table where it pays and else as PointVector does it.
    return detail::parallel_sum(
        m, worker_count(m),
        [&](size_t b, size_t e) {
            return table_pays_vartime(e - b) ? straus_vartime_range(scalars, b, e)
                                             : msm_vartime_decoded(scalars + 32 * b, &points_[b], e - b);
        },
        out);
}

}  // namespace pyristretto
