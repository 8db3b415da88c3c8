//===- Driver.cpp - run a projected program in either mode ----------------===//

#include "mplang/Runtime/Driver/Driver.h"
#include "mplang/Runtime/Backends/ClusterDriver.h"
#include "mplang/Runtime/Backends/Simulator.h"
#include "mplang/Runtime/Plan.h"

using namespace mplang::rt;

StatusOr<RunResult>
mplang::rt::runProgram(mlir::ModuleOp projected, const RunOptions &options,
                       const std::vector<std::vector<Value>> &args) {
  const RunMode &mode = options.mode;
  MPLANG_RETURN_IF_ERROR(
      mode.checkWorldSize(getRankPrograms(projected).size()));
  return mode.distributed() ? runDistributed(projected, options, args)
                            : simulate(projected, options, args);
}

std::optional<size_t>
mplang::rt::getRootCause(llvm::ArrayRef<RankOutcome> ranks) {
  std::optional<size_t> root;
  for (auto [r, outcome] : llvm::enumerate(ranks)) {
    if (outcome.status.isOk())
      continue;
    bool own = outcome.status.code() != StatusCode::Aborted;
    if (own)
      return r;
    if (!root)
      root = r;
  }
  return root;
}
