//===- Passes.h - bfv dialect passes ----------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_BFV_TRANSFORMS_PASSES_H
#define MPLANG_DIALECT_BFV_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::bfv {

#define GEN_PASS_DECL
#include "mplang/Dialect/BFV/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "mplang/Dialect/BFV/Transforms/Passes.h.inc"

} // namespace mlir::bfv

#endif // MPLANG_DIALECT_BFV_TRANSFORMS_PASSES_H
