//===- SimpRegionKernels.cpp - simp's branches and loops ------------------===//

#include "SimpRegionKernels.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Runtime/Elementwise.h"
#include "mplang/Runtime/RegionKernels.h"

using namespace mplang::rt;

namespace {

using InvPtr = std::shared_ptr<Invocation>;
using Factory = FailureOr<std::unique_ptr<Kernel>>;

/// simp.if_present: run the region only when every operand is present.
class IfPresentKernel : public RegionKernel {
public:
  IfPresentKernel(NestedRegion body, unsigned numArgs)
      : body(std::move(body)), numArgs(numArgs) {}

  void start(const InvPtr &inv) const override {
    auto args = llvm::ArrayRef(inv->args).take_front(numArgs);
    if (llvm::any_of(args, [](const Value &v) { return v.isAbsent(); }))
      return inv->finish(Status::ok()); // every result stays absent
    inv->executor().runRegion(*body.plan, body.frameArgs(args, inv->args),
                              inv->context(), finishWith(inv));
  }

private:
  NestedRegion body;
  unsigned numArgs;
};

} // namespace

void mplang::rt::registerSimpRegionKernels(KernelRegistry &r) {
  r.add("simp.uniform_cond", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto cond = cast<mlir::simp::UniformCondOp>(op);
    if (cond.getVerifyUniform())
      return op->emitOpError("must be projected first (--simp-project turns "
                             "its verify_uniform into simp.agree)");
    return makeBranchKernel(op, plans, cond.getThenRegion(),
                            &cond.getElseRegion(), cond.getArgs().size());
  });
  r.add("simp.if_present", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto ifPresent = cast<mlir::simp::IfPresentOp>(op);
    FailureOr<NestedRegion> body = plans.compileNested(op, ifPresent.getBody());
    if (failed(body))
      return failure();
    return std::unique_ptr<Kernel>(
        new IfPresentKernel(*body, ifPresent.getArgs().size()));
  });
  r.add("simp.while_loop", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto loop = cast<mlir::simp::WhileLoopOp>(op);
    if (loop.getVerifyUniform())
      return op->emitOpError("must be projected first (--simp-project turns "
                             "its verify_uniform into simp.agree)");
    return makeWhileKernel(op, plans, loop.getCond(), loop.getBody(),
                           loop.getInit().size(), false);
  });
}
