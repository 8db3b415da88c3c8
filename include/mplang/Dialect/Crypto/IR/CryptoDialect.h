//===- CryptoDialect.h - crypto dialect -------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_CRYPTO_IR_CRYPTODIALECT_H
#define MPLANG_DIALECT_CRYPTO_IR_CRYPTODIALECT_H

#include "mlir/IR/Dialect.h"

#include "mplang/Dialect/Crypto/IR/CryptoOpsDialect.h.inc"

#endif // MPLANG_DIALECT_CRYPTO_IR_CRYPTODIALECT_H
