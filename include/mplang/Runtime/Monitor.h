//===- Monitor.h - statistics and trace of one rank's run -------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_MONITOR_H
#define MPLANG_RUNTIME_MONITOR_H

#include "mplang/Runtime/Communicator.h"
#include "mplang/Runtime/Statistics.h"
#include "mplang/Runtime/Trace.h"

#include "llvm/ADT/DenseMap.h"
#include <map>

namespace mplang::rt {

/// Watches the runs of one rank's executor: keeps its statistics and, when
/// given a tracer, records its trace. The executor calls it on its
/// scheduling thread only, with times in ticks (mplang/Runtime/Clock.h).
class Monitor {
public:
  explicit Monitor(int64_t rank, Tracer *tracer = nullptr)
      : rank(rank), tracer(tracer) {}

  /// The latest time it was told of (an op's end, when its consumers
  /// become ready), which spares a clock read.
  uint64_t latestTick() const { return lastTick; }
  /// The statistics of the last finished run.
  const RunStatistics &statistics() const { return stats; }

  void runStarted(uint64_t tick);
  void runFinished(uint64_t tick, uint64_t peakLiveValues);
  /// An op starts: one more active task, `queued` ops left ready.
  void opStarted(uint64_t tick, uint64_t queued);
  /// An op finished: one fewer active task. An op run for one element or
  /// slice of a per-element region adds its time to `summarizeInto` (the
  /// region op's body time) instead of having an event of its own.
  void opFinished(const Tracer::OpRun &run, uint64_t *summarizeInto);
  void queueLength(uint64_t tick, uint64_t queued);
  /// Values held in frame slots and the bytes of their tensors.
  void liveChanged(uint64_t values, uint64_t bytes);
  void messageSent(int64_t peer, const MessageKey &key, uint64_t bytes,
                   uint32_t lane, uint64_t start, uint64_t end);
  /// `posted`: when the receive was posted; `arrived`: when its message
  /// came; [start, end]: when the scheduling thread took note of it.
  void messageReceived(int64_t peer, const MessageKey &key, uint64_t bytes,
                       uint32_t lane, uint64_t posted, uint64_t arrived,
                       uint64_t start, uint64_t end);

  /// Adds what getting the rank's compiled code took before the run (to
  /// call after it, which resets the statistics).
  void compiled(llvm::ArrayRef<Tracer::CompileRun> runs);

private:
  /// Integrates the active tasks and the queue length up to `tick`.
  void advance(uint64_t tick);
  PeerTraffic &peer(int64_t peer);

  struct KindTotals {
    mlir::Operation *op = nullptr;
    uint64_t count = 0, ticks = 0;
  };

  int64_t rank;
  Tracer *tracer;
  RunStatistics stats;
  Tracer::Counters counters;
  uint64_t startTick = 0, lastTick = 0, receiveWaitTicks = 0;
  double activeIntegral = 0, queueIntegral = 0;
  /// By op name.
  llvm::DenseMap<const void *, KindTotals> kinds;
  std::map<int64_t, PeerTraffic> peers;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_MONITOR_H
