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
  /// An op starts (at the latest tick: no clock read): one more active
  /// task, `queued` ops left ready.
  void opStarted(uint64_t queued) {
    ++counters.activeTasks;
    counters.readyQueue = queued;
    stats.peakActiveTasks =
        std::max(stats.peakActiveTasks, counters.activeTasks);
  }
  /// The scheduling thread woke up at `tick`.
  void resumed(uint64_t tick) { advance(tick); }
  /// An op finished: one fewer active task. An op run for one element or
  /// slice of a per-element region adds its time to `summarizeInto` (the
  /// region op's body time) instead of having an event of its own. Inline:
  /// it runs once per op.
  void opFinished(const Tracer::OpRun &run, uint64_t *summarizeInto) {
    advance(run.end);
    --counters.activeTasks;
    ++stats.opsExecuted;
    KindTotals &totals = kindOf(run.op);
    ++totals.count;
    totals.ticks += run.end - run.start;
    if (!tracer)
      return;
    if (summarizeInto)
      *summarizeInto += run.end - run.start;
    else
      tracer->op(run);
    tracer->sample(run.end, counters);
  }
  void queueLength(uint64_t tick, uint64_t queued);
  /// Values held in frame slots and the bytes of their tensors.
  void liveChanged(uint64_t values, uint64_t bytes) {
    counters.liveValues = values;
    counters.bytesInFlight = bytes;
  }
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
  void advance(uint64_t tick) {
    if (tick <= lastTick)
      return;
    uint64_t span = tick - lastTick;
    activeIntegral += span * counters.activeTasks;
    queueIntegral += span * counters.readyQueue;
    lastTick = tick;
  }
  PeerTraffic &peer(int64_t peer);

  struct KindTotals {
    mlir::Operation *op = nullptr;
    uint64_t count = 0, ticks = 0;
  };
  /// The totals of `op`'s kind, from a small cache by op: a loop's body
  /// seldom looks in the map.
  KindTotals &kindOf(mlir::Operation *op) {
    KindCache &entry = kindCache[(uintptr_t(op) >> 4) % kKindCache];
    if (entry.op != op || !entry.totals)
      entry = {op, &lookUpKind(op)};
    return *entry.totals;
  }
  KindTotals &lookUpKind(mlir::Operation *op);

  int64_t rank;
  Tracer *tracer;
  RunStatistics stats;
  Tracer::Counters counters;
  uint64_t startTick = 0, lastTick = 0, receiveWaitTicks = 0;
  /// In task-ticks: integers, cheaper per op than doubles (an hour of
  /// 10^6 active tasks stays far below 2^64).
  uint64_t activeIntegral = 0, queueIntegral = 0;
  /// By op name.
  llvm::DenseMap<const void *, KindTotals> kinds;
  struct KindCache {
    mlir::Operation *op;
    KindTotals *totals;
  };
  static constexpr size_t kKindCache = 64;
  KindCache kindCache[kKindCache] = {};
  std::map<int64_t, PeerTraffic> peers;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_MONITOR_H
