//===- ClusterDriver.h - run a projected program on workers -----*- C++ -*-===//

#ifndef MPLANG_RUNTIME_CLUSTER_CLUSTERDRIVER_H
#define MPLANG_RUNTIME_CLUSTER_CLUSTERDRIVER_H

#include "mplang/Runtime/Simulator.h"

namespace mplang::rt {

struct DistributedOptions {
  /// Workers from this cluster file, or `localWorkers` started here.
  std::string clusterFile;
  unsigned localWorkers = 0;
  /// argv[0] of the running tool: mplang-worker is found next to it.
  std::string argv0;
  /// Where the merged trace goes when `SimulationOptions::trace` is set.
  std::string traceFile;
  /// How long to wait for every worker to answer before submitting.
  unsigned readySeconds = 10;
  /// Submit modules as MLIR text (generic form, with locations) instead of
  /// bytecode, which only builds of the same MLIR read.
  bool moduleText = false;
  /// With `localWorkers`: worker R's data root is DIR/rankR.
  std::string dataRoot;
  /// Writes every job body the driver sends to this file, so tests can
  /// check what the driver handled.
  std::string recordRequests;
};

/// Runs the per-rank modules (`simp.rank`) of `projected` on workers: each
/// rank's module (as bytecode, or text) and arguments are submitted to its
/// worker in parallel, the driver waits for all, aborts every rank as soon as
/// one fails or becomes unreachable, and fetches the results. `outcomes` are as
/// from `simulate` (errors carry the worker's message; `op` is null). Fails
/// with a message on stderr when the cluster cannot be used at all.
mlir::LogicalResult runDistributed(mlir::ModuleOp projected,
                                   const DistributedOptions &cluster,
                                   const SimulationOptions &options,
                                   const std::vector<std::vector<Value>> &args,
                                   std::vector<RankOutcome> &outcomes);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_CLUSTERDRIVER_H
