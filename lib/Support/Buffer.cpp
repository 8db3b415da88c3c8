//===- Buffer.cpp - memory for large arrays ---------------------*- C++ -*-===//

#include "mplang/Support/Buffer.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <mutex>
#include <sys/mman.h>
#include <utility>
#include <vector>

namespace {
/// A few freed mappings kept for reuse, bounded in count and bytes.
class MappingCache {
public:
  /// A cached mapping of exactly `size` bytes, or null.
  void *take(size_t size) {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = entries.begin(); it != entries.end(); ++it)
      if (it->second == size) {
        void *p = it->first;
        entries.erase(it);
        cachedBytes -= size;
        return p;
      }
    return nullptr;
  }
  /// Keeps `p` unless that would exceed the bounds; false if not kept.
  bool give(void *p, size_t size) {
    std::lock_guard<std::mutex> lock(mutex);
    if (entries.size() == kMaxEntries || cachedBytes + size > kMaxBytes)
      return false;
    entries.push_back({p, size});
    cachedBytes += size;
    return true;
  }

private:
  static constexpr size_t kMaxEntries = 4;
  static constexpr size_t kMaxBytes = size_t(512) << 20;
  std::mutex mutex;
  std::vector<std::pair<void *, size_t>> entries;
  size_t cachedBytes = 0;
};

MappingCache &mappingCache() {
  static MappingCache *cache = new MappingCache; // outlives static buffers
  return *cache;
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
    if (void *p = mappingCache().take(size)) {
      if (zeroed)
        std::memset(p, 0, size);
      return static_cast<uint8_t *>(p);
    }
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      llvm::report_bad_alloc_error("cannot map a large buffer");
    madvise(p, size, MADV_HUGEPAGE);
    return static_cast<uint8_t *>(p);
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
  else if (!mappingCache().give(p, size))
    munmap(p, size);
}
