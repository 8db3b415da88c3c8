//===- Plan.h - execution plans compiled from MLIR regions ------*- C++ -*-===//
//
// A region is compiled once into flat arrays: one step per op with its kernel,
// operand and result slots, the steps consuming its results and its initial
// count of pending operands. Running a plan needs no maps or string lookups.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_PLAN_H
#define MPLANG_RUNTIME_PLAN_H

#include "mplang/Runtime/Kernel.h"
#include "mplang/Runtime/Trace.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseMap.h"
#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace mplang::rt {

struct Step {
  mlir::Operation *op;
  std::unique_ptr<Kernel> kernel;
  /// Slots read: the op's operands, then the values its regions capture.
  llvm::SmallVector<uint32_t, 4> operands;
  llvm::SmallVector<uint32_t, 2> results;
  /// Steps to notify when this one completes, once per operand it feeds.
  llvm::SmallVector<uint32_t, 4> consumers;
  uint32_t initialPending = 0;
};

/// The plan of one single-block region. Slots [0, numArgs) are the block
/// arguments, [numArgs, numArgs + captures.size()) the values used from
/// enclosing regions, the rest op results.
struct BlockPlan {
  uint32_t numArgs = 0;
  llvm::SmallVector<mlir::Value> captures;
  uint32_t numSlots = 0;
  std::vector<Step> steps;
  /// How many step operands read each slot; a slot is released after its
  /// last reader ran.
  std::vector<uint32_t> slotUses;
  std::vector<uint32_t> initiallyReady;
  /// The terminator's step: its operands are the region's results.
  uint32_t terminator = 0;
};

/// A region nested in an op, as the op's kernel runs it: its plan and where
/// the values it captures are among the op's arguments.
struct NestedRegion {
  const BlockPlan *plan = nullptr;
  llvm::SmallVector<unsigned> captureArgs;

  /// The arguments of a frame of this region: the block arguments, then
  /// the captured values picked from `opArgs`.
  llvm::SmallVector<Value, 4> frameArgs(llvm::ArrayRef<Value> blockArgs,
                                        llvm::ArrayRef<Value> opArgs) const;
};

/// Compiles regions and functions of one module into plans, once each, and
/// owns them. Every op must have a kernel.
class PlanBuilder {
public:
  using Deadline = std::optional<std::chrono::steady_clock::time_point>;

  explicit PlanBuilder(const KernelRegistry &registry,
                       Deadline compileDeadline = std::nullopt)
      : registry(registry), compileDeadline(compileDeadline) {}
  ~PlanBuilder();

  /// The plan of a single-block region; null after reporting an error.
  const BlockPlan *compileRegion(mlir::Region &region);
  /// The plan of a function body (compiled on first use, so recursion works).
  const BlockPlan *compileFunction(mlir::func::FuncOp fn);
  /// A region of `op`, for its kernel.
  mlir::FailureOr<NestedRegion> compileNested(mlir::Operation *op,
                                              mlir::Region &region);

  /// The values `op`'s regions use from outside `op`, in the order the
  /// kernel receives them after the op's operands.
  static llvm::SmallVector<mlir::Value> capturesOf(mlir::Operation *op);

  /// Compilations of local code the kernels made (docs/jit.md), for the
  /// run's trace and statistics.
  void recordCompile(Tracer::CompileRun run) {
    compiles.push_back(std::move(run));
  }
  llvm::ArrayRef<Tracer::CompileRun> getCompiles() const { return compiles; }
  /// When kernels stop compiling local code and leave it interpreted: the
  /// deadline of the run, which compiling counts in.
  Deadline getCompileDeadline() const { return compileDeadline; }

private:
  const KernelRegistry &registry;
  Deadline compileDeadline;
  std::vector<Tracer::CompileRun> compiles;
  llvm::DenseMap<mlir::Region *, std::unique_ptr<BlockPlan>> plans;
};

/// The per-rank modules (`simp.rank`) of a projected program, in order.
llvm::SmallVector<mlir::ModuleOp> getRankPrograms(mlir::ModuleOp projected);

/// One rank's program, ready to run.
struct CompiledProgram {
  std::unique_ptr<PlanBuilder> plans;
  const BlockPlan *entry = nullptr;
};

/// Compiles every function of `program`, so that every missing kernel is
/// reported (as MLIR diagnostics) before anything runs; fails after
/// reporting, also when `entry` is missing or external. Local code still
/// being compiled at `compileDeadline` stays interpreted.
mlir::FailureOr<CompiledProgram>
compileProgram(mlir::ModuleOp program, llvm::StringRef entry,
               const KernelRegistry &registry,
               PlanBuilder::Deadline compileDeadline = std::nullopt);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_PLAN_H
