//===- ThreadPool.h - fixed pool for heavy kernels --------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_THREADPOOL_H
#define MPLANG_RUNTIME_THREADPOOL_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mplang::rt {

/// A fixed number of workers running submitted tasks in FIFO order.
class ThreadPool {
public:
  explicit ThreadPool(unsigned numThreads);
  ~ThreadPool();
  void submit(std::function<void()> task);
  /// Queues `task` ahead of all others: it helps a kernel already running
  /// (see mplang/Runtime/Parallel.h).
  void submitFirst(std::function<void()> task);
  unsigned size() const { return workers.size(); }
  /// The pool whose worker is the calling thread, if any.
  static ThreadPool *current();

private:
  void work();

  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::function<void()>> tasks;
  bool stopping = false;
  std::vector<std::thread> workers;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_THREADPOOL_H
