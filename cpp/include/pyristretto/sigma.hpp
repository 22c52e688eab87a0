// Sigma proofs (pyristretto.sigma): statements of linear relations between public points and secret scalars,
// proved, verified and batch-verified on Merlin transcripts with the layout of dalek-cryptography's zkp crate,
// composed with AND (one linear statement) and OR / k-of-n OR (Cramer-Damgard-Schoenmakers: the challenges of an
// OR group's branches sum to the transcript's challenge, or for k-of-n lie on a polynomial of degree n - k through
// it). The whole proof, or verification, of one statement is one call: the Python layer only marshals.
//
// A compiled statement (SigmaPlan) is a list of branches; each branch holds equations lhs = sum secret * base over
// its own secret slots. Branches outside OR groups answer the transcript's challenge c; the branches of a group
// answer challenges derived from c. A statement without groups has one branch and is exactly the crate's.
//
// Secrets (witnesses, blindings, simulated responses, which branches are true) only meet constant-time code:
// masked selects, libsodium's scalar arithmetic, constant-time multi-scalar multiplication and fixed-base combs.
// Verification is on public values and variable time.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pyristretto/batch_check.hpp"
#include "pyristretto/edwards.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/transcript.hpp"

namespace pyristretto {

struct SigmaTerm {
    uint32_t secret;  // secret slot
    uint32_t point;   // point index (the base)
};

struct SigmaEquation {
    uint32_t lhs;         // point index
    uint32_t first_term;  // terms[first_term .. first_term + n_terms)
    uint32_t n_terms;     // >= 1
    uint32_t branch;
};

struct SigmaBranch {
    uint32_t first_secret, n_secrets;  // its secret slots
    int32_t group;                     // its OR group, or -1: it answers the transcript's challenge
};

struct SigmaGroup {
    uint32_t first_branch, n_branches;  // consecutive branches
    uint32_t k;                         // k of n_branches are true: 1 <= k < n_branches
};

class SigmaPlan {
public:
    // The statement, filled in by the caller, then checked by finalize().
    std::string label;  // the proof label (dom-sep)
    std::string shape;  // appended as "sigma-shape" when not empty (composed statements); empty: the crate's layout
    std::vector<std::string> secret_names;  // per secret slot ("scvar")
    std::vector<std::string> point_names;   // per point ("ptvar")
    std::vector<SigmaTerm> terms;
    std::vector<SigmaEquation> equations;
    std::vector<SigmaBranch> branches;
    std::vector<SigmaGroup> groups;
    std::vector<uint8_t> is_fixed;           // per point: 1 for a point bound into the statement
    std::vector<EdwardsPoint> fixed_points;  // per point (fixed ones only meaningful)
    std::vector<uint8_t> fixed_encodings;    // 32 per point (fixed ones only meaningful)

    // Checks every index and count; builds the fixed-base tables of the fixed points that are bases and the
    // public interpolation constants of the k-of-n groups. Returns an empty string when the plan is sound, else
    // what is wrong. May throw std::bad_alloc.
    std::string finalize();

    size_t n_points() const noexcept { return point_names.size(); }
    size_t n_secrets() const noexcept { return secret_names.size(); }
    size_t n_equations() const noexcept { return equations.size(); }
    // The challenges a proof carries for its groups: n - k per group (the first n - k branches').
    size_t n_group_challenges() const noexcept { return n_group_challenges_; }

    // The statement's part of the transcript: dom-sep "schnorrzkp/1.0/ristretto255", dom-sep label, the shape if
    // any, scvar per secret slot, ptvar + val per point (encodings: 32 bytes per point).
    void bind(MerlinTranscript& t, const uint8_t* encodings) const noexcept;
    // bind in two parts: what does not depend on the points that are not fixed (the domain, the shape, the secrets'
    // names and the points before the first that is not fixed), then the rest.
    void bind_prefix(MerlinTranscript& t) const noexcept;
    void bind_points(MerlinTranscript& t, const uint8_t* encodings, size_t from, size_t to) const noexcept;

    // Per-branch challenges (32 bytes each) from the transcript's c and a proof's group challenges. Public.
    void branch_challenges(const uint8_t c[32], const uint8_t* group_challenges, uint8_t* out) const noexcept;

    // A proof. points: all n_points decoded (the fixed ones too), encodings their 32-byte encodings; witness:
    // 32 bytes per secret slot, reduced (any value in slots of branches that are not true); real: one byte per
    // branch, 1 for a true branch (every branch outside a group is), 0 otherwise: exactly k ones per group (the
    // caller checks). random: 32 fresh bytes for the transcript RNG. Writes the commitments' encodings
    // (32 * n_equations), the challenge c, the group challenges and the responses (32 * n_secrets). Returns false
    // when memory runs out (the outputs then unspecified). Constant-time in witness and real.
    bool prove(MerlinTranscript& t, const EdwardsPoint* points, const uint8_t* encodings, const uint8_t* witness,
               const uint8_t* real, const uint8_t random[32], uint8_t* commitments, uint8_t* challenge,
               uint8_t* group_challenges, uint8_t* responses) const noexcept;

    // A compact proof (c, group challenges, responses: canonical scalars) against the statement: the commitments
    // recomputed as sum z * base - c_branch * lhs, the transcript replayed, c compared. kIdentity means valid,
    // kNotIdentity invalid.
    SumCheck verify_compact(MerlinTranscript& t, const EdwardsPoint* points, const uint8_t* encodings,
                            const uint8_t* challenge, const uint8_t* group_challenges,
                            const uint8_t* responses) const noexcept;

    // One batchable proof of a batch: its transcript, its points (all n_points, decoded, with their encodings),
    // its commitments (decoded, with their encodings, none the identity: the caller refuses those), its group
    // challenges and responses (canonical scalars).
    struct BatchItem {
        MerlinTranscript* transcript;
        const EdwardsPoint* points;
        const uint8_t* encodings;
        const EdwardsPoint* commitments;
        const uint8_t* commitment_encodings;
        const uint8_t* group_challenges;
        const uint8_t* responses;
    };

    // The transcripts of a batch replayed (bind, the commitments, the challenge "chal"): each proof's branch
    // challenges (32 * branches bytes per proof) into out. Advances the transcripts; an item whose transcript is
    // null uses a copy of *fresh. Transcripts that start in the state of the one before share its binding up to the
    // first point that is not fixed (computed once). False when memory runs out.
    bool batch_challenges(const BatchItem* items, size_t m, uint8_t* out,
                          const MerlinTranscript* fresh = nullptr) const noexcept;

    // Every proof of the batch at once, with the challenges of batch_challenges:
    // sum over proofs and equations of w (sum z * base - c_branch * lhs - commitment) == 0 with independent 128-bit
    // weights w, in one multi-scalar multiplication (the fixed points' terms summed over the batch first). When it
    // fails and failing is not null, each proof is checked on its own and *failing set to the first that fails
    // (m if none does: unlucky weights, probability 2^-128). Touches no transcript.
    SumCheck verify_batch(const BatchItem* items, size_t m, const uint8_t* challenges,
                          size_t* failing = nullptr) const noexcept;

private:
    // The weighted check of verify_batch for items[0..m) with their branch challenges (32 * branches per item).
    SumCheck weighted_check(const BatchItem* items, size_t m, const uint8_t* challenges) const;
    // R = sum a[secret] * base over equation j's terms, plus lhs_scalar * lhs when lhs_scalar is not null:
    // constant-time in the scalars (the fixed bases' combs, else a constant-time MSM). False when memory runs out.
    bool commitment(size_t j, const uint8_t* a, const uint8_t* lhs_scalar, const EdwardsPoint* points,
                    EdwardsPoint& out) const;
    // The challenges of a k-of-n group (k >= 2) from c and its simulated branches' challenges: the polynomial of
    // degree n - k through (0, c) and (i + 1, sim[i]) for the branches i that are not true, evaluated at the true
    // branches' places; out[i] = sim[i] for the others. Constant-time in real (masks over every place).
    void interpolate_ct(size_t g, const uint8_t c[32], const uint8_t* sim, const uint8_t* real,
                        uint8_t* out) const noexcept;

    // The equations of a 1-of-2 group whose branches have as many equations, paired in order: of each pair only
    // the simulated branch's lhs needs its multiple (-simulated challenge * lhs), so the prover computes one
    // multiplication per pair on the selected lhs instead of one per equation.
    struct LhsPair {
        uint32_t j0, j1;  // equations of the group's first and second branch
        uint32_t b0, b1;  // their branches
    };
    std::vector<LhsPair> lhs_pairs_;
    std::vector<uint8_t> paired_;  // per equation: 1 when in lhs_pairs_

    size_t n_group_challenges_ = 0;
    size_t first_instance_point_ = 0;                      // the first point that is not fixed (n_points when all are)
    std::vector<const FixedBaseTable*> table_of_;          // per point: the comb of a fixed base, else null
    std::vector<std::unique_ptr<FixedBaseTable>> tables_;  // the combs owned (G's is the library's)
    // Per group: for k >= 2 the public Lagrange weights that take f(0), f(1), ..., f(n-k) to f(n-k+1), ..., f(n)
    // (k rows of n - k + 1 scalars) and the inverses 1/(t - u) for t != u in [0, n] ((n + 1)^2 scalars, zero on
    // the diagonal) of the prover's interpolation; empty for k = 1.
    std::vector<std::vector<uint8_t>> forward_weights_;
    std::vector<std::vector<uint8_t>> inverse_differences_;
};

// ---- ElGamal ---------------------------------------------------------------------------------------------

// Exponential ElGamal encryption of n values under the key table pk: a[i] = r[i] G, b[i] = r[i] PK + m[i] G, on
// the fixed-base combs (b by one shared-doubling comb of both tables). Constant-time in r and m.
void elgamal_encrypt_many(const FixedBaseTable& pk, const uint8_t* r, const uint8_t* m, size_t n, EdwardsPoint* a,
                          EdwardsPoint* b) noexcept;

}  // namespace pyristretto
