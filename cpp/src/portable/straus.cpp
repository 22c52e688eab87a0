// The portable backend's scalar multiplications: Straus (interleaved) constant-time with signed radix-16 digits and
// variable-time with width-5 NAF digits, and the single-point constant-time multiplication, which is the one-point
// case of the former; one point at a time on the radix-2^51 field (field.hpp, edwards.hpp).
#include "pyristretto/portable/straus.hpp"

#include <sodium.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "pyristretto/ct_lookup.hpp"
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/scalar.hpp"

namespace pyristretto {
namespace portable {

namespace {

// Constant-time Straus works on blocks of this many points (tables: 8 * 120 bytes per point, ~480 KiB).
constexpr size_t kCtBlock = 512;
// Its tables go to affine Niels form this many points at a time, with one inversion each (about 1% of a full chunk's
// work), from kCtAffineFrom points a block: below, the inversion costs more than the form saves, and the tables stay
// in cached form (docs/backends.md).
constexpr size_t kCtAffineChunk = 32;
constexpr size_t kCtAffineFrom = 8;

constexpr unsigned kNafWidth = 5;
constexpr unsigned kNafTable = 1u << (kNafWidth - 2);  // P, 3P, ..., 15P

// t[j - 1] = j * p, j = 1..8: 3 additions and 4 doublings.
void multiples_1_to_8(const EdwardsPoint& p, EdwardsPoint t[8]) noexcept {
    const CachedPoint c1 = p.to_cached();
    t[0] = p;
    t[1] = p.dbl();
    t[2] = t[1] + c1;
    t[3] = t[1].dbl();
    t[4] = t[3] + c1;
    t[5] = t[2].dbl();
    t[6] = t[5] + c1;
    t[7] = t[3].dbl();
}

// t[j] = j * p in cached form, j = 0..8.
void multiples_0_to_8(const EdwardsPoint& p, CachedPoint t[9]) noexcept {
    EdwardsPoint m[8];
    multiples_1_to_8(p, m);
    t[0] = CachedPoint::identity();
    for (int j = 0; j < 8; ++j) t[j + 1] = m[j].to_cached();
}

// d * P for a secret signed digit d in [-8, 8], with t = multiples_0_to_8(P): the whole table is read and the
// sign applied by a conditional negation, so neither the address nor a branch depends on d.
CachedPoint signed_multiple(const CachedPoint t[9], int8_t d) noexcept {
    uint32_t abs;
    uint8_t negative;
    ct::split_digit(d, abs, negative);
    CachedPoint r = ct::select(t, 9, abs);
    r.conditional_negate(negative);
    return r;
}

}  // namespace

EdwardsPoint add(const EdwardsPoint& P, const EdwardsPoint& Q, bool subtract) noexcept {
    return subtract ? P - Q : P + Q;  // nine field products in one chain (Q's cached form, then 8)
}

EdwardsPoint point_mul(const uint8_t s[32], const EdwardsPoint& P) noexcept {
    CachedPoint table[9];
    multiples_0_to_8(P, table);
    int8_t digits[64];  // secret: wiped below
    signed_radix16(s, digits);
    // acc = 16 (acc + d_k P) from the top digit down, the sum feeding the doublings without its T (as dalek's
    // variable-base multiplication does), and d_0 P added last.
    EdwardsPoint acc = EdwardsPoint::identity();
    for (int k = 63; k >= 1; --k) acc = acc.add_mul_by_pow2(signed_multiple(table, digits[k]), 4);
    acc = acc + signed_multiple(table, digits[0]);
    sodium_memzero(digits, sizeof digits);
    return acc;
}

EdwardsPoint straus_ct(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    // Blocks of at most kCtBlock points, each with its own doublings (252 per block: < 0.5 per point), so the
    // tables stay in L2 and memory stays bounded for any n.
    const size_t block = std::min(n, kCtBlock);
    // tables[8 i + j] = (j + 1) * points[i] in affine Niels form (public): an addition is 7 multiplications instead
    // of the cached form's 8, and a scan reads 8 entries of 120 bytes instead of 9 of 160. A block of fewer than
    // kCtAffineFrom points (n small, or the last block) uses cached[9 i + j] = j * points[i] instead.
    std::vector<AffineNielsPoint> tables(block < kCtAffineFrom ? 0 : 8 * block);
    std::vector<EdwardsPoint> multiples(block < kCtAffineFrom ? 0 : 8 * std::min(block, kCtAffineChunk));
    std::vector<CachedPoint> cached(9 * std::min(block, kCtAffineFrom - 1));
    return straus_ct_blocks(scalars, n, kCtBlock, [&](size_t first, size_t m, const int8_t* digits) {
        if (m < kCtAffineFrom) {  // public: which form the block's tables take
            for (size_t i = 0; i < m; ++i) multiples_0_to_8(points[first + i], &cached[9 * i]);
            return straus_ct_columns(digits, m, [&](const EdwardsPoint& a, size_t i, int8_t d) {
                return a + signed_multiple(&cached[9 * i], d);
            });
        }
        for (size_t c = 0; c < m; c += kCtAffineChunk) {
            const size_t count = std::min(kCtAffineChunk, m - c);
            for (size_t i = 0; i < count; ++i) multiples_1_to_8(points[first + c + i], &multiples[8 * i]);
            batch_to_affine_niels(multiples.data(), 8 * count, &tables[8 * c]);
        }
        return straus_ct_columns(digits, m, [&](const EdwardsPoint& a, size_t i, int8_t d) {
            return a + ct::select_signed(&tables[8 * i], 8, d);
        });
    });
}

namespace {

// Variable-time Straus on blocks of this many points (NAF digits and tables: ~1.5 KiB per point, ~390 KiB),
// so a direct call on a large input stays bounded too; above the Pippenger crossover (128) msm_vartime does not
// use it, and the 256 doublings per block cost < 1 per point here.
constexpr size_t kVartimeBlock = 256;

// t[k] = (2k + 1) p, cached form.
void odd_multiples(const EdwardsPoint& p, CachedPoint* t, unsigned count) {
    const CachedPoint p2 = p.dbl().to_cached();
    EdwardsPoint q = p;
    t[0] = q.to_cached();
    for (unsigned k = 1; k < count; ++k) {
        q = q + p2;
        t[k] = q.to_cached();
    }
}

struct BasepointTable {
    CachedPoint t[kBasepointTable];  // G, 3G, ..., 127G: 10 KiB
};

const BasepointTable& basepoint_table() {
    static const BasepointTable table = [] {  // built once, thread-safe (C++11 function-local static)
        BasepointTable g;
        odd_multiples(EdwardsPoint::basepoint(), g.t, kBasepointTable);
        return g;
    }();
    return table;
}

EdwardsPoint straus_vartime_block(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    BasepointDigits g;
    const NafSchedule s = build_naf_schedule_apart_from_g(scalars, points, n, kNafWidth, g);
    const std::vector<size_t>& live = s.live;
    const size_t m = live.size();
    if (m == 0 && g.top == 0) return EdwardsPoint::identity();
    std::vector<CachedPoint> tables(kNafTable * m);  // tables[kNafTable j + k] = (2k + 1) * points[live[j]]
    for (size_t j = 0; j < m; ++j) odd_multiples(points[live[j]], &tables[kNafTable * j], kNafTable);
    const CachedPoint* gt = g.top ? basepoint_table().t : nullptr;
    // Runs of all-zero columns are crossed with doublings that skip T. A column's last addition is held back and
    // made with the doublings that follow it (add_mul_by_pow2), which skips its T too. Every marked column has a
    // digit, so an addition is held whenever doublings are owed.
    EdwardsPoint acc = EdwardsPoint::identity();
    const CachedPoint* held = nullptr;  // the true sum so far is acc + *held (acc - *held when held_negative)
    bool held_negative = false;
    const auto add_held = [&] { acc = held_negative ? acc - *held : acc + *held; };
    const auto add = [&](const CachedPoint* t, int d) {  // the sum += d t[...]: the held addition made, this one held
        if (held) add_held();
        held = &t[(d > 0 ? d : -d) >> 1];
        held_negative = d < 0;
    };
    unsigned owed = 0;  // doublings not yet applied to acc + *held
    for (size_t b = s.top; b-- > 0;) {
        if (held) ++owed;
        if (!s.column[b]) continue;
        if (owed) {
            acc = acc.add_mul_by_pow2(*held, owed, held_negative);
            held = nullptr;
            owed = 0;
        }
        for (size_t j = 0; j < m; ++j)
            if (const int d = s.digit(j, b)) add(&tables[kNafTable * j], d);
        if (g.naf[b]) add(gt, g.naf[b]);
    }
    if (held && owed) return acc.add_mul_by_pow2(*held, owed, held_negative);
    if (held) add_held();
    return acc;
}

}  // namespace

EdwardsPoint straus_vartime(const uint8_t* scalars, const EdwardsPoint* points, size_t n) {
    return sum_of_blocks(n, kVartimeBlock, [&](size_t first, size_t m) {
        return straus_vartime_block(scalars + 32 * first, points + first, m);
    });
}

}  // namespace portable
}  // namespace pyristretto
