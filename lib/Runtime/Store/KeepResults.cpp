//===- KeepResults.cpp - default names of kept results --------------------===//
//
// `mplang-run --keep R:I` without a URI keeps the result under a name fresh
// for the run, so that runs in one session do not overwrite each other. The
// rewrite itself is the pass --simp-keep-results.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Store/ObjectStore.h"

#include "llvm/ADT/StringExtras.h"
#include <random>

using namespace mplang::rt;

StatusOr<KeptResults>
mplang::rt::parseKeepSpecs(llvm::ArrayRef<std::string> specs,
                           llvm::ArrayRef<mlir::Type> results,
                           int64_t worldSize) {
  KeptResults kept;
  std::random_device random;
  std::string runId = llvm::utohexstr((uint64_t(random()) << 32 | random()),
                                      /*LowerCase=*/true);
  std::string error = mlir::simp::parseKeepSpecs(
      specs, results, worldSize,
      [&](unsigned index) {
        return "mem://run-" + runId + "/result" + std::to_string(index);
      },
      kept);
  if (!error.empty())
    return Status::error(error);
  return kept;
}
