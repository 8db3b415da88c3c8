//===- Run.h - what a run of a program is asked and gives back --*- C++ -*-===//
//
// The options and the result shared by both execution modes: the simulator
// (every rank in this process) and the cluster driver (one worker process per
// rank). Neither prints nor writes files: the result holds the per-rank
// outcomes, the trace and the statistics for the caller to report.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_BACKENDS_RUN_H
#define MPLANG_RUNTIME_BACKENDS_RUN_H

#include "mplang/Runtime/Backends/PartyOptions.h"
#include "mplang/Runtime/Cluster/ClusterConfig.h"
#include "mplang/Runtime/Statistics.h"
#include "mplang/Runtime/Trace.h"

#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <functional>
#include <optional>

namespace mplang::rt {

/// Where the ranks of a run go: all in this process, on workers started for
/// the run on 127.0.0.1, or on the workers of a cluster file.
struct RunMode {
  enum class Kind { Sim, Local, Cluster };
  Kind kind = Kind::Sim;
  /// Sim and Local: the ranks in this process, the workers started; the
  /// program's simp.world_size must be this.
  int64_t parties = 0;
  /// Cluster: its cluster file (YAML or JSON, docs/protocol.md).
  std::string clusterFile;
  /// Local and Cluster: workers already running (a LocalCluster kept across
  /// runs, a cluster file read once), used instead of starting workers or
  /// reading `clusterFile`.
  const ClusterConfig *workers = nullptr;

  bool distributed() const { return kind != Kind::Sim; }
  /// The flag that asks for this mode: `--sim N`, `--local N` or
  /// `--cluster FILE`.
  std::string flag() const;
  /// An error when `--sim N` or `--local N` is not the program's world
  /// size (a cluster file's nodes are counted when it is read).
  Status checkWorldSize(int64_t worldSize) const;
};

/// Where a run is: each rank's ops finished and known so far (see
/// RunProgress), and the seconds since it started. The last report of a
/// run, `final`, comes when every rank has stopped.
struct ProgressReport {
  struct Rank {
    uint64_t done = 0, known = 0;
  };
  std::vector<Rank> ranks;
  double seconds = 0;
  bool final = false;
};

struct RunOptions {
  RunMode mode;
  std::string entry = "main";
  /// A run still going after this long is stopped (0: never).
  unsigned timeoutSeconds = 60;
  bool trace = false;
  /// Events a rank's trace holds before it aggregates (Tracer).
  size_t traceMaxEvents = Tracer::kDefaultMaxEvents;
  /// Keep each rank's RunStatistics.
  bool statistics = false;
  /// Set (e.g. from a signal handler) to stop the run.
  const std::atomic<bool> *interrupt = nullptr;
  /// Called with the run's progress at most every `progressIntervalMs` (the
  /// simulator looks every 50 ms), and once at the end; on the thread that
  /// called the run.
  std::function<void(const ProgressReport &)> progress;
  unsigned progressIntervalMs = 1000;
  /// How each party runs: every rank of the simulator, and every worker
  /// `--local` starts (the workers of a cluster file follow their own
  /// flags).
  PartyOptions party;
  /// The kernels the simulator starts from (null: the default registry).
  const KernelRegistry *kernels = nullptr;

  // On workers.
  /// The mplang-worker executable that `--local` starts.
  std::string workerPath;
  /// How long to wait for every worker to answer before submitting.
  unsigned readySeconds = 10;
  /// Submit modules as MLIR text (generic form, with locations) instead of
  /// bytecode, which only builds of the same MLIR read.
  bool moduleText = false;
  /// Writes every job body the driver sends to this file, so tests can
  /// check what the driver handled.
  std::string recordRequests;
};

struct RankOutcome {
  /// How the rank ended; for a failure, the message and its code (Aborted:
  /// stopped because another rank failed, not a root cause).
  Status status = Status::ok();
  /// The op it failed at, when known in this process.
  mlir::Operation *op = nullptr;
  /// `file:line:col` of the op it failed at in a worker, when it says.
  std::string location;
  std::vector<Value> results;
  /// With `RunOptions::statistics`.
  std::optional<RunStatistics> statistics;
};

/// The Chrome trace of a run, written on demand: the simulator holds its
/// tracers, the cluster driver the workers' traces shifted onto its clock.
class RunTrace {
public:
  virtual ~RunTrace() = default;
  /// Writes the trace to `os` and, to `warnings`, a warning for each rank
  /// whose trace reached its event bound.
  virtual Status write(llvm::raw_ostream &os,
                       llvm::raw_ostream &warnings) const = 0;
};

struct RunResult {
  std::vector<RankOutcome> ranks;
  /// With `RunOptions::trace`.
  std::unique_ptr<RunTrace> trace;
  /// Some rank did not stop within a grace period after the run was
  /// stopped (a kernel that never returns, a starved pool): its threads
  /// still run and refer to the program, so the caller must end the
  /// process without destroying it.
  bool abandoned = false;
  /// The program the simulator ran, its own copy outlined for the JIT, which
  /// `RankOutcome::op` points into (null for runs on workers).
  std::shared_ptr<mlir::OwningOpRef<mlir::ModuleOp>> program;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_BACKENDS_RUN_H
