//===- ZeroedBuffer.cpp - zeroed memory for large arrays --------*- C++ -*-===//

#include "mplang/Support/ZeroedBuffer.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cstdlib>
#include <sys/mman.h>

uint8_t *mplang::allocateZeroed(size_t size) {
  if (size >= kMappedBufferBytes) {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      llvm::report_bad_alloc_error("cannot map a large buffer");
    madvise(p, size, MADV_HUGEPAGE);
    return static_cast<uint8_t *>(p);
  }
  // At least one byte, so that empty buffers have a valid pointer.
  auto *p = static_cast<uint8_t *>(std::calloc(std::max<size_t>(size, 1), 1));
  if (!p)
    llvm::report_bad_alloc_error("cannot allocate a buffer");
  return p;
}

void mplang::freeZeroed(uint8_t *p, size_t size) {
  if (size >= kMappedBufferBytes)
    munmap(p, size);
  else
    std::free(p);
}
