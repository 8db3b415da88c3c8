//===- ProgramDigest.cpp - what an operator approves ----------------------===//

#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"
#include "InvocationPass.h"
#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/Transforms/KeepResults.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/Dialect/Store/IR/StoreOps.h"
#include "mplang/Dialect/Store/IR/StoreURI.h"

#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include <limits>

namespace mlir::simp {
#define GEN_PASS_DEF_SIMPPROGRAMDIGESTS
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"
} // namespace mlir::simp

using namespace mlir;
using namespace mlir::simp;

std::string simp::describeJob(const JobBinding &job) {
  std::string text = "@" + job.entry + "(";
  for (auto [i, uri] : llvm::enumerate(job.references))
    text += (i ? ", " : "") + (uri.empty() ? "value" : "@" + uri);
  return text + ") world_size=" +
         (job.worldSize ? std::to_string(*job.worldSize) : "none");
}

std::string simp::approvalLine(ModuleOp rankModule, const JobBinding &job) {
  return describeJob(job) + " " + jobDigest(rankModule, job);
}

std::string simp::jobDigest(ModuleOp rankModule, const JobBinding &job) {
  // Names are length-prefixed, so that no two bindings read the same.
  std::string text = "mplang job 1\nworld_size " +
                     (job.worldSize ? std::to_string(*job.worldSize) : "none") +
                     "\nentry " + std::to_string(job.entry.size()) + " " +
                     job.entry + "\nargs " +
                     std::to_string(job.references.size()) + "\n";
  for (const std::string &uri : job.references)
    text += uri.empty()
                ? "value\n"
                : "ref " + std::to_string(uri.size()) + " " + uri + "\n";
  text += "module\n";
  llvm::raw_string_ostream os(text);
  // Without debug info no location is printed; the generic form does not
  // depend on custom printers. The flags a command line can set are fixed
  // here, and nothing is elided, since the digest must cover every constant.
  OpPrintingFlags flags;
  flags.printGenericOpForm()
      .enableDebugInfo(false)
      .elideLargeElementsAttrs(std::numeric_limits<int64_t>::max())
      .printLargeElementsAttrWithHex(100)
      .elideLargeResourceString(std::numeric_limits<int64_t>::max());
  // Printed detached: a nested op is printed in the scope of its top-level
  // op, whose other ranks would change alias names.
  OwningOpRef<ModuleOp> alone = rankModule.clone();
  alone->print(os, flags);
  std::array<uint8_t, 32> hash = llvm::SHA256::hash(llvm::ArrayRef(
      reinterpret_cast<const uint8_t *>(text.data()), text.size()));
  return kJobDigestPrefix + llvm::toHex(hash, /*LowerCase=*/true);
}

namespace {

/// (rank, global argument index) -> the URI it is bound to.
using References = std::map<std::pair<int64_t, unsigned>, std::string>;

} // namespace

/// The arguments `inputs` binds by reference.
static FailureOr<References> parseInputs(ModuleOp module,
                                         ArrayRef<std::string> inputs,
                                         ArrayRef<Type> args,
                                         int64_t worldSize) {
  References references;
  for (StringRef spec : inputs) {
    auto [where, bound] = spec.split('=');
    auto [rankText, indexText] = where.split(':');
    int64_t rank;
    unsigned index;
    if (rankText.getAsInteger(10, rank) || indexText.getAsInteger(10, index) ||
        !spec.contains('='))
      return module.emitError("bad input '")
             << spec << "': expected R:I=@URI (or R:I=FILE.npy, by value)";
    if (rank < 0 || rank >= worldSize || index >= args.size() ||
        !getRankLocalType(args[index], rank))
      return module.emitError("input '") << spec << "': rank " << rank
                                         << " does not hold argument " << index;
    // A file the driver reads is a value, as an --arg is.
    if (!bound.consume_front("@"))
      continue;
    store::ObjectURI uri;
    std::string error;
    if (!store::parseObjectURI(bound, uri, error))
      return module.emitError("input '") << spec << "': " << error;
    references[{rank, index}] = bound.str();
  }
  return references;
}

/// Projects the global program and keeps its results as mplang-run does;
/// sets the global entry's argument types and what binds them.
static LogicalResult
prepareGlobal(ModuleOp module, StringRef entry, ArrayRef<std::string> inputs,
              ArrayRef<std::string> keep, PipelineRunner runPipeline,
              SmallVector<Type> &globalArgs, References &references) {
  std::optional<int64_t> worldSize = getWorldSize(module);
  auto fn = module.lookupSymbol<func::FuncOp>(entry);
  if (!fn || !worldSize)
    return module.emitError(fn ? "the program has no 'simp.world_size'"
                               : "no entry function @" + entry);
  globalArgs.assign(fn.getArgumentTypes().begin(), fn.getArgumentTypes().end());
  SmallVector<Type> results(fn.getResultTypes());
  FailureOr<References> parsed =
      parseInputs(module, inputs, globalArgs, *worldSize);
  if (failed(parsed))
    return failure();
  references = std::move(*parsed);
  KeptResults kept;
  if (std::string error =
          parseKeepSpecs(keep, results, *worldSize, nullptr, kept);
      !error.empty())
    return module.emitError(error);
  OpPassManager project(ModuleOp::getOperationName());
  project.addPass(createSimpProject());
  project.addPass(
      createSimpKeepResults({entry.str(), localKeepSpecs(results, kept)}));
  return runPipeline(project, module);
}

bool simp::holdsRankPrograms(ModuleOp module) {
  return llvm::any_of(module.getOps<ModuleOp>(), [](ModuleOp m) {
    return bool(m->getAttr(SimpDialect::getRankAttrName()));
  });
}

FailureOr<SmallVector<RankJob>> simp::prepareJobs(ModuleOp module,
                                                  StringRef entry,
                                                  ArrayRef<std::string> inputs,
                                                  ArrayRef<std::string> keep,
                                                  PipelineRunner runPipeline) {
  bool projected = holdsRankPrograms(module);
  // A global program's bindings and kept results name its arguments and
  // results, as mplang-run's do.
  SmallVector<Type> globalArgs;
  References references;
  if (!projected && failed(prepareGlobal(module, entry, inputs, keep,
                                         runPipeline, globalArgs, references)))
    return failure();
  if (projected && (!inputs.empty() || !keep.empty()))
    return module.emitError("inputs and keep name the arguments and results "
                            "of the global program: give it unprojected");
  SmallVector<RankJob> jobs;
  for (auto nested : module.getOps<ModuleOp>()) {
    auto rank =
        nested->getAttrOfType<IntegerAttr>(SimpDialect::getRankAttrName());
    if (!rank)
      continue;
    auto fn = nested.lookupSymbol<func::FuncOp>(entry);
    if (!fn || fn.isExternal())
      return nested.emitError("rank ")
             << rank.getInt() << " has no entry function @" << entry;
    JobBinding job{getWorldSize(nested), entry.str(), {}};
    // Rank r's entry takes the global arguments r holds, in order.
    for (auto [i, type] : llvm::enumerate(globalArgs))
      if (getRankLocalType(type, rank.getInt())) {
        auto it = references.find({rank.getInt(), unsigned(i)});
        job.references.push_back(it == references.end() ? "" : it->second);
      }
    job.references.resize(fn.getNumArguments());
    jobs.push_back({rank.getInt(), nested, std::move(job)});
  }
  return jobs;
}

namespace {

struct SimpProgramDigests
    : public InvocationPass<SimpProgramDigests,
                            simp::impl::SimpProgramDigestsBase> {
  using InvocationPass::InvocationPass;

  void print(ArrayRef<RankJob> jobs) {
    for (const RankJob &job : jobs)
      llvm::outs() << "rank " << job.rank << ": "
                   << approvalLine(job.program, job.job) << "\n";
  }
};

} // namespace
