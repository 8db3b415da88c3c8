//===- SimpDialect.h - simp dialect -----------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SIMP_IR_SIMPDIALECT_H
#define MPLANG_DIALECT_SIMP_IR_SIMPDIALECT_H

#include "mlir/IR/Dialect.h"

#include "mplang/Dialect/Simp/IR/SimpOpsDialect.h.inc"

#endif // MPLANG_DIALECT_SIMP_IR_SIMPDIALECT_H
