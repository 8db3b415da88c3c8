//===- FieldOps.h - field dialect operations --------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_FIELD_IR_FIELDOPS_H
#define MPLANG_DIALECT_FIELD_IR_FIELDOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/Field/IR/FieldTypes.h"

#define GET_OP_CLASSES
#include "mplang/Dialect/Field/IR/FieldOps.h.inc"

#endif // MPLANG_DIALECT_FIELD_IR_FIELDOPS_H
