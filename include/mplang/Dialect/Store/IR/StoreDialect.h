//===- StoreDialect.h - store dialect ---------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_STORE_IR_STOREDIALECT_H
#define MPLANG_DIALECT_STORE_IR_STOREDIALECT_H

#include "mlir/IR/Dialect.h"

#include "mplang/Dialect/Store/IR/StoreOpsDialect.h.inc"

#endif // MPLANG_DIALECT_STORE_IR_STOREDIALECT_H
