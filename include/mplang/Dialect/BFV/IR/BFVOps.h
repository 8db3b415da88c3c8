//===- BFVOps.h - bfv dialect operations ------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_BFV_IR_BFVOPS_H
#define MPLANG_DIALECT_BFV_IR_BFVOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mplang/Dialect/BFV/IR/BFVDialect.h"
#include "mplang/Dialect/BFV/IR/BFVTypes.h"

namespace mlir::bfv {
/// Checks that every bfv type among `op`'s operands and results names the
/// same parameter set.
LogicalResult verifySameParameters(Operation *op);

/// Op trait: all bfv operands and results share one parameter set.
template <typename ConcreteType>
class SameParameters : public OpTrait::TraitBase<ConcreteType, SameParameters> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifySameParameters(op);
  }
};
} // namespace mlir::bfv

#define GET_OP_CLASSES
#include "mplang/Dialect/BFV/IR/BFVOps.h.inc"

#endif // MPLANG_DIALECT_BFV_IR_BFVOPS_H
