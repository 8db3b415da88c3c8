//===- Outline.cpp - groups of local ops into functions for the JIT -------===//
//
// A group is a maximal run of consecutive local ops in one block. Runs are
// contiguous, so every value a group reads is defined before it and the
// group can run as one step without reordering anything around it.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/JIT/JIT.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mplang::rt;

namespace {

bool isJitElementType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.isSignless() &&
           llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth());
  return isa<IndexType>(type) || type.isF32() || type.isF64();
}

bool isJitType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.hasStaticShape() && isJitElementType(tensor.getElementType());
  return isJitElementType(type);
}

bool hasI1(TypeRange types) {
  return llvm::any_of(
      types, [](Type type) { return getElementTypeOrSelf(type).isInteger(1); });
}

/// Ops whose lowering computes what the interpreter computes. Float min/max
/// (signed zeros, NaN) and float-to-int casts (the interpreter saturates,
/// LLVM gives poison) are left out.
const llvm::StringSet<> &localOpNames() {
  static const llvm::StringSet<> names = {"arith.constant",
                                          "arith.addi",
                                          "arith.subi",
                                          "arith.muli",
                                          "arith.divsi",
                                          "arith.divui",
                                          "arith.remsi",
                                          "arith.remui",
                                          "arith.andi",
                                          "arith.ori",
                                          "arith.xori",
                                          "arith.shli",
                                          "arith.shrsi",
                                          "arith.shrui",
                                          "arith.maxsi",
                                          "arith.minsi",
                                          "arith.maxui",
                                          "arith.minui",
                                          "arith.addf",
                                          "arith.subf",
                                          "arith.mulf",
                                          "arith.divf",
                                          "arith.remf",
                                          "arith.negf",
                                          "arith.cmpi",
                                          "arith.cmpf",
                                          "arith.select",
                                          "arith.extsi",
                                          "arith.extui",
                                          "arith.trunci",
                                          "arith.index_cast",
                                          "arith.index_castui",
                                          "arith.sitofp",
                                          "arith.uitofp",
                                          "arith.extf",
                                          "arith.truncf",
                                          "tensor.empty",
                                          "tensor.splat",
                                          "tensor.from_elements",
                                          "tensor.extract",
                                          "tensor.insert",
                                          "tensor.extract_slice",
                                          "tensor.insert_slice",
                                          "tensor.collapse_shape",
                                          "tensor.expand_shape",
                                          "linalg.fill",
                                          "linalg.map",
                                          "linalg.reduce",
                                          "linalg.broadcast",
                                          "linalg.transpose",
                                          "linalg.matmul",
                                          "linalg.yield",
                                          "scf.for",
                                          "scf.if",
                                          "scf.while",
                                          "scf.yield",
                                          "scf.condition"};
  return names;
}

/// i1 arithmetic is stored as bytes the interpreter masks; only the ops that
/// cannot leave 0/1 take i1 operands in compiled code.
bool allowsI1(Operation *op) {
  return isa<arith::CmpIOp, arith::CmpFOp, arith::SelectOp, arith::AndIOp,
             arith::OrIOp, arith::XOrIOp, arith::ExtUIOp, arith::ConstantOp>(
             op) ||
         op->getDialect()->getNamespace() != "arith";
}

/// A static slice the interpreter accepts: MLIR verifies such windows only
/// partly, and the interpreter reports the others when it runs them.
template <typename SliceOp> bool isInBoundsSlice(SliceOp op, ShapedType big) {
  if (!op.getOffsets().empty() || !op.getSizes().empty() ||
      !op.getStrides().empty())
    return false;
  for (int64_t d = 0, e = big.getRank(); d < e; ++d) {
    int64_t offset = op.getStaticOffsets()[d], size = op.getStaticSizes()[d],
            stride = op.getStaticStrides()[d];
    if (size < 0 || offset < 0 || stride < 1)
      return false;
    if (size > 0 && offset + (__int128)(size - 1) * stride >= big.getDimSize(d))
      return false;
  }
  return true;
}

/// Which ops can be compiled, computed once per op: a loop body of N
/// chained ops once took N^2 steps (each op followed its users to the end).
class LocalOps {
public:
  /// Ops of `fn` whose results no region yields in the end: a user is
  /// visited before the ops it uses (a reverse post-order walk).
  explicit LocalOps(func::FuncOp fn) {
    fn->walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
      if (llvm::all_of(op->getUsers(), [&](Operation *user) {
            return !user->hasTrait<OpTrait::IsTerminator>() &&
                   user->getNumResults() && dead.contains(user);
          }))
        dead.insert(op);
    });
  }

  /// Whether `op` can be compiled. `nested`: inside a compiled op's region,
  /// where an op whose results nothing uses in the end is refused: the
  /// pipeline would delete it, and with it the error it may raise.
  bool isLocal(Operation *op, bool nested) {
    if (nested && op->getNumResults() && dead.contains(op))
      return false;
    if (auto it = local.find(op); it != local.end())
      return it->second;
    bool result = compute(op);
    local[op] = result;
    return result;
  }

  /// `op` and the ops nested in it.
  int64_t size(Operation *op) {
    int64_t n = 0;
    op->walk([&](Operation *) { ++n; });
    return n;
  }

private:
  bool compute(Operation *op) {
    if (!localOpNames().contains(op->getName().getStringRef()))
      return false;
    if (!llvm::all_of(op->getOperandTypes(), isJitType) ||
        !llvm::all_of(op->getResultTypes(), isJitType))
      return false;
    if (!allowsI1(op) &&
        (hasI1(op->getOperandTypes()) || hasI1(op->getResultTypes())))
      return false;
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
      if (!isInBoundsSlice(slice, slice.getSourceType()))
        return false;
    if (auto slice = dyn_cast<tensor::InsertSliceOp>(op))
      if (!isInBoundsSlice(slice, slice.getDestType()))
        return false;
    if (auto reduce = dyn_cast<linalg::ReduceOp>(op))
      if (reduce.getInputs().size() != 1)
        return false;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &inner : block)
          if (!isLocal(&inner, /*nested=*/true))
            return false;
    return true;
  }

  llvm::DenseSet<Operation *> dead;
  llvm::DenseMap<Operation *, bool> local;
};

/// How often a region of `op` runs per run of `op`: a loop's trip count,
/// infinite when not known.
double repeats(Operation *op) {
  constexpr double unknown = std::numeric_limits<double>::infinity();
  if (isa<scf::WhileOp>(op))
    return unknown;
  auto loop = dyn_cast<scf::ForOp>(op);
  if (!loop)
    return 1;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                         ub = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0)
    return unknown;
  return *ub > *lb ? std::ceil((double(*ub) - *lb) / *step) : 0;
}

double stepsOf(Operation *op);

double stepsOf(Block &block) {
  double steps = 0;
  for (Operation &op : block)
    steps += stepsOf(&op);
  return steps;
}

/// Roughly how many interpreter steps `op` takes (see jit::Mode), infinite
/// when a loop's trip count is not known.
double stepsOf(Operation *op) {
  constexpr double unknown = std::numeric_limits<double>::infinity();
  if (isa<arith::ConstantOp>(op) || op->hasTrait<OpTrait::IsTerminator>())
    return 0;
  // The interpreter's is a zeroed allocation: its pages cost their writers.
  if (isa<tensor::EmptyOp>(op))
    return 1;
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return 1 + repeats(op) * (1 + stepsOf(*loop.getBody()));
  if (isa<scf::WhileOp>(op))
    return unknown;
  if (isa<scf::IfOp>(op)) {
    double most = 0;
    for (Region &region : op->getRegions())
      if (!region.empty())
        most = std::max(most, stepsOf(region.front()));
    return 1 + most;
  }
  double elements = 1;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    for (int64_t range : linalgOp.getStaticLoopRanges())
      elements *= range;
  } else {
    for (TypeRange types :
         {TypeRange(op->getOperandTypes()), TypeRange(op->getResultTypes())})
      for (Type type : types)
        if (auto tensor = dyn_cast<RankedTensorType>(type))
          elements = std::max(elements, double(tensor.getNumElements()));
  }
  // The interpreter reduces element by element, and runs map bodies on
  // whole tensors.
  double bodyOps = 0;
  if (isa<linalg::ReduceOp, linalg::MapOp>(op))
    bodyOps = op->getRegion(0).front().getOperations().size() - 1;
  if (isa<linalg::ReduceOp>(op))
    return 1 + elements * bodyOps;
  return std::max(bodyOps, 1.0) * (1 + elements / jit::kAutoElementsPerStep);
}

/// Consecutive local ops, run `weight` times per run of their function.
struct Run {
  SmallVector<Operation *> ops;
  double weight = 1;
};

/// Whether compiling `run` pays off under `mode`.
bool worthCompiling(const Run &run, jit::Mode mode) {
  bool work = llvm::any_of(
      run.ops, [](Operation *op) { return !isa<arith::ConstantOp>(op); });
  if (!work || mode == jit::Mode::On)
    return work;
  double steps = 0;
  for (Operation *op : run.ops)
    steps += stepsOf(op);
  return steps * run.weight >= jit::kAutoMinSteps;
}

/// Collects the runs of local ops of `block` and of the blocks nested in its
/// other ops (not in linalg bodies, which the interpreter runs on whole
/// tensors). A run holds at most kMaxGroupOps ops; a local op with more is
/// not compiled whole, but the runs in its regions are, run `repeats` times
/// as often.
void collectRuns(Block &block, LocalOps &local, jit::Mode mode, double weight,
                 SmallVectorImpl<Run> &runs) {
  Run run{{}, weight};
  int64_t runOps = 0;
  auto flush = [&] {
    if (!run.ops.empty())
      runs.push_back(std::move(run));
    run = Run{{}, weight};
    runOps = 0;
  };
  for (Operation &op : block) {
    bool isLocal = !op.hasTrait<OpTrait::IsTerminator>() &&
                   local.isLocal(&op, /*nested=*/false);
    int64_t size = isLocal ? local.size(&op) : 0;
    if (isLocal && size <= jit::kMaxGroupOps) {
      if (runOps + size > jit::kMaxGroupOps)
        flush();
      run.ops.push_back(&op);
      runOps += size;
      continue;
    }
    flush();
    if (isa<linalg::LinalgOp>(op))
      continue;
    if (isLocal && worthCompiling(Run{{&op}, weight}, mode))
      op.emitRemark("JIT: ")
          << op.getName() << " holds " << size << " ops, over the "
          << jit::kMaxGroupOps
          << " a compiled group may hold: the ops in its body are compiled "
             "in parts instead";
    double inner = weight * (isLocal ? repeats(&op) : 1);
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        collectRuns(nested, local, mode, inner, runs);
  }
  flush();
}

void outline(ArrayRef<Operation *> run, SymbolTable &symbols, int64_t index) {
  Block *block = run.front()->getBlock();
  llvm::SmallPtrSet<Operation *, 16> inRun(run.begin(), run.end());
  auto definedInRun = [&](mlir::Value v) {
    Operation *def = v.getDefiningOp();
    if (!def)
      def = v.getParentBlock()->getParentOp();
    Operation *ancestor = block->findAncestorOpInBlock(*def);
    return ancestor && inRun.contains(ancestor);
  };

  // Constants are cloned into the function, so that the pipeline sees them.
  llvm::SetVector<mlir::Value> inputs;
  llvm::SetVector<Operation *> constants;
  auto read = [&](mlir::Value v) {
    if (definedInRun(v))
      return;
    if (Operation *def = v.getDefiningOp(); def && isa<arith::ConstantOp>(def))
      constants.insert(def);
    else
      inputs.insert(v);
  };
  for (Operation *op : run)
    op->walk([&](Operation *inner) {
      for (mlir::Value v : inner->getOperands())
        read(v);
    });
  // Results nobody reads are returned too: the interpreter computes them
  // (and reports their errors), so the compiled code must not drop them.
  SmallVector<mlir::Value> outputs;
  for (Operation *op : run)
    for (mlir::Value result : op->getResults())
      if (result.use_empty() ||
          llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !inRun.contains(block->findAncestorOpInBlock(*user));
          }))
        outputs.push_back(result);

  MLIRContext *ctx = block->getParentOp()->getContext();
  OpBuilder builder(ctx);
  auto fnType = builder.getFunctionType(
      llvm::to_vector(
          llvm::map_range(inputs, [](mlir::Value v) { return v.getType(); })),
      llvm::to_vector(
          llvm::map_range(outputs, [](mlir::Value v) { return v.getType(); })));
  Location loc = run.front()->getLoc();
  auto fn = func::FuncOp::create(loc, "__jit_" + std::to_string(index), fnType);
  fn.setPrivate();
  fn->setAttr(jit::kJitAttrName, builder.getUnitAttr());
  Block *entry = fn.addEntryBlock();
  IRMapping map;
  map.map(inputs.getArrayRef(), entry->getArguments());
  builder.setInsertionPointToStart(entry);
  for (Operation *constant : constants)
    builder.clone(*constant, map);
  for (Operation *op : run)
    builder.clone(*op, map);
  builder.create<func::ReturnOp>(
      loc, llvm::to_vector(llvm::map_range(
               outputs, [&](mlir::Value v) { return map.lookup(v); })));
  symbols.insert(fn);

  builder.setInsertionPoint(run.front());
  auto call = builder.create<func::CallOp>(loc, fn, inputs.getArrayRef());
  for (auto [output, result] : llvm::zip(outputs, call.getResults()))
    output.replaceAllUsesWith(result);
  for (Operation *op : llvm::reverse(run))
    op->erase();
}

} // namespace

void jit::outlineLocalGroups(ModuleOp module, Mode mode) {
  if (mode == Mode::Off)
    return;
  SmallVector<ModuleOp> modules;
  module.walk([&](ModuleOp m) { modules.push_back(m); });
  for (ModuleOp m : modules) {
    SymbolTable symbols(m);
    SmallVector<Run> runs;
    for (auto fn : llvm::to_vector(m.getOps<func::FuncOp>())) {
      if (fn.isExternal() || fn->hasAttr(kJitAttrName))
        continue;
      LocalOps local(fn);
      collectRuns(fn.getBody().front(), local, mode, 1, runs);
    }
    int64_t index = 0;
    for (const Run &run : runs)
      if (worthCompiling(run, mode))
        outline(run.ops, symbols, index++);
  }
}
