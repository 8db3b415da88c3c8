//===- BFVTypes.h - bfv dialect attributes and types ------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_BFV_IR_BFVTYPES_H
#define MPLANG_DIALECT_BFV_IR_BFVTYPES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Types.h"

#define GET_ATTRDEF_CLASSES
#include "mplang/Dialect/BFV/IR/BFVOpsAttributes.h.inc"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/BFV/IR/BFVOpsTypes.h.inc"

namespace mlir::bfv {
/// The parameter set of a bfv type, or null for any other type.
ParamsAttr getParams(Type type);

/// Checks one row-rotation step: `|step| < N/2`.
LogicalResult verifyRotationStep(function_ref<InFlightDiagnostic()> emitError,
                                 ParamsAttr params, int64_t step);

/// Checks the explicit step list of a Galois key: non-empty, sorted, unique,
/// non-zero and in range.
LogicalResult verifyGaloisSteps(function_ref<InFlightDiagnostic()> emitError,
                                ParamsAttr params, ArrayRef<int64_t> steps);
} // namespace mlir::bfv

#endif // MPLANG_DIALECT_BFV_IR_BFVTYPES_H
