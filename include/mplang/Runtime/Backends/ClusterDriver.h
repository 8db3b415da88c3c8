//===- ClusterDriver.h - run a projected program on workers -----*- C++ -*-===//

#ifndef MPLANG_RUNTIME_BACKENDS_CLUSTERDRIVER_H
#define MPLANG_RUNTIME_BACKENDS_CLUSTERDRIVER_H

#include "mplang/Runtime/Backends/Run.h"

#include "mlir/IR/BuiltinOps.h"

namespace mplang::rt {

/// Runs the per-rank modules (`simp.rank`) of `projected` on workers (those
/// of a cluster file, or `--local` ones started here, by `options.mode`):
/// each
/// rank's module (as bytecode, or text) and arguments are submitted to its
/// worker in parallel, the driver waits for all, aborts every rank as soon as
/// one fails or becomes unreachable, and fetches the results. `result` is as
/// from `simulate` (errors carry the worker's message; `op` is null). Fails
/// when the cluster cannot be used at all.
/// An error unless `config` has `worldSize` nodes and the driver's token.
Status checkDriverOf(const ClusterConfig &config, size_t worldSize);

StatusOr<RunResult> runDistributed(mlir::ModuleOp projected,
                                   const RunOptions &options,
                                   const std::vector<std::vector<Value>> &args);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_BACKENDS_CLUSTERDRIVER_H
