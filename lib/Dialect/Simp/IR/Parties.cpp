//===- Parties.cpp - party sets and the world -------------------*- C++ -*-===//

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/IR/SimpTypes.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::simp;

LogicalResult
mlir::simp::verifyPartySet(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t> ranks) {
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (ranks[i] < 0)
      return emitError() << "party set has negative rank " << ranks[i];
    if (i == 0)
      continue;
    if (ranks[i] == ranks[i - 1])
      return emitError() << "party set has duplicate rank " << ranks[i];
    if (ranks[i] < ranks[i - 1])
      return emitError() << "party set must be sorted, but " << ranks[i]
                         << " follows " << ranks[i - 1];
  }
  return success();
}

std::optional<int64_t> mlir::simp::getWorldSize(Operation *op) {
  for (Operation *it = op; it; it = it->getParentOp())
    if (auto attr =
            it->getAttrOfType<IntegerAttr>(SimpDialect::getWorldSizeAttrName()))
      if (isa<ModuleOp>(it))
        return attr.getInt();
  return std::nullopt;
}

LogicalResult mlir::simp::verifyRanksInWorld(Operation *op,
                                             ArrayRef<int64_t> ranks,
                                             StringRef what) {
  std::optional<int64_t> worldSize = getWorldSize(op);
  if (!worldSize)
    return op->emitOpError("requires an enclosing module with '")
           << SimpDialect::getWorldSizeAttrName() << "'";
  for (int64_t rank : ranks)
    if (rank < 0 || rank >= *worldSize)
      return op->emitOpError()
             << what << " rank " << rank << " is outside the world of "
             << *worldSize << " parties";
  return success();
}

Type mlir::simp::getLocalType(Type type) {
  if (auto mp = dyn_cast<MPType>(type))
    return mp.getValueType();
  return type;
}

Type mlir::simp::getRankLocalType(Type type, int64_t rank) {
  auto mp = dyn_cast<MPType>(type);
  if (!mp)
    return type;
  if (mp.isStatic() && !mp.holds(rank))
    return {};
  return getRankLocalType(mp.getValueType(), rank);
}
