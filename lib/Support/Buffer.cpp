//===- Buffer.cpp - memory for large arrays ---------------------*- C++ -*-===//

#include "mplang/Support/Buffer.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <map>
#include <mutex>
#include <sys/mman.h>

using namespace mplang;

namespace {

/// The unit of mapped memory: a transparent huge page.
constexpr size_t kHugePage = size_t(2) << 20;

size_t roundToHugePages(size_t size) {
  return (size + kHugePage - 1) / kHugePage * kHugePage;
}

/// Freed mapped memory kept for the next large buffers, whose pages are then
/// already faulted in: first touches cost a page fault and the kernel's
/// zeroing of each page, which otherwise take a large share of a protocol's
/// time (clear_page in a profile). Free ranges are huge-page multiples and
/// adjacent ones merge. A request takes the smallest free range that fits;
/// when none does, it gets a fresh mapping and moves free ranges into it
/// (mremap moves pages without copying or zeroing them), so that a buffer
/// larger than any free range (the next level of a tree, twice the last)
/// still reuses what is free.
class MappingPool {
public:
  /// `size` bytes (a huge-page multiple) of mapped memory, of which the
  /// first `dirty` may hold old data and the rest are zero.
  uint8_t *take(size_t size, size_t &dirty) {
    std::lock_guard<std::mutex> lock(mutex);
    auto fit = bySize.lower_bound(size);
    if (fit != bySize.end()) {
      auto [rangeSize, address] = *fit;
      erase(address, rangeSize);
      if (rangeSize > size)
        insert(address + size, rangeSize - size);
      dirty = size;
      return reinterpret_cast<uint8_t *>(address);
    }
    uint8_t *p = map(size);
    dirty = 0;
    while (dirty < size && !bySize.empty()) {
      auto [rangeSize, address] = *std::prev(bySize.end());
      size_t moved = std::min(rangeSize, size - dirty);
      erase(address, rangeSize);
      if (rangeSize > moved)
        insert(address + moved, rangeSize - moved);
      move(address, moved, p + dirty);
      dirty += moved;
    }
    return p;
  }

  /// Keeps [p, p + size) for reuse.
  void give(uint8_t *p, size_t size) {
    std::lock_guard<std::mutex> lock(mutex);
    uintptr_t address = reinterpret_cast<uintptr_t>(p);
    // Merge with the free neighbours.
    auto next = byAddress.lower_bound(address);
    if (next != byAddress.end() && next->first == address + size) {
      size += next->second;
      erase(next->first, next->second);
    }
    auto prev = byAddress.lower_bound(address);
    if (prev != byAddress.begin()) {
      --prev;
      if (prev->first + prev->second == address) {
        address = prev->first;
        size += prev->second;
        erase(prev->first, prev->second);
      }
    }
    insert(address, size);
    if (freeBytes > kMaxFreeBytes)
      releaseAtLeast(freeBytes - kMaxFreeBytes);
  }

private:
  /// Free memory beyond this is returned to the system.
  static constexpr size_t kMaxFreeBytes = size_t(1) << 30;

  /// A fresh mapping aligned to a huge page, advised for huge pages.
  static uint8_t *map(size_t size) {
    size_t padded = size + kHugePage;
    void *p = mmap(nullptr, padded, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      llvm::report_bad_alloc_error("cannot map a large buffer");
    uintptr_t start = reinterpret_cast<uintptr_t>(p);
    uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
    if (aligned > start)
      munmap(p, aligned - start);
    if (uintptr_t end = aligned + size; end < start + padded)
      munmap(reinterpret_cast<void *>(end), start + padded - end);
    madvise(reinterpret_cast<void *>(aligned), size, MADV_HUGEPAGE);
    return reinterpret_cast<uint8_t *>(aligned);
  }

  /// Moves the pages of [address, address + size) to `to`. A merged free
  /// range may span mappings, which one mremap cannot move; mappings start
  /// and end at huge pages, so one huge page at a time always can.
  static void move(uintptr_t address, size_t size, uint8_t *to) {
    auto remap = [](uintptr_t from, size_t bytes, uint8_t *dest) {
      return mremap(reinterpret_cast<void *>(from), bytes, bytes,
                    MREMAP_MAYMOVE | MREMAP_FIXED, dest) != MAP_FAILED;
    };
    if (remap(address, size, to))
      return;
    for (size_t done = 0; done < size; done += kHugePage)
      if (!remap(address + done, kHugePage, to + done))
        llvm::report_fatal_error("cannot move a free buffer's pages");
  }

  /// Unmaps free ranges, largest first, until `bytes` are released.
  void releaseAtLeast(size_t bytes) {
    size_t released = 0;
    while (released < bytes && !bySize.empty()) {
      auto [size, address] = *std::prev(bySize.end());
      erase(address, size);
      munmap(reinterpret_cast<void *>(address), size);
      released += size;
    }
  }

  void insert(uintptr_t address, size_t size) {
    byAddress.emplace(address, size);
    bySize.emplace(size, address);
    freeBytes += size;
  }

  void erase(uintptr_t address, size_t size) {
    byAddress.erase(address);
    auto [first, last] = bySize.equal_range(size);
    for (auto it = first; it != last; ++it)
      if (it->second == address) {
        bySize.erase(it);
        break;
      }
    freeBytes -= size;
  }

  std::mutex mutex;
  std::map<uintptr_t, size_t> byAddress;
  std::multimap<size_t, uintptr_t> bySize;
  size_t freeBytes = 0;
};

MappingPool &mappingPool() {
  static MappingPool *pool = new MappingPool; // outlives static buffers
  return *pool;
}

/// Free memory the C heap keeps at its top instead of returning it.
constexpr size_t kHeapKeepBytes = size_t(64) << 20;

/// Buffers below kMappedBufferBytes come from the C heap. glibc maps a
/// block above its mmap threshold (128 KiB at first, then the size of the
/// last mapped block freed) afresh and trims the free top of the heap, so a
/// loop of equally sized buffers of a few hundred KiB faulted every page in
/// again at each allocation. Fixed thresholds keep them in the heap.
void keepMidSizeBuffersInHeap() {
#ifdef __GLIBC__
  static const bool done = [] {
    mallopt(M_MMAP_THRESHOLD, int(mplang::kMappedBufferBytes));
    mallopt(M_TRIM_THRESHOLD, int(kHeapKeepBytes));
    return true;
  }();
  (void)done;
#endif
}
} // namespace

uint8_t *mplang::allocateBuffer(size_t size, bool zeroed) {
  if (size >= kMappedBufferBytes) {
    size_t dirty;
    uint8_t *p = mappingPool().take(roundToHugePages(size), dirty);
    // Fresh pages are zero, and untouched ones stay unbacked.
    if (zeroed)
      std::memset(p, 0, std::min(size, dirty));
    return p;
  }
  keepMidSizeBuffersInHeap();
  // At least one byte, so that empty buffers have a valid pointer.
  size = std::max<size_t>(size, 1);
  auto *p =
      static_cast<uint8_t *>(zeroed ? std::calloc(size, 1) : std::malloc(size));
  if (!p)
    llvm::report_bad_alloc_error("cannot allocate a buffer");
  return p;
}

void mplang::freeBuffer(uint8_t *p, size_t size) {
  if (size < kMappedBufferBytes)
    std::free(p);
  else
    mappingPool().give(p, roundToHugePages(size));
}
