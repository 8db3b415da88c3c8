//===- Rounds.cpp - rounds of messages of measured calls ------------------===//

#include "mplang/Dialect/Simp/Transforms/Rounds.h"
#include "mplang/Dialect/Simp/IR/Measure.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::simp;

namespace {

using Rounds = std::optional<int64_t>;

/// The integer constant `v` is, through the pcalls that pass it on.
std::optional<int64_t> constantOf(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantOp>()) {
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getInt();
    return std::nullopt;
  }
  if (auto call = v.getDefiningOp<PCallOp>())
    return constantOf(call.getBody().front().getTerminator()->getOperand(
        cast<OpResult>(v).getResultNumber()));
  if (auto arg = dyn_cast<BlockArgument>(v))
    if (auto call = dyn_cast<PCallOp>(arg.getOwner()->getParentOp()))
      return constantOf(call.getArgs()[arg.getArgNumber()]);
  return std::nullopt;
}

/// The op that computes `v`, inside the pcall that yields it.
Operation *producer(Value v) {
  if (auto call = v.getDefiningOp<PCallOp>())
    return producer(call.getBody().front().getTerminator()->getOperand(
        cast<OpResult>(v).getResultNumber()));
  return v.getDefiningOp();
}

/// The argument of `block` that `v` is, through the pcalls it passes.
std::optional<unsigned> argumentOf(Value v, Block *block) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return std::nullopt;
  if (arg.getOwner() == block)
    return arg.getArgNumber();
  if (auto call = dyn_cast<PCallOp>(arg.getOwner()->getParentOp()))
    return argumentOf(call.getArgs()[arg.getArgNumber()], block);
  return std::nullopt;
}

/// The iterations of `loop` when it counts an index i from a constant while
/// i < a constant, adding a constant step.
std::optional<int64_t> tripCount(WhileLoopOp loop) {
  Block &cond = loop.getCond().front(), &body = loop.getBody().front();
  auto cmp = dyn_cast_or_null<arith::CmpIOp>(
      producer(cond.getTerminator()->getOperand(0)));
  if (!cmp || (cmp.getPredicate() != arith::CmpIPredicate::slt &&
               cmp.getPredicate() != arith::CmpIPredicate::ult))
    return std::nullopt;
  std::optional<unsigned> index = argumentOf(cmp.getLhs(), &cond);
  std::optional<int64_t> bound = constantOf(cmp.getRhs());
  if (!index || !bound)
    return std::nullopt;
  std::optional<int64_t> start = constantOf(loop.getInit()[*index]);
  auto add = dyn_cast_or_null<arith::AddIOp>(
      producer(body.getTerminator()->getOperand(*index)));
  if (!start || !add)
    return std::nullopt;
  std::optional<int64_t> step;
  if (argumentOf(add.getLhs(), &body) == index)
    step = constantOf(add.getRhs());
  else if (argumentOf(add.getRhs(), &body) == index)
    step = constantOf(add.getLhs());
  if (!step || *step <= 0)
    return std::nullopt;
  return *bound > *start ? (*bound - *start + *step - 1) / *step : 0;
}

class RoundCounter {
public:
  explicit RoundCounter(ModuleOp program) : symbols(program) {}

  Rounds function(func::FuncOp fn) {
    if (fn.isExternal())
      return 0;
    auto [it, inserted] = functions.try_emplace(fn, std::nullopt);
    if (!inserted)
      return it->second; // recursion counts as data-dependent
    Rounds r = region(fn.getBody());
    functions[fn] = r;
    return r;
  }

private:
  /// The longest chain in `region`'s block, values from outside at 0.
  Rounds region(Region &region) {
    llvm::DenseMap<Value, int64_t> depth;
    int64_t longest = 0;
    for (Operation &op : region.front()) {
      int64_t in = 0;
      for (Value v : op.getOperands())
        in = std::max(in, depth.lookup(v));
      // Loops and branches also use values from the enclosing scope.
      if (op.getNumRegions() && !isa<PCallOp>(op))
        op.walk([&](Operation *nested) {
          for (Value v : nested->getOperands())
            in = std::max(in, depth.lookup(v));
        });
      Rounds own = rounds(&op);
      if (!own)
        return std::nullopt;
      for (Value v : op.getResults())
        depth[v] = in + *own;
      longest = std::max(longest, in + *own);
    }
    return longest;
  }

  /// The rounds `op` adds to the chains through it.
  Rounds rounds(Operation *op) {
    if (isa<ShuffleOp, ShuffleDynamicOp, ExchangeOp, AgreeOp>(op))
      return 1;
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      return callee ? function(callee) : Rounds(0);
    }
    if (auto loop = dyn_cast<WhileLoopOp>(op)) {
      std::optional<int64_t> trips = tripCount(loop);
      Rounds cond = region(loop.getCond()), body = region(loop.getBody());
      if (!trips || !cond || !body)
        return std::nullopt;
      // With verify_uniform each test of the predicate is agreed on: one
      // more round.
      int64_t agree = loop.getVerifyUniform() ? 1 : 0;
      return *trips * (*cond + agree + *body) + *cond + agree;
    }
    if (auto branch = dyn_cast<UniformCondOp>(op)) {
      Rounds a = region(branch.getThenRegion());
      Rounds b = region(branch.getElseRegion());
      if (!a || !b)
        return std::nullopt;
      return 1 + std::max(*a, *b);
    }
    // pcall bodies and local ops send nothing.
    return 0;
  }

  SymbolTable symbols;
  llvm::DenseMap<Operation *, Rounds> functions;
};

} // namespace

void simp::countMeasuredRounds(ModuleOp program) {
  RoundCounter counter(program);
  SymbolTable symbols(program);
  program.walk([&](func::CallOp call) {
    if (!getMeasure(call))
      return;
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    if (!callee)
      return;
    if (Rounds r = counter.function(callee))
      setMeasuredRounds(call, *r);
  });
}
