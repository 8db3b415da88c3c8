//===- ControlFlowKernels.cpp - regions: scf, simp control flow, calls ----===//
//
// Region kernels run their regions as nested frames of the same executor, so
// a loop body or a branch is scheduled like any other code: no thread waits
// for it.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Runtime/Executor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mplang::rt;
namespace simp = mlir::simp;
namespace scf = mlir::scf;
namespace func = mlir::func;
using mlir::IntegerAttr;
using mlir::Region;
using mlir::SymbolTable;

namespace {

using InvPtr = std::shared_ptr<Invocation>;
using Results = llvm::SmallVector<Value, 2>;

/// Reads a scalar predicate (i1 or tensor<i1>).
Status readPredicate(const Value &v, bool &out) {
  if (!v.isTensor())
    return Status::error("the predicate is absent on this rank");
  out = v.getTensor().data<int8_t>()[0] != 0;
  return Status::ok();
}

/// Finishes `inv` with a region's results.
Executor::RegionDone finishWith(InvPtr inv) {
  return [inv](Status status, Results results) {
    if (status.isOk())
      inv->results.assign(results.begin(), results.end());
    inv->finish(std::move(status));
  };
}

/// The context of iteration `i` of a loop: messages of different iterations
/// never share a key.
std::string iterationContext(const std::string &context, int64_t i) {
  return context + "i" + std::to_string(i) + "/";
}

class RegionKernel : public Kernel {
public:
  bool isSync() const override { return false; }
  bool finishesElsewhere() const override { return false; }
};

/// scf.if, simp.uniform_cond: run one of two regions once.
class BranchKernel : public RegionKernel {
public:
  BranchKernel(NestedRegion thenRegion, std::optional<NestedRegion> elseRegion,
               unsigned numBranchArgs)
      : thenRegion(std::move(thenRegion)), elseRegion(std::move(elseRegion)),
        numBranchArgs(numBranchArgs) {}

  void start(const InvPtr &inv) const override {
    bool pred = false;
    if (Status s = readPredicate(inv->args[0], pred); !s.isOk())
      return inv->finish(std::move(s));
    if (!pred && !elseRegion)
      return inv->finish(Status::ok());
    const NestedRegion &region = pred ? thenRegion : *elseRegion;
    auto blockArgs = llvm::ArrayRef(inv->args).slice(1, numBranchArgs);
    inv->executor().runRegion(*region.plan,
                              region.frameArgs(blockArgs, inv->args),
                              inv->context(), finishWith(inv));
  }

private:
  NestedRegion thenRegion;
  std::optional<NestedRegion> elseRegion;
  unsigned numBranchArgs;
};

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

/// simp.while_loop and scf.while: `cond` yields the predicate (first) and,
/// for scf.while, the values passed to `body`; `body` yields the next state.
class WhileKernel : public RegionKernel {
public:
  WhileKernel(NestedRegion cond, NestedRegion body, unsigned numState,
              bool condForwardsState)
      : cond(std::move(cond)), body(std::move(body)), numState(numState),
        condForwardsState(condForwardsState) {}

  void start(const InvPtr &inv) const override {
    Results state(inv->args.begin(), inv->args.begin() + numState);
    iterate(inv, std::move(state), 0);
  }

private:
  void iterate(const InvPtr &inv, Results state, int64_t i) const {
    std::string context = iterationContext(inv->context(), i);
    inv->executor().runRegion(
        *cond.plan, cond.frameArgs(state, inv->args), context,
        [this, inv, state, i, context](Status status, Results out) {
          bool pred = false;
          if (status.isOk())
            status = readPredicate(out[0], pred);
          if (!status.isOk())
            return inv->finish(std::move(status));
          Results next = condForwardsState
                             ? Results(std::next(out.begin()), out.end())
                             : state;
          if (!pred) {
            inv->results.assign(next.begin(), next.end());
            return inv->finish(Status::ok());
          }
          inv->executor().runRegion(*body.plan, body.frameArgs(next, inv->args),
                                    context,
                                    [this, inv, i](Status status, Results out) {
                                      if (!status.isOk())
                                        return inv->finish(std::move(status));
                                      iterate(inv, std::move(out), i + 1);
                                    });
        });
  }

  NestedRegion cond, body;
  unsigned numState;
  bool condForwardsState;
};

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

Factory makeBranch(Operation *op, PlanBuilder &plans, Region &thenRegion,
                   Region *elseRegion, unsigned numBranchArgs) {
  FailureOr<NestedRegion> thenPlan = plans.compileNested(op, thenRegion);
  if (failed(thenPlan))
    return failure();
  std::optional<NestedRegion> elsePlan;
  if (elseRegion && !elseRegion->empty()) {
    FailureOr<NestedRegion> plan = plans.compileNested(op, *elseRegion);
    if (failed(plan))
      return failure();
    elsePlan = *plan;
  }
  return std::unique_ptr<Kernel>(
      new BranchKernel(*thenPlan, elsePlan, numBranchArgs));
}

Factory makeWhile(Operation *op, PlanBuilder &plans, Region &cond, Region &body,
                  unsigned numState, bool condForwardsState) {
  FailureOr<NestedRegion> condPlan = plans.compileNested(op, cond);
  FailureOr<NestedRegion> bodyPlan = plans.compileNested(op, body);
  if (failed(condPlan) || failed(bodyPlan))
    return failure();
  return std::unique_ptr<Kernel>(
      new WhileKernel(*condPlan, *bodyPlan, numState, condForwardsState));
}

} // namespace

void mplang::rt::registerControlFlowKernels(KernelRegistry &r) {
  r.add("scf.if", [](Operation *op, PlanBuilder &plans) {
    auto ifOp = cast<scf::IfOp>(op);
    return makeBranch(op, plans, ifOp.getThenRegion(), &ifOp.getElseRegion(),
                      0);
  });
  r.add("simp.uniform_cond", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto cond = cast<simp::UniformCondOp>(op);
    if (cond.getVerifyUniform())
      return op->emitOpError("must be projected first (--simp-project turns "
                             "its verify_uniform into simp.agree)");
    return makeBranch(op, plans, cond.getThenRegion(), &cond.getElseRegion(),
                      cond.getArgs().size());
  });
  r.add("simp.if_present", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto ifPresent = cast<simp::IfPresentOp>(op);
    FailureOr<NestedRegion> body = plans.compileNested(op, ifPresent.getBody());
    if (failed(body))
      return failure();
    return std::unique_ptr<Kernel>(
        new IfPresentKernel(*body, ifPresent.getArgs().size()));
  });
  r.add("simp.while_loop", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto loop = cast<simp::WhileLoopOp>(op);
    if (loop.getVerifyUniform())
      return op->emitOpError("must be projected first (--simp-project turns "
                             "its verify_uniform into simp.agree)");
    return makeWhile(op, plans, loop.getCond(), loop.getBody(),
                     loop.getInit().size(), false);
  });
  r.add("scf.while", [](Operation *op, PlanBuilder &plans) {
    auto loop = cast<scf::WhileOp>(op);
    return makeWhile(op, plans, loop.getBefore(), loop.getAfter(),
                     loop.getInits().size(), true);
  });
  r.add("scf.for", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto loop = cast<scf::ForOp>(op);
    FailureOr<NestedRegion> body = plans.compileNested(op, loop.getRegion());
    if (failed(body))
      return failure();
    return std::unique_ptr<Kernel>(
        new ForKernel(*body, loop.getInitArgs().size()));
  });
  r.add("func.call", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto call = cast<func::CallOp>(op);
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, call.getCalleeAttr());
    if (!callee)
      return op->emitOpError("calls an unknown function ")
             << call.getCalleeAttr();
    const BlockPlan *plan = plans.compileFunction(callee);
    if (!plan)
      return failure();
    std::string site;
    if (auto id = op->getAttrOfType<IntegerAttr>(
            simp::SimpDialect::getSiteAttrName()))
      site = "s" + std::to_string(id.getInt()) + "/";
    return std::unique_ptr<Kernel>(new CallKernel(plan, site));
  });
}
