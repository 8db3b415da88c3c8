//===- Monitor.h - statistics and trace of one rank's run -------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_MONITOR_H
#define MPLANG_RUNTIME_MONITOR_H

#include "mplang/Runtime/Clock.h"
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
  explicit Monitor(int64_t rank, Tracer *tracer = nullptr);

  /// Whether it records a trace (the executor then keeps ready times and
  /// live bytes, which only the trace shows).
  bool tracing() const { return tracer != nullptr; }
  /// The statistics of the last finished run.
  const RunStatistics &statistics() const { return stats; }

  /// A run starts at `tick`; its inline ops run on lane `schedulerLane`.
  void runStarted(uint64_t tick, uint32_t schedulerLane);
  void runFinished(uint64_t tick, uint64_t peakLiveValues);
  /// An op starts: one more active task, `queued` ops left ready.
  void opStarted(uint64_t queued) {
    ++counters.activeTasks;
    counters.readyQueue = queued;
    stats.peakActiveTasks =
        std::max(stats.peakActiveTasks, counters.activeTasks);
  }
  /// When an op starting now (on the scheduling thread) started: the end of
  /// the last timed work, after timing the ops of a pending group.
  uint64_t opStartTick() {
    settle();
    return lastTick;
  }
  /// The tick to stamp an op that became ready now with. Inside a pending
  /// group it is one past the group's start, which marks it as known only
  /// to within the group.
  uint64_t readyTick() const { return lastTick + (numPending != 0); }
  /// The scheduling thread woke up at `tick`.
  void resumed(uint64_t tick) { flush(tick); }

  /// Inline ops (run on the scheduling thread, one after another) may cost
  /// tens of nanoseconds, as much as a clock read and an event. So each op
  /// is timed alone the first time; one that took less than kFastUs is then
  /// timed together with the inline ops around it, up to kMaxGroup, with
  /// one clock read and one trace slice for all. Each op of a group counts
  /// an equal share of its time in the statistics. A group slower than
  /// kFastUs per op sends its ops back to being timed alone.
  static constexpr double kFastUs = 1.0;
  static constexpr unsigned kMaxGroup = Tracer::kMaxGroupOps;
  /// Inline op `op` is about to run (`queued` ops left ready). When it runs
  /// for one element or slice of a per-element region, `summarizeInto` is
  /// the region op's body time (see opFinished).
  void inlineStarting(mlir::Operation *op, uint64_t queued,
                      uint64_t *summarizeInto = nullptr) {
    counters.readyQueue = queued;
    // The ops of a group all add their time to one place, or have events.
    if (summarizeInto != inlineInto) {
      settle();
      inlineInto = summarizeInto;
    }
    KindCache &entry = kindCache[(uintptr_t(op) >> 4) % kKindCache];
    grouped = entry.op == op && entry.fast ? &entry : nullptr;
    if (!grouped)
      startAlone(entry, op);
  }
  /// Whether the inline op announced last is timed alone.
  bool timingAlone() const { return !grouped; }
  /// The inline op announced last, timed alone, finished. When tracing,
  /// `ready`: when it became ready; `bytes`: what it produced.
  void inlineFinishedAlone(uint64_t ready, uint64_t bytes);
  /// The inline op announced last, timed in a group, finished.
  void inlineFinishedGrouped() {
    if (grouped->pendingRuns++ == 0)
      distinct[numDistinct++] = grouped;
    if (++numPending == kMaxGroup)
      settle();
  }

  /// An op finished that was timed on its own (on the pool, or waiting for
  /// a message or a region): one fewer active task. An op run for one
  /// element or slice of a per-element region adds its time to
  /// `summarizeInto` (the region op's body time) instead of having an event
  /// of its own.
  void opFinished(const Tracer::OpRun &run, uint64_t *summarizeInto);
  void queueLength(uint64_t tick, uint64_t queued);
  /// Where the executor counts the values held in frame slots and the
  /// bytes of their tensors: read when the counters are sampled.
  void watchLive(const uint64_t *values, const uint64_t *bytes) {
    liveValues = values;
    liveBytes = bytes;
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
  /// Times the pending inline ops if there are any: a clock read.
  void settle() {
    if (numPending)
      flush(clock::ticks());
  }
  /// Times the pending inline ops as ending at `tick`, then integrates the
  /// active tasks and the queue length up to it.
  void flush(uint64_t tick);
  /// Counts `n` inline ops timed up to `tick`, then integrates the active
  /// tasks and the queue length up to it.
  void flushCounters(uint64_t tick, unsigned n);
  /// Gives the tracer the counters at `tick`.
  void sample(uint64_t tick);
  PeerTraffic &peer(int64_t peer);
  /// Counts a finished call if it is measured (simp.measure).
  void noteMeasured(mlir::Operation *op);
  /// Credits a message to every call site on its context's path.
  void creditSites(const MessageKey &key, uint64_t bytes);
  /// The measured calls' totals, by op name.
  void summarizeMeasured();

  struct KindTotals {
    mlir::Operation *op = nullptr;
    uint64_t count = 0, ticks = 0;
  };
  /// The totals of `op`'s kind, from a small cache by op: a loop's body
  /// seldom looks in the map.
  KindTotals &kindOf(mlir::Operation *op) {
    KindCache &entry = kindCache[(uintptr_t(op) >> 4) % kKindCache];
    if (entry.op != op || !entry.totals) {
      settle(); // the lookup may move the totals pending ops point to
      entry = {op, &lookUpKind(op), 0, false};
    }
    return *entry.totals;
  }
  KindTotals &lookUpKind(mlir::Operation *op);
  /// Counts `run`, timed on its own, in `totals`; adds its time to
  /// `summarizeInto` if given, or else, when tracing, records its event.
  void record(KindTotals &totals, const Tracer::OpRun &run,
              uint64_t *summarizeInto);

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
    /// Its runs in the pending group.
    uint32_t pendingRuns;
    /// Its last timing was under kFastUs: it may be timed in a group.
    /// Implies `totals`.
    bool fast;
  };
  static constexpr size_t kKindCache = 64;
  KindCache kindCache[kKindCache] = {};
  std::map<int64_t, PeerTraffic> peers;
  /// Measured call sites (by `simp.site`): a call op and its runs.
  std::map<int64_t, std::pair<mlir::Operation *, uint64_t>> measuredSites;
  /// What this rank sent inside each call site: messages, bytes.
  llvm::DenseMap<int64_t, std::pair<uint64_t, uint64_t>> siteTraffic;

  void startAlone(KindCache &entry, mlir::Operation *op);

  /// Inline ops run but not yet timed, which started at `lastTick`: the
  /// cache entries of their kinds, each once (pendingRuns counts its runs).
  /// An entry is not reassigned while pending: that takes a settle().
  KindCache *distinct[kMaxGroup];
  unsigned numDistinct = 0, numPending = 0;
  /// Where the pending inline ops and the one running add their time, if
  /// they run for a per-element region.
  uint64_t *inlineInto = nullptr;
  /// Where the last group timed started (see readyTick()).
  uint64_t lastGroupStart = 0;
  /// The cache entry of the inline op running, if it is timed in a group.
  KindCache *grouped = nullptr;
  /// The cache entry of the inline op running, if it is timed alone.
  KindCache *alone = nullptr;
  uint32_t inlineLane = 0;
  const uint64_t *liveValues = nullptr, *liveBytes = nullptr;
  uint64_t fastTicks;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_MONITOR_H
