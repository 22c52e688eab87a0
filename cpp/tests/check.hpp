// What the C++ test programs share: the pass/fail tally that their last line reports ("N passed, M failed", read
// by tests/test_cpp_units.py) and reproducible random numbers (splitmix64 from a fixed seed: every run checks the
// same inputs, so a failure can be replayed).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

inline int g_pass = 0, g_fail = 0;

inline void check(bool ok, const std::string& what) {
    if (ok) { ++g_pass; return; }
    ++g_fail;
    std::printf("FAIL: %s\n", what.c_str());
}

inline uint64_t g_state = 0x1f2e3d4c5b6a7988ULL;  // a program may reseed it (assign) before its first rnd()

inline uint64_t rnd() {
    uint64_t z = (g_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
