//===- BFVDialect.h - bfv dialect -------------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_BFV_IR_BFVDIALECT_H
#define MPLANG_DIALECT_BFV_IR_BFVDIALECT_H

#include "mlir/IR/Dialect.h"

#include "mplang/Dialect/BFV/IR/BFVOpsDialect.h.inc"

#endif // MPLANG_DIALECT_BFV_IR_BFVDIALECT_H
