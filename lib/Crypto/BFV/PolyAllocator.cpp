//===- PolyAllocator.cpp - Recycled storage for polynomials ---------------===//

#include "mplang/Crypto/BFV/PolyAllocator.h"

#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

namespace mplang::crypto::bfv {

namespace {

/// Enough for every temporary of a ct x ct product with relinearization at
/// n = 16384; beyond it blocks go back to the C library.
constexpr size_t kPoolCapBytes = size_t(256) << 20;

struct Pool {
  std::mutex lock;
  std::unordered_map<size_t, std::vector<void *>> free;
  size_t cachedBytes = 0;
};

Pool &pool() {
  // Leaked: polynomials in static storage may be freed after it would be
  // destroyed.
  static Pool *p = new Pool;
  return *p;
}

size_t rounded(size_t bytes) { return (bytes + 63) / 64 * 64; }

} // namespace

void *poolAllocate(size_t bytes) {
  bytes = rounded(bytes);
  if (bytes >= kPoolMinBytes) {
    Pool &p = pool();
    std::lock_guard<std::mutex> guard(p.lock);
    auto it = p.free.find(bytes);
    if (it != p.free.end() && !it->second.empty()) {
      void *block = it->second.back();
      it->second.pop_back();
      p.cachedBytes -= bytes;
      return block;
    }
  }
  // Fails like std::allocator (bad_alloc) when memory runs out.
  return ::operator new(bytes, std::align_val_t(64));
}

void poolFree(void *block, size_t bytes) {
  bytes = rounded(bytes);
  if (bytes >= kPoolMinBytes) {
    Pool &p = pool();
    std::lock_guard<std::mutex> guard(p.lock);
    if (p.cachedBytes + bytes <= kPoolCapBytes) {
      p.free[bytes].push_back(block);
      p.cachedBytes += bytes;
      return;
    }
  }
  ::operator delete(block, std::align_val_t(64));
}

} // namespace mplang::crypto::bfv
