// libFuzzer harness: the RFC 9496 one-way map. Every 64-byte slice of the input (and the last 64 bytes,
// zero-padded when shorter) is mapped by ristretto_from_uniform and by libsodium's
// crypto_core_ristretto255_from_hash: the two must agree, and the result must be a valid canonical encoding.
#include "fuzz_common.hpp"
#include "pyristretto/ristretto.hpp"

using namespace pyristretto;

namespace {
void one(const uint8_t u[64]) {
    uint8_t got[32], want[32];
    ristretto_from_uniform(got, u);
    crypto_core_ristretto255_from_hash(want, u);
    fuzz::require(std::memcmp(got, want, 32) == 0, "ristretto_from_uniform == crypto_core_ristretto255_from_hash");
    fuzz::require(fuzz::ref_valid(got), "the one-way map gives a valid encoding");
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::init();
    for (size_t off = 0; off + 64 <= size; off += 64) one(data + off);
    uint8_t tail[64] = {0};
    std::memcpy(tail, data + (size > 64 ? size - 64 : 0), size < 64 ? size : 64);
    one(tail);
    return 0;
}
