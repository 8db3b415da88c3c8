//===- SimpDialect.cpp - simp dialect ---------------------------*- C++ -*-===//

#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Dialect/Simp/IR/SimpTypes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::simp;

#include "mplang/Dialect/Simp/IR/SimpOpsDialect.cpp.inc"

void SimpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mplang/Dialect/Simp/IR/SimpOps.cpp.inc"
      >();
  registerTypes();
}

/// Reports the first `!simp.mp` type in `op`'s results, region arguments or
/// type attributes (e.g. a function signature) that names a rank outside the
/// world.
static LogicalResult verifyTypesInWorld(Operation *op, int64_t worldSize) {
  SmallVector<Type> types(op->getResultTypes());
  for (Region &region : op->getRegions())
    for (Block &block : region)
      llvm::append_range(types, block.getArgumentTypes());
  for (NamedAttribute attr : op->getAttrs())
    if (auto typeAttr = dyn_cast<TypeAttr>(attr.getValue()))
      types.push_back(typeAttr.getValue());

  for (Type type : types) {
    MPType bad;
    type.walk([&](MPType mp) {
      if (!bad && !mp.getParties().empty() &&
          mp.getParties().back() >= worldSize)
        bad = mp;
    });
    if (bad)
      return op->emitOpError("uses type ")
             << bad << " whose rank " << bad.getParties().back()
             << " is outside the world of " << worldSize << " parties";
  }
  return success();
}

LogicalResult SimpDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getLinkNameAttrName()) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func || !func.isExternal())
      return op->emitError("'simp.link_name' must be set on a function "
                           "declaration");
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError("'simp.link_name' must be a string");
    return success();
  }
  if (name == getMeasureAttrName()) {
    auto dict = dyn_cast<DictionaryAttr>(attr.getValue());
    if (op->getName().getStringRef() != "func.call" || !dict ||
        !dict.getAs<StringAttr>("op") || !dict.getAs<IntegerAttr>("elements"))
      return op->emitError("'simp.measure' must be a dictionary {op = "
                           "\"name\", elements = N} on a func.call");
    return success();
  }
  if (name != getWorldSizeAttrName() && name != getRankAttrName() &&
      name != getSiteAttrName())
    return op->emitError("unknown simp attribute '") << name << "'";
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value)
    return op->emitError("'") << name << "' must be an integer";
  if (name == getSiteAttrName()) {
    if (value.getInt() < 0)
      return op->emitError("'simp.site' must be non-negative");
    return success();
  }
  if (!isa<ModuleOp>(op))
    return op->emitError("'") << name << "' must be set on a builtin.module";

  if (name == getRankAttrName()) {
    std::optional<int64_t> worldSize = getWorldSize(op);
    if (!worldSize)
      return op->emitError("'simp.rank' requires an enclosing "
                           "'simp.world_size'");
    if (value.getInt() < 0 || value.getInt() >= *worldSize)
      return op->emitError("'simp.rank' = ")
             << value.getInt() << " is outside the world of " << *worldSize
             << " parties";
    return success();
  }

  int64_t worldSize = value.getInt();
  if (worldSize <= 0 || worldSize > kMaxWorldSize)
    return op->emitError("'simp.world_size' must be between 1 and ")
           << kMaxWorldSize << ", got " << worldSize;
  WalkResult result = op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    // A nested module with its own world size is checked on its own.
    if (nested != op && nested->hasAttr(getWorldSizeAttrName()))
      return WalkResult::skip();
    return failed(verifyTypesInWorld(nested, worldSize))
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
