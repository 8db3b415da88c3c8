//===- Passes.h - simp dialect passes ---------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SIMP_TRANSFORMS_PASSES_H
#define MPLANG_DIALECT_SIMP_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::simp {

#define GEN_PASS_DECL
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"

/// Checks that the per-rank modules nested in `module` send and receive
/// matching messages; reports every mismatch.
LogicalResult verifyCommunication(ModuleOp module);

#define GEN_PASS_REGISTRATION
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_TRANSFORMS_PASSES_H
