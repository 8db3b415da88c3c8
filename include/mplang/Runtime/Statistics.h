//===- Statistics.h - what one rank's run did, in numbers -------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_STATISTICS_H
#define MPLANG_RUNTIME_STATISTICS_H

#include "mplang/Runtime/Status.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <string>
#include <vector>

namespace mplang::rt {

/// Messages between this rank and one peer.
struct PeerTraffic {
  int64_t peer = 0;
  uint64_t messagesSent = 0, bytesSent = 0;
  uint64_t messagesReceived = 0, bytesReceived = 0;
};

/// The ops of one kind (op name): how often they ran, for how long.
struct OpKindTime {
  std::string name;
  uint64_t count = 0;
  double totalUs = 0;
};

/// The calls of a run that implement one op of a lowering (`simp.measure`,
/// mplang/Dialect/Simp/IR/Measure.h), summed: their elements, what this
/// rank sent inside them and their rounds of messages (-1 when a callee's
/// are not counted).
struct MeasuredOp {
  std::string op;
  uint64_t calls = 0, elements = 0;
  uint64_t messagesSent = 0, bytesSent = 0;
  int64_t rounds = 0;
};

/// The statistics of one rank's run (`mplang-run --stats`). Ops are every
/// op the rank ran except region terminators; an op that runs a region
/// (a loop, a branch, a call) counts as active while its region runs.
struct RunStatistics {
  static constexpr size_t kTopOps = 10;

  int64_t rank = 0;
  double wallUs = 0;
  uint64_t opsExecuted = 0;
  /// Time-weighted over the run.
  double averageActiveTasks = 0;
  uint64_t peakActiveTasks = 0;
  double averageQueueLength = 0;
  uint64_t peakLiveValues = 0;
  /// Summed over receives: from posting each to its message's arrival.
  double receiveWaitUs = 0;
  /// Ordered by peer.
  std::vector<PeerTraffic> peers;
  /// The kinds with the most total time, most first, at most kTopOps.
  std::vector<OpKindTime> topOps;
  /// Outlined groups of local code (docs/jit.md) compiled for this run,
  /// taken from the process's cache and from the disk cache, and the time
  /// spent getting them, before the run (not in `wallUs`).
  uint64_t jitCompiled = 0, jitMemoryHits = 0, jitDiskHits = 0;
  double jitCompileUs = 0;
  /// By op name.
  std::vector<MeasuredOp> measured;

  double opsPerSecond() const {
    return wallUs > 0 ? opsExecuted / (wallUs / 1e6) : 0;
  }
};

/// A table per rank, for people.
void printStatistics(llvm::ArrayRef<RunStatistics> ranks,
                     llvm::raw_ostream &os);
/// `{"ranks": [...]}`, one object per rank (docs/runtime.md).
void writeStatisticsJson(llvm::ArrayRef<RunStatistics> ranks,
                         llvm::raw_ostream &os);
/// One rank as JSON and back, for workers to return theirs.
std::string statisticsToJson(const RunStatistics &stats);
Status statisticsFromJson(llvm::StringRef text, RunStatistics &stats);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_STATISTICS_H
