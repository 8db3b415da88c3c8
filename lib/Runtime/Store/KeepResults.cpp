//===- KeepResults.cpp - results that stay on their party -----------------===//
//
// `mplang-run --keep` leaves a result on the party that computed it: the
// party's entry saves the value in its own store and no longer returns it,
// so it never travels to the driver. The same rewritten program runs in the
// simulator and on workers.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Store/ObjectStore.h"

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Store/IR/StoreOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"
#include <random>

using namespace mlir;
using namespace mplang::rt;

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
  // The program may not use the store itself.
  fn.getContext()->getOrLoadDialect<store::StoreDialect>();
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

Status mplang::rt::parseKeepSpecs(ArrayRef<std::string> specs,
                                  ArrayRef<Type> results, int64_t worldSize,
                                  KeptResults &kept) {
  // Fresh per run, so runs in one session do not overwrite each other.
  std::random_device random;
  std::string runId = llvm::utohexstr((uint64_t(random()) << 32 | random()),
                                      /*LowerCase=*/true);
  auto defaultURI = [&](unsigned index) {
    return ("mem://run-" + runId + "/result" + Twine(index)).str();
  };
  for (StringRef spec : specs) {
    if (spec == "all") {
      for (int64_t r = 0; r < worldSize; ++r)
        for (auto [i, type] : llvm::enumerate(results))
          if (simp::getRankLocalType(type, r))
            kept.try_emplace({r, unsigned(i)}, defaultURI(i));
      continue;
    }
    auto [where, uri] = spec.split('=');
    auto [rankText, indexText] = where.split(':');
    int64_t rank;
    unsigned index;
    if (rankText.getAsInteger(10, rank) || indexText.getAsInteger(10, index))
      return Status::error("bad --keep '" + spec +
                           "': expected R:I[=URI] or "
                           "all");
    if (rank < 0 || rank >= worldSize || index >= results.size() ||
        !simp::getRankLocalType(results[index], rank))
      return Status::error("--keep '" + spec + "': rank " + Twine(rank) +
                           " does not hold result " + Twine(index));
    kept[{rank, index}] = uri.empty() ? defaultURI(index) : uri.str();
  }
  return Status::ok();
}

LogicalResult mplang::rt::keepResults(ModuleOp projected, StringRef entry,
                                      ArrayRef<Type> results,
                                      const KeptResults &kept) {
  std::map<int64_t, SmallVector<std::pair<unsigned, std::string>>> perRank;
  for (auto &[where, uri] : kept) {
    auto [rank, index] = where;
    // The rank's entry returns only the results it holds, in order.
    unsigned local = llvm::count_if(results.take_front(index), [&](Type t) {
      return bool(simp::getRankLocalType(t, rank));
    });
    perRank[rank].push_back({local, uri});
  }
  for (auto &[rank, local] : perRank)
    if (failed(keepRankResults(projected, entry, rank, local)))
      return failure();
  return success();
}
