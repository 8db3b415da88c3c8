//===- ThreadPool.cpp - fixed pool for heavy kernels ------------*- C++ -*-===//

#include "mplang/Runtime/ThreadPool.h"
#include "mplang/Runtime/Trace.h"

using namespace mplang::rt;

static thread_local ThreadPool *currentPool = nullptr;

ThreadPool *ThreadPool::current() { return currentPool; }

ThreadPool::ThreadPool(unsigned numThreads) {
  for (unsigned i = 0; i < numThreads; ++i)
    workers.emplace_back([this, i] {
      Tracer::nameCurrentThread("pool " + std::to_string(i + 1));
      currentPool = this;
      work();
    });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  for (std::thread &worker : workers)
    worker.join();
}

void ThreadPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    tasks.push_back(std::move(task));
  }
  wake.notify_one();
}

void ThreadPool::submitFirst(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    tasks.push_front(std::move(task));
  }
  wake.notify_one();
}

void ThreadPool::work() {
  while (true) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex);
      wake.wait(lock, [&] { return stopping || !tasks.empty(); });
      if (tasks.empty())
        return;
      task = std::move(tasks.front());
      tasks.pop_front();
    }
    task();
  }
}
