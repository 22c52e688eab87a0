// Run-time backend choice (see backend.hpp).
#include "pyristretto/backend.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "pyristretto/avx2/config.hpp"
#include "pyristretto/ifma/config.hpp"

#if PYRISTRETTO_AVX2 || (PYRISTRETTO_IFMA && !defined(PYRISTRETTO_IFMA_EMULATE))
#include <cpuid.h>
#endif

namespace pyristretto {

bool ifma_available() {
#if defined(PYRISTRETTO_IFMA_EMULATE)
    return true;  // the constant-time check's build: the IFMA code on portable lane loops runs anywhere
#elif PYRISTRETTO_IFMA
    // CPUID itself, not __builtin_cpu_supports: zig's compiler runtime (the wheels' toolchain) leaves the
    // __cpu_model that builtin reads all zero, so it reports no feature at all. The CPU must have AVX-512 F, VL and
    // IFMA (leaf 7: EBX bits 16, 31, 21), and the OS must save the opmask and ZMM state: OSXSAVE (leaf 1: ECX bit
    // 27), then XCR0 bits 1, 2 (SSE, AVX) and 5-7 (opmask, ZMM0-15 upper halves, ZMM16-31).
    // Valgrind's simulated CPU reports no AVX-512, so under memcheck the portable code runs.
    static const bool available = [] {
        unsigned eax, ebx, ecx, edx;
        if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27))) return false;
        unsigned xcr0_lo, xcr0_hi;
        __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
        if ((xcr0_lo & 0xE6u) != 0xE6u) return false;
        if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
        const unsigned needed = (1u << 16) | (1u << 21) | (1u << 31);
        return (ebx & needed) == needed;
    }();
    return available;
#else
    return false;
#endif
}

bool avx2_available() {
#if PYRISTRETTO_AVX2
    // As for IFMA: leaf 7 EBX bit 5 (AVX2), OSXSAVE, and XCR0 bits 1, 2 (the OS saves the SSE and YMM state).
    // Valgrind's simulated CPU has AVX2 (so the constant-time check runs this code on the real instructions).
    static const bool available = [] {
        unsigned eax, ebx, ecx, edx;
        if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27))) return false;
        unsigned xcr0_lo, xcr0_hi;
        __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
        if ((xcr0_lo & 0x6u) != 0x6u) return false;
        if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
        return (ebx & (1u << 5)) != 0;
    }();
    return available;
#else
    return false;
#endif
}

namespace {

Backend choose() {
    const char* wanted = std::getenv("PYRISTRETTO_BACKEND");
    if (wanted != nullptr && std::strcmp(wanted, "portable") == 0) return Backend::Portable;
    if (wanted != nullptr && std::strcmp(wanted, "avx2") == 0)
        return avx2_available() ? Backend::Avx2 : Backend::Portable;
    if (ifma_available()) return Backend::Ifma;
    return avx2_available() ? Backend::Avx2 : Backend::Portable;
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
    if (b == Backend::Avx2 && !avx2_available()) return false;
    g_testing_override.store(static_cast<int>(b), std::memory_order_relaxed);
    return true;
}

const char* backend_name() {
    switch (backend()) {
        case Backend::Ifma: return "ifma";
        case Backend::Avx2: return "avx2";
        default: return "portable";
    }
}

}  // namespace pyristretto
