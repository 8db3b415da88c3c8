//===- CryptoDialect.cpp - crypto dialect and its types ---------*- C++ -*-===//

#include "mplang/Dialect/Crypto/IR/CryptoDialect.h"
#include "mplang/Dialect/Crypto/IR/CryptoOps.h"
#include "mplang/Dialect/Crypto/IR/CryptoTypes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::crypto;

#include "mplang/Dialect/Crypto/IR/CryptoEnums.cpp.inc"
#include "mplang/Dialect/Crypto/IR/CryptoOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/Crypto/IR/CryptoOpsTypes.cpp.inc"

void CryptoDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mplang/Dialect/Crypto/IR/CryptoOps.cpp.inc"
      >();
  registerTypes();
}

void CryptoDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "mplang/Dialect/Crypto/IR/CryptoOpsTypes.cpp.inc"
      >();
}

Type mlir::crypto::elementTypeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  return type;
}

ArrayRef<int64_t> mlir::crypto::batchShapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

bool mlir::crypto::isCryptoValueType(Type type) {
  return isa<PointType, ScalarType, PrivateKeyType, PublicKeyType>(
      elementTypeOf(type));
}
