//===- ProjectPropertyTest.cpp - projection of random programs --*- C++ -*-===//
//
// Every generated global program must verify, project, pass the
// communication check, print and re-parse to the same text, and send as many
// messages from one rank to another as the other receives.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Dialect/Simp/Testing/ProgramGenerator.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"
#include "gtest/gtest.h"

#include <map>

using namespace mlir;
using namespace mlir::simp;

namespace {

constexpr uint64_t kProgramsPerWorldSize = 100;

std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

bool holdsGlobalValue(Operation *op) {
  auto isGlobal = [](Type type) { return isa<MPType>(type); };
  if (llvm::any_of(op->getResultTypes(), isGlobal))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (llvm::any_of(block.getArgumentTypes(), isGlobal))
        return true;
  return false;
}

class ProjectProperty : public ::testing::TestWithParam<int64_t> {
protected:
  ProjectProperty() {
    ctx.loadDialect<SimpDialect, func::FuncDialect, arith::ArithDialect>();
  }

  /// Parses `text`, returning null (and the diagnostics in `errors`) when it
  /// is not a valid module.
  OwningOpRef<ModuleOp> parse(llvm::StringRef text) {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      errors += diag.str() + "\n";
      return success();
    });
    return parseSourceString<ModuleOp>(text, &ctx);
  }

  /// Projects `module` and checks the properties of the result.
  void checkProjection(ModuleOp module, int64_t worldSize) {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      errors += diag.str() + "\n";
      return success();
    });
    PassManager pm(&ctx);
    pm.addPass(createSimpProject());
    ASSERT_TRUE(succeeded(pm.run(module))) << errors;
    ASSERT_TRUE(succeeded(verifyCommunication(module))) << errors;

    // (from, to) -> number of messages, as counted on each side.
    std::map<std::pair<int64_t, int64_t>, int64_t> sent, received;
    int64_t numPrograms = 0;
    for (auto program : module.getOps<ModuleOp>()) {
      int64_t rank =
          program->getAttrOfType<IntegerAttr>(SimpDialect::getRankAttrName())
              .getInt();
      EXPECT_EQ(rank, numPrograms++);
      program.walk([&](Operation *op) {
        EXPECT_FALSE(holdsGlobalValue(op)) << print(op);
        seen.insert(op->getName().getStringRef());
        if (auto send = dyn_cast<SendOp>(op))
          ++sent[{rank, send.getPeer()}];
        if (auto recv = dyn_cast<RecvOp>(op))
          ++received[{recv.getPeer(), rank}];
      });
    }
    EXPECT_EQ(numPrograms, worldSize);
    EXPECT_EQ(sent, received);
  }

  MLIRContext ctx;
  std::string errors;
  /// The names of the ops in every projected program so far.
  llvm::StringSet<> seen;
};

TEST_P(ProjectProperty, RandomProgramsProjectAndRoundTrip) {
  RandomProgramOptions options;
  options.worldSize = GetParam();
  for (uint64_t seed = 0; seed < kProgramsPerWorldSize; ++seed) {
    options.numOps = 20 + seed % 60;
    std::string text =
        generateRandomProgram(seed * 8 + options.worldSize, options);
    SCOPED_TRACE("program:\n" + text);
    errors.clear();

    OwningOpRef<ModuleOp> module = parse(text);
    ASSERT_TRUE(module) << errors;
    ASSERT_TRUE(succeeded(verify(*module))) << errors;
    checkProjection(*module, options.worldSize);
    if (HasFatalFailure())
      return;

    std::string projected = print(*module);
    OwningOpRef<ModuleOp> reparsed = parse(projected);
    ASSERT_TRUE(reparsed) << errors;
    EXPECT_EQ(print(*reparsed), projected);
  }
  // The generator reaches every construct the projection handles.
  for (llvm::StringRef name :
       {"simp.send", "simp.recv", "simp.agree", "simp.uniform_cond",
        "simp.while_loop", "func.call"})
    EXPECT_TRUE(seen.contains(name)) << name.str();
}

INSTANTIATE_TEST_SUITE_P(WorldSizes, ProjectProperty,
                         ::testing::Range<int64_t>(2, 6));

} // namespace
