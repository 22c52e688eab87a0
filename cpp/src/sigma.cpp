// Sigma proofs on Merlin transcripts (sigma.hpp): the zkp crate's layout, its compact and batchable proofs and
// batch verification, and OR groups (Cramer-Damgard-Schoenmakers) beyond it; exponential ElGamal on the combs.
#include "pyristretto/sigma.hpp"

#include <sodium.h>

#include <cstring>
#include <new>

#include "pyristretto/point_vector.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"
#include "pyristretto/scalar_vector.hpp"
#include "pyristretto/secret_buffer.hpp"

namespace pyristretto {

namespace {

constexpr size_t kMaxThresholdBranches = 64;  // k-of-n groups with k >= 2: the prover's interpolation is O(n^3)
const char kZkpDomain[] = "schnorrzkp/1.0/ristretto255";

void append(MerlinTranscript& t, const char* label, const uint8_t* message, size_t len) noexcept {
    t.append_message(reinterpret_cast<const uint8_t*>(label), std::strlen(label), message, len);
}

void append(MerlinTranscript& t, const char* label, const std::string& message) noexcept {
    append(t, label, reinterpret_cast<const uint8_t*>(message.data()), message.size());
}

// The scalar v mod q for a small signed v.
void scalar_from_int(uint8_t out[32], int64_t v) noexcept {
    uint8_t magnitude[32] = {0};
    uint64_t m = v < 0 ? static_cast<uint64_t>(-(v + 1)) + 1 : static_cast<uint64_t>(v);
    for (int i = 0; i < 8; ++i) magnitude[i] = static_cast<uint8_t>(m >> (8 * i));
    if (v < 0) {
        crypto_core_ristretto255_scalar_negate(out, magnitude);
    } else {
        std::memcpy(out, magnitude, 32);
    }
}

const uint8_t kOne[32] = {1};
// (q + 1) / 2, the inverse of 2 mod q: commitments are computed halved, their encodings then come from
// ristretto_encode_doubled (one batched inversion instead of a square root per commitment).
const uint8_t kHalf[32] = {0xf7, 0xe9, 0x7a, 0x2e, 0x8d, 0x31, 0x09, 0x2c, 0x6b, 0xce, 0x7b,
                           0x51, 0xef, 0x7c, 0x6f, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                           0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08};
const uint8_t kZero[32] = {0};
const uint8_t kEmptyLabel[1] = {0};  // the crate keys each witness with the label b""

// out = bit ? b : a, constant-time in bit (a masked select over the point's bytes).
void select_point(EdwardsPoint& out, const EdwardsPoint& a, const EdwardsPoint& b, uint8_t bit) noexcept {
    EdwardsPoint r;
    ct_select_bytes(reinterpret_cast<uint8_t*>(&r), reinterpret_cast<const uint8_t*>(&a),
                    reinterpret_cast<const uint8_t*>(&b), sizeof(EdwardsPoint), bit);
    out = r;
}

}  // namespace

std::string SigmaPlan::finalize() {
    const size_t np = n_points(), ns = n_secrets(), nb = branches.size();
    if (is_fixed.size() != np || fixed_points.size() != np || fixed_encodings.size() != 32 * np)
        return "the fixed points do not match the points";
    if (equations.empty()) return "a statement needs at least one equation";
    if (nb == 0) return "a statement needs at least one branch";
    uint32_t next_secret = 0;
    for (const SigmaBranch& b : branches) {
        if (b.first_secret != next_secret || b.first_secret + uint64_t(b.n_secrets) > ns)
            return "the branches' secret slots must follow one another";
        next_secret += b.n_secrets;
        if (b.group >= 0 && static_cast<size_t>(b.group) >= groups.size()) return "a branch names no group";
    }
    if (next_secret != ns) return "some secret slots belong to no branch";
    std::vector<size_t> equations_of(nb, 0);
    for (const SigmaEquation& e : equations) {
        if (e.lhs >= np || e.branch >= nb || e.n_terms == 0 || e.first_term + uint64_t(e.n_terms) > terms.size())
            return "an equation's indices are out of range";
        const SigmaBranch& b = branches[e.branch];
        for (uint32_t t = e.first_term; t < e.first_term + e.n_terms; ++t) {
            if (terms[t].point >= np) return "a term's base is out of range";
            if (terms[t].secret < b.first_secret || terms[t].secret >= b.first_secret + b.n_secrets)
                return "a term's secret is not one of its branch's";
        }
        ++equations_of[e.branch];
    }
    for (size_t i = 0; i < nb; ++i)
        if (equations_of[i] == 0) return "every branch needs an equation";
    n_group_challenges_ = 0;
    forward_weights_.assign(groups.size(), {});
    inverse_differences_.assign(groups.size(), {});
    for (size_t g = 0; g < groups.size(); ++g) {
        const SigmaGroup& G = groups[g];
        if (G.n_branches < 2 || G.k < 1 || G.k >= G.n_branches || G.first_branch + uint64_t(G.n_branches) > nb)
            return "a group needs 1 <= k < n branches";
        for (uint32_t b = G.first_branch; b < G.first_branch + G.n_branches; ++b)
            if (branches[b].group != static_cast<int32_t>(g)) return "a group's branches must name it";
        n_group_challenges_ += G.n_branches - G.k;
        if (G.k == 1) continue;
        if (G.n_branches > kMaxThresholdBranches) return "a k-of-n group with k >= 2 has at most 64 branches";
        const size_t n = G.n_branches, d = n - G.k;  // f has degree d: f(0) = c and f(1..d) given
        std::vector<uint8_t>& inv = inverse_differences_[g];
        inv.assign(32 * (n + 1) * (n + 1), 0);
        for (size_t t = 0; t <= n; ++t)
            for (size_t u = 0; u <= n; ++u)
                if (t != u) {
                    uint8_t diff[32];
                    scalar_from_int(diff, static_cast<int64_t>(t) - static_cast<int64_t>(u));
                    crypto_core_ristretto255_scalar_invert(&inv[32 * (t * (n + 1) + u)], diff);
                }
        std::vector<uint8_t>& w = forward_weights_[g];
        w.assign(32 * G.k * (d + 1), 0);
        for (size_t x = d + 1; x <= n; ++x) {
            for (size_t t = 0; t <= d; ++t) {
                uint8_t* out = &w[32 * ((x - d - 1) * (d + 1) + t)];
                std::memcpy(out, kOne, 32);
                for (size_t u = 0; u <= d; ++u) {
                    if (u == t) continue;
                    uint8_t num[32];
                    scalar_from_int(num, static_cast<int64_t>(x) - static_cast<int64_t>(u));
                    crypto_core_ristretto255_scalar_mul(out, out, num);
                    crypto_core_ristretto255_scalar_mul(out, out, &inv[32 * (t * (n + 1) + u)]);
                }
            }
        }
    }
    first_instance_point_ = np;
    for (size_t p = np; p-- > 0;)
        if (!is_fixed[p]) first_instance_point_ = p;
    lhs_pairs_.clear();
    paired_.assign(equations.size(), 0);
    for (const SigmaGroup& G : groups) {
        if (G.n_branches != 2 || G.k != 1) continue;
        std::vector<uint32_t> first, second;
        for (uint32_t j = 0; j < equations.size(); ++j) {
            if (equations[j].branch == G.first_branch) first.push_back(j);
            if (equations[j].branch == G.first_branch + 1) second.push_back(j);
        }
        if (first.size() != second.size()) continue;
        for (size_t e = 0; e < first.size(); ++e) {
            lhs_pairs_.push_back({first[e], second[e], G.first_branch, G.first_branch + 1});
            paired_[first[e]] = paired_[second[e]] = 1;
        }
    }
    table_of_.assign(np, nullptr);
    tables_.clear();
    for (const SigmaTerm& t : terms) {
        if (!is_fixed[t.point] || table_of_[t.point] != nullptr) continue;
        if (ristretto_ct_eq(fixed_points[t.point], EdwardsPoint::basepoint())) {
            table_of_[t.point] = &basepoint_table();
        } else {
            tables_.emplace_back(new FixedBaseTable(fixed_points[t.point]));
            table_of_[t.point] = tables_.back().get();
        }
    }
    return std::string();
}

void SigmaPlan::bind_prefix(MerlinTranscript& t) const noexcept {
    append(t, "dom-sep", reinterpret_cast<const uint8_t*>(kZkpDomain), sizeof kZkpDomain - 1);
    append(t, "dom-sep", label);
    if (!shape.empty()) append(t, "sigma-shape", shape);
    for (const std::string& name : secret_names) append(t, "scvar", name);
    bind_points(t, fixed_encodings.data(), 0, first_instance_point_);
}

void SigmaPlan::bind_points(MerlinTranscript& t, const uint8_t* encodings, size_t from, size_t to) const noexcept {
    for (size_t p = from; p < to; ++p) {
        append(t, "ptvar", point_names[p]);
        append(t, "val", encodings + 32 * p, 32);
    }
}

void SigmaPlan::bind(MerlinTranscript& t, const uint8_t* encodings) const noexcept {
    bind_prefix(t);
    bind_points(t, encodings, first_instance_point_, n_points());
}

void SigmaPlan::branch_challenges(const uint8_t c[32], const uint8_t* group_challenges, uint8_t* out) const noexcept {
    for (size_t b = 0; b < branches.size(); ++b)
        if (branches[b].group < 0) std::memcpy(out + 32 * b, c, 32);
    const uint8_t* given = group_challenges;
    for (size_t g = 0; g < groups.size(); ++g) {
        const SigmaGroup& G = groups[g];
        const size_t n = G.n_branches, d = n - G.k;
        uint8_t* cb = out + 32 * G.first_branch;
        std::memcpy(cb, given, 32 * d);
        if (G.k == 1) {  // the last one makes the sum c
            std::memcpy(cb + 32 * d, c, 32);
            for (size_t i = 0; i < d; ++i)
                crypto_core_ristretto255_scalar_sub(cb + 32 * d, cb + 32 * d, given + 32 * i);
        } else {  // f(x) for x = d+1..n from f(0) = c and f(1..d)
            const std::vector<uint8_t>& w = forward_weights_[g];
            for (size_t x = d + 1; x <= n; ++x) {
                uint8_t* fx = cb + 32 * (x - 1);
                const uint8_t* row = &w[32 * (x - d - 1) * (d + 1)];
                crypto_core_ristretto255_scalar_mul(fx, row, c);
                for (size_t t = 1; t <= d; ++t) {
                    uint8_t term[32];
                    crypto_core_ristretto255_scalar_mul(term, row + 32 * t, given + 32 * (t - 1));
                    crypto_core_ristretto255_scalar_add(fx, fx, term);
                }
            }
        }
        given += 32 * d;
    }
}

bool SigmaPlan::commitment(size_t j, const uint8_t* a, const uint8_t* lhs_scalar, const EdwardsPoint* points,
                           EdwardsPoint& out) const {
    const SigmaEquation& e = equations[j];
    const size_t count = e.n_terms + (lhs_scalar != nullptr);
    SecretBuffer scalars(32 * count);
    std::vector<EdwardsPoint> bases;
    bases.reserve(count);
    EdwardsPoint acc = EdwardsPoint::identity();
    auto add_term = [&](const uint8_t* s, uint32_t p) {
        if (table_of_[p] != nullptr) {
            acc = acc + table_of_[p]->mul(s);
        } else {
            std::memcpy(scalars.data() + 32 * bases.size(), s, 32);
            bases.push_back(points[p]);
        }
    };
    for (uint32_t t = e.first_term; t < e.first_term + e.n_terms; ++t)
        add_term(a + 32 * terms[t].secret, terms[t].point);
    if (lhs_scalar != nullptr) add_term(lhs_scalar, e.lhs);
    if (bases.size() == 1) {
        acc = acc + point_mul_decoded(scalars.data(), bases[0]);
    } else if (bases.size() > 1) {
        EdwardsPoint part;
        if (!msm_points(scalars.data(), bases.data(), bases.size(), part)) return false;
        acc = acc + part;
    }
    out = acc;
    return true;
}

void SigmaPlan::interpolate_ct(size_t g, const uint8_t c[32], const uint8_t* sim, const uint8_t* real,
                               uint8_t* out) const noexcept {
    const SigmaGroup& G = groups[g];
    const size_t n = G.n_branches;
    const uint8_t* inv = inverse_differences_[g].data();
    // Places 0..n: y_0 = c, y_(i+1) = sim[i]; a place is on the polynomial's list when it is 0 or a branch that is
    // not true (member[] is secret: only masks read it).
    uint8_t member[kMaxThresholdBranches + 1];
    member[0] = 1;
    for (size_t i = 0; i < n; ++i) member[i + 1] = static_cast<uint8_t>(1 ^ real[G.first_branch + i]);
    for (size_t i = 0; i < n; ++i) {
        const int64_t x = static_cast<int64_t>(i + 1);
        uint8_t fx[32] = {0};
        for (size_t t = 0; t <= n; ++t) {
            uint8_t term[32];
            std::memcpy(term, t == 0 ? c : sim + 32 * (t - 1), 32);
            for (size_t u = 0; u <= n; ++u) {
                if (u == t) continue;
                uint8_t factor[32];
                scalar_from_int(factor, x - static_cast<int64_t>(u));
                crypto_core_ristretto255_scalar_mul(factor, factor, inv + 32 * (t * (n + 1) + u));
                ct_select_bytes(factor, kOne, factor, 32, member[u]);
                crypto_core_ristretto255_scalar_mul(term, term, factor);
            }
            ct_select_bytes(term, kZero, term, 32, member[t]);
            crypto_core_ristretto255_scalar_add(fx, fx, term);
        }
        ct_select_bytes(out + 32 * i, sim + 32 * i, fx, 32, real[G.first_branch + i]);
        sodium_memzero(fx, sizeof fx);
    }
    sodium_memzero(member, sizeof member);
}

bool SigmaPlan::prove(MerlinTranscript& t, const EdwardsPoint* points, const uint8_t* encodings, const uint8_t* witness,
                      const uint8_t* real, const uint8_t random[32], uint8_t* commitments, uint8_t* challenge,
                      uint8_t* group_challenges, uint8_t* responses) const noexcept {
    const size_t ns = n_secrets(), ne = n_equations(), nb = branches.size();
    try {
        bind(t, encodings);
        TranscriptRng rng(t);
        for (size_t s = 0; s < ns; ++s) rng.rekey_with_witness_bytes(kEmptyLabel, 0, witness + 32 * s, 32);
        rng.finalize(random);
        // r: blindings; for the branches of groups also a simulated challenge per branch and a simulated response
        // per secret slot. a: the commitments' scalars (r for a true branch, the simulated response otherwise);
        // lhs: -(simulated challenge) for a branch that is not true, 0 for a true one (only in groups).
        SecretBuffer r(32 * ns), a(32 * ns), sim_z(32 * ns), sim_c(32 * nb), lhs(32 * nb), cb(32 * nb), zc(32);
        // A statement without groups draws one blinding per secret, as the crate does; with groups, the blindings
        // and every branch's simulated values come from one output of the RNG (64 bytes reduced per value).
        size_t n_sim = 0;
        for (const SigmaBranch& B : branches)
            if (B.group >= 0) n_sim += 1 + B.n_secrets;
        SecretBuffer wide(64 * (ns + n_sim) + 1);
        const uint8_t* next = wide.data();
        if (n_sim == 0) {
            for (size_t s = 0; s < ns; ++s) rng.random_scalar(r.data() + 32 * s);
        } else {
            rng.fill_bytes(wide.data(), 64 * (ns + n_sim));
            for (size_t s = 0; s < ns; ++s, next += 64) crypto_core_ristretto255_scalar_reduce(r.data() + 32 * s, next);
        }
        std::memcpy(a.data(), r.data(), 32 * ns);
        for (size_t b = 0; b < nb; ++b) {
            const SigmaBranch& B = branches[b];
            if (B.group < 0) continue;
            crypto_core_ristretto255_scalar_reduce(sim_c.data() + 32 * b, next);
            next += 64;
            uint8_t* l = lhs.data() + 32 * b;
            crypto_core_ristretto255_scalar_negate(l, sim_c.data() + 32 * b);
            ct_select_bytes(l, l, kZero, 32, real[b]);
            for (size_t s = B.first_secret; s < B.first_secret + B.n_secrets; ++s) {
                crypto_core_ristretto255_scalar_reduce(sim_z.data() + 32 * s, next);
                next += 64;
                ct_select_bytes(a.data() + 32 * s, sim_z.data() + 32 * s, r.data() + 32 * s, 32, real[b]);
            }
        }
        // Everything halved: the points below are R_j / 2, whose doubles' encodings need no square root.
        sv_scale(a.data(), a.data(), kHalf, ns);
        sv_scale(lhs.data(), lhs.data(), kHalf, nb);
        // The lhs multiples of paired equations: one multiplication per pair, of the simulated branch's lhs by its
        // -(simulated challenge), put in its place; the true branch's is the identity.
        std::vector<EdwardsPoint> R(ne), lhs_term(ne, EdwardsPoint::identity());
        for (const LhsPair& pair : lhs_pairs_) {
            const uint8_t second_simulated = real[pair.b0];
            EdwardsPoint L;
            select_point(L, points[equations[pair.j0].lhs], points[equations[pair.j1].lhs], second_simulated);
            ct_select_bytes(zc.data(), lhs.data() + 32 * pair.b0, lhs.data() + 32 * pair.b1, 32, second_simulated);
            const EdwardsPoint T = point_mul_decoded(zc.data(), L);
            select_point(lhs_term[pair.j0], T, EdwardsPoint::identity(), second_simulated);
            select_point(lhs_term[pair.j1], EdwardsPoint::identity(), T, second_simulated);
        }
        for (size_t j = 0; j < ne; ++j) {
            const size_t b = equations[j].branch;
            const uint8_t* l = branches[b].group >= 0 && !paired_[j] ? lhs.data() + 32 * b : nullptr;
            if (!commitment(j, a.data(), l, points, R[j])) return false;
            R[j] = R[j] + lhs_term[j];
        }
        ristretto_encode_doubled(commitments, R.data(), R.data(), ne);
        for (size_t j = 0; j < ne; ++j) {
            append(t, "blindcom", point_names[equations[j].lhs]);
            append(t, "val", commitments + 32 * j, 32);
        }
        t.challenge_scalar(reinterpret_cast<const uint8_t*>("chal"), 4, challenge);
        // The branches' challenges: c outside groups; in a 1-of-n group the true branch's is c less the simulated
        // ones, in a k-of-n group the polynomial's values.
        for (size_t b = 0; b < nb; ++b)
            if (branches[b].group < 0) std::memcpy(cb.data() + 32 * b, challenge, 32);
        for (size_t g = 0; g < groups.size(); ++g) {
            const SigmaGroup& G = groups[g];
            uint8_t* out = cb.data() + 32 * G.first_branch;
            const uint8_t* sim = sim_c.data() + 32 * G.first_branch;
            if (G.k == 1) {
                uint8_t* rest = zc.data();
                std::memcpy(rest, challenge, 32);
                for (size_t i = 0; i < G.n_branches; ++i) {
                    uint8_t taken[32];
                    ct_select_bytes(taken, sim + 32 * i, kZero, 32, real[G.first_branch + i]);
                    crypto_core_ristretto255_scalar_sub(rest, rest, taken);
                }
                for (size_t i = 0; i < G.n_branches; ++i)
                    ct_select_bytes(out + 32 * i, sim + 32 * i, rest, 32, real[G.first_branch + i]);
            } else {
                interpolate_ct(g, challenge, sim, real, out);
            }
        }
        // z = r + c_branch * x, or the simulated response.
        for (size_t b = 0; b < nb; ++b) {
            const SigmaBranch& B = branches[b];
            for (size_t s = B.first_secret; s < B.first_secret + B.n_secrets; ++s) {
                uint8_t* z = responses + 32 * s;
                crypto_core_ristretto255_scalar_mul(zc.data(), cb.data() + 32 * b, witness + 32 * s);
                crypto_core_ristretto255_scalar_add(z, zc.data(), r.data() + 32 * s);
                if (B.group >= 0) ct_select_bytes(z, sim_z.data() + 32 * s, z, 32, real[b]);
            }
        }
        uint8_t* gc = group_challenges;
        for (const SigmaGroup& G : groups) {
            const size_t d = G.n_branches - G.k;
            std::memcpy(gc, cb.data() + 32 * G.first_branch, 32 * d);
            gc += 32 * d;
        }
        return true;
    } catch (const std::bad_alloc&) {
        return false;
    }
}

SumCheck SigmaPlan::verify_compact(MerlinTranscript& t, const EdwardsPoint* points, const uint8_t* encodings,
                                   const uint8_t* challenge, const uint8_t* group_challenges,
                                   const uint8_t* responses) const noexcept {
    const size_t ne = n_equations();
    try {
        bind(t, encodings);
        std::vector<uint8_t> cb(32 * branches.size()), scalars, enc(32 * ne);
        branch_challenges(challenge, group_challenges, cb.data());
        // R_j / 2 = sum (z / 2) base - (c_branch / 2) lhs: the doubles' encodings with one batched inversion
        std::vector<uint8_t> half_z(32 * n_secrets() + 1);
        sv_scale(half_z.data(), responses, kHalf, n_secrets());
        sv_scale(cb.data(), cb.data(), kHalf, branches.size());
        std::vector<EdwardsPoint> R(ne), bases;
        for (size_t j = 0; j < ne; ++j) {
            const SigmaEquation& e = equations[j];
            scalars.assign(32 * (e.n_terms + 1), 0);
            bases.clear();
            for (uint32_t k = 0; k < e.n_terms; ++k) {
                const SigmaTerm& term = terms[e.first_term + k];
                std::memcpy(&scalars[32 * k], &half_z[32 * term.secret], 32);
                bases.push_back(points[term.point]);
            }
            crypto_core_ristretto255_scalar_negate(&scalars[32 * e.n_terms], &cb[32 * e.branch]);
            bases.push_back(points[e.lhs]);
            if (!msm_vartime_points(scalars.data(), bases.data(), bases.size(), R[j])) return SumCheck::kOutOfMemory;
        }
        ristretto_encode_doubled(enc.data(), R.data(), R.data(), ne);
        for (size_t j = 0; j < ne; ++j) {
            append(t, "blindcom", point_names[equations[j].lhs]);
            append(t, "val", &enc[32 * j], 32);
        }
        uint8_t c[32];
        t.challenge_scalar(reinterpret_cast<const uint8_t*>("chal"), 4, c);
        return std::memcmp(c, challenge, 32) == 0 ? SumCheck::kIdentity : SumCheck::kNotIdentity;
    } catch (const std::bad_alloc&) {
        return SumCheck::kOutOfMemory;
    }
}

SumCheck SigmaPlan::weighted_check(const BatchItem* items, size_t m, const uint8_t* challenges) const {
    const size_t np = n_points(), ne = n_equations(), nb = branches.size();
    // The MSM's terms: the fixed points once, then per proof its other points and its commitments.
    std::vector<size_t> slot(np);
    size_t n_fixed = 0, n_instance = 0;
    for (size_t p = 0; p < np; ++p) slot[p] = is_fixed[p] ? n_fixed++ : n_instance++;
    const size_t per_proof = n_instance + ne, total = n_fixed + m * per_proof;
    std::vector<uint8_t> coef(32 * total, 0), weights(32 * m * ne);
    std::vector<EdwardsPoint> bases(total);
    for (size_t p = 0; p < np; ++p)
        if (is_fixed[p]) bases[slot[p]] = fixed_points[p];
    batch_weights(weights.data(), m * ne);
    uint8_t wc[32], term[32];
    for (size_t i = 0; i < m; ++i) {
        const BatchItem& it = items[i];
        const uint8_t* cb = challenges + 32 * nb * i;
        const size_t base = n_fixed + i * per_proof;
        auto at = [&](uint32_t p) -> uint8_t* { return &coef[32 * (is_fixed[p] ? slot[p] : base + slot[p])]; };
        for (size_t p = 0; p < np; ++p)
            if (!is_fixed[p]) bases[base + slot[p]] = it.points[p];
        for (size_t j = 0; j < ne; ++j) {  // w (sum z * base - c_branch * lhs - R_j)
            const SigmaEquation& e = equations[j];
            const uint8_t* w = &weights[32 * (i * ne + j)];
            bases[base + n_instance + j] = it.commitments[j];
            crypto_core_ristretto255_scalar_negate(&coef[32 * (base + n_instance + j)], w);
            crypto_core_ristretto255_scalar_mul(wc, w, cb + 32 * e.branch);
            crypto_core_ristretto255_scalar_sub(at(e.lhs), at(e.lhs), wc);
            for (uint32_t k = e.first_term; k < e.first_term + e.n_terms; ++k) {
                crypto_core_ristretto255_scalar_mul(term, w, it.responses + 32 * terms[k].secret);
                crypto_core_ristretto255_scalar_add(at(terms[k].point), at(terms[k].point), term);
            }
        }
    }
    return weighted_sum_is_identity(coef.data(), bases.data(), total);
}

bool SigmaPlan::batch_challenges(const BatchItem* items, size_t m, uint8_t* out,
                                 const MerlinTranscript* fresh) const noexcept try {
    const size_t ne = n_equations(), nb = branches.size();
    std::unique_ptr<MerlinTranscript> start, bound, local;  // a transcript's state before and after bind_prefix
    uint8_t c[32];
    for (size_t i = 0; i < m; ++i) {
        const BatchItem& it = items[i];
        MerlinTranscript* t = it.transcript;
        if (t == nullptr) {
            if (local) {
                *local = *fresh;
            } else {
                local.reset(new MerlinTranscript(*fresh));
            }
            t = local.get();
        }
        if (start && t->same_state_vartime(*start)) {
            *t = *bound;
        } else {
            start.reset(new MerlinTranscript(*t));
            bind_prefix(*t);
            bound.reset(new MerlinTranscript(*t));
        }
        bind_points(*t, it.encodings, first_instance_point_, n_points());
        for (size_t j = 0; j < ne; ++j) {
            append(*t, "blindcom", point_names[equations[j].lhs]);
            append(*t, "val", it.commitment_encodings + 32 * j, 32);
        }
        t->challenge_scalar(reinterpret_cast<const uint8_t*>("chal"), 4, c);
        branch_challenges(c, it.group_challenges, out + 32 * nb * i);
    }
    return true;
} catch (const std::bad_alloc&) {
    return false;
}

SumCheck SigmaPlan::verify_batch(const BatchItem* items, size_t m, const uint8_t* challenges,
                                 size_t* failing) const noexcept {
    const size_t nb = branches.size();
    try {
        SumCheck check = weighted_check(items, m, challenges);
        if (check != SumCheck::kNotIdentity || failing == nullptr) return check;
        for (size_t i = 0; i < m; ++i) {  // which one: each proof on its own, with the challenges drawn
            const SumCheck one = weighted_check(items + i, 1, challenges + 32 * nb * i);
            if (one == SumCheck::kOutOfMemory) return one;
            if (one == SumCheck::kNotIdentity) {
                *failing = i;
                return one;
            }
        }
        *failing = m;  // every proof holds on its own: the batch's weights were unlucky (probability 2^-128)
        return SumCheck::kNotIdentity;
    } catch (const std::bad_alloc&) {
        return SumCheck::kOutOfMemory;
    }
}

void elgamal_encrypt_many(const FixedBaseTable& pk, const uint8_t* r, const uint8_t* m, size_t n, EdwardsPoint* a,
                          EdwardsPoint* b) noexcept {
    const FixedBaseTable& g = basepoint_table();
    for (size_t i = 0; i < n; ++i) {
        a[i] = g.mul(r + 32 * i);
        b[i] = FixedBaseTable::mul2(pk, r + 32 * i, g, m + 32 * i);
    }
}

}  // namespace pyristretto
