//===- ZeroedBuffer.h - zeroed memory for large arrays ----------*- C++ -*-===//
//
// Tensors and kernel scratch arrays of megabytes are mapped directly and
// advised for transparent huge pages: with 4 KiB pages, first-touch faults
// and TLB misses dominate kernels that stream through or randomly index big
// arrays (OKVS tables, AES expansions, messages).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_SUPPORT_ZEROEDBUFFER_H
#define MPLANG_SUPPORT_ZEROEDBUFFER_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <memory>
#include <type_traits>

namespace mplang {

/// Buffers of at least this many bytes are mapped rather than allocated.
constexpr size_t kMappedBufferBytes = size_t(2) << 20;

/// Returns `size` zero bytes (a valid pointer even for size 0); reports a
/// fatal allocation error when memory is exhausted.
uint8_t *allocateZeroed(size_t size);
/// Frees what allocateZeroed(size) returned.
void freeZeroed(uint8_t *p, size_t size);

/// Deleter for allocateZeroed memory, for use with std::unique_ptr.
struct ZeroedDeleter {
  size_t size = 0;
  void operator()(uint8_t *p) const { freeZeroed(p, size); }
};

/// A fixed-size array of trivially copyable Ts whose bytes start as zero.
template <typename T> class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>, "elements are raw bytes");

public:
  explicit ZeroedArray(size_t size = 0)
      : bytes(allocateZeroed(size * sizeof(T)),
              ZeroedDeleter{size * sizeof(T)}),
        size(size) {}

  T *data() { return reinterpret_cast<T *>(bytes.get()); }
  const T *data() const { return reinterpret_cast<const T *>(bytes.get()); }
  T &operator[](size_t i) { return data()[i]; }
  const T &operator[](size_t i) const { return data()[i]; }
  operator llvm::MutableArrayRef<T>() { return {data(), size}; }
  operator llvm::ArrayRef<T>() const { return {data(), size}; }

private:
  std::unique_ptr<uint8_t[], ZeroedDeleter> bytes;
  size_t size;
};

} // namespace mplang

#endif // MPLANG_SUPPORT_ZEROEDBUFFER_H
