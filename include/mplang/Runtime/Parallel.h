//===- Parallel.h - one kernel's work on several threads --------*- C++ -*-===//
//
// A heavy kernel runs on a pool thread; parallelFor lets it split its work
// into chunks that the pool's other threads help with when they are free.
// The calling thread takes chunks too and only ever waits for chunks another
// thread is running, never for a queued helper: so it finishes even when
// every pool thread is busy in another kernel (or in a parallelFor of its
// own), and nested calls cannot deadlock. A helper that starts after the
// last chunk was taken returns at once.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_PARALLEL_H
#define MPLANG_RUNTIME_PARALLEL_H

#include "mplang/Runtime/ThreadPool.h"
#include "mplang/Support/ParallelFor.h"

namespace mplang::rt {

/// Chunks per participating thread: some slack for uneven chunks and for
/// helpers that join late.
constexpr size_t kChunksPerThread = 4;
/// The most chunks one call makes, whatever the pool size.
constexpr size_t kMaxChunks = 64;

/// The number of chunks parallelFor cuts n items into with `threads`
/// threads taking part: at most n / grain (at least one),
/// kChunksPerThread * threads and kMaxChunks; 1 with one thread.
size_t chunkCount(size_t n, size_t grain, size_t threads);

/// A ParallelFor (mplang/Support/ParallelFor.h) on `pool`: the caller and
/// up to all of the pool's other threads take part.
void parallelFor(ThreadPool &pool, size_t n, size_t grain, ChunkBody body);

/// A ParallelFor on the pool of the calling thread, serial on a thread of
/// no pool (the scheduler's, for example).
void parallelFor(size_t n, size_t grain, ChunkBody body);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_PARALLEL_H
