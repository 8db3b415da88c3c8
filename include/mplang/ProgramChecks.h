//===- ProgramChecks.h - what every tool checks before running --*- C++ -*-===//
//
// The static checks of a linked global program beyond the verifiers, which
// mplang-opt, mplang-run and the Python front end all run before
// projecting it: a program that fails them never runs.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_PROGRAMCHECKS_H
#define MPLANG_PROGRAMCHECKS_H

#include "mplang/Dialect/BFV/Transforms/Passes.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

namespace mplang {

/// Adds the checks to a pipeline (mplang-opt's, after linking): the BFV
/// noise check.
inline void addProgramChecks(mlir::OpPassManager &pm) {
  pm.addPass(mlir::bfv::createBFVNoiseCheck());
}

/// Verifies a linked program and runs the checks; errors go to the
/// context's diagnostic handler.
inline mlir::LogicalResult checkProgram(mlir::ModuleOp program) {
  if (mlir::failed(mlir::verify(program)))
    return mlir::failure();
  mlir::PassManager pm(program.getContext());
  addProgramChecks(pm);
  return pm.run(program);
}

} // namespace mplang

#endif // MPLANG_PROGRAMCHECKS_H
