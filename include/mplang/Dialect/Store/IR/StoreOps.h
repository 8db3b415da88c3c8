//===- StoreOps.h - store dialect operations --------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_STORE_IR_STOREOPS_H
#define MPLANG_DIALECT_STORE_IR_STOREOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mplang/Dialect/Store/IR/StoreDialect.h"

#define GET_OP_CLASSES
#include "mplang/Dialect/Store/IR/StoreOps.h.inc"

#endif // MPLANG_DIALECT_STORE_IR_STOREOPS_H
