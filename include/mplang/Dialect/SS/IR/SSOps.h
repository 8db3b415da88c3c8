//===- SSOps.h - ss dialect operations --------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SS_IR_SSOPS_H
#define MPLANG_DIALECT_SS_IR_SSOPS_H

#include "mplang/Dialect/SS/IR/SSDialect.h"
#include "mplang/Dialect/SS/IR/SSTypes.h"
#include "mplang/Dialect/Simp/IR/SimpTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "mplang/Dialect/SS/IR/SSOps.h.inc"

#endif // MPLANG_DIALECT_SS_IR_SSOPS_H
