//===- Plan.cpp - execution plans compiled from MLIR regions ----*- C++ -*-===//

#include "mplang/Runtime/Plan.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mplang::rt;
using namespace mlir;

PlanBuilder::~PlanBuilder() = default;

SmallVector<mlir::Value> PlanBuilder::capturesOf(Operation *op) {
  llvm::SetVector<mlir::Value> captures;
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, captures);
  return captures.takeVector();
}

llvm::SmallVector<mplang::rt::Value, 4>
NestedRegion::frameArgs(llvm::ArrayRef<mplang::rt::Value> blockArgs,
                        llvm::ArrayRef<mplang::rt::Value> opArgs) const {
  llvm::SmallVector<mplang::rt::Value, 4> args(blockArgs.begin(),
                                               blockArgs.end());
  for (unsigned index : captureArgs)
    args.push_back(opArgs[index]);
  return args;
}

FailureOr<NestedRegion> PlanBuilder::compileNested(Operation *op,
                                                   Region &region) {
  NestedRegion nested;
  nested.plan = compileRegion(region);
  if (!nested.plan)
    return failure();
  SmallVector<mlir::Value> opCaptures = capturesOf(op);
  for (mlir::Value captured : nested.plan->captures)
    nested.captureArgs.push_back(op->getNumOperands() +
                                 llvm::find(opCaptures, captured) -
                                 opCaptures.begin());
  return nested;
}

const BlockPlan *PlanBuilder::compileFunction(func::FuncOp fn) {
  if (fn.isExternal()) {
    fn.emitOpError("is only declared; the runtime needs its body");
    return nullptr;
  }
  return compileRegion(fn.getBody());
}

const BlockPlan *PlanBuilder::compileRegion(Region &region) {
  if (auto it = plans.find(&region); it != plans.end())
    return it->second.get();
  // Registered before compiling the body, so that a recursive call finds it.
  BlockPlan &plan = *(plans[&region] = std::make_unique<BlockPlan>());
  if (!region.hasOneBlock()) {
    emitError(region.getLoc(), "the runtime runs single-block regions only");
    return nullptr;
  }
  Block &block = region.front();

  DenseMap<mlir::Value, uint32_t> slotOf;
  plan.numArgs = block.getNumArguments();
  for (BlockArgument arg : block.getArguments())
    slotOf[arg] = arg.getArgNumber();
  llvm::SetVector<mlir::Value> captures;
  getUsedValuesDefinedAbove(region, captures);
  for (mlir::Value captured : captures) {
    slotOf[captured] = plan.numArgs + plan.captures.size();
    plan.captures.push_back(captured);
  }
  uint32_t nextSlot = plan.numArgs + plan.captures.size();

  bool ok = true;
  DenseMap<uint32_t, uint32_t> producerOf;
  for (Operation &op : block) {
    uint32_t index = plan.steps.size();
    Step &step = plan.steps.emplace_back();
    step.op = &op;
    SmallVector<mlir::Value> reads(op.getOperands());
    llvm::append_range(reads, capturesOf(&op));
    for (mlir::Value v : reads)
      step.operands.push_back(slotOf.lookup(v));
    for (mlir::Value result : op.getResults()) {
      producerOf[nextSlot] = index;
      slotOf[result] = nextSlot;
      step.results.push_back(nextSlot++);
    }
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    const KernelFactory *factory = registry.lookup(op.getName().getStringRef());
    if (!factory) {
      op.emitOpError("has no kernel in the runtime");
      ok = false;
      continue;
    }
    FailureOr<std::unique_ptr<Kernel>> kernel = (*factory)(&op, *this);
    if (failed(kernel)) {
      ok = false;
      continue;
    }
    step.kernel = std::move(*kernel);
  }
  plan.terminator = plan.steps.size() - 1;
  plan.numSlots = nextSlot;
  plan.slotUses.assign(nextSlot, 0);
  for (auto [index, step] : llvm::enumerate(plan.steps)) {
    for (uint32_t slot : step.operands) {
      ++plan.slotUses[slot];
      auto producer = producerOf.find(slot);
      if (producer == producerOf.end())
        continue;
      plan.steps[producer->second].consumers.push_back(index);
      ++step.initialPending;
    }
    if (step.initialPending == 0)
      plan.initiallyReady.push_back(index);
  }
  if (!ok) {
    plans[&region].reset();
    return nullptr;
  }
  return &plan;
}

SmallVector<ModuleOp> mplang::rt::getRankPrograms(ModuleOp projected) {
  SmallVector<ModuleOp> programs;
  for (auto program : projected.getOps<ModuleOp>())
    if (program->hasAttr(simp::SimpDialect::getRankAttrName()))
      programs.push_back(program);
  return programs;
}

FailureOr<CompiledProgram>
mplang::rt::compileProgram(ModuleOp program, StringRef entry,
                           const KernelRegistry &registry,
                           PlanBuilder::Deadline compileDeadline) {
  CompiledProgram compiled{
      std::make_unique<PlanBuilder>(registry, compileDeadline)};
  bool ok = true;
  for (auto fn : program.getOps<func::FuncOp>())
    if (!fn.isExternal())
      ok &= compiled.plans->compileFunction(fn) != nullptr;
  auto main = program.lookupSymbol<func::FuncOp>(entry);
  if (!main || main.isExternal())
    return program.emitError("no entry function @") << entry, failure();
  if (!ok || !(compiled.entry = compiled.plans->compileFunction(main)))
    return failure();
  return compiled;
}
