//===- PolyAllocator.h - Recycled storage for polynomials -------*- C++ -*-===//
//
// A polynomial over a few primes takes 100 KiB to a few MiB. glibc serves
// such blocks with mmap and returns them on free, so every operation would
// page-fault its fresh result in again. Freed blocks of at least
// kPoolMinBytes are instead kept (up to a cap) and handed out again for the
// next block of the same size; they are 64-byte aligned for the vector code.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_POLYALLOCATOR_H
#define MPLANG_CRYPTO_BFV_POLYALLOCATOR_H

#include <cstddef>
#include <new>
#include <utility>

namespace mplang::crypto::bfv {

constexpr size_t kPoolMinBytes = size_t(64) << 10;

/// `bytes` of storage, from the pool when a block of that size is free.
void *poolAllocate(size_t bytes);
/// Returns a block from poolAllocate(bytes).
void poolFree(void *block, size_t bytes);

template <typename T> struct PolyAllocator {
  using value_type = T;

  PolyAllocator() = default;
  template <typename U> PolyAllocator(const PolyAllocator<U> &) {}

  T *allocate(size_t count) {
    return static_cast<T *>(poolAllocate(count * sizeof(T)));
  }
  void deallocate(T *block, size_t count) {
    poolFree(block, count * sizeof(T));
  }

  /// Value-initialization without arguments is skipped: polynomials that
  /// are about to be overwritten need no zero pass (RnsPoly zeroes
  /// explicitly when it must).
  template <typename U> void construct(U *p) {
    ::new (static_cast<void *>(p)) U;
  }
  template <typename U, typename... Args> void construct(U *p, Args &&...args) {
    ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
  }

  template <typename U> bool operator==(const PolyAllocator<U> &) const {
    return true;
  }
  template <typename U> bool operator!=(const PolyAllocator<U> &) const {
    return false;
  }
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_POLYALLOCATOR_H
