//===- AbortWatch.cpp - stopping compiled loops of aborted runs -----------===//
//
// One thread, started on first use, polls the communicators of the compiled
// calls running now; it sleeps while there are none.
//
//===----------------------------------------------------------------------===//

#include "AbortWatch.h"

#include <chrono>
#include <condition_variable>
#include <list>
#include <mutex>
#include <thread>

using namespace mplang::rt;
using namespace mplang::rt::jit;

namespace {

class Watcher {
public:
  static Watcher &get() {
    // Never destroyed: its thread runs until the process exits.
    static Watcher *watcher = new Watcher;
    return *watcher;
  }

  void add(Communicator *comm, std::atomic<int64_t> *stop) {
    std::lock_guard<std::mutex> lock(mutex);
    watched.push_back({comm, stop});
    changed.notify_one();
  }

  void remove(std::atomic<int64_t> *stop) {
    std::lock_guard<std::mutex> lock(mutex);
    watched.remove_if([&](const Entry &e) { return e.stop == stop; });
  }

private:
  struct Entry {
    Communicator *comm;
    std::atomic<int64_t> *stop;
  };

  Watcher() {
    std::thread([this] { loop(); }).detach();
  }

  void loop() {
    std::unique_lock<std::mutex> lock(mutex);
    while (true) {
      changed.wait(lock, [&] { return !watched.empty(); });
      for (const Entry &e : watched)
        if (!e.comm->abortStatus().isOk())
          e.stop->store(1);
      changed.wait_for(lock, std::chrono::milliseconds(20));
    }
  }

  std::mutex mutex;
  std::condition_variable changed;
  std::list<Entry> watched;
};

} // namespace

AbortWatch::AbortWatch(Communicator &comm, std::atomic<int64_t> &stop)
    : stop(stop) {
  Watcher::get().add(&comm, &stop);
}

AbortWatch::~AbortWatch() { Watcher::get().remove(&stop); }

void AbortWatch::prepare() { Watcher::get(); }
