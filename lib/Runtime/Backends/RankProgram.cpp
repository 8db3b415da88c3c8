//===- RankProgram.cpp - a party's program made ready to run --------------===//

#include "mplang/Runtime/Backends/RankProgram.h"

using namespace mplang::rt;

mlir::FailureOr<CompiledProgram>
mplang::rt::prepareRankProgram(mlir::ModuleOp rankModule, llvm::StringRef entry,
                               jit::Mode mode, const KernelRegistry &kernels,
                               PlanBuilder::Deadline deadline) {
  jit::outlineLocalGroups(rankModule, mode);
  return compileProgram(rankModule, entry, kernels, deadline);
}
