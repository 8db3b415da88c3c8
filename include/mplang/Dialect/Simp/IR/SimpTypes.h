//===- SimpTypes.h - simp dialect types -------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SIMP_IR_SIMPTYPES_H
#define MPLANG_DIALECT_SIMP_IR_SIMPTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/Simp/IR/SimpOpsTypes.h.inc"

#endif // MPLANG_DIALECT_SIMP_IR_SIMPTYPES_H
