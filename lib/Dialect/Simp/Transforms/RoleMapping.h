//===- RoleMapping.h - library ranks as roles -------------------*- C++ -*-===//
//
// A library function is written for the ranks of its own world; linking
// binds each of them (a role) to a rank of the program.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_DIALECT_SIMP_TRANSFORMS_ROLEMAPPING_H
#define MPLANG_LIB_DIALECT_SIMP_TRANSFORMS_ROLEMAPPING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::simp {

/// Program rank of each library rank; -1 where unbound.
using RoleMap = SmallVector<int64_t>;

/// Binds the `roles` ranks of a library function of type `library` by
/// matching it, type by type, against a declaration of type `program`. A
/// party set of one rank binds it; a larger set binds its unbound ranks to
/// the set's unclaimed program ranks in increasing order. Emits errors about
/// `name` at `loc`.
FailureOr<RoleMap> bindRoles(FunctionType library, FunctionType program,
                             int64_t roles, StringRef name, Location loc);

/// Rewrites the party sets of `func`'s types and simp ops through `roles`.
/// Fails on ops whose ranks are run-time values or that only per-rank
/// programs hold, and on ranks the roles leave unbound.
LogicalResult remapRoles(func::FuncOp func, ArrayRef<int64_t> roles);

} // namespace mlir::simp

#endif // MPLANG_LIB_DIALECT_SIMP_TRANSFORMS_ROLEMAPPING_H
