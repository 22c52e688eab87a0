#include "pyristretto/sodium.hpp"

#include <sodium.h>

namespace pyristretto {

bool sodium_start() noexcept {
    // 1.0.18 is library version 10.3: the first with the ristretto255 API used here.
    const int major = sodium_library_version_major();
    const int minor = sodium_library_version_minor();
    if (major < 10 || (major == 10 && minor < 3)) return false;
    return sodium_init() >= 0;  // 1 means "already initialised", which is fine
}

}  // namespace pyristretto
