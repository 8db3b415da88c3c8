//===- ParallelFor.h - how a kernel splits its work -------------*- C++ -*-===//
//
// Libraries below the runtime (lib/Crypto) take a ParallelFor to split a
// kernel's independent work into chunks; the runtime passes one that runs
// the chunks on the party's pool (mplang/Runtime/Parallel.h), tests and
// serial callers pass serialFor.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_SUPPORT_PARALLELFOR_H
#define MPLANG_SUPPORT_PARALLELFOR_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace mplang {

/// Does the work of items [begin, end).
using ChunkBody = llvm::function_ref<void(size_t begin, size_t end)>;

/// Calls `body` on disjoint chunks that cover [0, n), each of at least
/// `grain` items (but the only chunk of a smaller n), possibly at once on
/// several threads, and returns when all have run. Bodies must give the
/// same results however [0, n) is cut.
using ParallelFor = void (*)(size_t n, size_t grain, ChunkBody body);

/// All of [0, n) as one chunk on the calling thread.
inline void serialFor(size_t n, size_t, ChunkBody body) {
  if (n)
    body(0, n);
}

} // namespace mplang

#endif // MPLANG_SUPPORT_PARALLELFOR_H
