//===- Parties.h - party sets and the world ---------------------*- C++ -*-===//
//
// Rules about ranks shared by the simp types, ops and passes.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_SIMP_IR_PARTIES_H
#define MPLANG_DIALECT_SIMP_IR_PARTIES_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"
#include <optional>

namespace mlir::simp {

/// Checks that `ranks` is strictly increasing and non-negative.
LogicalResult verifyPartySet(function_ref<InFlightDiagnostic()> emitError,
                             ArrayRef<int64_t> ranks);

/// The world size of the closest enclosing module carrying
/// `simp.world_size`, or nullopt.
std::optional<int64_t> getWorldSize(Operation *op);

/// Checks that `op` is inside a module with a world size and that every rank
/// in `ranks` is below it; `what` names the ranks in the error.
LogicalResult verifyRanksInWorld(Operation *op, ArrayRef<int64_t> ranks,
                                 StringRef what);

/// `T` for `!simp.mp<T, ...>`, the type itself otherwise.
Type getLocalType(Type type);

/// The type rank `rank` holds of a value of global type `type`: every
/// `!simp.mp` level unwrapped, or null when a static party set excludes the
/// rank. Dynamic party sets keep the local type (presence is known only at
/// run time).
Type getRankLocalType(Type type, int64_t rank);

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_IR_PARTIES_H
