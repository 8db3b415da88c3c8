//===- NoiseAnalysisTest.cpp - predicted against measured noise budgets ---===//
//
// Random programs of bfv ops run twice: through the BFV library, measuring
// the invariant noise budget of every ciphertext they compute, and as IR
// through the noise analysis. The predicted budget must never exceed the
// measured one. The suite prints the distribution of the gap (measured
// minus predicted), which docs/bfv.md reports.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/BFV/Analysis/NoiseAnalysis.h"
#include "../../Crypto/BFVTestUtil.h"
#include "mplang/Dialect/BFV/IR/BFVDialect.h"
#include "mplang/Dialect/BFV/IR/BFVOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <random>

using namespace mlir;
using namespace mlir::bfv;
using llvm::cantFail;

namespace {

/// One parameter set and how many programs run with it.
struct Degree {
  size_t n;
  uint64_t t;
  int programs;
  /// Rotation keys: the default powers of two (composed rotations), or
  /// these few steps (key generation at n = 16384 is slow).
  std::vector<int64_t> steps;
};

/// What the suite records of one ciphertext.
struct Sample {
  std::string op;
  int measured, predicted;
};

/// Builds one random program in both forms. Every ciphertext it computes
/// is measured as it is computed and predicted once the IR is complete.
class Program {
public:
  Program(MLIRContext &ctx, mplang::crypto::bfv::test::Session &s,
          const Degree &degree, std::mt19937_64 &rng)
      : s(s), degree(degree), rng(rng), builder(&ctx),
        symmetric(s.ctx, s.keygen.secretKey()) {
    auto params =
        ParamsAttr::get(&ctx, degree.n, degree.t,
                        ParamsAttr::getStandardCoeffModulusBits(degree.n));
    ctType = CiphertextType::get(&ctx, builder.getI64Type(), params);
    Location loc = builder.getUnknownLoc();
    module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
    SmallVector<Type> args = {
        ctType.getPlaintextType(), PublicKeyType::get(&ctx, params),
        SecretKeyType::get(&ctx, params), RelinKeyType::get(&ctx, params),
        GaloisKeyType::get(&ctx, params, degree.steps)};
    auto func = builder.create<func::FuncOp>(loc, "program",
                                             builder.getFunctionType(args, {}));
    Block *body = func.addEntryBlock();
    pt = body->getArgument(0);
    pk = body->getArgument(1);
    sk = body->getArgument(2);
    rk = body->getArgument(3);
    gk = body->getArgument(4);
    builder.setInsertionPointToStart(body);
    builder.create<func::ReturnOp>(loc);
    builder.setInsertionPointToStart(body);
  }

  /// A program with ciphertext products `depth` deep (two fresh inputs,
  /// then random ops).
  void generate(int depth) {
    encrypt();
    encrypt();
    for (int i = 0; i < 6 + 2 * depth; ++i) {
      int deepest = 0;
      for (const Entry &e : live)
        deepest = std::max(deepest, e.depth);
      if (deepest < depth && pick(3) == 0)
        multiply();
      else
        randomOp();
    }
    // A terminal op at times: only decryption accepts its result.
    Entry &a = one();
    Location loc = builder.getUnknownLoc();
    size_t primes = s.ctx->dataBase().size();
    if (pick(3) == 0 && primes > 1) {
      int64_t drop = 1 + pick(primes - 1);
      record("mod_switch", cantFail(s.eval.modSwitch(a.ct, drop)),
             builder.create<ModSwitchOp>(loc, ctType, a.value, drop), a.depth,
             /*terminal=*/true);
    } else if (pick(2) == 0 && a.ct.size() == 2) {
      record("sanitize", cantFail(s.encryptor.sanitize(a.ct)),
             builder.create<SanitizeOp>(loc, ctType, a.value, pk, 40), a.depth,
             /*terminal=*/true);
    }
  }

  /// Runs the analysis and pairs its predictions with the measurements.
  std::vector<Sample> evaluate() {
    ProgramNoise noise(*module);
    EXPECT_TRUE(succeeded(noise.getStatus()));
    const NoiseModel *model = noise.getModel(ctType);
    std::vector<Sample> samples;
    for (const Measured &m : measured) {
      NoiseState state = noise.lookup(m.value);
      EXPECT_FALSE(state.isUninitialized() || state.isUnbounded()) << m.op;
      samples.push_back({m.op, m.budget, model->getBudget(state.getNoise())});
    }
    return samples;
  }

private:
  struct Entry {
    mplang::crypto::bfv::Ciphertext ct;
    Value value;
    int depth;
  };
  struct Measured {
    std::string op;
    Value value;
    int budget;
  };

  size_t pick(size_t n) { return rng() % n; }
  Entry &one() { return live[pick(live.size())]; }
  mplang::crypto::bfv::Plaintext randomPlain() {
    std::vector<int64_t> v(degree.n);
    for (int64_t &x : v)
      x = static_cast<int64_t>(rng() % degree.t);
    return s.encode(v);
  }

  void record(const std::string &op, mplang::crypto::bfv::Ciphertext ct,
              Value value, int depth, bool terminal = false) {
    int budget = s.budget(ct);
    measured.push_back({op, value, budget});
    // Exhausted ciphertexts are garbage: nothing computes on them.
    if (!terminal && budget > 0)
      live.push_back({std::move(ct), value, depth});
  }

  void encrypt() {
    Location loc = builder.getUnknownLoc();
    mplang::crypto::bfv::Plaintext p = randomPlain();
    if (pick(2))
      record("encrypt", cantFail(s.encryptor.encrypt(p)),
             builder.create<EncryptOp>(loc, ctType, pt, pk), 0);
    else
      record("encrypt_symmetric", cantFail(symmetric.encrypt(p)),
             builder.create<EncryptSymmetricOp>(loc, ctType, pt, sk), 0);
  }

  /// A product of two live ciphertexts (maybe one twice), usually
  /// relinearized; or the relinearization of an operand.
  void multiply() {
    Location loc = builder.getUnknownLoc();
    size_t i = pick(live.size()), j = pick(3) ? pick(live.size()) : i;
    // The library multiplies products of three polynomials, but cannot
    // relinearize what that makes.
    for (size_t k : {i, j})
      if (live[k].ct.size() > 2)
        return record(
            "relinearize", cantFail(s.eval.relinearize(live[k].ct, s.rk)),
            builder.create<RelinearizeOp>(loc, ctType, live[k].value, rk),
            live[k].depth);
    int depth = std::max(live[i].depth, live[j].depth) + 1;
    mplang::crypto::bfv::Ciphertext ct =
        cantFail(s.eval.mul(live[i].ct, live[j].ct));
    Value value =
        builder.create<MulOp>(loc, ctType, live[i].value, live[j].value);
    if (ct.size() > 2 && pick(5)) {
      record("mul", ct, value, depth, /*terminal=*/true);
      ct = cantFail(s.eval.relinearize(ct, s.rk));
      value = builder.create<RelinearizeOp>(loc, ctType, value, rk);
      record("relinearize", std::move(ct), value, depth);
      return;
    }
    record("mul", std::move(ct), value, depth);
  }

  void randomOp() {
    Location loc = builder.getUnknownLoc();
    Entry &a = one();
    switch (pick(8)) {
    case 0:
      return encrypt();
    case 1:
    case 2: {
      // Two live ciphertexts, or one added to itself (minus itself would
      // be an encryption of zero without noise).
      bool subtract = pick(2);
      Entry &b = pick(4) ? one() : a;
      if (&b == &a)
        subtract = false;
      mplang::crypto::bfv::Ciphertext ct =
          cantFail(subtract ? s.eval.sub(a.ct, b.ct) : s.eval.add(a.ct, b.ct));
      Value value =
          subtract
              ? builder.create<SubOp>(loc, ctType, a.value, b.value).getResult()
              : builder.create<AddOp>(loc, ctType, a.value, b.value)
                    .getResult();
      return record(subtract ? "sub" : "add", std::move(ct), value,
                    std::max(a.depth, b.depth));
    }
    case 3: {
      mplang::crypto::bfv::Plaintext p = randomPlain();
      if (pick(2))
        return record("add_plain", cantFail(s.eval.addPlain(a.ct, p)),
                      builder.create<AddOp>(loc, ctType, a.value, pt), a.depth);
      return record("sub_from_plain", cantFail(s.eval.subFromPlain(p, a.ct)),
                    builder.create<SubOp>(loc, ctType, pt, a.value), a.depth);
    }
    case 4:
      return record("mul_plain", cantFail(s.eval.mulPlain(a.ct, randomPlain())),
                    builder.create<MulOp>(loc, ctType, a.value, pt), a.depth);
    case 5:
    case 6: {
      if (a.ct.size() > 2)
        return record("relinearize", cantFail(s.eval.relinearize(a.ct, s.rk)),
                      builder.create<RelinearizeOp>(loc, ctType, a.value, rk),
                      a.depth);
      int64_t step;
      if (degree.steps.empty())
        step = static_cast<int64_t>(pick(degree.n / 2 - 1)) + 1 -
               (pick(2) ? static_cast<int64_t>(degree.n / 2) : 0);
      else
        step = degree.steps[pick(degree.steps.size())];
      if (step == -static_cast<int64_t>(degree.n / 2))
        step = 1;
      return record("rotate", cantFail(s.eval.rotateRows(a.ct, step, s.gk)),
                    builder.create<RotateOp>(loc, ctType, a.value, gk, step),
                    a.depth);
    }
    default:
      if (a.ct.size() > 2)
        return multiply();
      return record(
          "rotate_columns", cantFail(s.eval.rotateColumns(a.ct, s.gk)),
          builder.create<RotateColumnsOp>(loc, ctType, a.value, gk), a.depth);
    }
  }

  mplang::crypto::bfv::test::Session &s;
  const Degree &degree;
  std::mt19937_64 &rng;
  OpBuilder builder;
  mplang::crypto::bfv::SymmetricEncryptor symmetric;
  OwningOpRef<ModuleOp> module;
  CiphertextType ctType;
  Value pt, pk, sk, rk, gk;
  std::vector<Entry> live;
  std::vector<Measured> measured;
};

std::vector<int64_t> powersOfTwo(size_t n) {
  std::vector<int64_t> steps;
  for (int64_t s = 1; s < static_cast<int64_t>(n / 2); s *= 2) {
    steps.push_back(-s);
    steps.push_back(s);
  }
  std::sort(steps.begin(), steps.end());
  return steps;
}

TEST(NoiseAnalysisTest, NeverPredictsMoreBudgetThanMeasured) {
  MLIRContext ctx;
  ctx.loadDialect<BFVDialect, func::FuncDialect>();
  // The default power-of-two keys where they are quick to generate.
  const Degree degrees[] = {{4096, 1032193, 15, {}},
                            {8192, 1032193, 15, {}},
                            {16384, 786433, 5, {-3, 1, 5}}};
  std::map<int, int> gaps;
  std::map<std::string, std::pair<int, int>> gapRangeByOp;
  int exhausted = 0;
  for (const Degree &degree : degrees) {
    mplang::crypto::bfv::test::Session s(
        degree.n, degree.t,
        degree.steps.empty() ? powersOfTwo(degree.n) : degree.steps);
    std::mt19937_64 rng(degree.n);

    for (int program = 0; program < degree.programs; ++program) {
      Program p(ctx, s, degree, rng);
      p.generate(program % 5);
      for (const Sample &sample : p.evaluate()) {
        EXPECT_LE(sample.predicted, sample.measured)
            << sample.op << " at n = " << degree.n << ", program " << program;
        if (sample.measured == 0) {
          ++exhausted;
          continue;
        }
        int gap = sample.measured - sample.predicted;
        ++gaps[gap];
        auto [it, inserted] =
            gapRangeByOp.try_emplace(sample.op, std::make_pair(gap, gap));
        it->second.first = std::min(it->second.first, gap);
        it->second.second = std::max(it->second.second, gap);
      }
    }
  }
  llvm::outs() << "measured - predicted budget (bits): count\n";
  for (auto [gap, count] : gaps)
    llvm::outs() << "  " << gap << ": " << count << "\n";
  llvm::outs() << "range by op:\n";
  for (const auto &[op, range] : gapRangeByOp)
    llvm::outs() << "  " << op << ": " << range.first << " .. " << range.second
                 << "\n";
  llvm::outs() << "exhausted (measured 0): " << exhausted << "\n";
}

} // namespace
