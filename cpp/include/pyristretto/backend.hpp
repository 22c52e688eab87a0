// Which arithmetic backend the core uses: the portable radix-2^51 code (every CPU) or the AVX-512 IFMA code
// (x86-64 CPUs with avx512f + avx512ifma + avx512vl, found by CPUID at run time). The choice is made once, on first
// use, from the CPU and the environment variable PYRISTRETTO_BACKEND:
//   unset, "" or "auto"  the fastest backend this CPU supports;
//   "portable"           the portable code even where IFMA exists (for tests and side-by-side benchmarks);
//   "ifma"               IFMA if the CPU has it, otherwise portable (backend() tells which one is in use).
// Nothing in the build enables AVX-512 globally: the IFMA functions carry their own target attributes and run only
// after this check, so one binary works on every x86-64 CPU.
#pragma once

namespace pyristretto {

enum class Backend { Portable = 0, Ifma = 1 };

// The backend in use (fixed after the first call; thread-safe).
Backend backend();

// "portable" or "ifma".
const char* backend_name();

// Tests and benchmarks only (C++; not exposed to Python): switches the backend in use, so both can be compared in
// one process. Returns false, changing nothing, when asked for IFMA where it is unavailable. Not for use while
// other threads compute.
bool set_backend_for_testing(Backend b);

// True when this build contains the IFMA code and this CPU (and OS) can run it, whatever PYRISTRETTO_BACKEND says.
bool ifma_available();

}  // namespace pyristretto
