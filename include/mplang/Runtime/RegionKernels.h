//===- RegionKernels.h - kernels that run regions ---------------*- C++ -*-===//
//
// Region kernels run their regions as nested frames of the same executor, so
// a loop body or a branch is scheduled like any other code: no thread waits
// for it. The branch and while kernels serve scf and simp alike.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_REGIONKERNELS_H
#define MPLANG_RUNTIME_REGIONKERNELS_H

#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/Kernel.h"

#include "mlir/IR/Region.h"

namespace mplang::rt {

/// A kernel finished by the scheduling thread when its region is done.
class RegionKernel : public Kernel {
public:
  bool isSync() const override { return false; }
  bool finishesElsewhere() const override { return false; }
};

/// Finishes `inv` with a region's results.
Executor::RegionDone finishWith(std::shared_ptr<Invocation> inv);

/// The context of iteration `i` of a loop: messages of different iterations
/// never share a key.
std::string iterationContext(const std::string &context, int64_t i);

/// scf.if, simp.uniform_cond: runs `thenRegion` or `elseRegion` (none or
/// empty: nothing) by the predicate, operand 0, passing the
/// `numBranchArgs` operands after it.
mlir::FailureOr<std::unique_ptr<Kernel>>
makeBranchKernel(mlir::Operation *op, PlanBuilder &plans,
                 mlir::Region &thenRegion, mlir::Region *elseRegion,
                 unsigned numBranchArgs);

/// simp.while_loop and scf.while: `cond` yields the predicate (first) and,
/// with `condForwardsState`, the values passed to `body`; `body` yields the
/// next state.
mlir::FailureOr<std::unique_ptr<Kernel>>
makeWhileKernel(mlir::Operation *op, PlanBuilder &plans, mlir::Region &cond,
                mlir::Region &body, unsigned numState, bool condForwardsState);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_REGIONKERNELS_H
