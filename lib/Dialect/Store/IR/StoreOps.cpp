//===- StoreOps.cpp - store dialect operations ------------------*- C++ -*-===//

#include "mplang/Dialect/Store/IR/StoreOps.h"
#include "mplang/Dialect/Store/IR/StoreURI.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::store;

#define GET_OP_CLASSES
#include "mplang/Dialect/Store/IR/StoreOps.cpp.inc"

/// Whether the store has a format for `type`: .npy for statically shaped
/// tensors and scalars, the serialized form for BFV objects.
static bool isStorable(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.hasStaticShape();
  if (isa<IntegerType, FloatType, IndexType>(type))
    return true;
  return type.getDialect().getNamespace() == "bfv";
}

static LogicalResult verifyObject(Operation *op, StringRef uri, Type type) {
  ObjectURI parsed;
  std::string error;
  if (!parseObjectURI(uri, parsed, error))
    return op->emitOpError() << error;
  if (!isStorable(type))
    return op->emitOpError()
           << "cannot store a value of type " << type
           << ": expected a statically shaped tensor, a scalar or a BFV "
              "object (inside a simp.pcall body, on rank-local values)";
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyObject(*this, getUri(), getResult().getType());
}

LogicalResult SaveOp::verify() {
  return verifyObject(*this, getUri(), getValue().getType());
}
