//===- Parallel.cpp - one kernel's work on several threads ----------------===//

#include "mplang/Runtime/Parallel.h"

#include <algorithm>
#include <atomic>
#include <memory>

using namespace mplang;
using namespace mplang::rt;

namespace {
/// The chunks of one call, shared with the helpers it queued, which may
/// outlive it: a helper touches `body` only after taking a chunk, and the
/// call returns only when every chunk taken has run.
struct Chunks {
  Chunks(size_t n, size_t count, ChunkBody body)
      : n(n), count(count), body(body) {}

  /// Runs chunks until none is left.
  void run() {
    size_t ran = 0;
    for (size_t i; (i = next.fetch_add(1)) < count; ++ran)
      body(i * n / count, (i + 1) * n / count);
    if (ran && done.fetch_add(ran) + ran == count) {
      // Under the lock: the caller tests `done` under it before sleeping.
      std::lock_guard<std::mutex> lock(mutex);
      allDone.notify_all();
    }
  }

  void wait() {
    std::unique_lock<std::mutex> lock(mutex);
    allDone.wait(lock, [&] { return done.load() == count; });
  }

  const size_t n, count;
  const ChunkBody body;
  std::atomic<size_t> next{0}, done{0};
  std::mutex mutex;
  std::condition_variable allDone;
};
} // namespace

size_t mplang::rt::chunkCount(size_t n, size_t grain, size_t threads) {
  size_t byGrain = std::max<size_t>(1, n / std::max<size_t>(1, grain));
  if (threads <= 1)
    return 1;
  return std::min({byGrain, kChunksPerThread * threads, kMaxChunks});
}

void mplang::rt::parallelFor(ThreadPool &pool, size_t n, size_t grain,
                             ChunkBody body) {
  if (n == 0)
    return;
  // A pool thread calling counts among the threads, not among the helpers.
  size_t helpers = pool.size() - (ThreadPool::current() == &pool);
  size_t count = chunkCount(n, grain, helpers + 1);
  if (count == 1)
    return body(0, n);
  auto chunks = std::make_shared<Chunks>(n, count, body);
  for (size_t h = 0, e = std::min(helpers, count - 1); h < e; ++h)
    pool.submitFirst([chunks] { chunks->run(); });
  chunks->run();
  chunks->wait();
}

void mplang::rt::parallelFor(size_t n, size_t grain, ChunkBody body) {
  if (ThreadPool *pool = ThreadPool::current())
    return parallelFor(*pool, n, grain, body);
  serialFor(n, grain, body);
}
