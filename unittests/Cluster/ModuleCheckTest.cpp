//===- ModuleCheckTest.cpp - parsing untrusted modules in a child ---------===//
//
// In a fork of this (single-threaded) test, as the fuzz targets check; the
// fresh-process path is tested through real workers
// (test/Runtime/cluster_hostile_modules.py) and the tools (parser-crash.mlir).
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Cluster/ModuleCheck.h"

#include "mlir/IR/MLIRContext.h"
#include <gtest/gtest.h>

using namespace mplang::rt;

namespace {

ModuleCheckLimits forked() {
  ModuleCheckLimits limits;
  limits.fork = true;
  return limits;
}

// MLIR 19's custom parser of scf.for segfaults on this.
const char *kCrash = R"(func.func @f() {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %ub step %c0 {
    %ub = arith.constant 4 : index
  }
  return
})";

TEST(ModuleCheck, Accepts) {
  EXPECT_TRUE(checkModuleInChild("module attributes {simp.world_size = 2 : "
                                 "i64} {}",
                                 "m", forked())
                  .isOk());
}

TEST(ModuleCheck, MalformedWithDiagnostics) {
  Status s = checkModuleInChild("module { oops }", "job-7", forked());
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(s.message(),
            "malformed module:\nloc(\"job-7\":1:10): custom op 'oops' is "
            "unknown (tried 'builtin.oops' as well)\n");
}

TEST(ModuleCheck, ParserCrashIsAnError) {
  Status s = checkModuleInChild(kCrash, "m", forked());
  EXPECT_EQ(s.code(), StatusCode::Failed);
  EXPECT_EQ(s.message(),
            "the module crashed the parser (signal 11: Segmentation fault)");
}

TEST(ModuleCheck, StackExhaustionIsAnError) {
  std::string deep = "module attributes {a.b = ";
  for (int i = 0; i < 100000; ++i)
    deep += "tuple<";
  deep += "i8" + std::string(100000, '>') + "} {}";
  EXPECT_EQ(checkModuleInChild(deep, "m", forked()).message(),
            "the module crashed the parser (signal 11: Segmentation fault)");
}

// Each piece on its own: a crash after a piece with errors is found.
TEST(ModuleCheck, SplitPieces) {
  std::string input = std::string("func.func @bad(\n// -----\n") + kCrash;
  ModuleCheckLimits limits = forked();
  EXPECT_EQ(checkModuleInChild(input, "m", limits).code(),
            StatusCode::InvalidArgument);
  limits.splitMarker = "// -----";
  EXPECT_EQ(checkModuleInChild(input, "m", limits).code(), StatusCode::Failed);
}

TEST(ModuleCheck, ParsesInProcessOnlyAfterTheChild) {
  mlir::MLIRContext context;
  Status error = Status::ok();
  EXPECT_FALSE(parseUntrustedModule(kCrash, "m", context, forked(), error));
  EXPECT_EQ(error.code(), StatusCode::Failed);
  auto module =
      parseUntrustedModule("module {}", "m", context, forked(), error);
  EXPECT_TRUE(module && error.isOk());
}

} // namespace
