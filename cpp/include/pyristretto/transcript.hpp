// Merlin transcripts (protocol "Merlin v1.0", as dalek-cryptography/merlin defines them) on STROBE-128/1600:
// Fiat-Shamir challenges bound to everything appended before them, and an RNG bound to the transcript, to the
// prover's witnesses and to fresh external randomness.
//
// Strobe128 is the subset of STROBE v1.0.2 (security level 128 over Keccak-f[1600]) that Merlin uses: the
// operations meta-AD, AD, KEY and PRF, none of them transport (T) operations. Its state holds secrets once a
// witness is keyed in (TranscriptRngBuilder): every copy wipes its state when it goes away, and no branch or
// memory access depends on the data; only the lengths, which are public, steer the code.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pyristretto/keccak.hpp"

namespace pyristretto {

class Strobe128 {
public:
    // STROBE's rate at security level 128: 200 - 2*128/8 bytes, less 2 for the framing (pos_begin and the
    // padding byte) that each run of F adds, so N = R + 2 = 168 bytes are absorbed per permutation.
    static constexpr unsigned kRate = 166;
    // The operation flags of STROBE section 3.2 (Merlin uses meta-AD = M|A, AD = A, KEY = A|C, PRF = I|A|C).
    static constexpr uint8_t kFlagI = 1, kFlagA = 2, kFlagC = 4, kFlagT = 8, kFlagM = 16, kFlagK = 32;

    // The all-zero state, not yet a STROBE object: init must run before any operation.
    Strobe128() noexcept;
    // init: the state derived from STROBE's domain string, then meta-AD(protocol_label).
    Strobe128(const uint8_t* protocol_label, size_t len) noexcept;
    Strobe128(const Strobe128& other) noexcept;
    Strobe128& operator=(const Strobe128& other) noexcept;
    ~Strobe128() { wipe(); }

    void init(const uint8_t* protocol_label, size_t len) noexcept;

    // The four operations. With more = true an operation continues the previous one (STROBE's streaming): it
    // must then have the same flags, else nothing happens and false is returned. Otherwise true.
    bool meta_ad(const uint8_t* data, size_t len, bool more) noexcept;
    bool ad(const uint8_t* data, size_t len, bool more) noexcept;
    bool key(const uint8_t* data, size_t len, bool more) noexcept;
    bool prf(uint8_t* out, size_t len, bool more) noexcept;

    // The raw 200-byte sponge state, as the STROBE reference implementation shows it: the framing bytes of the
    // operation in progress are XORed in only when F runs. For the known-answer tests.
    const uint8_t* state() const noexcept { return st_; }
    // Whether two objects are in the same state (the sponge and the operation in progress). Variable time: for
    // public transcripts (a batch verifier recognising transcripts that start alike).
    bool same_state_vartime(const Strobe128& other) const noexcept;
    void wipe() noexcept;

private:
    bool begin_op(uint8_t flags, bool more) noexcept;
    void run_f() noexcept;
    void absorb(const uint8_t* data, size_t len) noexcept;
    void overwrite(const uint8_t* data, size_t len) noexcept;
    void squeeze(uint8_t* out, size_t len) noexcept;

    alignas(8) uint8_t st_[kKeccakStateBytes];
    uint8_t pos_;        // the next byte of the rate to use, < kRate
    uint8_t pos_begin_;  // where the current operation began (pos + 1 at its begin_op; 0 once F ran)
    uint8_t cur_flags_;  // the current operation's flags
};

// The largest length Merlin frames (messages, challenges, witnesses, RNG outputs): lengths are absorbed as 4
// little-endian bytes. Callers check it; the functions below take any length and frame it mod 2^32.
constexpr uint64_t kMerlinMaxLength = 0xFFFFFFFFu;

// A Merlin transcript: Strobe128 initialised with "Merlin v1.0", then append_message("dom-sep", label).
class MerlinTranscript {
public:
    MerlinTranscript(const uint8_t* label, size_t label_len) noexcept;

    // meta-AD(label); meta-AD(LE32(len), more); AD(message).
    void append_message(const uint8_t* label, size_t label_len, const uint8_t* message, size_t len) noexcept;
    // append_message(label, LE64(value)).
    void append_u64(const uint8_t* label, size_t label_len, uint64_t value) noexcept;
    // meta-AD(label); meta-AD(LE32(len), more); PRF(len bytes) into out.
    void challenge_bytes(const uint8_t* label, size_t label_len, uint8_t* out, size_t len) noexcept;
    // challenge_bytes(label, 64 bytes) reduced mod q (32 little-endian bytes), as the dalek protocols derive
    // challenge scalars (Scalar::from_bytes_mod_order_wide); the 64 bytes are wiped.
    void challenge_scalar(const uint8_t* label, size_t label_len, uint8_t out[32]) noexcept;

    const Strobe128& strobe() const noexcept { return strobe_; }
    bool same_state_vartime(const MerlinTranscript& other) const noexcept {
        return strobe_.same_state_vartime(other.strobe_);
    }

private:
    Strobe128 strobe_;
};

// The RNG bound to a transcript: the transcript's state, rekeyed with the witnesses, then with 32 bytes of
// external randomness. Without the external randomness it would be deterministic in the transcript and the
// witnesses; without the witnesses, in the transcript and the randomness.
class TranscriptRng {
public:
    // build_rng: a copy of the transcript's state (the transcript itself is not changed).
    explicit TranscriptRng(const MerlinTranscript& transcript) noexcept;

    // Builder: meta-AD(label); meta-AD(LE32(len), more); KEY(witness).
    void rekey_with_witness_bytes(const uint8_t* label, size_t label_len, const uint8_t* witness, size_t len) noexcept;
    // Builder's finalize: meta-AD("rng"); KEY(random_bytes), 32 bytes from the caller's RNG.
    void finalize(const uint8_t random_bytes[32]) noexcept;

    // meta-AD(LE32(len)); PRF(len bytes) into out.
    void fill_bytes(uint8_t* out, size_t len) noexcept;
    // fill_bytes(64 bytes) reduced mod q (as dalek's Scalar::random on this RNG); the 64 bytes are wiped.
    void random_scalar(uint8_t out[32]) noexcept;

private:
    Strobe128 strobe_;
};

}  // namespace pyristretto
