//===- DifferentialTest.cpp - the JIT computes what the interpreter does --===//
//
// Random local programs run twice, interpreted and compiled (--jit=on),
// with the same random inputs: results must be bit-identical, and a failed
// run must fail too, with the message and op location the interpreter
// reports for the outlined program. The seed and the
// number of programs come from MPLANG_JIT_SEED and MPLANG_JIT_PROGRAMS;
// MPLANG_JIT_DUMP names a directory for the compiled IR (--jit-dump).
//
//===----------------------------------------------------------------------===//

#include "LocalProgramGenerator.h"
#include "mplang/InitAllDialects.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/InMemoryCommunicator.h"
#include "mplang/Runtime/JIT/JIT.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <random>

using namespace mplang::rt;

namespace {

uint64_t envOr(const char *name, uint64_t fallback) {
  const char *text = std::getenv(name);
  return text ? std::strtoull(text, nullptr, 10) : fallback;
}

/// Small integers most of the time (so divisions and shifts are often in
/// range and sometimes zero), extreme ones sometimes.
int64_t randomInt(std::mt19937_64 &rng) {
  switch (rng() % 8) {
  case 0:
    return int64_t(rng());
  case 1:
    return std::numeric_limits<int64_t>::min() + int64_t(rng() % 2);
  case 2:
    return int64_t(rng() % 4) - 1;
  default:
    return int64_t(rng() % 41) - 20;
  }
}

Value randomValue(mlir::Type type, std::mt19937_64 &rng) {
  TensorLayout layout = *getLayout(type);
  Tensor t(layout.dtype, layout.shape);
  for (int64_t i = 0; i < t.numElements(); ++i)
    switch (layout.dtype) {
    case DType::I32:
      t.data<int32_t>()[i] = int32_t(randomInt(rng));
      break;
    case DType::I64:
      t.data<int64_t>()[i] = randomInt(rng);
      break;
    case DType::F64:
      t.data<double>()[i] = double(randomInt(rng)) / 4;
      break;
    default:
      ADD_FAILURE() << "unexpected argument type";
    }
  return Value::tensor(std::move(t));
}

struct Outcome {
  bool ok = false;
  std::string error;
  std::vector<Value> results;
};

/// Runs @main of `module` with `registry` as rank 0 of a one-party world.
Outcome run(mlir::ModuleOp module, const KernelRegistry &registry,
            llvm::ArrayRef<Value> args) {
  PlanBuilder plans(registry);
  const BlockPlan *plan =
      plans.compileFunction(module.lookupSymbol<mlir::func::FuncOp>("main"));
  EXPECT_TRUE(plan);
  Outcome outcome;
  if (!plan)
    return outcome;
  InMemoryHub hub(1);
  InMemoryCommunicator comm(hub, 0);
  ThreadPool pool(1);
  Executor executor(comm, pool);
  outcome.ok = executor.run(*plan, args, outcome.results).isOk();
  if (!outcome.ok) {
    std::string loc;
    llvm::raw_string_ostream os(loc);
    if (executor.error().op)
      executor.error().op->getLoc().print(os);
    outcome.error = loc + ": " + executor.error().status.message();
  }
  return outcome;
}

bool sameBits(const Value &a, const Value &b) {
  const Tensor &x = a.getTensor(), &y = b.getTensor();
  return x.dtype() == y.dtype() && x.shape() == y.shape() &&
         std::memcmp(x.bytes(), y.bytes(), x.numBytes()) == 0;
}

TEST(JitDifferentialTest, RandomLocalPrograms) {
  uint64_t seed = envOr("MPLANG_JIT_SEED", 1);
  uint64_t count = envOr("MPLANG_JIT_PROGRAMS", 300);
  mlir::DialectRegistry dialects;
  mplang::registerAllDialects(dialects);
  mlir::MLIRContext ctx(dialects);
  KernelRegistry jitKernels = jit::makeRegistry(
      mplang::getAllKernels(),
      {jit::Mode::On,
       std::getenv("MPLANG_JIT_DUMP") ? std::getenv("MPLANG_JIT_DUMP") : ""});
  std::string warnings;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    warnings += d.str() + "\n";
    return mlir::success();
  });
  int failures = 0, compiledGroups = 0;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t programSeed = seed * 1000003 + i;
    std::string text =
        mplang::rt::testing::generateLocalProgram(programSeed, 14);
    mlir::OwningOpRef<mlir::ModuleOp> reference =
        mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
    ASSERT_TRUE(reference) << text << warnings;
    mlir::OwningOpRef<mlir::ModuleOp> compiled = reference->clone();
    jit::outlineLocalGroups(*compiled, jit::Mode::On);
    for (auto fn : compiled->getOps<mlir::func::FuncOp>())
      compiledGroups += fn->hasAttr(jit::kJitAttrName);

    std::mt19937_64 rng(programSeed);
    std::vector<Value> args;
    for (mlir::Type type : reference->lookupSymbol<mlir::func::FuncOp>("main")
                               .getFunctionType()
                               .getInputs())
      args.push_back(randomValue(type, rng));
    Outcome expected = run(*reference, mplang::getAllKernels(), args);
    Outcome actual = run(*compiled, jitKernels, args);
    ASSERT_TRUE(warnings.empty()) << warnings << "\nprogram:\n" << text;
    ASSERT_EQ(expected.ok, actual.ok) << "seed " << programSeed << ": "
                                      << expected.error << actual.error << "\n"
                                      << text;
    if (!expected.ok) {
      // Which of several failing ops fails first follows the scheduler's
      // order, which outlining changes: the error must be the one the
      // interpreter reports for the outlined program.
      ++failures;
      Outcome outlined = run(*compiled, mplang::getAllKernels(), args);
      EXPECT_EQ(outlined.error, actual.error) << "seed " << programSeed;
      continue;
    }
    ASSERT_EQ(expected.results.size(), actual.results.size());
    for (size_t r = 0; r < expected.results.size(); ++r)
      ASSERT_TRUE(sameBits(expected.results[r], actual.results[r]))
          << "seed " << programSeed << ", result " << r << "\n"
          << text;
  }
  // The generator must exercise both paths and the compiler.
  EXPECT_GT(failures, 0);
  EXPECT_LT(failures, int(count));
  EXPECT_GE(compiledGroups, int(count));
  // More distinct groups than the compile cache keeps: it dropped the oldest.
  EXPECT_EQ(jit::cachedGroups(),
            std::min<size_t>(compiledGroups, jit::kMaxCachedGroups));
}

} // namespace
