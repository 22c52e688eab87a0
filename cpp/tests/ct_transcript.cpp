// Constant-time check of the transcript RNG (valgrind memcheck, as cpp/tests/ct_check.cpp does for the scalar code):
// the witnesses and the external random bytes are marked undefined, then keyed into a TranscriptRng, which draws
// bytes and scalars; memcheck reports every branch and every memory address that depends on them (Keccak-f[1600],
// STROBE's KEY, PRF and framing, the reduction mod q). Lengths are public: they vary across the rate boundary.
// Run: valgrind --error-exitcode=1 ./ct_transcript   -> must report 0 errors.
#include <valgrind/memcheck.h>

#include <cstdio>
#include <vector>

#include "pyristretto/transcript.hpp"

using namespace pyristretto;

int main() {
    const uint8_t label[] = {'w'};
    std::vector<uint8_t> witness(400), out(400);
    uint8_t random_bytes[32], scalar[32];
    for (size_t i = 0; i < witness.size(); ++i) witness[i] = static_cast<uint8_t>(i * 7 + 1);
    for (unsigned i = 0; i < 32; ++i) random_bytes[i] = static_cast<uint8_t>(i * 13 + 5);
    VALGRIND_MAKE_MEM_UNDEFINED(witness.data(), witness.size());
    VALGRIND_MAKE_MEM_UNDEFINED(random_bytes, sizeof random_bytes);
    MerlinTranscript transcript(label, 1);
    transcript.append_message(label, 1, label, 1);
    unsigned runs = 0;
    for (size_t n : {0, 1, 32, 165, 166, 167, 400}) {
        TranscriptRng rng(transcript);
        rng.rekey_with_witness_bytes(label, 1, witness.data(), n);
        rng.rekey_with_witness_bytes(label, 1, witness.data(), 32);
        rng.finalize(random_bytes);
        rng.fill_bytes(out.data(), n);
        rng.random_scalar(scalar);
        VALGRIND_MAKE_MEM_DEFINED(out.data(), out.size());  // declassified: the outputs are the caller's
        VALGRIND_MAKE_MEM_DEFINED(scalar, sizeof scalar);
        ++runs;
    }
    std::printf("%u runs, 0 failed\n", runs);
    return 0;
}
