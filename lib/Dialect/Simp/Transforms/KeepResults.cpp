//===- KeepResults.cpp - results that stay on their party -----------------===//
//
// A kept result never travels to the driver: the party's entry saves the
// value in its own store and no longer returns it. The same rewritten program
// runs in the simulator and on workers, and is what an operator approves.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/Transforms/KeepResults.h"
#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/Dialect/Store/IR/StoreOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"

namespace mlir::simp {
#define GEN_PASS_DEF_SIMPKEEPRESULTS
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"
} // namespace mlir::simp

using namespace mlir;

/// Rewrites rank `rank`'s entry; `kept` holds local result indices.
static LogicalResult
keepRankResults(ModuleOp projected, StringRef entry, int64_t rank,
                ArrayRef<std::pair<unsigned, std::string>> kept) {
  ModuleOp mine;
  for (auto nested : projected.getOps<ModuleOp>())
    if (auto attr = nested->getAttrOfType<IntegerAttr>(
            simp::SimpDialect::getRankAttrName());
        attr && attr.getInt() == rank)
      mine = nested;
  auto fn = mine ? mine.lookupSymbol<func::FuncOp>(entry) : nullptr;
  if (!fn || fn.isExternal())
    return projected.emitError("rank ")
           << rank << " has no entry function @" << entry;
  llvm::BitVector dropped(fn.getNumResults());
  for (auto &[index, uri] : kept) {
    if (index >= fn.getNumResults())
      return fn.emitError("rank ")
             << rank << " returns " << fn.getNumResults()
             << " results, there is no local result " << index << " to keep";
    dropped.set(index);
  }
  WalkResult walk = fn.walk([&](func::ReturnOp ret) {
    OpBuilder builder(ret);
    for (auto &[index, uri] : kept) {
      auto save = builder.create<store::SaveOp>(
          ret.getLoc(), ret.getOperand(index), builder.getStringAttr(uri));
      if (failed(save.verify()))
        return WalkResult::interrupt();
    }
    ret->eraseOperands(dropped);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  SmallVector<Type> results;
  for (auto [i, type] : llvm::enumerate(fn.getResultTypes()))
    if (!dropped.test(i))
      results.push_back(type);
  fn.setType(
      FunctionType::get(fn.getContext(), fn.getArgumentTypes(), results));
  return success();
}

std::string simp::parseKeepSpecs(
    ArrayRef<std::string> specs, ArrayRef<Type> results, int64_t worldSize,
    llvm::function_ref<std::string(unsigned)> defaultURI, KeptResults &kept) {
  auto named = [&](StringRef spec, unsigned index, StringRef uri,
                   std::string &out) -> std::string {
    if (!uri.empty()) {
      out = uri.str();
      return "";
    }
    if (!defaultURI)
      return ("--keep '" + spec +
              "': name the URI (R:I=URI); a default URI is fresh for each "
              "run, so it cannot be approved in advance")
          .str();
    out = defaultURI(index);
    return "";
  };
  for (StringRef spec : specs) {
    if (spec == "all") {
      for (int64_t r = 0; r < worldSize; ++r)
        for (auto [i, type] : llvm::enumerate(results)) {
          if (!getRankLocalType(type, r) || kept.count({r, unsigned(i)}))
            continue;
          if (std::string error = named(spec, i, "", kept[{r, unsigned(i)}]);
              !error.empty())
            return error;
        }
      continue;
    }
    auto [where, uri] = spec.split('=');
    auto [rankText, indexText] = where.split(':');
    int64_t rank;
    unsigned index;
    if (rankText.getAsInteger(10, rank) || indexText.getAsInteger(10, index))
      return ("bad --keep '" + spec + "': expected R:I[=URI] or all").str();
    if (rank < 0 || rank >= worldSize || index >= results.size() ||
        !getRankLocalType(results[index], rank))
      return ("--keep '" + spec + "': rank " + Twine(rank) +
              " does not hold result " + Twine(index))
          .str();
    if (std::string error = named(spec, index, uri, kept[{rank, index}]);
        !error.empty())
      return error;
  }
  return "";
}

std::vector<std::string> simp::localKeepSpecs(ArrayRef<Type> results,
                                              const KeptResults &kept) {
  std::vector<std::string> specs;
  for (auto &[where, uri] : kept) {
    auto [rank, index] = where;
    // The rank's entry returns only the results it holds, in order.
    unsigned local = llvm::count_if(results.take_front(index), [&](Type t) {
      return bool(getRankLocalType(t, rank));
    });
    specs.push_back((Twine(rank) + ":" + Twine(local) + "=" + uri).str());
  }
  return specs;
}

namespace {
struct SimpKeepResults
    : public simp::impl::SimpKeepResultsBase<SimpKeepResults> {
  using SimpKeepResultsBase::SimpKeepResultsBase;

  void runOnOperation() override {
    std::map<int64_t, SmallVector<std::pair<unsigned, std::string>>> perRank;
    for (StringRef spec : keep) {
      auto [where, uri] = spec.split('=');
      auto [rankText, indexText] = where.split(':');
      int64_t rank;
      unsigned index;
      if (rankText.getAsInteger(10, rank) ||
          indexText.getAsInteger(10, index) || uri.empty()) {
        getOperation().emitError("bad keep '") << spec << "': expected R:L=URI";
        return signalPassFailure();
      }
      perRank[rank].push_back({index, uri.str()});
    }
    for (auto &[rank, local] : perRank)
      if (failed(keepRankResults(getOperation(), entry, rank, local)))
        return signalPassFailure();
  }
};
} // namespace
