//===- Simulator.h - every rank of a program in one process ----*- C++ -*-===//

#ifndef MPLANG_RUNTIME_SIMULATOR_H
#define MPLANG_RUNTIME_SIMULATOR_H

#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/Statistics.h"
#include "mplang/Runtime/Trace.h"

#include "mlir/IR/BuiltinOps.h"
#include <atomic>

namespace mplang::rt {

struct SimulationOptions {
  std::string entry = "main";
  unsigned poolThreads = 2;
  /// A run still going after this long is stopped (0: never).
  unsigned timeoutSeconds = 60;
  bool trace = false;
  /// Events a rank's trace holds before it aggregates (Tracer).
  size_t traceMaxEvents = Tracer::kDefaultMaxEvents;
  /// Keep each rank's RunStatistics.
  bool statistics = false;
  /// Set (e.g. from a signal handler) to stop the run.
  const std::atomic<bool> *interrupt = nullptr;
  /// The kernels to run with (null: KernelRegistry::getDefault()).
  const KernelRegistry *registry = nullptr;
};

struct RankOutcome {
  Status status = Status::ok();
  RunError error;
  std::vector<Value> results;
  /// With `SimulationOptions::statistics`.
  std::optional<RunStatistics> statistics;
};

/// Runs the per-rank modules (`simp.rank`) of `projected` concurrently, one
/// scheduling thread per rank and a shared pool, over in-memory mailboxes.
/// Fails before running (with MLIR diagnostics) when an op has no kernel or
/// the entry is missing.
mlir::LogicalResult simulate(mlir::ModuleOp projected,
                             const SimulationOptions &options,
                             const std::vector<std::vector<Value>> &args,
                             std::vector<RankOutcome> &outcomes,
                             std::vector<std::unique_ptr<Tracer>> &tracers);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_SIMULATOR_H
