//===- NoiseCheck.cpp - reject and report BFV noise at compile time -------===//

#include "mplang/Crypto/BFV/Modulus.h"
#include "mplang/Dialect/BFV/Analysis/NoiseAnalysis.h"
#include "mplang/Dialect/BFV/IR/BFVOps.h"
#include "mplang/Dialect/BFV/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::bfv {
#define GEN_PASS_DEF_BFVNOISECHECK
#define GEN_PASS_DEF_BFVNOISEREPORT
#include "mplang/Dialect/BFV/Transforms/Passes.h.inc"
} // namespace mlir::bfv

using namespace mlir;
using namespace mlir::bfv;

namespace {

/// The input of a decrypt or sanitize, as the analysis sees it.
struct Input {
  NoiseState state;
  const NoiseModel *model = nullptr;

  Input(ProgramNoise &noise, Operation *op)
      : state(noise.lookup(op->getOperand(0))),
        model(noise.getModel(op->getOperand(0).getType())) {}
  bool isBounded() const {
    return model && !state.isUninitialized() && !state.isUnbounded();
  }
};

/// By how many bits `op` (bfv.decrypt or bfv.sanitize) misses its bound:
/// a decryption needs a budget of at least 1 bit, a sanitize an input noise
/// below what its flood hides. At most 0 when it holds; none when the
/// input's noise is not bounded.
std::optional<double> getShortfall(ProgramNoise &noise, Operation *op) {
  Input in(noise, op);
  if (!in.isBounded())
    return std::nullopt;
  if (auto sanitize = dyn_cast<SanitizeOp>(op))
    return in.model->getLog2Bound(in.state.getNoise()) -
           in.model->getLog2Hidden(sanitize.getSecurity());
  return 1 - in.model->getBudget(in.state.getNoise());
}

/// The ops that spent the budget of `value`, first to last: the op that
/// last added noise, preceded by the chain of its noisiest ciphertext
/// operand.
SmallVector<Operation *> getNoiseChain(ProgramNoise &noise, Value value) {
  SmallVector<Operation *> chain;
  DenseSet<Operation *> seen;
  for (Operation *op = noise.lookup(value).getOrigin();
       op && isa<BFVDialect>(op->getDialect()) && seen.insert(op).second;) {
    chain.push_back(op);
    Value noisiest;
    for (Value operand : op->getOperands()) {
      NoiseState state = noise.lookup(operand);
      if (!isa<CiphertextType>(operand.getType()) || state.isUninitialized() ||
          state.isUnbounded())
        continue;
      if (!noisiest || state.getNoise().variance >
                           noise.lookup(noisiest).getNoise().variance)
        noisiest = operand;
    }
    op = noisiest ? noise.lookup(noisiest).getOrigin() : nullptr;
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

/// Where an unbounded value's noise comes from, for a message.
std::string describeSource(Operation *origin) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto function = dyn_cast_or_null<FunctionOpInterface>(origin))
    os << "it comes from an argument of @" << function.getName();
  else if (origin && origin->getNumRegions())
    os << "it grows around '" << origin->getName() << "'";
  else if (origin)
    os << "it comes from '" << origin->getName() << "'";
  return text;
}

std::string oneDecimal(double x) { return llvm::formatv("{0:F1}", x).str(); }

std::string formatBits(int bits) {
  return std::to_string(bits) + (bits == 1 ? " bit" : " bits");
}

/// The standard parameter sets that could replace `params`, smallest
/// first: every standard degree from `params`' on, with its plain modulus
/// when it batches there, else the largest prime below it that does.
SmallVector<ParamsAttr> getCandidates(ParamsAttr params) {
  SmallVector<ParamsAttr> candidates;
  for (int64_t n : {4096, 8192, 16384}) {
    if (n < params.getPolyModulusDegree())
      continue;
    uint64_t twoN = 2 * n, t = params.getPlainModulus();
    t -= (t - 1) % twoN;
    while (t > twoN && !mplang::crypto::bfv::isPrime(t))
      t -= twoN;
    auto candidate = ParamsAttr::get(
        params.getContext(), n, t, ParamsAttr::getStandardCoeffModulusBits(n));
    if (t > twoN && candidate != params)
      candidates.push_back(candidate);
  }
  return candidates;
}

class NoiseChecker {
public:
  explicit NoiseChecker(ModuleOp module) : module(module), noise(module) {}

  LogicalResult run() {
    if (failed(noise.getStatus()))
      return failure();
    bool ok = true;
    module.walk([&](Operation *op) {
      if (isa<DecryptOp, SanitizeOp>(op))
        ok &= succeeded(check(op));
    });
    return success(ok);
  }

private:
  LogicalResult check(Operation *op) {
    auto sanitize = dyn_cast<SanitizeOp>(op);
    Input in(noise, op);
    if (sanitize && in.model && in.state.isUnbounded())
      return op->emitOpError("cannot bound its input's noise (")
             << describeSource(in.state.getOrigin())
             << "), so flooding cannot be shown to hide it";
    std::optional<double> shortfall = getShortfall(noise, op);
    if (!shortfall || *shortfall <= 0)
      return success();
    SmallVector<Operation *> chain = getNoiseChain(noise, op->getOperand(0));
    InFlightDiagnostic diag = op->emitOpError();
    if (sanitize)
      diag << "cannot hide its input's noise at " << sanitize.getSecurity()
           << " bits of statistical security: the input";
    else
      diag << "can fail: its input";
    int missing = static_cast<int>(std::ceil(*shortfall));
    diag << " needs " << missing << (missing == 1 ? " more bit" : " more bits")
         << " of noise budget, spent by ";
    llvm::interleave(
        chain, diag, [&](Operation *step) { diag << step->getName(); }, " -> ");
    ParamsAttr params = getParams(op->getOperand(0).getType());
    if (ParamsAttr fit = getSmallestFit(params))
      diag << "; the smallest standard parameters that fit are " << fit;
    else
      diag << "; no standard parameter set fits";
    for (Operation *step : chain) {
      const NoiseModel *model = noise.getModel(step->getResult(0).getType());
      diag.attachNote(step->getLoc())
          << "noise budget after this op: "
          << formatBits(
                 model->getBudget(noise.lookup(step->getResult(0)).getNoise()));
    }
    return diag;
  }

  /// The first candidate with which every decrypt and sanitize of
  /// `params` holds, or null.
  ParamsAttr getSmallestFit(ParamsAttr params) {
    auto [it, inserted] = fits.try_emplace(params);
    if (!inserted)
      return it->second;
    for (ParamsAttr candidate : getCandidates(params)) {
      ProgramNoise alternative(module, {params, candidate});
      bool allHold = succeeded(alternative.getStatus());
      module.walk([&](Operation *op) {
        if (isa<DecryptOp, SanitizeOp>(op) &&
            getParams(op->getOperand(0).getType()) == params &&
            getShortfall(noise, op)) {
          std::optional<double> shortfall = getShortfall(alternative, op);
          allHold &= shortfall && *shortfall <= 0;
        }
      });
      if (allHold)
        return fits[params] = candidate;
    }
    return {};
  }

  ModuleOp module;
  ProgramNoise noise;
  DenseMap<ParamsAttr, ParamsAttr> fits;
};

struct BFVNoiseCheckPass
    : public bfv::impl::BFVNoiseCheckBase<BFVNoiseCheckPass> {
  void runOnOperation() override {
    if (failed(NoiseChecker(getOperation()).run()))
      signalPassFailure();
  }
};

struct BFVNoiseReportPass
    : public bfv::impl::BFVNoiseReportBase<BFVNoiseReportPass> {
  void runOnOperation() override {
    ProgramNoise noise(getOperation());
    if (failed(noise.getStatus()))
      return signalPassFailure();
    getOperation().walk([&](Operation *op) {
      if (!isa<DecryptOp, SanitizeOp>(op))
        return;
      Input in(noise, op);
      if (in.state.isUnbounded()) {
        emitRemark(op->getLoc(), "noise not bounded statically: ")
            << describeSource(in.state.getOrigin())
            << "; decryption checks it at run time";
        return;
      }
      if (!in.isBounded())
        return;
      const Noise &n = in.state.getNoise();
      InFlightDiagnostic remark = emitRemark(op->getLoc());
      if (auto sanitize = dyn_cast<SanitizeOp>(op)) {
        remark << "input's invariant noise at most 2^"
               << oneDecimal(in.model->getLog2Bound(n)) << ", "
               << oneDecimal(-*getShortfall(noise, op))
               << " bits below what the flood hides at "
               << sanitize.getSecurity() << " bits of statistical security";
        return;
      }
      remark << "invariant noise at most 2^"
             << oneDecimal(in.model->getLog2Bound(n)) << ": "
             << formatBits(in.model->getBudget(n)) << " of noise budget left";
    });
  }
};

} // namespace
