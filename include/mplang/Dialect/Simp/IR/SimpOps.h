//===- SimpOps.h - simp dialect operations ----------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SIMP_IR_SIMPOPS_H
#define MPLANG_DIALECT_SIMP_IR_SIMPOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/IR/SimpTypes.h"

namespace mlir::simp {
/// The side-effect resource of point-to-point messages.
struct CommResource : public SideEffects::Resource::Base<CommResource> {
  StringRef getName() final { return "<SimpComm>"; }
};
} // namespace mlir::simp

#define GET_OP_CLASSES
#include "mplang/Dialect/Simp/IR/SimpOps.h.inc"

#endif // MPLANG_DIALECT_SIMP_IR_SIMPOPS_H
