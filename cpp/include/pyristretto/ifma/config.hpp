// Whether this build contains the AVX-512 IFMA backend, and the target attribute its functions carry.
// GCC >= 8 and clang >= 8 on x86-64 accept per-function AVX-512 targets; elsewhere the backend is compiled out and
// backend() is always "portable".
#pragma once

#if defined(PYRISTRETTO_IFMA_EMULATE)
// The constant-time check's build (ifma/emulate.hpp): the IFMA code on portable lane loops that valgrind can run,
// available on every CPU. Never set for the extension.
#define PYRISTRETTO_IFMA 1
#define PYR_IFMA_FN
#elif defined(__x86_64__) && (defined(__clang__) ? __clang_major__ >= 8 : (defined(__GNUC__) && __GNUC__ >= 8))
#define PYRISTRETTO_IFMA 1
// Every function that touches a __m512i carries this; helpers called from them must too (or inlining fails).
#define PYR_IFMA_FN __attribute__((target("avx512f,avx512ifma,avx512vl")))
#else
#define PYRISTRETTO_IFMA 0
#endif
