// Run-time backend choice (see backend.hpp).
#include "pyristretto/backend.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "pyristretto/ifma/config.hpp"

namespace pyristretto {

bool ifma_available() {
#if defined(PYRISTRETTO_IFMA_EMULATE)
    return true;  // the constant-time check's build: the IFMA code on portable lane loops runs anywhere
#elif PYRISTRETTO_IFMA
    // __builtin_cpu_supports also checks that the OS saves the ZMM state (XGETBV), not only the CPUID bits.
    // Valgrind's simulated CPU reports no AVX-512, so under memcheck the portable code runs.
    static const bool available = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma") &&
                                  __builtin_cpu_supports("avx512vl");
    return available;
#else
    return false;
#endif
}

namespace {

Backend choose() {
    const char* wanted = std::getenv("PYRISTRETTO_BACKEND");
    if (wanted != nullptr && std::strcmp(wanted, "portable") == 0) return Backend::Portable;
    return ifma_available() ? Backend::Ifma : Backend::Portable;
}

std::atomic<int> g_testing_override{-1};  // -1: none

}  // namespace

Backend backend() {
    static const Backend chosen = choose();  // read once: a later change of the environment has no effect
    const int forced = g_testing_override.load(std::memory_order_relaxed);
    return forced < 0 ? chosen : static_cast<Backend>(forced);
}

bool set_backend_for_testing(Backend b) {
    if (b == Backend::Ifma && !ifma_available()) return false;
    g_testing_override.store(static_cast<int>(b), std::memory_order_relaxed);
    return true;
}

const char* backend_name() { return backend() == Backend::Ifma ? "ifma" : "portable"; }

}  // namespace pyristretto
