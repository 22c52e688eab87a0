// A heap buffer for secret bytes (scalars) that is wiped with sodium_memzero when it goes away.
#pragma once
#include <sodium.h>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pyristretto {

class SecretBuffer {
public:
    SecretBuffer() = default;
    explicit SecretBuffer(size_t size) : bytes_(size) {}
    SecretBuffer(const SecretBuffer&) = delete;
    SecretBuffer& operator=(const SecretBuffer&) = delete;
    ~SecretBuffer() { wipe(); }

    // Sizes an empty buffer once (a later resize would free unwiped memory, so it wipes first).
    void allocate(size_t size) {
        wipe();
        bytes_.assign(size, 0);
    }
    void wipe() noexcept {
        if (!bytes_.empty()) sodium_memzero(bytes_.data(), bytes_.size());
    }
    uint8_t* data() noexcept { return bytes_.data(); }
    size_t size() const noexcept { return bytes_.size(); }

private:
    std::vector<uint8_t> bytes_;
};

}  // namespace pyristretto
