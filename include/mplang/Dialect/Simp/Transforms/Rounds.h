//===- Rounds.h - rounds of messages of measured calls ----------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SIMP_TRANSFORMS_ROUNDS_H
#define MPLANG_DIALECT_SIMP_TRANSFORMS_ROUNDS_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::simp {

/// Records in each measured call of the linked global `program` (see
/// mplang/Dialect/Simp/IR/Measure.h) the rounds of its callee: the longest
/// chain of dependent communications (a shuffle, an exchange, the agreement
/// on a loop's or branch's predicate), through calls, and through loops
/// whose trip count is static (an index from a constant to a constant
/// bound by a constant step). A callee with another loop gets none.
void countMeasuredRounds(ModuleOp program);

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_TRANSFORMS_ROUNDS_H
