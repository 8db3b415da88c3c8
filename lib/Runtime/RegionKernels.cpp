//===- RegionKernels.cpp - kernels that run regions -----------------------===//

#include "mplang/Runtime/RegionKernels.h"
#include "mplang/Runtime/Elementwise.h"

using namespace mplang::rt;
using mlir::Region;

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

} // namespace

Executor::RegionDone mplang::rt::finishWith(InvPtr inv) {
  return [inv](Status status, Results results) {
    if (status.isOk())
      inv->results.assign(results.begin(), results.end());
    inv->finish(std::move(status));
  };
}

std::string mplang::rt::iterationContext(const std::string &context,
                                         int64_t i) {
  return context + "i" + std::to_string(i) + "/";
}

namespace {

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

/// The loop of makeWhileKernel.
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

} // namespace

using Factory = FailureOr<std::unique_ptr<Kernel>>;

Factory mplang::rt::makeBranchKernel(Operation *op, PlanBuilder &plans,
                                     Region &thenRegion, Region *elseRegion,
                                     unsigned numBranchArgs) {
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

Factory mplang::rt::makeWhileKernel(Operation *op, PlanBuilder &plans,
                                    Region &cond, Region &body,
                                    unsigned numState, bool condForwardsState) {
  FailureOr<NestedRegion> condPlan = plans.compileNested(op, cond);
  FailureOr<NestedRegion> bodyPlan = plans.compileNested(op, body);
  if (failed(condPlan) || failed(bodyPlan))
    return failure();
  return std::unique_ptr<Kernel>(
      new WhileKernel(*condPlan, *bodyPlan, numState, condForwardsState));
}
