//===- Program.h - a global program made ready for a run --------*- C++ -*-===//
//
// The steps between a parsed global program and the per-rank modules that
// run, the same for mplang-run and the Python extension: lower ss, link,
// verify and check, project and keep results.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_DRIVER_PROGRAM_H
#define MPLANG_RUNTIME_DRIVER_PROGRAM_H

#include "mplang/Dialect/Simp/Transforms/Link.h"
#include "mplang/Runtime/Driver/Driver.h"

namespace mplang::rt {

struct Program {
  /// One module per rank (`simp.rank`), with kept results saved.
  mlir::OwningOpRef<mlir::ModuleOp> projected;
  /// The global entry's signature, which says which rank holds what.
  EntrySignature signature;
  int64_t worldSize = 0;
  /// What `keep` kept where.
  KeptResults kept;
};

/// Lowers the ss ops of `parsed` to protocol calls, links it with the
/// library functions `link` finds, verifies and checks it (ProgramChecks.h),
/// takes the signature of `entry`, projects it (`--simp-project`) and makes
/// the results `keep` names (mplang-run --keep) stay on their parties
/// (`--simp-keep-results`). A step that reports MLIR diagnostics fails with
/// a summary ("the program does not verify"), the others with their error.
StatusOr<Program> prepareProgram(mlir::OwningOpRef<mlir::ModuleOp> parsed,
                                 const mlir::simp::LinkOptions &link,
                                 llvm::StringRef entry,
                                 llvm::ArrayRef<std::string> keep = {});

/// Makes the results `keep` names stay on their parties in `projected` (a
/// projected program, rewritten by `--simp-keep-results`) and returns where
/// each is kept. A caller that runs one prepared program many times keeps
/// the results of a copy per run: `R:I` names are fresh for each call.
StatusOr<KeptResults> keepResults(mlir::ModuleOp projected,
                                  const EntrySignature &signature,
                                  int64_t worldSize, llvm::StringRef entry,
                                  llvm::ArrayRef<std::string> keep);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DRIVER_PROGRAM_H
