// Library start-up: the run-time libsodium check.
#pragma once

namespace pyristretto {

// Calls sodium_init() once; returns false when libsodium is older than 1.0.18 or fails to start.
bool sodium_start() noexcept;

}  // namespace pyristretto
