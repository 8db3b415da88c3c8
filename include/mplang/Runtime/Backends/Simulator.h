//===- Simulator.h - every rank of a program in one process ----*- C++ -*-===//

#ifndef MPLANG_RUNTIME_BACKENDS_SIMULATOR_H
#define MPLANG_RUNTIME_BACKENDS_SIMULATOR_H

#include "mplang/Runtime/Backends/Run.h"

#include "mlir/IR/BuiltinOps.h"

namespace mplang::rt {

/// Runs the per-rank modules (`simp.rank`) of `projected` concurrently, one
/// scheduling thread and one pool per rank, over in-memory mailboxes.
/// Each rank runs a copy of its module made ready by prepareRankProgram;
/// `projected` stays as it was. Fails before running (InvalidArgument, after
/// MLIR diagnostics for the ops) when an op has no kernel or the entry is
/// missing; a run that fails succeeds here with the failures in
/// `result.ranks`.
StatusOr<RunResult> simulate(mlir::ModuleOp projected,
                             const RunOptions &options,
                             const std::vector<std::vector<Value>> &args);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_BACKENDS_SIMULATOR_H
