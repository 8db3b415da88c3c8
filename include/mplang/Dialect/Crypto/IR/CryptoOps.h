//===- CryptoOps.h - crypto dialect operations ------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_CRYPTO_IR_CRYPTOOPS_H
#define MPLANG_DIALECT_CRYPTO_IR_CRYPTOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mplang/Dialect/Crypto/IR/CryptoDialect.h"
#include "mplang/Dialect/Crypto/IR/CryptoTypes.h"

#define GET_OP_CLASSES
#include "mplang/Dialect/Crypto/IR/CryptoOps.h.inc"

#endif // MPLANG_DIALECT_CRYPTO_IR_CRYPTOOPS_H
