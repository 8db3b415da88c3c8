//===- NoiseAnalysis.h - BFV noise bounds of a whole program ----*- C++ -*-===//
//
// A sparse forward data-flow analysis that bounds the noise of every
// ciphertext value of a program, with the NoiseModel of the parameters its
// type names. Values flow through the simp ops (party calls, shuffles,
// converges, uniform branches, loops) and function calls as the program
// moves them between parties. A value whose noise cannot be bounded (an
// argument of a public function, a value loaded from a store or received,
// noise that grows with the iterations of a loop) is "unbounded": the
// run-time check of bfv.decrypt is then the only one.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_BFV_ANALYSIS_NOISEANALYSIS_H
#define MPLANG_DIALECT_BFV_ANALYSIS_NOISEANALYSIS_H

#include "mplang/Dialect/BFV/Analysis/NoiseModel.h"
#include "mplang/Dialect/BFV/IR/BFVTypes.h"

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"

namespace mlir::bfv {

/// What the analysis knows of one value: nothing yet, a bound, or that its
/// noise cannot be bounded. Both keep the op the value's noise comes from.
class NoiseState {
public:
  NoiseState() = default;
  static NoiseState bounded(const Noise &noise, Operation *origin) {
    return NoiseState(Kind::Bounded, noise, origin);
  }
  static NoiseState unbounded(Operation *origin) {
    return NoiseState(Kind::Unbounded, Noise(), origin);
  }

  bool isUninitialized() const { return kind == Kind::Uninitialized; }
  bool isUnbounded() const { return kind == Kind::Unbounded; }
  const Noise &getNoise() const { return noise; }
  /// The last op that added noise, or where an unbounded value comes from
  /// (a function, a loop, the op that produced it).
  Operation *getOrigin() const { return origin; }

  /// The larger noise of the two (with its origin).
  static NoiseState join(const NoiseState &lhs, const NoiseState &rhs);
  bool operator==(const NoiseState &rhs) const;
  void print(raw_ostream &os) const;

private:
  enum class Kind { Uninitialized, Bounded, Unbounded };
  NoiseState(Kind kind, const Noise &noise, Operation *origin)
      : kind(kind), noise(noise), origin(origin) {}

  Kind kind = Kind::Uninitialized;
  Noise noise;
  Operation *origin = nullptr;
};

/// The lattice of one value. It widens to unbounded after a fixed number of
/// changes, so that noise growing around a loop cannot keep the solver
/// iterating.
class NoiseLattice : public dataflow::AbstractSparseLattice {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(NoiseLattice)
  using AbstractSparseLattice::AbstractSparseLattice;

  const NoiseState &getValue() const { return value; }
  ChangeResult join(const AbstractSparseLattice &rhs) override {
    return join(static_cast<const NoiseLattice &>(rhs).value);
  }
  ChangeResult join(const NoiseState &rhs);
  void print(raw_ostream &os) const override { value.print(os); }

private:
  NoiseState value;
  unsigned changes = 0;
};

/// Evaluating a program as if its types named `to` wherever they name
/// `from` (to find a parameter set that fits).
struct Substitution {
  ParamsAttr from, to;
};

/// The models of the parameter sets a program names, built once each.
class NoiseModels {
public:
  explicit NoiseModels(Substitution substitution = {})
      : substitution(substitution) {}

  /// The model for the parameters, or null when none can be built.
  const NoiseModel *lookup(ParamsAttr params);

private:
  Substitution substitution;
  DenseMap<ParamsAttr, std::optional<NoiseModel>> models;
};

class NoiseAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<NoiseLattice> {
public:
  NoiseAnalysis(DataFlowSolver &solver, NoiseModels &models)
      : SparseForwardDataFlowAnalysis(solver), models(models) {}

  void visitOperation(Operation *op, ArrayRef<const NoiseLattice *> operands,
                      ArrayRef<NoiseLattice *> results) override;
  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<NoiseLattice *> argLattices,
                                    unsigned firstIndex) override;
  void setToEntryState(NoiseLattice *lattice) override;

private:
  /// The transfer function of a bfv op whose ciphertext operands are known.
  void visitBFVOp(Operation *op, const NoiseModel &model,
                  ArrayRef<const NoiseLattice *> operands,
                  NoiseLattice *result);
  /// Sets `lattices` to the values yielded by the terminators of `regions`
  /// (joined), from the operand at `offset` of each terminator on.
  void joinYields(Operation *op, MutableArrayRef<Region> regions,
                  ArrayRef<NoiseLattice *> lattices);

  NoiseModels &models;
};

/// The analysis run on a whole program.
class ProgramNoise {
public:
  explicit ProgramNoise(Operation *top, Substitution substitution = {});

  /// The state of a value; uninitialized when no code reaches it.
  NoiseState lookup(Value value) const;
  /// The model of the parameters of a bfv type (after substitution).
  const NoiseModel *getModel(Type type) {
    return models.lookup(getParams(type));
  }
  LogicalResult getStatus() const { return status; }

private:
  NoiseModels models;
  DataFlowSolver solver;
  LogicalResult status = failure();
};

} // namespace mlir::bfv

#endif // MPLANG_DIALECT_BFV_ANALYSIS_NOISEANALYSIS_H
