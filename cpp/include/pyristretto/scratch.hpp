// Internal (not part of the API): large per-call scratch memory (the Pippenger buckets, megabytes a thread) that is
// kept for the next call instead of going back to the system.
#pragma once
#include <cstddef>

namespace pyristretto {

// Memory of at least `bytes`, 64-byte aligned, contents unspecified. Blocks from kScratchPooled bytes come from a
// process-wide pool: they are mapped whole (mmap) in 2 MiB units, aligned so that Linux may back them with huge pages
// (madvise MADV_HUGEPAGE), and when freed they are kept for the next call, at most kScratchSlots blocks and
// kScratchKeptBytes in all (with more threads than that holds, the others' blocks go back to the system as before).
// Without it, glibc gave the 4.7 MB of IFMA buckets back to the system after some calls and not others, and the next
// call paid a page fault a 4 KiB page (16384 points: 948 a call, ~10% of the time). Smaller blocks are malloc's. A
// kept block is neither wiped nor unmapped: never put secrets in one (the Pippengers' scalars are public). Throws
// std::bad_alloc.
class ScratchMemory {
public:
    ScratchMemory() noexcept : data_(nullptr), size_(0) {}  // none yet
    explicit ScratchMemory(size_t bytes);
    ~ScratchMemory();
    ScratchMemory(const ScratchMemory&) = delete;
    ScratchMemory& operator=(const ScratchMemory&) = delete;
    ScratchMemory(ScratchMemory&& other) noexcept : data_(other.data_), size_(other.size_) {
        other.data_ = nullptr;
        other.size_ = 0;
    }
    ScratchMemory& operator=(ScratchMemory&& other) noexcept;
    void* data() const noexcept { return data_; }
    template <class T>
    T* as() const noexcept {
        return static_cast<T*>(data_);
    }

private:
    void release() noexcept;  // to the pool or the system
    void* data_;
    size_t size_;  // 0: from malloc; else the pooled block's mapped size
};

constexpr size_t kScratchPooled = size_t(256) << 10;
constexpr int kScratchSlots = 16;
constexpr size_t kScratchKeptBytes = size_t(32) << 20;

// Whether blocks from kScratchPooled bytes are pooled (not in an AddressSanitizer build), and the bytes the pool
// keeps now: for the tests.
extern const bool kScratchPool;
size_t scratch_kept_bytes() noexcept;

}  // namespace pyristretto
