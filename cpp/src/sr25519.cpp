// sr25519 (schnorrkel 0.11): keys, signatures, batch verification scalars, HDKD and the VRF (sr25519.hpp).
#include "pyristretto/sr25519.hpp"

#include <sodium.h>

#include <pthread.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <new>

#include "pyristretto/batch_check.hpp"
#include "pyristretto/fixed_base.hpp"
#include "pyristretto/frost.hpp"  // scalar_is_canonical_vartime
#include "pyristretto/msm_algorithms.hpp"
#include "pyristretto/point_vector.hpp"
#include "pyristretto/ristretto.hpp"
#include "pyristretto/scalar_mul.hpp"
#include "pyristretto/scalar_vector.hpp"
#include "pyristretto/threads.hpp"

namespace pyristretto {
namespace sr25519 {

namespace {

// A label or message literal as (pointer, length) without its terminating NUL.
#define SR_L(s) reinterpret_cast<const uint8_t*>(s), sizeof(s) - 1

// The encoding of key G, through G's fixed-base table (constant-time in key).
void base_mul_encoded(const uint8_t key[32], uint8_t out[32]) noexcept {
    ristretto_encode(out, basepoint_table().mul(key));
}

// a A + b B for public scalars (the double-base multiplication of the verifications; G among the points takes its
// wide table). False when memory runs out.
bool double_mul_vartime(const uint8_t a[32], const EdwardsPoint& A, const uint8_t b[32], const EdwardsPoint& B,
                        EdwardsPoint& out) noexcept {
    uint8_t scalars[64];
    std::memcpy(scalars, a, 32);
    std::memcpy(scalars + 32, b, 32);
    const EdwardsPoint points[2] = {A, B};
    try {
        out = msm_vartime_decoded(scalars, points, 2);
    } catch (...) {
        return false;
    }
    return true;
}

// A fresh "SchnorrRistrettoHDKD" transcript with append_message("sign-bytes", i) (derived_key_simple). The fresh
// transcript, which holds nothing secret, is made once and copied: its STROBE initialisation costs a permutation
// (~0.33 us of the ~9 us of a hard derivation).
MerlinTranscript hdkd_transcript(const uint8_t* i, size_t i_len) noexcept {
    static const MerlinTranscript fresh(SR_L("SchnorrRistrettoHDKD"));  // thread-safe initialisation (C++11)
    MerlinTranscript t = fresh;
    t.append_message(SR_L("sign-bytes"), i, i_len);
    return t;
}

// The witness scalar of SigningTranscript::witness_scalar: the transcript's RNG keyed with the nonce under label,
// finalized with random, 64 bytes reduced mod q. Constant-time.
void witness_scalar(const MerlinTranscript& t, const uint8_t* label, size_t label_len, const uint8_t nonce[32],
                    const uint8_t random[32], uint8_t out[32]) noexcept {
    TranscriptRng rng(t);
    rng.rekey_with_witness_bytes(label, label_len, nonce, 32);
    rng.finalize(random);
    rng.random_scalar(out);
}

// witness_randomness's per-thread block, and the fork counter that makes a child refill its inherited blocks.
struct RandomBlock {
    uint8_t bytes[1024];
    size_t used = sizeof bytes;  // nothing left: the first call fills it
    unsigned generation = 0;
    ~RandomBlock() { sodium_memzero(bytes, sizeof bytes); }
};
thread_local RandomBlock t_block;
std::atomic<unsigned> g_forks{0};
std::once_flag g_atfork;

void count_fork_in_child() { g_forks.fetch_add(1, std::memory_order_relaxed); }

}  // namespace

void witness_randomness(uint8_t out[32]) noexcept {
    std::call_once(g_atfork, [] { pthread_atfork(nullptr, nullptr, count_fork_in_child); });
    RandomBlock& b = t_block;
    const unsigned forks = g_forks.load(std::memory_order_relaxed);
    if (b.used + 32 > sizeof b.bytes || b.generation != forks) {
        randombytes_buf(b.bytes, sizeof b.bytes);
        b.used = 0;
        b.generation = forks;
    }
    std::memcpy(out, b.bytes + b.used, 32);
    sodium_memzero(b.bytes + b.used, 32);
    b.used += 32;
}

// ---- keys -------------------------------------------------------------------------------------------------

void divide_by_cofactor(uint8_t key[32]) noexcept {
    uint8_t low = 0;
    for (int i = 31; i >= 0; --i) {
        const uint8_t r = key[i] & 7;
        key[i] = static_cast<uint8_t>((key[i] >> 3) + low);
        low = static_cast<uint8_t>(r << 5);
    }
}

void multiply_by_cofactor(uint8_t key[32]) noexcept {
    uint8_t high = 0;
    for (int i = 0; i < 32; ++i) {
        const uint8_t r = key[i] & 0xe0;
        key[i] = static_cast<uint8_t>((key[i] << 3) + high);
        high = static_cast<uint8_t>(r >> 5);
    }
}

void expand_ed25519(const uint8_t mini[32], uint8_t key[32], uint8_t nonce[32]) noexcept {
    uint8_t h[64];
    crypto_hash_sha512(h, mini, 32);
    std::memcpy(key, h, 32);
    key[0] &= 248;
    key[31] &= 63;
    key[31] |= 64;
    divide_by_cofactor(key);
    std::memcpy(nonce, h + 32, 32);
    sodium_memzero(h, sizeof h);
}

void expand_uniform(const uint8_t mini[32], uint8_t key[32], uint8_t nonce[32]) noexcept {
    static const MerlinTranscript fresh(SR_L("ExpandSecretKeys"));  // made once, as hdkd_transcript's
    MerlinTranscript t = fresh;
    t.append_message(SR_L("mini"), mini, 32);
    t.challenge_scalar(SR_L("sk"), key);
    t.challenge_bytes(SR_L("no"), nonce, 32);
}  // t's state (keyed by the secret) is wiped by its destructor

bool key_is_canonical(const uint8_t key[32]) noexcept {
    uint8_t wide[64] = {0}, reduced[32];
    std::memcpy(wide, key, 32);
    crypto_core_ristretto255_scalar_reduce(reduced, wide);
    const bool ok = crypto_verify_32(reduced, key) == 0;  // constant-time compare; only the result is branched on
    sodium_memzero(wide, sizeof wide);
    sodium_memzero(reduced, sizeof reduced);
    return ok;
}

// ---- signatures -------------------------------------------------------------------------------------------

MerlinTranscript signing_context(const uint8_t* ctx, size_t ctx_len) noexcept {
    MerlinTranscript t(SR_L("SigningContext"));
    t.append_message(SR_L(""), ctx, ctx_len);
    return t;
}

void sign(MerlinTranscript& t, const uint8_t key[32], const uint8_t nonce[32], const uint8_t pub[32],
          const uint8_t random[32], uint8_t sig[64]) noexcept {
    t.append_message(SR_L("proto-name"), SR_L("Schnorr-sig"));
    t.append_message(SR_L("sign:pk"), pub, 32);
    uint8_t r[32], k[32], s[32];
    witness_scalar(t, SR_L("signing"), nonce, random, r);
    base_mul_encoded(r, sig);
    t.append_message(SR_L("sign:R"), sig, 32);
    t.challenge_scalar(SR_L("sign:c"), k);
    crypto_core_ristretto255_scalar_mul(s, k, key);
    crypto_core_ristretto255_scalar_add(s, s, r);
    std::memcpy(sig + 32, s, 32);
    sig[63] |= 0x80;
    sodium_memzero(r, sizeof r);
    sodium_memzero(s, sizeof s);
}

Check parse_signature_vartime(const uint8_t sig[64], uint8_t s_out[32]) noexcept {
    if ((sig[63] & 0x80) == 0) return Check::kNotMarked;
    std::memcpy(s_out, sig + 32, 32);
    s_out[31] &= 0x7f;
    // check_scalar: below 2^252 (top four bits clear) is below q; otherwise it must be canonical.
    if ((s_out[31] & 0xf0) != 0 && !scalar_is_canonical_vartime(s_out)) return Check::kScalarFormat;
    return Check::kValid;
}

namespace {

// k = challenge_scalar("sign:c") after the verifier's appends of PublicKey::verify.
void verify_challenge(MerlinTranscript& t, const uint8_t pub[32], const uint8_t R[32], uint8_t k[32]) noexcept {
    t.append_message(SR_L("proto-name"), SR_L("Schnorr-sig"));
    t.append_message(SR_L("sign:pk"), pub, 32);
    t.append_message(SR_L("sign:R"), R, 32);
    t.challenge_scalar(SR_L("sign:c"), k);
}

}  // namespace

Check verify_vartime(MerlinTranscript& t, const EdwardsPoint& A, const uint8_t pub[32],
                     const uint8_t sig[64]) noexcept {
    uint8_t s[32], k[32], enc[32];
    const Check parsed = parse_signature_vartime(sig, s);
    if (parsed != Check::kValid) return parsed;
    verify_challenge(t, pub, sig, k);
    crypto_core_ristretto255_scalar_negate(k, k);
    EdwardsPoint R;
    if (!double_mul_vartime(s, EdwardsPoint::basepoint(), k, A, R)) return Check::kEquationFalse;
    ristretto_encode(enc, R);
    return std::memcmp(enc, sig, 32) == 0 ? Check::kValid : Check::kEquationFalse;
}

size_t batch_scalars_vartime(const BatchItem* items, size_t n, const uint8_t* key_encodings, size_t n_keys,
                             uint8_t* scalars, uint8_t* r_enc, uint8_t* work) noexcept {
    uint8_t* base = scalars;
    uint8_t* per_key = scalars + 32;
    uint8_t* weights = scalars + 32 * (1 + n_keys);
    uint8_t* s = work;
    uint8_t* k = work + 32 * n;
    for (size_t i = 0; i < n; ++i) {
        if (parse_signature_vartime(items[i].sig, s + 32 * i) != Check::kValid) return i;
        std::memcpy(r_enc + 32 * i, items[i].sig, 32);
    }
    // The challenges: a transcript each (~1 us, about an IFMA decode), on threads for large batches.
    detail::parallel_for(n, worker_count(decode_work(n)), [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            MerlinTranscript t = *items[i].transcript;
            if (items[i].msg != nullptr) t.append_message(SR_L("sign-bytes"), items[i].msg, items[i].msg_len);
            verify_challenge(t, key_encodings + 32 * items[i].key, items[i].sig, k + 32 * i);
        }
    });
    batch_weights(weights, n);
    sv_inner(base, weights, s, n);  // sum z_i s_i, negated below
    crypto_core_ristretto255_scalar_negate(base, base);
    sv_mul(k, weights, k, n);  // z_i k_i
    std::memset(per_key, 0, 32 * n_keys);
    for (size_t i = 0; i < n; ++i) {
        uint8_t* acc = per_key + 32 * items[i].key;
        crypto_core_ristretto255_scalar_add(acc, acc, k + 32 * i);
    }
    return n;
}

// ---- hierarchical derivation --------------------------------------------------------------------------------

namespace {

// Soft derivation's transcript, after hdkd_transcript(i): append_message("chain-code", cc), ("public-key", pub);
// scalar = challenge_scalar("HDKD-scalar"); cc_out = challenge_bytes("HDKD-chaincode", 32). The transcript is left
// in t (derive_keypair_soft keys its nonce RNG from it). The scalar becomes part of a secret key: it is computed
// and used in constant time.
void derive_soft_scalar(MerlinTranscript& t, const uint8_t cc[32], const uint8_t pub[32], uint8_t scalar[32],
                        uint8_t cc_out[32]) noexcept {
    t.append_message(SR_L("chain-code"), cc, 32);
    t.append_message(SR_L("public-key"), pub, 32);
    t.challenge_scalar(SR_L("HDKD-scalar"), scalar);
    t.challenge_bytes(SR_L("HDKD-chaincode"), cc_out, 32);
}

}  // namespace

void derive_public(const EdwardsPoint& A, const uint8_t pub[32], const uint8_t cc[32], const uint8_t* i, size_t i_len,
                   uint8_t pub_out[32], uint8_t cc_out[32]) noexcept {
    MerlinTranscript t = hdkd_transcript(i, i_len);
    uint8_t scalar[32];
    derive_soft_scalar(t, cc, pub, scalar, cc_out);
    // The scalar is derived from the chain code, which HD wallets keep to themselves: the fixed-base table's
    // constant-time comb (also the fastest way to scalar G).
    ristretto_encode(pub_out, A + basepoint_table().mul(scalar));
}

void derive_keypair_soft(const uint8_t cc[32], const uint8_t pub[32], const uint8_t key[32], const uint8_t nonce[32],
                         const uint8_t* i, size_t i_len, const uint8_t random[32], uint8_t key_out[32],
                         uint8_t nonce_out[32], uint8_t pub_out[32], uint8_t cc_out[32]) noexcept {
    MerlinTranscript t = hdkd_transcript(i, i_len);
    uint8_t scalar[32], secret[64];
    derive_soft_scalar(t, cc, pub, scalar, cc_out);
    std::memcpy(secret, key, 32);
    std::memcpy(secret + 32, nonce, 32);
    {
        // witness_bytes("HDKD-nonce", [nonce, secret.to_bytes()]), 32 bytes
        TranscriptRng rng(t);
        rng.rekey_with_witness_bytes(SR_L("HDKD-nonce"), nonce, 32);
        rng.rekey_with_witness_bytes(SR_L("HDKD-nonce"), secret, 64);
        rng.finalize(random);
        rng.fill_bytes(nonce_out, 32);
    }
    crypto_core_ristretto255_scalar_add(key_out, key, scalar);
    base_mul_encoded(key_out, pub_out);
    sodium_memzero(scalar, sizeof scalar);
    sodium_memzero(secret, sizeof secret);
}

void hard_derive_mini(const uint8_t* cc, const uint8_t key[32], const uint8_t* i, size_t i_len, uint8_t mini_out[32],
                      uint8_t cc_out[32]) noexcept {
    MerlinTranscript t = hdkd_transcript(i, i_len);
    if (cc != nullptr) t.append_message(SR_L("chain-code"), cc, 32);
    t.append_message(SR_L("secret-key"), key, 32);
    t.challenge_bytes(SR_L("HDKD-hard"), mini_out, 32);
    t.challenge_bytes(SR_L("HDKD-chaincode"), cc_out, 32);
}

// ---- VRF ----------------------------------------------------------------------------------------------------

EdwardsPoint vrf_hash(MerlinTranscript& t, const uint8_t pub[32], bool malleable) noexcept {
    if (!malleable) t.append_message(SR_L("vrf-nm-pk"), pub, 32);
    uint8_t b[64];
    t.challenge_bytes(SR_L("VRFHash"), b, 64);
    return ristretto_from_uniform_point(b);
}

namespace {

// The DLEQ transcript up to its challenge (dleq_proove / dleq_verify / shorten_dleq), c written to c_out.
void dleq_challenge(MerlinTranscript& t, const uint8_t h_enc[32], const uint8_t o_enc[32], const uint8_t pub[32],
                    const uint8_t R[32], const uint8_t Hr[32], bool kusama, uint8_t c_out[32]) noexcept {
    t.append_message(SR_L("vrf:R=g^r"), R, 32);
    t.append_message(SR_L("vrf:h^r"), Hr, 32);
    if (kusama) t.append_message(SR_L("vrf:pk"), pub, 32);
    t.append_message(SR_L("vrf:h^sk"), o_enc, 32);
    t.challenge_scalar(SR_L("prove"), c_out);
}

void dleq_start(MerlinTranscript& t, const uint8_t h_enc[32], const uint8_t pub[32], bool kusama) noexcept {
    t.append_message(SR_L("proto-name"), SR_L("DLEQProof"));
    t.append_message(SR_L("vrf:h"), h_enc, 32);
    if (!kusama) t.append_message(SR_L("vrf:pk"), pub, 32);
}

}  // namespace

void dleq_prove(MerlinTranscript& t, const EdwardsPoint& H, const uint8_t h_enc[32], const uint8_t o_enc[32],
                const uint8_t key[32], const uint8_t nonce[32], const uint8_t pub[32], const uint8_t random[32],
                bool kusama, uint8_t proof[64], uint8_t batchable[96]) noexcept {
    dleq_start(t, h_enc, pub, kusama);
    uint8_t r[32], c[32], s[32];
    witness_scalar(t,
                   SR_L("proving\0"
                        "0"),
                   nonce, random, r);
    base_mul_encoded(r, batchable);                             // R = r G
    ristretto_encode(batchable + 32, point_mul_decoded(r, H));  // Hr = r H
    dleq_challenge(t, h_enc, o_enc, pub, batchable, batchable + 32, kusama, c);
    crypto_core_ristretto255_scalar_mul(s, c, key);
    crypto_core_ristretto255_scalar_sub(s, r, s);  // s = r - c key
    std::memcpy(proof, c, 32);
    std::memcpy(proof + 32, s, 32);
    std::memcpy(batchable + 64, s, 32);
    sodium_memzero(r, sizeof r);
    sodium_memzero(s, sizeof s);
}

void vrf_sign(MerlinTranscript& t, MerlinTranscript& extra, const uint8_t key[32], const uint8_t nonce[32],
              const uint8_t pub[32], const uint8_t random[32], bool kusama, bool malleable, uint8_t h_enc[32],
              uint8_t o_enc[32], uint8_t proof[64], uint8_t batchable[96]) noexcept {
    const EdwardsPoint H = vrf_hash(t, pub, malleable);
    ristretto_encode(h_enc, H);
    ristretto_encode(o_enc, point_mul_decoded(key, H));
    dleq_prove(extra, H, h_enc, o_enc, key, nonce, pub, random, kusama, proof, batchable);
}

Check dleq_verify_vartime(MerlinTranscript& t, const EdwardsPoint& H, const uint8_t h_enc[32], const EdwardsPoint& O,
                          const uint8_t o_enc[32], const EdwardsPoint& A, const uint8_t pub[32],
                          const uint8_t proof[64], bool kusama, uint8_t batchable[96]) noexcept {
    const uint8_t* c = proof;
    const uint8_t* s = proof + 32;
    if (!scalar_is_canonical_vartime(c) || !scalar_is_canonical_vartime(s)) return Check::kScalarFormat;
    dleq_start(t, h_enc, pub, kusama);
    EdwardsPoint R, Hr;
    if (!double_mul_vartime(c, A, s, EdwardsPoint::basepoint(), R) || !double_mul_vartime(c, O, s, H, Hr))
        return Check::kEquationFalse;
    uint8_t out[96], expected[32];
    ristretto_encode(out, R);
    ristretto_encode(out + 32, Hr);
    std::memcpy(out + 64, s, 32);
    dleq_challenge(t, h_enc, o_enc, pub, out, out + 32, kusama, expected);
    if (std::memcmp(expected, c, 32) != 0) return Check::kEquationFalse;
    std::memcpy(batchable, out, 96);
    return Check::kValid;
}

bool dleq_challenge_vartime(MerlinTranscript& t, const uint8_t h_enc[32], const uint8_t o_enc[32],
                            const uint8_t pub[32], const uint8_t batchable[96], bool kusama, uint8_t c[32]) noexcept {
    if (!scalar_is_canonical_vartime(batchable + 64)) return false;
    dleq_start(t, h_enc, pub, kusama);
    dleq_challenge(t, h_enc, o_enc, pub, batchable, batchable + 32, kusama, c);
    return true;
}

#undef SR_L

}  // namespace sr25519
}  // namespace pyristretto
