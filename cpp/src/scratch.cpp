// The pool behind ScratchMemory (scratch.hpp): a few large blocks, mapped whole, kept between calls.
#include "pyristretto/scratch.hpp"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#include <sys/mman.h>
#define PYR_SCRATCH_MMAP 1
#else
#define PYR_SCRATCH_MMAP 0
#endif

// Under AddressSanitizer every block is malloc's, so that it still checks the buckets' bounds (a pooled block has no
// redzones and outlives its call).
#if defined(__SANITIZE_ADDRESS__)
#define PYR_SCRATCH_POOL 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PYR_SCRATCH_POOL 0
#endif
#endif
#ifndef PYR_SCRATCH_POOL
#define PYR_SCRATCH_POOL 1
#endif

// Under valgrind's memcheck a pooled block is marked as malloc's would be: undefined when handed out, its rounding
// and every kept block inaccessible, so that reads before writes and overruns are still reported. (Without
// valgrind these requests are a few instructions that do nothing.)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#else
#define VALGRIND_MAKE_MEM_UNDEFINED(address, bytes) ((void)(address), (void)(bytes))
#define VALGRIND_MAKE_MEM_NOACCESS(address, bytes) ((void)(address), (void)(bytes))
#endif

namespace pyristretto {
namespace {

constexpr size_t kHugePage = size_t(2) << 20;

// The kept blocks: a few, each a call's buckets for one thread, so a linear search is enough.
struct Pool {
    std::mutex lock;
    void* block[kScratchSlots] = {};
    size_t size[kScratchSlots] = {};
    size_t kept = 0;
};

Pool& pool() {
    static Pool* const p = [] {
        Pool* const created = new Pool;  // never destroyed: threads may still return blocks while the process exits
#if PYR_SCRATCH_MMAP
        // A fork while another thread holds the lock would leave it held forever in the child: take it around forks.
        pthread_atfork([] { pool().lock.lock(); }, [] { pool().lock.unlock(); }, [] { pool().lock.unlock(); });
#endif
        return created;
    }();
    return *p;
}

#if PYR_SCRATCH_MMAP
// size bytes (a multiple of kHugePage) at a kHugePage boundary, so that every page of it may be a huge page.
void* map_block(size_t size) {
    const size_t span = size + kHugePage;
    void* const raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto start = reinterpret_cast<uintptr_t>(raw);
    const uintptr_t aligned = (start + kHugePage - 1) & ~uintptr_t(kHugePage - 1);
    if (aligned > start) munmap(raw, aligned - start);
    if (start + span > aligned + size) munmap(reinterpret_cast<void*>(aligned + size), start + span - aligned - size);
    void* const block = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
    madvise(block, size, MADV_HUGEPAGE);  // a hint: with transparent huge pages off it does nothing
#endif
    return block;
}
void unmap_block(void* block, size_t size) { munmap(block, size); }
#else
void* map_block(size_t size) {
    void* const block = std::aligned_alloc(64, size);
    if (block == nullptr) throw std::bad_alloc();
    return block;
}
void unmap_block(void* block, size_t) { std::free(block); }
#endif

}  // namespace

const bool kScratchPool = PYR_SCRATCH_POOL;

ScratchMemory::ScratchMemory(size_t bytes) : data_(nullptr), size_(0) {
    if (bytes > SIZE_MAX / 2) throw std::bad_alloc();  // the roundings below cannot wrap
    if (bytes < kScratchPooled || !PYR_SCRATCH_POOL) {
        data_ = std::aligned_alloc(64, (bytes + 63) & ~size_t(63));
        if (data_ == nullptr && bytes > 0) throw std::bad_alloc();
        return;
    }
    const size_t size = (bytes + kHugePage - 1) & ~(kHugePage - 1);
    {
        Pool& p = pool();
        const std::lock_guard<std::mutex> guard(p.lock);
        int best = -1;  // the smallest kept block that is large enough
        for (int k = 0; k < kScratchSlots; ++k)
            if (p.block[k] && p.size[k] >= size && (best < 0 || p.size[k] < p.size[best])) best = k;
        if (best >= 0) {
            data_ = p.block[best];
            size_ = p.size[best];
            p.block[best] = nullptr;
            p.kept -= size_;
        }
    }
    if (data_ == nullptr) {
        data_ = map_block(size);
        size_ = size;
    }
    VALGRIND_MAKE_MEM_UNDEFINED(data_, bytes);
    VALGRIND_MAKE_MEM_NOACCESS(static_cast<char*>(data_) + bytes, size_ - bytes);
}

ScratchMemory& ScratchMemory::operator=(ScratchMemory&& other) noexcept {
    if (this != &other) {
        release();
        data_ = other.data_;
        size_ = other.size_;
        other.data_ = nullptr;
        other.size_ = 0;
    }
    return *this;
}

ScratchMemory::~ScratchMemory() { release(); }

void ScratchMemory::release() noexcept {
    if (size_ == 0) {
        std::free(data_);
        return;
    }
    {
        Pool& p = pool();
        const std::lock_guard<std::mutex> guard(p.lock);
        if (p.kept + size_ <= kScratchKeptBytes) {
            for (int k = 0; k < kScratchSlots; ++k) {
                if (p.block[k] == nullptr) {
                    VALGRIND_MAKE_MEM_NOACCESS(data_, size_);
                    p.block[k] = data_;
                    p.size[k] = size_;
                    p.kept += size_;
                    return;
                }
            }
        }
    }
    unmap_block(data_, size_);
}

size_t scratch_kept_bytes() noexcept {
    Pool& p = pool();
    const std::lock_guard<std::mutex> guard(p.lock);
    return p.kept;
}

}  // namespace pyristretto
