//===- RankProgram.h - a party's program made ready to run ------*- C++ -*-===//
//
// The one preparation a rank's program gets before it runs, the same in the
// simulator (for every rank) and in a worker (for the job it was given).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_BACKENDS_RANKPROGRAM_H
#define MPLANG_RUNTIME_BACKENDS_RANKPROGRAM_H

#include "mplang/Runtime/JIT/JIT.h"
#include "mplang/Runtime/Plan.h"

namespace mplang::rt {

/// Makes `rankModule` (one rank's module, `simp.rank`) ready to run, in
/// place: outlines the groups of local code `mode` selects (docs/jit.md)
/// and compiles every function into plans with `kernels` (which must
/// outlive the result; jit::makeRegistry gives the kernel that runs
/// outlined groups compiled). Local code still compiling at `deadline`
/// stays interpreted. Fails after reporting MLIR diagnostics when an op has
/// no kernel or `entry` is missing.
///
/// Results kept on their party (`--simp-keep-results`) are not kept here:
/// that rewrite comes before, on the driver's side, because it is part of
/// the program an operator approves and a worker receives.
mlir::FailureOr<CompiledProgram>
prepareRankProgram(mlir::ModuleOp rankModule, llvm::StringRef entry,
                   jit::Mode mode, const KernelRegistry &kernels,
                   PlanBuilder::Deadline deadline);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_BACKENDS_RANKPROGRAM_H
