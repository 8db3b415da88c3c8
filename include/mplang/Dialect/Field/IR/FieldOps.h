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

namespace mlir::field {
/// The largest expander weight of field.ea_encode and field.exconv_encode:
/// the kernels' batch buffers grow with it.
constexpr uint64_t kMaxExpanderWeight = 1024;
} // namespace mlir::field

#define GET_OP_CLASSES
#include "mplang/Dialect/Field/IR/FieldOps.h.inc"

#endif // MPLANG_DIALECT_FIELD_IR_FIELDOPS_H
