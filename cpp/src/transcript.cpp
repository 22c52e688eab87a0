// STROBE-128 (the subset Merlin uses) and Merlin transcripts; see transcript.hpp.
//
// STROBE's duplex, reduced to these operations (STROBE v1.0.2, sections 5 and 6):
//  - begin_op absorbs two framing bytes, the previous operation's start (pos_begin) and the new flags, then
//    records pos + 1 as this operation's start. Operations with C or K set run F first if the rate is partly
//    used, so their data starts on a fresh block.
//  - each data byte then uses one byte of the rate: AD and meta-AD XOR it in (absorb), KEY writes it over the
//    state (overwrite: STROBE's C flag without I), PRF reads the state out and zeroes it (squeeze: the input of
//    an I|A|C operation is all zeros).
//  - when the rate is full F runs: the framing pos_begin, then the padding 0x04 ... 0x80 (cSHAKE-style: 0x04 at
//    pos + 1, 0x80 in the last byte R + 1), then Keccak-f[1600]; the next block starts at pos = pos_begin = 0.
#include "pyristretto/transcript.hpp"

#include <cstring>

#include <sodium.h>

namespace pyristretto {
namespace {

constexpr uint8_t kMerlinProtocolLabel[] = {'M', 'e', 'r', 'l', 'i', 'n', ' ', 'v', '1', '.', '0'};

void le32(uint8_t out[4], size_t value) noexcept {
    for (unsigned i = 0; i < 4; ++i) out[i] = static_cast<uint8_t>(value >> (8 * i));
}

// Merlin's framing of a labelled operation: meta-AD(label); meta-AD(LE32(len), more), before the operation on len
// bytes itself.
void frame(Strobe128& strobe, const uint8_t* label, size_t label_len, size_t len) noexcept {
    uint8_t length[4];
    le32(length, len);
    strobe.meta_ad(label, label_len, false);
    strobe.meta_ad(length, 4, true);
}

void reduce_wide(uint8_t out[32], uint8_t wide[64]) noexcept {
    crypto_core_ristretto255_scalar_reduce(out, wide);
    sodium_memzero(wide, 64);
}

}  // namespace

Strobe128::Strobe128() noexcept : st_{}, pos_(0), pos_begin_(0), cur_flags_(0) {}

Strobe128::Strobe128(const uint8_t* protocol_label, size_t len) noexcept : Strobe128() { init(protocol_label, len); }

bool Strobe128::same_state_vartime(const Strobe128& other) const noexcept {
    return pos_ == other.pos_ && pos_begin_ == other.pos_begin_ && cur_flags_ == other.cur_flags_ &&
           std::memcmp(st_, other.st_, sizeof st_) == 0;
}

Strobe128::Strobe128(const Strobe128& other) noexcept
    : pos_(other.pos_), pos_begin_(other.pos_begin_), cur_flags_(other.cur_flags_) {
    std::memcpy(st_, other.st_, sizeof st_);
}

Strobe128& Strobe128::operator=(const Strobe128& other) noexcept {
    if (this != &other) {
        std::memcpy(st_, other.st_, sizeof st_);
        pos_ = other.pos_;
        pos_begin_ = other.pos_begin_;
        cur_flags_ = other.cur_flags_;
    }
    return *this;
}

void Strobe128::wipe() noexcept {
    sodium_memzero(st_, sizeof st_);
    pos_ = pos_begin_ = cur_flags_ = 0;
}

void Strobe128::init(const uint8_t* protocol_label, size_t len) noexcept {
    // STROBE section 5.1: the cSHAKE-style domain block [1, R + 2, 1, 0, 1, 12 * 8] || "STROBEv1.0.2", permuted
    // once; then the protocol label as a meta-AD operation.
    static constexpr uint8_t kDomain[18] = {1,   kRate + 2, 1,   0,   1,   96,  'S', 'T', 'R',
                                            'O', 'B',       'E', 'v', '1', '.', '0', '.', '2'};
    wipe();
    std::memcpy(st_, kDomain, sizeof kDomain);
    keccak_f1600(st_);
    meta_ad(protocol_label, len, false);
}

void Strobe128::run_f() noexcept {
    st_[pos_] ^= pos_begin_;
    st_[pos_ + 1] ^= 0x04;
    st_[kRate + 1] ^= 0x80;
    keccak_f1600(st_);
    pos_ = 0;
    pos_begin_ = 0;
}

void Strobe128::absorb(const uint8_t* data, size_t len) noexcept {
    for (size_t i = 0; i < len; ++i) {
        st_[pos_] ^= data[i];
        if (++pos_ == kRate) run_f();
    }
}

void Strobe128::overwrite(const uint8_t* data, size_t len) noexcept {
    for (size_t i = 0; i < len; ++i) {
        st_[pos_] = data[i];
        if (++pos_ == kRate) run_f();
    }
}

void Strobe128::squeeze(uint8_t* out, size_t len) noexcept {
    for (size_t i = 0; i < len; ++i) {
        out[i] = st_[pos_];
        st_[pos_] = 0;
        if (++pos_ == kRate) run_f();
    }
}

bool Strobe128::begin_op(uint8_t flags, bool more) noexcept {
    if (more) return cur_flags_ == flags;  // continuing: nothing to frame
    uint8_t old_begin = pos_begin_;
    pos_begin_ = static_cast<uint8_t>(pos_ + 1);
    cur_flags_ = flags;
    const uint8_t frame[2] = {old_begin, flags};
    absorb(frame, 2);
    // C and K operations start on a fresh block (STROBE section 6.2, "force F"), unless one just began.
    if ((flags & (kFlagC | kFlagK)) != 0 && pos_ != 0) run_f();
    return true;
}

bool Strobe128::meta_ad(const uint8_t* data, size_t len, bool more) noexcept {
    if (!begin_op(kFlagM | kFlagA, more)) return false;
    absorb(data, len);
    return true;
}

bool Strobe128::ad(const uint8_t* data, size_t len, bool more) noexcept {
    if (!begin_op(kFlagA, more)) return false;
    absorb(data, len);
    return true;
}

bool Strobe128::key(const uint8_t* data, size_t len, bool more) noexcept {
    if (!begin_op(kFlagA | kFlagC, more)) return false;
    overwrite(data, len);
    return true;
}

bool Strobe128::prf(uint8_t* out, size_t len, bool more) noexcept {
    if (!begin_op(kFlagI | kFlagA | kFlagC, more)) return false;
    squeeze(out, len);
    return true;
}

MerlinTranscript::MerlinTranscript(const uint8_t* label, size_t label_len) noexcept
    : strobe_(kMerlinProtocolLabel, sizeof kMerlinProtocolLabel) {
    static constexpr uint8_t kDomSep[] = {'d', 'o', 'm', '-', 's', 'e', 'p'};
    append_message(kDomSep, sizeof kDomSep, label, label_len);
}

void MerlinTranscript::append_message(const uint8_t* label, size_t label_len, const uint8_t* message,
                                      size_t len) noexcept {
    frame(strobe_, label, label_len, len);
    strobe_.ad(message, len, false);
}

void MerlinTranscript::append_u64(const uint8_t* label, size_t label_len, uint64_t value) noexcept {
    uint8_t bytes[8];
    for (unsigned i = 0; i < 8; ++i) bytes[i] = static_cast<uint8_t>(value >> (8 * i));
    append_message(label, label_len, bytes, 8);
}

void MerlinTranscript::challenge_bytes(const uint8_t* label, size_t label_len, uint8_t* out, size_t len) noexcept {
    frame(strobe_, label, label_len, len);
    strobe_.prf(out, len, false);
}

void MerlinTranscript::challenge_scalar(const uint8_t* label, size_t label_len, uint8_t out[32]) noexcept {
    uint8_t wide[64];
    challenge_bytes(label, label_len, wide, 64);
    reduce_wide(out, wide);
}

TranscriptRng::TranscriptRng(const MerlinTranscript& transcript) noexcept : strobe_(transcript.strobe()) {}

void TranscriptRng::rekey_with_witness_bytes(const uint8_t* label, size_t label_len, const uint8_t* witness,
                                             size_t len) noexcept {
    frame(strobe_, label, label_len, len);
    strobe_.key(witness, len, false);
}

void TranscriptRng::finalize(const uint8_t random_bytes[32]) noexcept {
    static constexpr uint8_t kRng[] = {'r', 'n', 'g'};
    strobe_.meta_ad(kRng, sizeof kRng, false);
    strobe_.key(random_bytes, 32, false);
}

void TranscriptRng::fill_bytes(uint8_t* out, size_t len) noexcept {
    uint8_t length[4];
    le32(length, len);
    strobe_.meta_ad(length, 4, false);
    strobe_.prf(out, len, false);
}

void TranscriptRng::random_scalar(uint8_t out[32]) noexcept {
    uint8_t wide[64];
    fill_bytes(wide, 64);
    reduce_wide(out, wide);
}

}  // namespace pyristretto
