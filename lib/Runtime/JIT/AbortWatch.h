//===- AbortWatch.h - stopping compiled loops of aborted runs --*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_JIT_ABORTWATCH_H
#define MPLANG_LIB_RUNTIME_JIT_ABORTWATCH_H

#include "mplang/Runtime/Communicator.h"

#include <atomic>

namespace mplang::rt::jit {

/// While alive, sets `stop` to 1 within about 20 ms of `comm` being aborted
/// (a peer failed, the run was interrupted or timed out), so that compiled
/// loops, which the scheduler cannot interrupt, end (see Checks.h).
class AbortWatch {
public:
  AbortWatch(Communicator &comm, std::atomic<int64_t> &stop);
  ~AbortWatch();
  AbortWatch(const AbortWatch &) = delete;
  AbortWatch &operator=(const AbortWatch &) = delete;

  /// Starts the watching thread now rather than in a rank's first compiled
  /// call, whose time would include it.
  static void prepare();

private:
  std::atomic<int64_t> &stop;
};

} // namespace mplang::rt::jit

#endif // MPLANG_LIB_RUNTIME_JIT_ABORTWATCH_H
