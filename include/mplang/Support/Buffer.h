//===- Buffer.h - memory for large arrays -----------------------*- C++ -*-===//
//
// Tensors, messages and kernel scratch arrays of megabytes are mapped
// directly and advised for transparent huge pages: with 4 KiB pages,
// first-touch faults and TLB misses dominate kernels that stream through or
// randomly index big arrays (OKVS tables, AES expansions). Freed mappings
// are kept in a pool and cut to the size of later buffers (up to 1 GiB of
// free memory), so that a protocol's stream of large tensors reuses pages
// already faulted in rather than having the kernel zero fresh ones.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_SUPPORT_BUFFER_H
#define MPLANG_SUPPORT_BUFFER_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <memory>
#include <type_traits>

namespace mplang {

/// Buffers of at least this many bytes are mapped rather than allocated.
constexpr size_t kMappedBufferBytes = size_t(2) << 20;

/// Returns `size` bytes (a valid pointer even for size 0), zero if `zeroed`,
/// otherwise as they come; reports a fatal error when memory is exhausted.
uint8_t *allocateBuffer(size_t size, bool zeroed);
/// Frees what allocateBuffer(size, ...) returned.
void freeBuffer(uint8_t *p, size_t size);

/// Deleter for allocateBuffer memory, for use with std::unique_ptr.
struct BufferDeleter {
  size_t size = 0;
  void operator()(uint8_t *p) const { freeBuffer(p, size); }
};

/// A fixed-size array of trivially copyable Ts in such memory.
template <typename T> class BufferArray {
  static_assert(std::is_trivially_copyable_v<T>, "elements are raw bytes");

public:
  /// `size` elements, all zero bytes if `zeroed`, otherwise unspecified.
  BufferArray(size_t size, bool zeroed)
      : bytes(allocateBuffer(size * sizeof(T), zeroed),
              BufferDeleter{size * sizeof(T)}),
        size(size) {}

  T *data() { return reinterpret_cast<T *>(bytes.get()); }
  const T *data() const { return reinterpret_cast<const T *>(bytes.get()); }
  T &operator[](size_t i) { return data()[i]; }
  const T &operator[](size_t i) const { return data()[i]; }
  operator llvm::ArrayRef<T>() const { return {data(), size}; }

private:
  std::unique_ptr<uint8_t[], BufferDeleter> bytes;
  size_t size;
};

} // namespace mplang

#endif // MPLANG_SUPPORT_BUFFER_H
