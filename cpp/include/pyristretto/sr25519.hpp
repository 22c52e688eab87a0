// sr25519: schnorrkel 0.11's Schnorr signatures, key derivation (HDKD) and VRF over ristretto255 with Merlin
// transcripts, as Substrate, Polkadot and Bittensor use them: the whole per-signature work in one call, so that
// neither a secret nor the per-item work of a batch passes through Python objects.
//
// Secrets (the 32-byte key scalar, the 32-byte nonce, mini secret keys, witnesses) are handled in constant time:
// no branch and no memory index depends on them (tests/test_constant_time.py runs the signing path under valgrind
// with them marked undefined). Everything named *_vartime, the verifications and the batch helpers, works on
// public values only.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/edwards.hpp"
#include "pyristretto/transcript.hpp"

namespace pyristretto {
namespace sr25519 {

// ---- keys (keys.rs) ---------------------------------------------------------------------------------------

// MiniSecretKey::expand(Ed25519): h = SHA-512(mini); key = h[0:32] clamped as Ed25519 does, divided by the
// cofactor 8 (as a 256-bit integer: the result lies in [2^251, 2^252), below q); nonce = h[32:64]. The digest is
// wiped. Constant-time.
void expand_ed25519(const uint8_t mini[32], uint8_t key[32], uint8_t nonce[32]) noexcept;

// MiniSecretKey::expand(Uniform): Merlin "ExpandSecretKeys", append_message("mini", mini); key =
// challenge_scalar("sk") (64 bytes reduced mod q); nonce = challenge_bytes("no", 32). Constant-time.
void expand_uniform(const uint8_t mini[32], uint8_t key[32], uint8_t nonce[32]) noexcept;

// The 256-bit little-endian integer in place divided (multiplied) by 8, the bits shifted out dropped: schnorrkel's
// divide_scalar_bytes_by_cofactor (multiply_...), behind SecretKey::from_ed25519_bytes (to_ed25519_bytes).
// Constant-time.
void divide_by_cofactor(uint8_t key[32]) noexcept;
void multiply_by_cofactor(uint8_t key[32]) noexcept;

// Whether the 32 bytes encode a scalar below q (SecretKey::from_bytes's check of its key), in constant time: the
// key is a secret, so only the result may be branched on.
bool key_is_canonical(const uint8_t key[32]) noexcept;

// 32 fresh random bytes for a witness (signing, a soft-derived nonce, a VRF proof): libsodium's CSPRNG read 1 KiB at a
// time per thread (one getrandom call for 32 witnesses instead of one each: ~0.35 us of a ~10 us signature), each
// 32 bytes handed out once and wiped from the block; a child process after fork() refills before using any (and,
// were it not to, schnorrkel's witnesses also depend on the secret nonce and the transcript: equal randomness
// gives equal signatures of equal messages only).
void witness_randomness(uint8_t out[32]) noexcept;

// ---- signatures (sign.rs, context.rs) ------------------------------------------------------------------------

// SigningContext::new(ctx): Merlin "SigningContext", append_message("", ctx). Its bytes(msg) is a copy with
// append_message("sign-bytes", msg).
MerlinTranscript signing_context(const uint8_t* ctx, size_t ctx_len) noexcept;

// SecretKey::sign on the signing transcript t (changed): append_message("proto-name", "Schnorr-sig"),
// ("sign:pk", pub); r = witness scalar of the transcript RNG keyed with the nonce (label "signing") and finalized
// with the 32 bytes `random`; R = r G; append ("sign:R", R); k = challenge_scalar("sign:c"); s = k key + r.
// sig = R || s with bit 7 of byte 63 set (schnorrkel's marker). Constant-time in key, nonce, random and r (all
// wiped); pub is public.
void sign(MerlinTranscript& t, const uint8_t key[32], const uint8_t nonce[32], const uint8_t pub[32],
          const uint8_t random[32], uint8_t sig[64]) noexcept;

// Why a signature, proof or key was refused (public values: the verifications run in variable time).
enum class Check : int {
    kValid = 0,
    kEquationFalse = 1,      // well formed, but the equation does not hold
    kNotMarked = 2,          // bit 7 of byte 63 is clear (a pre-0.8 signature, or not an sr25519 one)
    kScalarFormat = 3,       // s (or a proof's c or s) is not canonical
    kPointDecompression = 4  // a point (public key, VRF output) is not a valid encoding
};

// Signature::from_bytes: the marker set, then s (the marker cleared) into s_out: canonical (< q) unless its top
// four bits are clear (then < 2^252 < q already). kValid, kNotMarked or kScalarFormat.
Check parse_signature_vartime(const uint8_t sig[64], uint8_t s_out[32]) noexcept;

// PublicKey::verify on the signing transcript t (changed): recomputes k and accepts iff the encoding of
// s G - k A equals the signature's R bytes. A is the decoded public key, pub its encoding.
Check verify_vartime(MerlinTranscript& t, const EdwardsPoint& A, const uint8_t pub[32], const uint8_t sig[64]) noexcept;

// One signature of a batch: the transcript (a signing context, to which append_message("sign-bytes", msg) is
// applied on a copy, or with msg == nullptr the whole signing transcript, copied), the 64-byte signature, and the
// index of its public key.
struct BatchItem {
    const MerlinTranscript* transcript;
    const uint8_t* msg;  // nullptr: transcript is the signing transcript itself
    size_t msg_len;
    const uint8_t* sig;
    size_t key;
};

// The scalars of the batch check  sum_i z_i (R_i + k_i A_i - s_i G) == 0  with fresh uniform 128-bit weights z_i
// from libsodium's CSPRNG (batch_weights): writes 32 * (1 + n_keys + n) bytes to scalars, each reduced mod q:
// -sum z_i s_i (for G), per key j the sum of z_i k_i over its signatures, then z_0 .. z_(n-1) (for the R_i); and
// the R_i encodings to r_enc (32 n bytes); work is 64 n bytes of scratch. The challenges run on threads for large
// n (worker_count, threads.hpp). Returns n, or the index of the first malformed signature (marker missing or s not
// canonical), the outputs then unspecified. Public values only.
size_t batch_scalars_vartime(const BatchItem* items, size_t n, const uint8_t* key_encodings, size_t n_keys,
                             uint8_t* scalars, uint8_t* r_enc, uint8_t* work) noexcept;

// ---- hierarchical derivation (derive.rs) ----------------------------------------------------------------------

// PublicKey::derived_key_simple(cc, i) for the public key A (decoded) with encoding pub: pub_out = the encoding
// of A + scalar G, cc_out the child's chain code.
void derive_public(const EdwardsPoint& A, const uint8_t pub[32], const uint8_t cc[32], const uint8_t* i, size_t i_len,
                   uint8_t pub_out[32], uint8_t cc_out[32]) noexcept;

// Keypair::derived_key_simple(cc, i) (soft): key_out = key + scalar; nonce_out from the derivation transcript's RNG
// keyed with the nonce and the 64-byte secret (label "HDKD-nonce") and finalized with `random`; pub_out = key_out G
// (from the secret, as the crate computes it); cc_out the child's chain code. pub is the parent's public key as
// given (it enters the transcript). Constant-time in key, nonce and random.
void derive_keypair_soft(const uint8_t cc[32], const uint8_t pub[32], const uint8_t key[32], const uint8_t nonce[32],
                         const uint8_t* i, size_t i_len, const uint8_t random[32], uint8_t key_out[32],
                         uint8_t nonce_out[32], uint8_t pub_out[32], uint8_t cc_out[32]) noexcept;

// SecretKey::hard_derive_mini_secret_key(cc, i): "SchnorrRistrettoHDKD", append_message("sign-bytes", i),
// ("chain-code", cc) unless cc is nullptr, ("secret-key", key); mini_out = challenge_bytes("HDKD-hard", 32),
// cc_out = challenge_bytes("HDKD-chaincode", 32). Constant-time in key (mini_out is a secret too).
void hard_derive_mini(const uint8_t* cc, const uint8_t key[32], const uint8_t* i, size_t i_len, uint8_t mini_out[32],
                      uint8_t cc_out[32]) noexcept;

// ---- VRF (vrf.rs) --------------------------------------------------------------------------------------------

// PublicKey::vrf_hash: unless malleable, append_message("vrf-nm-pk", pub) to t (changed); then
// H = from_uniform_bytes(challenge_bytes("VRFHash", 64)) (RFC 9496's one-way map). Returns H decoded.
EdwardsPoint vrf_hash(MerlinTranscript& t, const uint8_t pub[32], bool malleable) noexcept;

// Keypair::dleq_proove on the transcript t (changed) for the input H (decoded and encoded) and the output O's
// encoding: append_message("proto-name", "DLEQProof"), ("vrf:h", H), ("vrf:pk", pub) here unless kusama;
// r = witness scalar keyed with the nonce (label "proving\0" "0") and finalized with `random`; ("vrf:R=g^r", rG),
// ("vrf:h^r", rH), ("vrf:pk", pub) here when kusama, ("vrf:h^sk", O); c = challenge_scalar("prove"); s = r - c key.
// proof = c || s (64 bytes), batchable = R || Hr || s (96 bytes). Constant-time in key, nonce, random and r.
void dleq_prove(MerlinTranscript& t, const EdwardsPoint& H, const uint8_t h_enc[32], const uint8_t o_enc[32],
                const uint8_t key[32], const uint8_t nonce[32], const uint8_t pub[32], const uint8_t random[32],
                bool kusama, uint8_t proof[64], uint8_t batchable[96]) noexcept;

// PublicKey::dleq_verify on t (changed): proof c || s (canonical scalars, else kScalarFormat); R = c A + s G,
// Hr = c O + s H; the transcript as dleq_prove's; kValid iff c equals the challenge, with the batchable form
// R || Hr || s written to batchable. Public values.
Check dleq_verify_vartime(MerlinTranscript& t, const EdwardsPoint& H, const uint8_t h_enc[32], const EdwardsPoint& O,
                          const uint8_t o_enc[32], const EdwardsPoint& A, const uint8_t pub[32],
                          const uint8_t proof[64], bool kusama, uint8_t batchable[96]) noexcept;

// Keypair::vrf_sign_extra: H = vrf_hash(t, pub, malleable), O = key H (constant-time), their encodings to h_enc
// and o_enc (o_enc is the VRF pre-output), then dleq_prove on extra (changed). Constant-time in the secrets.
void vrf_sign(MerlinTranscript& t, MerlinTranscript& extra, const uint8_t key[32], const uint8_t nonce[32],
              const uint8_t pub[32], const uint8_t random[32], bool kusama, bool malleable, uint8_t h_enc[32],
              uint8_t o_enc[32], uint8_t proof[64], uint8_t batchable[96]) noexcept;

// VRFProofBatchable::shorten_dleq: the challenge c of a batchable proof (R || Hr || s; s must be canonical, else
// false) on t (changed), written to c. Public values.
bool dleq_challenge_vartime(MerlinTranscript& t, const uint8_t h_enc[32], const uint8_t o_enc[32],
                            const uint8_t pub[32], const uint8_t batchable[96], bool kusama, uint8_t c[32]) noexcept;

}  // namespace sr25519
}  // namespace pyristretto
