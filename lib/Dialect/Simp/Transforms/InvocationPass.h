//===- InvocationPass.h - passes about one invocation ----------*- C++ -*-===//
//
// --simp-program-digests and --simp-disclosure both read the jobs of one
// invocation (options `entry`, `inputs`, `keep`, as mplang-run's) and print
// something about each rank's.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_DIALECT_SIMP_TRANSFORMS_INVOCATIONPASS_H
#define MPLANG_LIB_DIALECT_SIMP_TRANSFORMS_INVOCATIONPASS_H

#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"

namespace mlir::simp {

/// A pass generated as `Base<Derived>` with the options `entry`, `inputs`
/// and `keep`, whose Derived::print prints its report on the jobs.
template <typename Derived, template <typename> class Base>
struct InvocationPass : public Base<Derived> {
  using Base<Derived>::Base;

  void runOnOperation() override {
    ModuleOp module = this->getOperation();
    bool projected = holdsRankPrograms(module);
    FailureOr<SmallVector<RankJob>> jobs =
        prepareJobs(module, this->entry, this->inputs, this->keep,
                    [&](OpPassManager &pipeline, ModuleOp op) {
                      return this->runPipeline(pipeline, op);
                    });
    if (failed(jobs))
      return this->signalPassFailure();
    static_cast<Derived *>(this)->print(*jobs);
    // A projected module is left as it is.
    if (projected)
      this->markAllAnalysesPreserved();
  }
};

} // namespace mlir::simp

#endif // MPLANG_LIB_DIALECT_SIMP_TRANSFORMS_INVOCATIONPASS_H
