//===- Project.cpp - global program to per-rank programs --------*- C++ -*-===//
//
// Endpoint projection: every rank gets its own copy of each function in
// which party calls it takes part in are inlined, shuffles become sends and
// receives, and values the rank does not hold disappear.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/SaveAndRestore.h"

namespace mlir::simp {
#define GEN_PASS_DEF_SIMPPROJECT
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"
} // namespace mlir::simp

using namespace mlir;
using namespace mlir::simp;

namespace {

/// Static tags (and call-site ids), assigned once in program order so that
/// every rank derives the same numbers from the same global op.
class TagTable {
public:
  explicit TagTable(ModuleOp module) {
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto shuffle = dyn_cast<ShuffleOp>(op))
        assign(op, shuffle.getTargets().size());
      else if (isa<ShuffleDynamicOp, func::CallOp>(op))
        assign(op, 1);
      else if (auto cond = dyn_cast<UniformCondOp>(op))
        assign(op, cond.getVerifyUniform() ? 1 : 0);
      else if (auto loop = dyn_cast<WhileLoopOp>(op))
        assign(op, loop.getVerifyUniform() ? 1 : 0);
    });
  }

  /// The first tag of `op`; an op with n messages owns [tag, tag + n).
  int64_t operator[](Operation *op) const { return tags.lookup(op); }

private:
  void assign(Operation *op, int64_t count) {
    tags[op] = next;
    next += count;
  }

  DenseMap<Operation *, int64_t> tags;
  int64_t next = 0;
};

/// For every uniform_cond and while_loop, the first op (in post-order) that
/// makes each rank act inside it: an op that the rank must execute, or the
/// control op itself for the ranks holding its results. Such ranks must all
/// take part in the control flow. Computed once, bottom-up, so that nested
/// control flow is not walked again at every level and for every rank.
class ActingRanks {
public:
  ActingRanks(ModuleOp module, int64_t worldSize) : worldSize(worldSize) {
    Actors outside(worldSize);
    collect(module.getBodyRegion(), outside);
  }

  /// Entry r is the first op acting on rank r inside `op`, or null.
  ArrayRef<Operation *> operator[](Operation *op) const {
    return table.find(op)->second;
  }

private:
  using Actors = SmallVector<Operation *, 8>;

  void collect(Region &region, Actors &actors) {
    for (Operation &op : region.getOps()) {
      if (isa<UniformCondOp, WhileLoopOp>(op)) {
        Actors inside(worldSize);
        for (Region &nested : op.getRegions())
          collect(nested, inside);
        addResultHolders(&op, inside);
        for (auto [outer, inner] : llvm::zip(actors, inside))
          if (!outer)
            outer = inner;
        table[&op] = std::move(inside);
        continue;
      }
      for (Region &nested : op.getRegions())
        collect(nested, actors);
      if (auto pcall = dyn_cast<PCallOp>(op))
        add(&op, pcall.getParties(), actors);
      if (auto shuffle = dyn_cast<ShuffleOp>(op)) {
        add(&op, shuffle.getTargets(), actors);
        add(&op, shuffle.getSources(), actors);
      }
      if (isa<ShuffleDynamicOp, PCallDynamicOp>(op))
        add(&op, llvm::to_vector(llvm::seq<int64_t>(0, worldSize)), actors);
      if (!isa<ConvergeOp>(op))
        addResultHolders(&op, actors);
    }
  }

  static void add(Operation *op, ArrayRef<int64_t> ranks, Actors &actors) {
    for (int64_t r : ranks)
      if (!actors[r])
        actors[r] = op;
  }

  static void addResultHolders(Operation *op, Actors &actors) {
    for (Type type : op->getResultTypes())
      if (auto mp = dyn_cast<MPType>(type))
        add(op, mp.getParties(), actors);
  }

  int64_t worldSize;
  DenseMap<Operation *, Actors> table;
};

/// Projects the global program onto one rank.
class RankProjector {
public:
  RankProjector(int64_t rank, int64_t worldSize, const TagTable &tags,
                const ActingRanks &acting)
      : rank(rank), worldSize(worldSize), tags(tags), acting(acting) {}

  /// The type a value of global type `type` has on this rank, or null when
  /// the rank never holds it. Values of dynamic party sets keep their local
  /// type: whether they are present is only known at run time.
  Type projectType(Type type) const { return getRankLocalType(type, rank); }

  LogicalResult projectFunction(func::FuncOp fn, OpBuilder &builder);

private:
  /// Projects the ops of `src` at the builder's insertion point. Returns the
  /// values the block's simp.yield yields (null where absent), in `yielded`.
  LogicalResult projectBlock(Block &src, OpBuilder &builder,
                             SmallVectorImpl<Value> *yielded);

  /// Projects the single-block `src` region into `dst`, whose entry block
  /// arguments replace those of `src` kept on this rank, and terminates it
  /// with a simp.yield of the `numKept` kept yielded values.
  FailureOr<YieldOp> projectRegion(Region &src, Region &dst, size_t numKept);

  LogicalResult projectOp(Operation *op, OpBuilder &builder);
  LogicalResult projectPCall(PCallOp op, OpBuilder &builder);
  LogicalResult projectPCallDynamic(PCallDynamicOp op, OpBuilder &builder);
  /// `body` as a simp.if_present on `args`: the run-time checked form of a
  /// party call whose inputs may be missing.
  LogicalResult projectGuarded(Operation *op, ValueRange args, Region &body,
                               OpBuilder &builder);
  void projectShuffle(ShuffleOp op, OpBuilder &builder);
  void projectShuffleDynamic(ShuffleDynamicOp op, OpBuilder &builder);
  void projectConverge(ConvergeOp op, OpBuilder &builder);
  LogicalResult projectUniformCond(UniformCondOp op, OpBuilder &builder);
  LogicalResult projectWhileLoop(WhileLoopOp op, OpBuilder &builder);
  LogicalResult projectGeneric(Operation *op, OpBuilder &builder);

  /// The local value of `v` on this rank: the projected value, an explicit
  /// absent value for a dynamic value the rank cannot hold, or null when the
  /// type says the rank never holds it.
  Value lookup(Value v, OpBuilder &builder);
  /// The local values of `values` that this rank may hold.
  SmallVector<Value> lookupKept(ValueRange values, OpBuilder &builder);
  /// The projected types of `types` that this rank may hold.
  SmallVector<Type> keptTypes(TypeRange types) const;
  /// Maps the kept values among `from` to `to`, in order.
  void mapKept(ValueRange from, ValueRange to);
  /// Gives `dst` the arguments of `src` kept on this rank, with their
  /// locations (reports on projected programs point at the global
  /// declarations), and maps them.
  void addKeptArguments(Block &src, Block &dst);

  /// The parties that take part in a uniform_cond or while_loop whose
  /// predicate has type `pred`; fails on a dynamic global predicate or on a
  /// local one outside a party call when it must be verified.
  FailureOr<SmallVector<int64_t>> participants(Operation *op, Type pred,
                                               bool verify);
  /// Checks that every rank acting in `op`'s regions is a participant.
  LogicalResult checkActingRanks(Operation *op, ArrayRef<int64_t> parties);

  int64_t rank, worldSize;
  const TagTable &tags;
  const ActingRanks &acting;
  IRMapping mapping;
  /// The parties running the code being projected: the whole world at the
  /// global level, P inside `simp.pcall [P]`; empty inside pcall_dynamic.
  SmallVector<int64_t> currentParties;
};

} // namespace

Value RankProjector::lookup(Value v, OpBuilder &builder) {
  if (Value local = mapping.lookupOrNull(v))
    return local;
  Type type = projectType(v.getType());
  if (!type)
    return {};
  Value absent = builder.create<AbsentOp>(v.getLoc(), type);
  mapping.map(v, absent);
  return absent;
}

SmallVector<Value> RankProjector::lookupKept(ValueRange values,
                                             OpBuilder &builder) {
  SmallVector<Value> kept;
  for (Value v : values)
    if (Value local = lookup(v, builder))
      kept.push_back(local);
  return kept;
}

SmallVector<Type> RankProjector::keptTypes(TypeRange types) const {
  SmallVector<Type> kept;
  for (Type type : types)
    if (Type local = projectType(type))
      kept.push_back(local);
  return kept;
}

void RankProjector::mapKept(ValueRange from, ValueRange to) {
  auto it = to.begin();
  for (Value v : from)
    if (projectType(v.getType()))
      mapping.map(v, *it++);
  assert(it == to.end() && "kept values and their projections disagree");
}

void RankProjector::addKeptArguments(Block &src, Block &dst) {
  for (BlockArgument arg : src.getArguments())
    if (Type type = projectType(arg.getType()))
      dst.addArgument(type, arg.getLoc());
  mapKept(src.getArguments(), dst.getArguments());
}

LogicalResult RankProjector::projectFunction(func::FuncOp fn,
                                             OpBuilder &builder) {
  currentParties = llvm::to_vector(llvm::seq<int64_t>(0, worldSize));
  FunctionType type = fn.getFunctionType();
  auto projectedType = builder.getFunctionType(keptTypes(type.getInputs()),
                                               keptTypes(type.getResults()));
  auto projected =
      builder.create<func::FuncOp>(fn.getLoc(), fn.getName(), projectedType);
  projected.setVisibility(fn.getVisibility());
  if (fn.isExternal())
    return success();

  Block *entry = new Block();
  projected.getBody().push_back(entry);
  addKeptArguments(fn.getBody().front(), *entry);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(entry);
  if (!fn.getBody().hasOneBlock())
    return fn.emitOpError("the projection supports single-block functions");
  return projectBlock(fn.getBody().front(), builder, nullptr);
}

LogicalResult RankProjector::projectBlock(Block &src, OpBuilder &builder,
                                          SmallVectorImpl<Value> *yielded) {
  for (Operation &op : src) {
    if (auto yield = dyn_cast<YieldOp>(op)) {
      assert(yielded && "simp.yield outside a projected region");
      for (Value v : yield.getValues())
        yielded->push_back(lookup(v, builder));
      continue;
    }
    if (failed(projectOp(&op, builder)))
      return failure();
  }
  return success();
}

FailureOr<YieldOp> RankProjector::projectRegion(Region &src, Region &dst,
                                                size_t numKept) {
  Block &srcBlock = src.front();
  Block *dstBlock = new Block();
  dst.push_back(dstBlock);
  addKeptArguments(srcBlock, *dstBlock);

  OpBuilder builder = OpBuilder::atBlockEnd(dstBlock);
  SmallVector<Value> yielded;
  if (failed(projectBlock(srcBlock, builder, &yielded)))
    return failure();
  SmallVector<Value> kept(llvm::make_filter_range(
      yielded, [](Value v) { return static_cast<bool>(v); }));
  Location loc = srcBlock.getTerminator()->getLoc();
  if (kept.size() != numKept)
    return emitError(loc) << "rank " << rank
                          << " does not hold a value this region yields";
  return builder.create<YieldOp>(loc, kept);
}

LogicalResult RankProjector::projectOp(Operation *op, OpBuilder &builder) {
  if (auto pcall = dyn_cast<PCallOp>(op))
    return projectPCall(pcall, builder);
  if (auto pcall = dyn_cast<PCallDynamicOp>(op))
    return projectPCallDynamic(pcall, builder);
  if (auto shuffle = dyn_cast<ShuffleOp>(op)) {
    projectShuffle(shuffle, builder);
    return success();
  }
  if (auto shuffle = dyn_cast<ShuffleDynamicOp>(op)) {
    projectShuffleDynamic(shuffle, builder);
    return success();
  }
  if (auto converge = dyn_cast<ConvergeOp>(op)) {
    projectConverge(converge, builder);
    return success();
  }
  if (auto cond = dyn_cast<UniformCondOp>(op))
    return projectUniformCond(cond, builder);
  if (auto loop = dyn_cast<WhileLoopOp>(op))
    return projectWhileLoop(loop, builder);
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto projected = builder.create<func::CallOp>(
        call.getLoc(), call.getCalleeAttr(), keptTypes(call.getResultTypes()),
        lookupKept(call.getOperands(), builder));
    projected->setAttr(SimpDialect::getSiteAttrName(),
                       builder.getI64IntegerAttr(tags[call]));
    if (Attribute measure = call->getAttr(SimpDialect::getMeasureAttrName()))
      projected->setAttr(SimpDialect::getMeasureAttrName(), measure);
    mapKept(call.getResults(), projected.getResults());
    return success();
  }
  if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    builder.create<func::ReturnOp>(ret.getLoc(),
                                   lookupKept(ret.getOperands(), builder));
    return success();
  }
  return projectGeneric(op, builder);
}

LogicalResult RankProjector::projectPCall(PCallOp op, OpBuilder &builder) {
  if (!llvm::is_contained(op.getParties(), rank))
    return success();
  // A dynamic operand may be missing at run time: guard the body like a
  // pcall_dynamic so that a member lacking it yields absent results.
  if (llvm::any_of(op.getArgs().getTypes(), [](Type t) {
        auto mp = dyn_cast<MPType>(t);
        return mp && mp.isDynamic();
      })) {
    return projectGuarded(op, op.getArgs(), op.getBody(), builder);
  }

  llvm::SaveAndRestore parties(currentParties,
                               llvm::to_vector(op.getParties()));
  Block &body = op.getBody().front();
  for (auto [arg, operand] : llvm::zip(body.getArguments(), op.getArgs()))
    mapping.map(arg, lookup(operand, builder));
  SmallVector<Value> yielded;
  if (failed(projectBlock(body, builder, &yielded)))
    return failure();
  for (auto [result, value] : llvm::zip(op.getResults(), yielded))
    if (value)
      mapping.map(result, value);
  return success();
}

LogicalResult RankProjector::projectPCallDynamic(PCallDynamicOp op,
                                                 OpBuilder &builder) {
  // A statically absent operand means this rank never runs the body.
  if (llvm::any_of(op.getArgs(),
                   [&](Value v) { return !projectType(v.getType()); }))
    return success();
  return projectGuarded(op, op.getArgs(), op.getBody(), builder);
}

LogicalResult RankProjector::projectGuarded(Operation *op, ValueRange args,
                                            Region &body, OpBuilder &builder) {
  llvm::SaveAndRestore parties(currentParties, SmallVector<int64_t>());
  auto guarded = builder.create<IfPresentOp>(
      op->getLoc(), keptTypes(op->getResultTypes()), lookupKept(args, builder));
  if (failed(projectRegion(body, guarded.getBody(), guarded.getNumResults())))
    return failure();
  mapKept(op->getResults(), guarded.getResults());
  return success();
}

void RankProjector::projectShuffle(ShuffleOp op, OpBuilder &builder) {
  ArrayRef<int64_t> targets = op.getTargets(), sources = op.getSources();
  int64_t base = tags[op];
  Location loc = op.getLoc();
  // Sends first: they never wait, so the receive below cannot hold them up.
  for (auto [i, dst, src] : llvm::enumerate(targets, sources))
    if (src == rank && dst != rank)
      builder.create<SendOp>(loc, lookup(op.getInput(), builder), dst,
                             base + i);
  for (auto [i, dst, src] : llvm::enumerate(targets, sources)) {
    if (dst != rank)
      continue;
    if (src == rank) {
      mapping.map(op.getResult(), lookup(op.getInput(), builder));
    } else {
      auto recv =
          builder.create<RecvOp>(loc, projectType(op.getType()), src, base + i);
      mapping.map(op.getResult(), recv.getResult());
    }
  }
}

void RankProjector::projectShuffleDynamic(ShuffleDynamicOp op,
                                          OpBuilder &builder) {
  // Every rank may ask for or serve a piece, so the whole world takes part;
  // a rank that cannot hold an operand contributes an absent value.
  auto localOrAbsent = [&](Value v) -> Value {
    if (Value local = lookup(v, builder))
      return local;
    return builder.create<AbsentOp>(
        v.getLoc(), projectType(cast<MPType>(v.getType()).getValueType()));
  };
  auto exchange = builder.create<ExchangeOp>(
      op.getLoc(), localOrAbsent(op.getInput()), localOrAbsent(op.getIndex()),
      llvm::to_vector(llvm::seq<int64_t>(0, worldSize)), tags[op]);
  mapping.map(op.getResult(), exchange.getResult());
}

void RankProjector::projectConverge(ConvergeOp op, OpBuilder &builder) {
  SmallVector<Value> candidates;
  for (Value input : op.getInputs())
    if (mapping.contains(input) || projectType(input.getType()))
      candidates.push_back(input);
  if (candidates.empty())
    return;
  if (candidates.size() == 1) {
    mapping.map(op.getResult(), lookup(candidates.front(), builder));
    return;
  }
  // Only dynamic pieces can leave several candidates on one rank.
  auto first = builder.create<FirstPresentOp>(
      op.getLoc(), llvm::map_to_vector(candidates, [&](Value v) {
        return lookup(v, builder);
      }));
  mapping.map(op.getResult(), first.getResult());
}

FailureOr<SmallVector<int64_t>>
RankProjector::participants(Operation *op, Type pred, bool verify) {
  if (auto mp = dyn_cast<MPType>(pred)) {
    if (mp.isDynamic())
      return op->emitOpError("the projection needs a predicate held by a "
                             "static party set, got ")
             << pred;
    return llvm::to_vector(mp.getParties());
  }
  if (verify && currentParties.empty())
    return op->emitOpError("cannot check the agreement of a predicate inside "
                           "simp.pcall_dynamic; set verify_uniform = false");
  return currentParties;
}

LogicalResult RankProjector::checkActingRanks(Operation *op,
                                              ArrayRef<int64_t> parties) {
  for (auto [r, actor] : llvm::enumerate(acting[op]))
    if (actor && !llvm::is_contained(parties, static_cast<int64_t>(r))) {
      InFlightDiagnostic diag =
          actor->emitOpError("involves rank ")
          << r << ", which does not hold the predicate of the enclosing "
          << op->getName() << " (held by [" << parties << "])";
      if (actor != op)
        diag.attachNote(op->getLoc()) << "enclosing op";
      return failure();
    }
  return success();
}

LogicalResult RankProjector::projectUniformCond(UniformCondOp op,
                                                OpBuilder &builder) {
  FailureOr<SmallVector<int64_t>> parties =
      participants(op, op.getPred().getType(), op.getVerifyUniform());
  if (failed(parties) || failed(checkActingRanks(op, *parties)))
    return failure();
  if (!llvm::is_contained(*parties, rank))
    return success();

  Value pred = lookup(op.getPred(), builder);
  if (op.getVerifyUniform())
    pred = builder.create<AgreeOp>(op.getLoc(), pred, *parties, tags[op]);
  SmallVector<Type> resultTypes = keptTypes(op.getResultTypes());
  auto projected = builder.create<UniformCondOp>(
      op.getLoc(), resultTypes, pred, lookupKept(op.getArgs(), builder),
      /*verify_uniform=*/false);
  if (failed(projectRegion(op.getThenRegion(), projected.getThenRegion(),
                           resultTypes.size())) ||
      failed(projectRegion(op.getElseRegion(), projected.getElseRegion(),
                           resultTypes.size())))
    return failure();
  mapKept(op.getResults(), projected.getResults());
  return success();
}

LogicalResult RankProjector::projectWhileLoop(WhileLoopOp op,
                                              OpBuilder &builder) {
  auto condYield = cast<YieldOp>(op.getCond().front().getTerminator());
  FailureOr<SmallVector<int64_t>> parties = participants(
      op, condYield.getValues().front().getType(), op.getVerifyUniform());
  if (failed(parties) || failed(checkActingRanks(op, *parties)))
    return failure();
  if (!llvm::is_contained(*parties, rank))
    return success();

  SmallVector<Type> stateTypes = keptTypes(op.getResultTypes());
  auto projected = builder.create<WhileLoopOp>(
      op.getLoc(), stateTypes, lookupKept(op.getInit(), builder),
      /*verify_uniform=*/false);
  FailureOr<YieldOp> cond = projectRegion(op.getCond(), projected.getCond(), 1);
  if (failed(cond) || failed(projectRegion(op.getBody(), projected.getBody(),
                                           stateTypes.size())))
    return failure();
  if (op.getVerifyUniform()) {
    OpBuilder condBuilder(*cond);
    OpOperand &pred = cond->getValuesMutable()[0];
    pred.set(condBuilder.create<AgreeOp>(op.getLoc(), pred.get(), *parties,
                                         tags[op]));
  }
  mapKept(op.getResults(), projected.getResults());
  return success();
}

LogicalResult RankProjector::projectGeneric(Operation *op, OpBuilder &builder) {
  for (Value operand : op->getOperands()) {
    if (mapping.contains(operand))
      continue;
    // Dropping a terminator would leave its block malformed.
    if (op->hasTrait<OpTrait::IsTerminator>())
      return op->emitOpError("uses a value rank ") << rank << " does not hold";
    return success();
  }
  if (op->getNumRegions() == 0) {
    builder.clone(*op, mapping);
    return success();
  }
  // Ops with regions (scf.for, linalg.generic, ...) may hold simp ops, so
  // their regions are projected too.
  Operation *copy = builder.cloneWithoutRegions(*op, mapping);
  for (auto [src, dst] : llvm::zip(op->getRegions(), copy->getRegions()))
    for (Block &srcBlock : src) {
      Block *dstBlock = new Block();
      dst.push_back(dstBlock);
      for (BlockArgument arg : srcBlock.getArguments())
        mapping.map(arg, dstBlock->addArgument(arg.getType(), arg.getLoc()));
      OpBuilder inner = OpBuilder::atBlockEnd(dstBlock);
      if (failed(projectBlock(srcBlock, inner, nullptr)))
        return failure();
    }
  return success();
}

namespace {
struct SimpProjectPass : public simp::impl::SimpProjectBase<SimpProjectPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<int64_t> worldSize = getWorldSize(module);
    if (!worldSize) {
      module.emitError("--simp-project needs 'simp.world_size' on the module");
      return signalPassFailure();
    }
    // Already projected (or empty): only check its messages.
    SmallVector<Operation *> globalOps;
    for (Operation &op : module.getBody()->getOperations())
      if (!op.hasAttr(SimpDialect::getRankAttrName()))
        globalOps.push_back(&op);
    if (globalOps.empty()) {
      if (failed(verifyCommunication(module)))
        signalPassFailure();
      return;
    }

    TagTable tags(module);
    ActingRanks acting(module, *worldSize);
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    for (int64_t rank = 0; rank < *worldSize; ++rank) {
      auto rankModule = builder.create<ModuleOp>(module.getLoc(),
                                                 ("rank" + Twine(rank)).str());
      rankModule->setAttr(SimpDialect::getRankAttrName(),
                          builder.getI64IntegerAttr(rank));
      OpBuilder inner = OpBuilder::atBlockEnd(rankModule.getBody());
      RankProjector projector(rank, *worldSize, tags, acting);
      for (Operation *op : globalOps) {
        if (auto fn = dyn_cast<func::FuncOp>(op)) {
          if (failed(projector.projectFunction(fn, inner)))
            return signalPassFailure();
        } else {
          inner.clone(*op);
        }
      }
    }
    for (Operation *op : globalOps)
      op->erase();
    if (failed(verifyCommunication(module)))
      signalPassFailure();
  }
};
} // namespace
