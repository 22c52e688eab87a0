// Which arithmetic backend the core uses: the portable radix-2^51 code (every CPU), the AVX2 code (x86-64 CPUs
// with AVX2) or the AVX-512 IFMA code (x86-64 CPUs with avx512f + avx512ifma + avx512vl), found by CPUID and XGETBV
// at run time. The choice is made once, on first use, from the CPU and the environment variable PYRISTRETTO_BACKEND:
//   unset, "" or "auto"  the fastest backend this CPU supports: IFMA, else AVX2, else portable;
//   "portable"           the portable code even where a vector backend exists (tests, side-by-side benchmarks);
//   "avx2"               AVX2 if the CPU has it (even where IFMA exists), otherwise portable;
//   "ifma"               IFMA if the CPU has it, otherwise as unset (backend() tells which one is in use).
// The AVX2 backend runs the single-point and Straus paths on four lanes (avx2/); everything else on it is the
// portable code. Nothing in the build enables AVX2 or AVX-512 globally: the vector functions carry their own
// target attributes and run only after this check, so one binary works on every x86-64 CPU.
#pragma once

namespace pyristretto {

enum class Backend { Portable = 0, Ifma = 1, Avx2 = 2 };

// The backend in use (fixed after the first call; thread-safe).
Backend backend();

// "portable", "avx2" or "ifma".
const char* backend_name();

// Tests and benchmarks only (C++; not exposed to Python): switches the backend in use, so both can be compared in
// one process. Returns false, changing nothing, when asked for IFMA or AVX2 where it is unavailable. Not for use while
// other threads compute.
bool set_backend_for_testing(Backend b);

// True when this build contains the IFMA code and this CPU (and OS) can run it, whatever PYRISTRETTO_BACKEND says.
bool ifma_available();

// The same for the AVX2 code (AVX2 and the OS saving the YMM state).
bool avx2_available();

}  // namespace pyristretto
