//===- ControlFlowKernels.cpp - scf loops and branches, func calls --------===//

#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Runtime/Dialects/Upstream/UpstreamRuntime.h"
#include "mplang/Runtime/Elementwise.h"
#include "mplang/Runtime/RegionKernels.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mplang::rt;
using mlir::IntegerAttr;
using mlir::SymbolTable;

namespace {

using InvPtr = std::shared_ptr<Invocation>;
using Results = llvm::SmallVector<Value, 2>;

/// scf.for: the body gets the induction variable and the carried values.
class ForKernel : public RegionKernel {
public:
  ForKernel(NestedRegion body, unsigned numInits)
      : body(std::move(body)), numInits(numInits) {}

  void start(const InvPtr &inv) const override {
    if (Status s = requireTensors(llvm::ArrayRef(inv->args).take_front(3));
        !s.isOk())
      return inv->finish(std::move(s));
    auto bound = [&](unsigned i) {
      return inv->args[i].getTensor().data<int64_t>()[0];
    };
    int64_t lb = bound(0), ub = bound(1), step = bound(2);
    if (step <= 0)
      return inv->finish(Status::error("scf.for step must be positive"));
    Results state(inv->args.begin() + 3, inv->args.begin() + 3 + numInits);
    iterate(inv, lb, ub, step, std::move(state), 0);
  }

private:
  void iterate(const InvPtr &inv, int64_t iv, int64_t ub, int64_t step,
               Results state, int64_t i) const {
    if (iv >= ub) {
      inv->results.assign(state.begin(), state.end());
      return inv->finish(Status::ok());
    }
    Tensor ivTensor(DType::I64, {});
    ivTensor.data<int64_t>()[0] = iv;
    Results blockArgs{Value::tensor(std::move(ivTensor))};
    blockArgs.append(state.begin(), state.end());
    inv->executor().runRegion(
        *body.plan, body.frameArgs(blockArgs, inv->args),
        iterationContext(inv->context(), i),
        [this, inv, iv, ub, step, i](Status status, Results out) {
          if (!status.isOk())
            return inv->finish(std::move(status));
          iterate(inv, iv + step, ub, step, std::move(out), i + 1);
        });
  }

  NestedRegion body;
  unsigned numInits;
};

/// func.call: the callee's body as a nested frame. A `simp.site` id keeps
/// the messages of different call sites apart.
class CallKernel : public RegionKernel {
public:
  CallKernel(const BlockPlan *callee, std::string siteContext)
      : callee(callee), siteContext(std::move(siteContext)) {}

  void start(const InvPtr &inv) const override {
    inv->executor().runRegion(*callee, inv->args, inv->context() + siteContext,
                              finishWith(inv));
  }

private:
  const BlockPlan *callee;
  std::string siteContext;
};

using Factory = FailureOr<std::unique_ptr<Kernel>>;

} // namespace

void mplang::rt::registerControlFlowKernels(KernelRegistry &r) {
  r.add("scf.if", [](Operation *op, PlanBuilder &plans) {
    auto ifOp = cast<mlir::scf::IfOp>(op);
    return makeBranchKernel(op, plans, ifOp.getThenRegion(),
                            &ifOp.getElseRegion(), 0);
  });
  r.add("scf.while", [](Operation *op, PlanBuilder &plans) {
    auto loop = cast<mlir::scf::WhileOp>(op);
    return makeWhileKernel(op, plans, loop.getBefore(), loop.getAfter(),
                           loop.getInits().size(), true);
  });
  r.add("scf.for", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto loop = cast<mlir::scf::ForOp>(op);
    FailureOr<NestedRegion> body = plans.compileNested(op, loop.getRegion());
    if (failed(body))
      return failure();
    return std::unique_ptr<Kernel>(
        new ForKernel(*body, loop.getInitArgs().size()));
  });
  r.add("func.call", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto call = cast<mlir::func::CallOp>(op);
    auto callee = SymbolTable::lookupNearestSymbolFrom<mlir::func::FuncOp>(
        op, call.getCalleeAttr());
    if (!callee)
      return op->emitOpError("calls an unknown function ")
             << call.getCalleeAttr();
    const BlockPlan *plan = plans.compileFunction(callee);
    if (!plan)
      return failure();
    std::string site;
    if (auto id = op->getAttrOfType<IntegerAttr>(
            mlir::simp::SimpDialect::getSiteAttrName()))
      site = "s" + std::to_string(id.getInt()) + "/";
    return std::unique_ptr<Kernel>(new CallKernel(plan, site));
  });
}
