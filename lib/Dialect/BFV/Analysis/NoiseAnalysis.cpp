//===- NoiseAnalysis.cpp - BFV noise bounds of a whole program ------------===//

#include "mplang/Dialect/BFV/Analysis/NoiseAnalysis.h"
#include "mplang/Crypto/BFV/Keys.h"
#include "mplang/Dialect/BFV/IR/BFVOps.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::bfv;

/// Changes of one value's state before it is widened to unbounded: enough
/// for the joins of many call sites, few for a loop that keeps adding noise.
static constexpr unsigned kMaxChanges = 16;

/// A ciphertext, or a ciphertext held by some parties.
static bool isCiphertext(Type type) {
  if (auto mp = dyn_cast<simp::MPType>(type))
    type = mp.getValueType();
  return isa<CiphertextType>(type);
}

//===----------------------------------------------------------------------===//
// NoiseState and NoiseLattice
//===----------------------------------------------------------------------===//

NoiseState NoiseState::join(const NoiseState &lhs, const NoiseState &rhs) {
  if (lhs.isUninitialized())
    return rhs;
  if (rhs.isUninitialized() || lhs.isUnbounded())
    return lhs;
  if (rhs.isUnbounded())
    return rhs;
  const Noise &a = lhs.noise, &b = rhs.noise;
  Noise noise;
  noise.variance = std::max(a.variance, b.variance);
  noise.flood = std::max(a.flood, b.flood);
  noise.factors = combineFactors(a.factors, b.factors, /*product=*/false);
  noise.carrier = a.carrier == b.carrier ? a.carrier : nullptr;
  noise.size = std::max(a.size, b.size);
  noise.primes = std::min(a.primes, b.primes);
  bool rhsLarger =
      std::tie(b.variance, b.flood) > std::tie(a.variance, a.flood);
  return bounded(noise, rhsLarger ? rhs.origin : lhs.origin);
}

bool NoiseState::operator==(const NoiseState &rhs) const {
  const Noise &a = noise, &b = rhs.noise;
  return kind == rhs.kind && origin == rhs.origin && a.variance == b.variance &&
         a.flood == b.flood && a.factors == b.factors &&
         a.carrier == b.carrier && a.size == b.size && a.primes == b.primes;
}

void NoiseState::print(raw_ostream &os) const {
  switch (kind) {
  case Kind::Uninitialized:
    os << "<uninitialized>";
    return;
  case Kind::Unbounded:
    os << "<unbounded>";
    return;
  case Kind::Bounded:
    os << "variance " << noise.variance << ", flood " << noise.flood
       << ", size " << noise.size << ", primes " << noise.primes;
    return;
  }
}

/// Where a value comes from: its defining op or the op owning its block.
static Operation *getSource(Value value) {
  if (Operation *def = value.getDefiningOp())
    return def;
  return value.getParentBlock()->getParentOp();
}

ChangeResult NoiseLattice::join(const NoiseState &rhs) {
  NoiseState joined = NoiseState::join(value, rhs);
  if (joined == value)
    return ChangeResult::NoChange;
  if (!joined.isUnbounded() &&
      (++changes > kMaxChanges || !std::isfinite(joined.getNoise().variance)))
    joined = NoiseState::unbounded(getSource(getPoint()));
  value = joined;
  return ChangeResult::Change;
}

//===----------------------------------------------------------------------===//
// NoiseModels
//===----------------------------------------------------------------------===//

const NoiseModel *NoiseModels::lookup(ParamsAttr params) {
  if (!params)
    return nullptr;
  if (params == substitution.from)
    params = substitution.to;
  auto [it, inserted] = models.try_emplace(params);
  if (inserted)
    it->second =
        NoiseModel::get(params.getPolyModulusDegree(), params.getPlainModulus(),
                        params.getCoeffModulusBits());
  return it->second ? &*it->second : nullptr;
}

//===----------------------------------------------------------------------===//
// NoiseAnalysis
//===----------------------------------------------------------------------===//

void NoiseAnalysis::setToEntryState(NoiseLattice *lattice) {
  propagateIfChanged(lattice, lattice->join(NoiseState::unbounded(
                                  getSource(lattice->getPoint()))));
}

/// Key switches of a row rotation: one with a key for the step itself (an
/// explicit step list always has it), else one per power of two composed.
static unsigned getKeySwitches(RotateOp op, int64_t n) {
  int64_t steps = op.getSteps();
  if (steps % (n / 2) == 0)
    return 0;
  if (!op.getGaloisKey().getType().hasPowerOfTwoSteps())
    return 1;
  return mplang::crypto::bfv::powerOfTwoRotations(n, steps).size();
}

void NoiseAnalysis::visitBFVOp(Operation *op, const NoiseModel &model,
                               ArrayRef<const NoiseLattice *> operands,
                               NoiseLattice *result) {
  auto noise = [&](unsigned i) { return operands[i]->getValue().getNoise(); };
  // add, sub and mul: two ciphertexts, or one and a plaintext.
  auto binary = [&](auto both, auto plain) {
    bool lhs = isa<CiphertextType>(op->getOperand(0).getType());
    bool rhs = isa<CiphertextType>(op->getOperand(1).getType());
    return lhs && rhs ? both(noise(0), noise(1)) : plain(noise(lhs ? 0 : 1));
  };
  std::optional<Noise> out =
      TypeSwitch<Operation *, std::optional<Noise>>(op)
          .Case([&](EncryptOp) { return model.encrypt(); })
          .Case([&](EncryptSymmetricOp) { return model.encryptSymmetric(); })
          .Case<AddOp, SubOp>([&](auto) {
            return binary(
                [&](const Noise &a, const Noise &b) { return model.add(a, b); },
                [&](const Noise &a) { return model.addPlain(a); });
          })
          .Case([&](MulOp) {
            return binary(
                [&](const Noise &a, const Noise &b) { return model.mul(a, b); },
                [&](const Noise &a) { return model.mulPlain(a); });
          })
          .Case([&](RelinearizeOp) { return model.relinearize(noise(0)); })
          .Case([&](RotateOp rotate) {
            return model.rotate(noise(0),
                                getKeySwitches(rotate, model.getDegree()));
          })
          .Case([&](RotateColumnsOp) { return model.rotate(noise(0), 1); })
          .Case([&](ModSwitchOp modSwitch) {
            return model.modSwitch(noise(0), modSwitch.getDrop());
          })
          .Case([&](SanitizeOp) { return model.sanitize(noise(0)); })
          .Default([](Operation *) { return std::nullopt; });
  // The op computed new polynomials, unless it returned its input.
  auto rotate = dyn_cast<RotateOp>(op);
  bool identity = (isa<RelinearizeOp>(op) && noise(0).size <= 2) ||
                  (rotate && getKeySwitches(rotate, model.getDegree()) == 0);
  if (out && !identity)
    out->carrier = op;
  propagateIfChanged(result, result->join(out ? NoiseState::bounded(*out, op)
                                              : NoiseState::unbounded(op)));
}

void NoiseAnalysis::joinYields(Operation *op, MutableArrayRef<Region> regions,
                               ArrayRef<NoiseLattice *> lattices) {
  for (Region &region : regions) {
    Operation *yield = region.front().getTerminator();
    for (auto [lattice, value] : llvm::zip(lattices, yield->getOperands()))
      propagateIfChanged(
          lattice, lattice->join(getLatticeElementFor(op, value)->getValue()));
  }
}

void NoiseAnalysis::visitOperation(Operation *op,
                                   ArrayRef<const NoiseLattice *> operands,
                                   ArrayRef<NoiseLattice *> results) {
  if (isa<BFVDialect>(op->getDialect())) {
    if (results.size() != 1 || !isCiphertext(op->getResult(0).getType()))
      return;
    // The result waits for every ciphertext operand; an unbounded operand
    // makes it unbounded too, from the same source.
    for (auto [lattice, value] : llvm::zip(operands, op->getOperands())) {
      if (!isCiphertext(value.getType()))
        continue;
      const NoiseState &state = lattice->getValue();
      if (state.isUninitialized())
        return;
      if (state.isUnbounded())
        return propagateIfChanged(results[0], results[0]->join(state));
    }
    const NoiseModel *model =
        models.lookup(getParams(op->getResult(0).getType()));
    if (!model)
      return setAllToEntryStates(results);
    return visitBFVOp(op, *model, operands, results[0]);
  }
  auto joinOperands = [&] {
    for (const NoiseLattice *operand : operands)
      propagateIfChanged(results[0], results[0]->join(operand->getValue()));
  };
  TypeSwitch<Operation *>(op)
      // Moving a ciphertext between parties keeps its noise.
      .Case<simp::ShuffleOp, simp::ShuffleDynamicOp>([&](Operation *) {
        propagateIfChanged(results[0],
                           results[0]->join(operands[0]->getValue()));
      })
      .Case<simp::ConvergeOp, simp::FirstPresentOp>(
          [&](Operation *) { joinOperands(); })
      .Case<simp::PCallOp, simp::PCallDynamicOp, simp::IfPresentOp,
            simp::UniformCondOp>(
          [&](Operation *op) { joinYields(op, op->getRegions(), results); })
      // The final state of a loop: the initial one joined with every
      // iteration's.
      .Case([&](simp::WhileLoopOp loop) {
        for (auto [lattice, init] : llvm::zip(results, loop.getInit()))
          propagateIfChanged(
              lattice,
              lattice->join(getLatticeElementFor(op, init)->getValue()));
        joinYields(op, loop.getBody(), results);
      })
      .Default([&](Operation *op) {
        for (auto [lattice, value] : llvm::zip(results, op->getResults()))
          if (isCiphertext(value.getType()))
            setToEntryState(lattice);
      });
}

void NoiseAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<NoiseLattice *> argLattices, unsigned firstIndex) {
  Block *block = &successor.getSuccessor()->front();
  auto joinFrom = [&](ValueRange values) {
    for (auto [lattice, value] : llvm::zip(argLattices, values))
      propagateIfChanged(
          lattice,
          lattice->join(getLatticeElementFor(block, value)->getValue()));
  };
  TypeSwitch<Operation *>(op)
      // Block arguments are the operands, unwrapped.
      .Case<simp::PCallOp, simp::PCallDynamicOp, simp::IfPresentOp>(
          [&](Operation *op) { joinFrom(op->getOperands()); })
      .Case([&](simp::UniformCondOp cond) { joinFrom(cond.getArgs()); })
      // Both regions of a loop see its state: the initial one and what each
      // iteration yields.
      .Case([&](simp::WhileLoopOp loop) {
        joinFrom(loop.getInit());
        joinFrom(loop.getBody().front().getTerminator()->getOperands());
      })
      .Default([&](Operation *op) {
        SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
            op, successor, argLattices, firstIndex);
      });
}

//===----------------------------------------------------------------------===//
// ProgramNoise
//===----------------------------------------------------------------------===//

ProgramNoise::ProgramNoise(Operation *top, Substitution substitution)
    : models(substitution) {
  // Dead-code analysis marks what runs; constant propagation lets it
  // decide branches.
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<NoiseAnalysis>(models);
  status = solver.initializeAndRun(top);
}

NoiseState ProgramNoise::lookup(Value value) const {
  if (const NoiseLattice *lattice = solver.lookupState<NoiseLattice>(value))
    return lattice->getValue();
  return {};
}
