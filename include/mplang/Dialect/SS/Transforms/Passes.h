//===- Passes.h - ss dialect passes -----------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SS_TRANSFORMS_PASSES_H
#define MPLANG_DIALECT_SS_TRANSFORMS_PASSES_H

#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ss {

#define GEN_PASS_DECL
#include "mplang/Dialect/SS/Transforms/Passes.h.inc"

/// Replaces the ss ops of `module` by simp code calling the protocol
/// library (what --ss-lower-to-simp does); a module without them is left
/// as it is. Reports errors at the op at fault.
LogicalResult lowerToSimp(ModuleOp module);

#define GEN_PASS_REGISTRATION
#include "mplang/Dialect/SS/Transforms/Passes.h.inc"

} // namespace mlir::ss

#endif // MPLANG_DIALECT_SS_TRANSFORMS_PASSES_H
