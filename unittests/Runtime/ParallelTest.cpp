//===- ParallelTest.cpp - one kernel's work on several threads --*- C++ -*-===//

#include "mplang/Runtime/Parallel.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <atomic>
#include <future>
#include <numeric>
#include <utility>

using namespace mplang;
using namespace mplang::rt;

namespace {

using Cuts = std::vector<std::pair<size_t, size_t>>;

/// The chunks `run` gives its body, sorted.
Cuts chunksOf(llvm::function_ref<void(ChunkBody)> run) {
  std::mutex mutex;
  Cuts cuts;
  run([&](size_t begin, size_t end) {
    std::lock_guard<std::mutex> lock(mutex);
    cuts.emplace_back(begin, end);
  });
  std::sort(cuts.begin(), cuts.end());
  return cuts;
}

/// Whether `cuts` are `count` chunks covering [0, n) in order.
void expectCover(const Cuts &cuts, size_t n, size_t count) {
  ASSERT_EQ(cuts.size(), count);
  size_t next = 0;
  for (auto [begin, end] : cuts) {
    EXPECT_EQ(begin, next);
    EXPECT_LT(begin, end);
    next = end;
  }
  EXPECT_EQ(next, n);
}

/// Runs `fn` on a worker of `pool` and returns its result.
template <typename Fn> auto onPool(ThreadPool &pool, Fn fn) {
  std::packaged_task<decltype(fn())()> task(fn);
  auto result = task.get_future();
  pool.submit([&task] { task(); });
  return result.get();
}

TEST(ParallelTest, ChunkCount) {
  EXPECT_EQ(chunkCount(1000, 10, 1), 1u);
  EXPECT_EQ(chunkCount(1000, 10, 2), 2 * kChunksPerThread);
  EXPECT_EQ(chunkCount(35, 10, 4), 3u);
  EXPECT_EQ(chunkCount(5, 10, 4), 1u);
  EXPECT_EQ(chunkCount(1000, 0, 2), 2 * kChunksPerThread);
  EXPECT_EQ(chunkCount(size_t(1) << 30, 1, 1000), kMaxChunks);
}

TEST(ParallelTest, ResultsExact) {
  ThreadPool pool(2);
  constexpr size_t n = 100003;
  std::vector<uint64_t> out(n);
  std::vector<std::atomic<int>> visits(n);
  parallelFor(pool, n, 1000, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      out[i] = uint64_t(i) * i;
      ++visits[i];
    }
  });
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(out[i], uint64_t(i) * i) << i;
    ASSERT_EQ(visits[i].load(), 1) << i;
  }
}

TEST(ParallelTest, ChunksCoverTheRange) {
  ThreadPool pool(2);
  // The test thread and both workers.
  expectCover(
      chunksOf([&](ChunkBody body) { parallelFor(pool, 1000, 10, body); }),
      1000, 3 * kChunksPerThread);
  // Too few items for more than three chunks of the grain.
  expectCover(
      chunksOf([&](ChunkBody body) { parallelFor(pool, 35, 10, body); }), 35,
      3);
  expectCover(chunksOf([&](ChunkBody body) { parallelFor(pool, 7, 10, body); }),
              7, 1);
  EXPECT_TRUE(chunksOf([&](ChunkBody body) {
                parallelFor(pool, 0, 10, body);
              }).empty());
}

TEST(ParallelTest, SerialOffThePool) {
  // The test thread belongs to no pool.
  expectCover(chunksOf([](ChunkBody body) { parallelFor(1000, 10, body); }),
              1000, 1);
}

TEST(ParallelTest, PoolOfOneRunsOnItsThread) {
  ThreadPool pool(1);
  Cuts cuts = onPool(pool, [&] {
    return chunksOf([](ChunkBody body) { parallelFor(1000, 10, body); });
  });
  expectCover(cuts, 1000, 1);
}

TEST(ParallelTest, OnAPoolThreadItCountsAsOne) {
  ThreadPool pool(2);
  Cuts cuts = onPool(pool, [&] {
    return chunksOf([](ChunkBody body) { parallelFor(1000, 10, body); });
  });
  expectCover(cuts, 1000, 2 * kChunksPerThread);
}

TEST(ParallelTest, IdleWorkersHelp) {
  ThreadPool pool(2);
  // The caller's chunks wait until a worker has run one: this returns only
  // if the idle workers take part.
  std::thread::id caller = std::this_thread::get_id();
  std::mutex mutex;
  std::condition_variable helped;
  size_t byWorkers = 0;
  parallelFor(pool, 1200, 100, [&](size_t, size_t) {
    std::unique_lock<std::mutex> lock(mutex);
    if (std::this_thread::get_id() != caller) {
      ++byWorkers;
      helped.notify_all();
      return;
    }
    helped.wait(lock, [&] { return byWorkers > 0; });
  });
  EXPECT_GT(byWorkers, 0u);
}

TEST(ParallelTest, CallerFinishesWhileEveryWorkerIsBusy) {
  ThreadPool pool(2);
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<int> blocked{0};
  for (int i = 0; i < 2; ++i)
    pool.submit([&, released] {
      ++blocked;
      released.wait();
    });
  while (blocked.load() < 2)
    std::this_thread::yield();
  // No worker can help: the caller runs every chunk itself, and its
  // helpers, queued, find nothing left when the workers are released.
  std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> elsewhere{0};
  std::vector<int> out(1000);
  parallelFor(pool, out.size(), 10, [&](size_t begin, size_t end) {
    elsewhere += std::this_thread::get_id() != caller;
    std::iota(out.begin() + begin, out.begin() + end, int(begin));
  });
  release.set_value();
  EXPECT_EQ(elsewhere.load(), 0);
  for (size_t i = 0; i < out.size(); ++i)
    ASSERT_EQ(out[i], int(i));
}

TEST(ParallelTest, NestedInEveryWorker) {
  // Both workers run a kernel that splits its work, and each chunk splits
  // again: every wait is for a chunk some thread is running.
  ThreadPool pool(2);
  constexpr size_t outer = 64, inner = 4096;
  std::vector<uint64_t> out(2 * outer * inner);
  std::vector<std::future<void>> kernels;
  for (size_t k = 0; k < 2; ++k) {
    auto task = std::make_shared<std::packaged_task<void()>>([&, k] {
      parallelFor(outer, 1, [&](size_t b, size_t e) {
        for (size_t i = b; i < e; ++i)
          parallelFor(inner, 64, [&](size_t b2, size_t e2) {
            for (size_t j = b2; j < e2; ++j)
              out[(k * outer + i) * inner + j] = (k * outer + i) * inner + j;
          });
      });
    });
    kernels.push_back(task->get_future());
    pool.submit([task] { (*task)(); });
  }
  for (auto &kernel : kernels)
    kernel.get();
  for (size_t i = 0; i < out.size(); ++i)
    ASSERT_EQ(out[i], i) << i;
}

} // namespace
