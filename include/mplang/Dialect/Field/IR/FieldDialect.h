//===- FieldDialect.h - field dialect ---------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_FIELD_IR_FIELDDIALECT_H
#define MPLANG_DIALECT_FIELD_IR_FIELDDIALECT_H

#include "mlir/IR/Dialect.h"

#include "mplang/Dialect/Field/IR/FieldOpsDialect.h.inc"

#endif // MPLANG_DIALECT_FIELD_IR_FIELDDIALECT_H
