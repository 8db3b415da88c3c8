//===- CryptoTypes.h - crypto dialect types ---------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_CRYPTO_IR_CRYPTOTYPES_H
#define MPLANG_DIALECT_CRYPTO_IR_CRYPTOTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Types.h"

#include "mplang/Dialect/Crypto/IR/CryptoEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/Crypto/IR/CryptoOpsTypes.h.inc"

namespace mlir::crypto {
/// The element type of a crypto value: `type` itself or, for a tensor, its
/// element type.
Type elementTypeOf(Type type);
/// The batch shape of a crypto value: empty for a single element.
ArrayRef<int64_t> batchShapeOf(Type type);
/// Whether `type` is a crypto type or a tensor of one.
bool isCryptoValueType(Type type);
} // namespace mlir::crypto

#endif // MPLANG_DIALECT_CRYPTO_IR_CRYPTOTYPES_H
