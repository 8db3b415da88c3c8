//===- Program.cpp - a global program made ready for a run ----------------===//

#include "mplang/Runtime/Driver/Program.h"
#include "mplang/Dialect/SS/Transforms/Passes.h"
#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/Transforms/KeepResults.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/Dialect/Simp/Transforms/Rounds.h"
#include "mplang/ProgramChecks.h"

#include "mlir/Pass/PassManager.h"

using namespace mplang::rt;
using namespace mlir;

StatusOr<KeptResults> mplang::rt::keepResults(ModuleOp projected,
                                              const EntrySignature &signature,
                                              int64_t worldSize,
                                              StringRef entry,
                                              ArrayRef<std::string> keep) {
  StatusOr<KeptResults> kept =
      parseKeepSpecs(keep, signature.results, worldSize);
  MPLANG_RETURN_IF_ERROR(kept);
  if (kept->empty())
    return kept;
  PassManager pm(projected->getContext());
  pm.addPass(simp::createSimpKeepResults(
      {entry.str(), simp::localKeepSpecs(signature.results, *kept)}));
  if (failed(pm.run(projected)))
    return Status::invalidArgument("the results cannot be kept");
  return kept;
}

StatusOr<Program> mplang::rt::prepareProgram(OwningOpRef<ModuleOp> parsed,
                                             const simp::LinkOptions &link,
                                             StringRef entry,
                                             ArrayRef<std::string> keep) {
  if (failed(ss::lowerToSimp(*parsed)) ||
      failed(simp::linkLibraries(*parsed, link)) ||
      failed(mplang::checkProgram(*parsed)))
    return Status::invalidArgument("the program does not verify");
  simp::countMeasuredRounds(*parsed);
  std::optional<int64_t> worldSize = simp::getWorldSize(*parsed);
  if (!worldSize)
    return Status::invalidArgument("the program has no 'simp.world_size'");
  StatusOr<EntrySignature> signature = getEntrySignature(*parsed, entry);
  MPLANG_RETURN_IF_ERROR(signature);
  // Bad --keep specs fail before the projection's work.
  MPLANG_RETURN_IF_ERROR(parseKeepSpecs(keep, signature->results, *worldSize));
  PassManager pm(parsed->getContext());
  pm.addPass(simp::createSimpProject());
  if (failed(pm.run(*parsed)))
    return Status::invalidArgument("the program does not project");
  StatusOr<KeptResults> kept =
      keepResults(*parsed, *signature, *worldSize, entry, keep);
  MPLANG_RETURN_IF_ERROR(kept);
  return Program{std::move(parsed), *std::move(signature), *worldSize,
                 *std::move(kept)};
}
