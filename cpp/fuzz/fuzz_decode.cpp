// libFuzzer harness: the decoder. Every 32-byte slice of the input (and the input's last 32 bytes, zero-padded
// when shorter) is decoded: ristretto_decode must accept exactly what libsodium's
// crypto_core_ristretto255_is_valid_point accepts with bit 255 clear (RFC 9496), re-encode an accepted encoding
// to itself (encodings are canonical), agree with is_valid_point, and ristretto_decode_many must report the
// first invalid slice.
#include <vector>

#include "fuzz_common.hpp"
#include "pyristretto/points.hpp"
#include "pyristretto/ristretto.hpp"

using namespace pyristretto;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::init();
    std::vector<uint8_t> enc(data, data + size - size % 32);
    uint8_t tail[32] = {0};
    std::memcpy(tail, data + (size > 32 ? size - 32 : 0), size < 32 ? size : 32);
    enc.insert(enc.end(), tail, tail + 32);
    const size_t n = enc.size() / 32;
    size_t first_invalid = n;
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* e = &enc[32 * i];
        EdwardsPoint p;
        const bool ok = ristretto_decode(p, e);
        fuzz::require(ok == fuzz::ref_valid(e),
                      "ristretto_decode accepts exactly libsodium's valid points, bit 255 clear");
        fuzz::require(ok == is_valid_point(e), "is_valid_point agrees with ristretto_decode");
        if (ok) {
            uint8_t again[32];
            ristretto_encode(again, p);
            fuzz::require(std::memcmp(again, e, 32) == 0, "encode(decode(e)) == e");
        } else if (first_invalid == n) {
            first_invalid = i;
        }
    }
    std::vector<EdwardsPoint> many(n);
    fuzz::require(ristretto_decode_many(many.data(), enc.data(), n) == first_invalid,
                  "ristretto_decode_many returns the first invalid index");
    return 0;
}
