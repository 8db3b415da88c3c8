//===- JitKernel.cpp - calls to outlined functions run compiled -----------===//

#include "AbortWatch.h"
#include "Compiler.h"
#include "mplang/Runtime/Clock.h"
#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/JIT/JIT.h"
#include "mplang/Runtime/Plan.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mplang::rt;

namespace {

/// Runs the compiled group on the scheduling thread. When a check fails (or
/// the run was aborted meanwhile) it hands the same invocation to the
/// interpreter's call kernel, which reruns the group (local code has no side
/// effects) and reports the first failing op, its location and message
/// exactly as `--jit=off` does (or stops at the abort).
class JitCallKernel : public Kernel {
public:
  JitCallKernel(std::shared_ptr<const jit::CompiledGroup> compiled,
                std::unique_ptr<Kernel> interpreted)
      : compiled(std::move(compiled)), interpreted(std::move(interpreted)) {}

  bool isSync() const override { return false; }
  bool finishesElsewhere() const override { return false; }

  void start(const std::shared_ptr<Invocation> &inv) const override {
    std::atomic<int64_t> stop{0};
    bool ok;
    {
      jit::AbortWatch watch(inv->comm(), stop);
      ok = compiled->run(inv->args, inv->results, stop);
    }
    if (ok)
      return inv->finish(Status::ok());
    interpreted->start(inv);
  }

private:
  std::shared_ptr<const jit::CompiledGroup> compiled;
  std::unique_ptr<Kernel> interpreted;
};

} // namespace

KernelRegistry jit::makeRegistry(const KernelRegistry &base,
                                 const Options &options) {
  KernelRegistry registry = base;
  KernelFactory call = *base.lookup("func.call");
  registry.add(
      "func.call",
      [call, options](Operation *op, PlanBuilder &plans)
          -> FailureOr<std::unique_ptr<Kernel>> {
        FailureOr<std::unique_ptr<Kernel>> interpreted = call(op, plans);
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            op, cast<func::CallOp>(op).getCalleeAttr());
        if (failed(interpreted) || !callee->hasAttr(kJitAttrName))
          return interpreted;
        uint64_t start = clock::ticks();
        CompileResult result =
            compile(callee, options, plans.getCompileDeadline());
        uint64_t ops = 0;
        callee.getBody().walk([&](Operation *) { ++ops; });
        plans.recordCompile({callee.getSymName().str(), ops, result.source,
                             Tracer::currentLane(), start, clock::ticks()});
        if (!result.warning.empty())
          op->emitWarning(result.warning);
        if (!result.compiled) {
          op->emitWarning("JIT: not compiled, interpreted: ") << result.error;
          return interpreted;
        }
        AbortWatch::prepare();
        return std::unique_ptr<Kernel>(new JitCallKernel(
            std::move(result.compiled), std::move(*interpreted)));
      });
  return registry;
}
