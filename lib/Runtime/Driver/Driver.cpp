//===- Driver.cpp - run a projected program in either mode ----------------===//

#include "mplang/Runtime/Driver/Driver.h"
#include "mplang/Runtime/Backends/ClusterDriver.h"
#include "mplang/Runtime/Backends/Simulator.h"

using namespace mplang::rt;

Status mplang::rt::runProgram(mlir::ModuleOp projected,
                              const RunOptions &options,
                              const std::vector<std::vector<Value>> &args,
                              RunResult &result) {
  return options.distributed()
             ? runDistributed(projected, options, args, result)
             : simulate(projected, options, args, result);
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
