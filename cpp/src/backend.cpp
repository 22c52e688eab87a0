// Run-time backend choice (see backend.hpp).
#include "pyristretto/backend.hpp"

#include <cstdlib>
#include <cstring>

#include "pyristretto/ifma/config.hpp"

namespace pyristretto {

bool ifma_available() {
#if PYRISTRETTO_IFMA
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

}  // namespace

Backend backend() {
    static const Backend chosen = choose();  // read once: a later change of the environment has no effect
    return chosen;
}

const char* backend_name() { return backend() == Backend::Ifma ? "ifma" : "portable"; }

}  // namespace pyristretto
