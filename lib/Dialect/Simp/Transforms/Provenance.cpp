//===- Provenance.cpp - whose inputs flow into each value -----------------===//
//
// A forward dataflow to a fixpoint over a worklist of ops: an op is visited
// again when a value it reads grows (for a receive: the value its send
// sends). The sets only grow and there are finitely many sources, so it
// terminates; each value grows at most once per source.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/Transforms/Provenance.h"
#include "mplang/Dialect/BFV/IR/BFVOps.h"
#include "mplang/Dialect/Crypto/IR/CryptoOps.h"
#include "mplang/Dialect/Field/IR/FieldOps.h"
#include "mplang/Dialect/Store/IR/StoreOps.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::simp;

std::string Source::name() const {
  std::string prefix = "rank" + std::to_string(rank) + ".";
  switch (kind) {
  case Kind::Argument:
    return prefix + "arg" + std::to_string(index);
  case Kind::Object:
    return prefix + "load(" + uri + ")";
  case Kind::Randomness:
    return prefix + "random";
  }
  llvm_unreachable("unknown source kind");
}

/// Keys are secret randomness, or derived from it; the encoder is public.
static bool isKey(Type type) {
  return isa<bfv::PublicKeyType, bfv::SecretKeyType, bfv::RelinKeyType,
             bfv::GaloisKeyType>(type);
}

int64_t simp::getProgramRank(Operation *op) {
  return op->getParentOfType<ModuleOp>()
      ->getAttrOfType<IntegerAttr>(SimpDialect::getRankAttrName())
      .getInt();
}

int64_t simp::getCollectiveTag(Operation *op) {
  if (auto agree = dyn_cast<AgreeOp>(op))
    return agree.getTag();
  return cast<ExchangeOp>(op).getTag();
}

// bfv encryptions draw randomness too, but a ciphertext is reported as
// such, so its randomness is not a source.
bool simp::drawsRandomness(Operation *op) {
  return isa<crypto::RandomBytesOp, crypto::RandomScalarOp, crypto::KeygenOp,
             field::RandomOp>(op) ||
         llvm::any_of(op->getResultTypes(), isKey);
}

Provenance::Provenance(const std::map<int64_t, ModuleOp> &ranks,
                       StringRef entry) {
  SymbolTableCollection symbols;
  SmallVector<RecvOp> recvs;
  for (auto [rank, program] : ranks)
    collect(rank, program, entry, symbols, recvs);
  for (RecvOp recv : recvs)
    if (SendOp send = getSend(recv))
      receiver[send] = recv;
  none.resize(sources.size());
  for (func::FuncOp fn : functions)
    fn.walk([&](Operation *op) {
      if (op != fn)
        enqueue(op);
    });
  for (auto [i, source] : llvm::enumerate(sources)) {
    if (source.kind != Source::Kind::Argument)
      continue;
    ModuleOp program = ranks.at(source.rank);
    auto fn = program.lookupSymbol<func::FuncOp>(entry);
    SourceSet only = none;
    only.set(i);
    join(fn.getArgument(source.index), only);
  }
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    queued.erase(op);
    visitBefore(op);
    visitAfter(op);
  }
}

void Provenance::enqueue(Operation *op) {
  if (queued.insert(op).second)
    worklist.push_back(op);
}

void Provenance::enqueueUsers(Value value) {
  for (Operation *user : value.getUsers()) {
    if (auto send = dyn_cast<SendOp>(user)) {
      if (Operation *recv = receiver.lookup(send))
        enqueue(recv);
    } else if (isa<AgreeOp, ExchangeOp>(user)) {
      for (Operation *member : getCollective(user))
        enqueue(member);
    } else if (user->hasTrait<OpTrait::IsTerminator>() &&
               !isa<func::ReturnOp>(user)) {
      // What a region yields is read by the op around it.
      enqueue(user->getParentOp());
    } else {
      enqueue(user);
    }
  }
}

void Provenance::collect(int64_t rank, ModuleOp program, StringRef entry,
                         SymbolTableCollection &symbols,
                         SmallVectorImpl<RecvOp> &recvs) {
  auto entryFn = program.lookupSymbol<func::FuncOp>(entry);
  for (unsigned i = 0; i < entryFn.getNumArguments(); ++i)
    addSource({Source::Kind::Argument, rank, i, ""});
  SmallVector<func::FuncOp> worklist{entryFn};
  reached.insert(entryFn);
  while (!worklist.empty()) {
    func::FuncOp fn = worklist.pop_back_val();
    functions.push_back(fn);
    fn.walk([&](Operation *op) {
      if (auto call = dyn_cast<func::CallOp>(op)) {
        auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        if (!callee || callee.isExternal())
          return;
        callees[call] = callee;
        callers[callee].push_back(call);
        if (reached.insert(callee).second)
          worklist.push_back(callee);
      } else if (auto send = dyn_cast<SendOp>(op)) {
        sends[{rank, send.getPeer(), send.getTag()}] = send;
      } else if (auto recv = dyn_cast<RecvOp>(op)) {
        recvs.push_back(recv);
      } else if (isa<AgreeOp, ExchangeOp>(op)) {
        collectives[{op->getName().getStringRef(), getCollectiveTag(op)}]
            .push_back(op);
      } else if (auto load = dyn_cast<store::LoadOp>(op)) {
        std::string uri = load.getUri().str();
        if (objects.try_emplace({rank, uri}, sources.size()).second)
          addSource({Source::Kind::Object, rank, 0, uri});
      } else if (drawsRandomness(op) && !randomness.count(rank)) {
        randomness[rank] = sources.size();
        addSource({Source::Kind::Randomness, rank, 0, ""});
      }
    });
  }
}

unsigned Provenance::addSource(Source source) {
  sources.push_back(std::move(source));
  return sources.size() - 1;
}

const SourceSet &Provenance::getSources(Value value) const {
  auto it = state.find(value);
  return it == state.end() ? none : it->second;
}

const SourceSet &Provenance::getReturned(func::FuncOp fn,
                                         unsigned index) const {
  auto it = returned.find(fn);
  return it == returned.end() || index >= it->second.size() ? none
                                                            : it->second[index];
}

ArrayRef<func::CallOp> Provenance::getCallers(func::FuncOp fn) const {
  auto it = callers.find(fn);
  return it == callers.end() ? ArrayRef<func::CallOp>() : it->second;
}

SendOp Provenance::getSend(RecvOp recv) const {
  auto it = sends.find({recv.getPeer(), getProgramRank(recv), recv.getTag()});
  return it == sends.end() ? SendOp() : it->second;
}

ArrayRef<Operation *> Provenance::getCollective(Operation *op) const {
  return collectives.at({op->getName().getStringRef(), getCollectiveTag(op)});
}

// `from` is a copy: it may be a set of `state`, which joining can move.
void Provenance::join(Value to, SourceSet from) {
  if (from.none())
    return;
  SourceSet &into = state[to];
  if (into.empty())
    into.resize(sources.size());
  SourceSet added = from;
  added.reset(into);
  if (added.none())
    return;
  into |= from;
  enqueueUsers(to);
}

void Provenance::joinAll(ValueRange to, const SourceSet &from) {
  for (Value value : to)
    join(value, from);
}

SourceSet Provenance::unionOf(ValueRange values) const {
  SourceSet all = none;
  for (Value value : values)
    all |= getSources(value);
  return all;
}

SourceSet Provenance::yielded(Operation *op) const {
  SourceSet all = none;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
        all |= unionOf(block.back().getOperands());
  return all;
}

/// `a` joined with `b`.
static SourceSet unite(SourceSet a, const SourceSet &b) {
  a |= b;
  return a;
}

/// The values `region`'s single block yields.
static OperandRange yieldedBy(Region &region) {
  return region.front().getTerminator()->getOperands();
}

void Provenance::visitBefore(Operation *op) {
  if (op->getNumRegions() == 0)
    return;
  if (auto cond = dyn_cast<UniformCondOp>(op)) {
    const SourceSet &pred = getSources(cond.getPred());
    for (Region *region : {&cond.getThenRegion(), &cond.getElseRegion()})
      for (auto [arg, operand] :
           llvm::zip(region->getArguments(), cond.getArgs()))
        join(arg, unite(getSources(operand), pred));
    return;
  }
  if (auto loop = dyn_cast<WhileLoopOp>(op)) {
    SourceSet pred = unionOf(yieldedBy(loop.getCond()));
    for (auto [arg, init, next] :
         llvm::zip(loop.getCond().getArguments(), loop.getInit(),
                   yieldedBy(loop.getBody())))
      join(arg, unite(unite(getSources(init), getSources(next)), pred));
    for (auto [arg, state] : llvm::zip(loop.getBody().getArguments(),
                                       loop.getCond().getArguments()))
      join(arg, getSources(state));
    return;
  }
  if (auto guarded = dyn_cast<IfPresentOp>(op)) {
    for (auto [arg, operand] :
         llvm::zip(guarded.getBody().getArguments(), guarded.getArgs()))
      join(arg, getSources(operand));
    return;
  }
  // Any other region op (scf.for, linalg.generic, ...): its operands and
  // what its regions carry around feed every block argument.
  SourceSet in = unite(unionOf(op->getOperands()), yielded(op));
  for (Region &region : op->getRegions())
    for (Block &block : region)
      joinAll(block.getArguments(), in);
}

void Provenance::visitAfter(Operation *op) {
  if (auto call = dyn_cast<func::CallOp>(op)) {
    visitCall(call);
  } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    auto fn = cast<func::FuncOp>(ret->getParentOp());
    auto &results = returned[fn];
    results.resize(ret.getNumOperands(), none);
    bool grew = false;
    for (auto [result, operand] : llvm::zip(results, ret.getOperands())) {
      SourceSet added = getSources(operand);
      added.reset(result);
      grew |= added.any();
      result |= added;
    }
    if (grew)
      for (func::CallOp call : getCallers(fn))
        enqueue(call);
  } else if (auto cond = dyn_cast<UniformCondOp>(op)) {
    const SourceSet &pred = getSources(cond.getPred());
    for (auto [result, fromThen, fromElse] :
         llvm::zip(cond.getResults(), yieldedBy(cond.getThenRegion()),
                   yieldedBy(cond.getElseRegion())))
      join(result,
           unite(unite(getSources(fromThen), getSources(fromElse)), pred));
  } else if (auto loop = dyn_cast<WhileLoopOp>(op)) {
    SourceSet pred = unionOf(yieldedBy(loop.getCond()));
    for (auto [result, state] :
         llvm::zip(loop.getResults(), loop.getCond().getArguments()))
      join(result, unite(getSources(state), pred));
  } else if (auto guarded = dyn_cast<IfPresentOp>(op)) {
    // Whether the region ran depends on every operand.
    SourceSet present = unionOf(guarded.getArgs());
    for (auto [result, value] :
         llvm::zip(guarded.getResults(), yieldedBy(guarded.getBody())))
      join(result, unite(getSources(value), present));
  } else if (auto recv = dyn_cast<RecvOp>(op)) {
    if (SendOp send = getSend(recv))
      join(recv.getResult(), getSources(send.getValue()));
  } else if (isa<AgreeOp, ExchangeOp>(op)) {
    SourceSet all = none;
    for (Operation *member : getCollective(op))
      all |= unionOf(member->getOperands());
    joinAll(op->getResults(), all);
  } else if (auto load = dyn_cast<store::LoadOp>(op)) {
    SourceSet object = none;
    object.set(objects.at({getProgramRank(op), load.getUri().str()}));
    join(load.getResult(), object);
  } else {
    visitLocal(op);
  }
}

void Provenance::visitLocal(Operation *op) {
  SourceSet in = unionOf(op->getOperands());
  if (drawsRandomness(op))
    in.set(randomness.at(getProgramRank(op)));
  if (op->getNumRegions())
    in |= yielded(op);
  if (!isa<bfv::BFVDialect>(op->getDialect())) {
    joinAll(op->getResults(), in);
    return;
  }
  // A ciphertext depends on its plaintext, not on the keys that encrypt,
  // rotate or relinearize it; a decryption on its ciphertext.
  SourceSet data = none;
  for (Value operand : op->getOperands())
    if (!isKey(operand.getType()) && !isa<bfv::EncoderType>(operand.getType()))
      data |= getSources(operand);
  for (Value result : op->getResults())
    join(result, isKey(result.getType()) ? in : data);
}

void Provenance::visitCall(func::CallOp call) {
  func::FuncOp callee = getCallee(call);
  if (!callee) {
    joinAll(call.getResults(), unionOf(call.getOperands()));
    return;
  }
  for (auto [arg, operand] :
       llvm::zip(callee.getArguments(), call.getOperands()))
    join(arg, getSources(operand));
  auto it = returned.find(callee);
  if (it != returned.end())
    for (auto [result, returnedSources] :
         llvm::zip(call.getResults(), it->second))
      join(result, returnedSources);
}
