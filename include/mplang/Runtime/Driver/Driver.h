//===- Driver.h - run a projected program in either mode --------*- C++ -*-===//
//
// What a tool needs around a run: the global entry's signature, the binding
// of its arguments, the run itself (simulated or on workers, by
// RunOptions), the rank whose failure explains it, and its results as text
// and .npy files. Nothing here prints: tools report what these return.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_DRIVER_DRIVER_H
#define MPLANG_RUNTIME_DRIVER_DRIVER_H

#include "mplang/Runtime/Backends/Run.h"
#include "mplang/Runtime/Store/ObjectStore.h"

#include "mlir/IR/BuiltinOps.h"

namespace mplang::rt {

/// The global entry function's argument and result types, which say which
/// rank holds what.
struct EntrySignature {
  llvm::SmallVector<mlir::Type> inputs, results;
};
StatusOr<EntrySignature> getEntrySignature(mlir::ModuleOp program,
                                           llvm::StringRef entry);

/// A value of `type` from the layout .npy files and numpy arrays give it: a
/// gf128 tensor comes as its [lo, hi] 64-bit words (its shape followed by
/// 2). Anything else is returned unchanged, for the type check.
Value fromNumpyLayout(const Value &value, mlir::Type type);

/// Arguments of each rank from bindings `R:I=FILE.npy` or `R:I=@URI`
/// (`npyBindings`) and `R:I=ATTR` (`attrBindings`). Every argument a rank
/// holds must be bound, and each binding must fit its type. With
/// `distributed`, `@URI` stays a reference that the rank's worker loads.
StatusOr<std::vector<std::vector<Value>>>
bindInputs(mlir::MLIRContext &context, const EntrySignature &signature,
           int64_t worldSize, bool distributed,
           llvm::ArrayRef<std::string> npyBindings,
           llvm::ArrayRef<std::string> attrBindings);

/// Runs the per-rank modules of `projected` where `options.mode` says; the
/// number of parties `--sim N` and `--local N` give must be the program's.
StatusOr<RunResult> runProgram(mlir::ModuleOp projected,
                               const RunOptions &options,
                               const std::vector<std::vector<Value>> &args);

/// The rank whose failure explains the run: the lowest rank that failed on
/// its own (any code but Aborted), else the lowest rank that failed; none
/// when every rank succeeded.
std::optional<size_t> getRootCause(llvm::ArrayRef<RankOutcome> ranks);

/// What a rank holds of one result: its value, or the URI it was kept at.
struct HeldResult {
  unsigned index;
  /// The rank's local type; null where it holds none.
  mlir::Type type;
  Value value;
  std::optional<std::string> keptAt;
};
/// What rank `rank` holds of each result of a run, in order.
std::vector<HeldResult> getHeldResults(const EntrySignature &signature,
                                       const RankOutcome &outcome, int64_t rank,
                                       const KeptResults &kept);

/// One line per rank, `rank R: ...`: what it holds of each result, in
/// order, `<absent>` for what it does not hold, the URI of a kept result.
std::vector<std::string> formatResults(const EntrySignature &signature,
                                       const RunResult &result,
                                       const KeptResults &kept, bool full);

/// Writes each tensor a rank holds as `dir/rankR_resultI.npy`.
Status writeResultsNpy(llvm::StringRef dir, const EntrySignature &signature,
                       const RunResult &result, const KeptResults &kept);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DRIVER_DRIVER_H
