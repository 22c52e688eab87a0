// Whether this build contains the AVX2 backend, and the target attribute its functions carry.
// GCC >= 8 and clang >= 8 on x86-64 accept per-function AVX2 targets; elsewhere the backend is compiled out.
#pragma once

#if defined(__x86_64__) && (defined(__clang__) ? __clang_major__ >= 8 : (defined(__GNUC__) && __GNUC__ >= 8))
#define PYRISTRETTO_AVX2 1
// Every function that touches a __m256i carries this; helpers called from them must too (or inlining fails).
#define PYR_AVX2_FN __attribute__((target("avx2")))
#else
#define PYRISTRETTO_AVX2 0
#endif
