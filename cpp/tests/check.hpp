// What the C++ test programs share: the pass/fail tally that their last line reports ("N passed, M failed", read
// by tests/test_cpp_units.py), reproducible random numbers (splitmix64 from a fixed seed: every run checks the
// same inputs, so a failure can be replayed), and hex for the vector file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

inline int g_pass = 0, g_fail = 0;

inline void check(bool ok, const std::string& what) {
    if (ok) {
        ++g_pass;
        return;
    }
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

inline std::string hex(const uint8_t* b, size_t n) {
    static const char* d = "0123456789abcdef";
    std::string s;
    for (size_t i = 0; i < n; ++i) {
        s += d[b[i] >> 4];
        s += d[b[i] & 15];
    }
    return s;
}

// n bytes from 2n hex digits; false (out untouched) when h has another length.
inline bool from_hex(const std::string& h, uint8_t* out, size_t n = 32) {
    if (h.size() != 2 * n) return false;
    for (size_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(std::stoi(h.substr(2 * i, 2), nullptr, 16));
    return true;
}

// The lowercase hex strings of hex_len digits between the JSON keys `key` and `next_key` of doc, in order.
inline std::vector<std::string> hex_strings_between(const std::string& doc, const std::string& key,
                                                    const std::string& next_key, size_t hex_len = 64) {
    std::vector<std::string> out;
    size_t a = doc.find("\"" + key + "\"");
    size_t b = doc.find("\"" + next_key + "\"");
    if (a == std::string::npos || b == std::string::npos || b < a) return out;
    for (size_t i = a; i < b; ++i) {
        if (doc[i] != '"') continue;
        size_t j = doc.find('"', i + 1);
        if (j == std::string::npos || j > b) break;
        std::string s = doc.substr(i + 1, j - i - 1);
        if (s.size() == hex_len && s.find_first_not_of("0123456789abcdef") == std::string::npos) out.push_back(s);
        i = j;
    }
    return out;
}
