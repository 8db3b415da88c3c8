//===- FieldTypes.h - field dialect types -----------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_FIELD_IR_FIELDTYPES_H
#define MPLANG_DIALECT_FIELD_IR_FIELDTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/Field/IR/FieldOpsTypes.h.inc"

#endif // MPLANG_DIALECT_FIELD_IR_FIELDTYPES_H
