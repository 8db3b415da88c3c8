//===- SimulatorTest.cpp - runs, their statuses and root causes -----------===//

#include "mplang/Runtime/Backends/Simulator.h"
#include "mplang/InitAllDialects.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Driver/Driver.h"

#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"
#include <chrono>
#include <thread>

using namespace mplang::rt;

namespace {

TEST(RootCauseTest, LowestRankThatFailedOnItsOwn) {
  std::vector<RankOutcome> ranks(4);
  EXPECT_EQ(getRootCause(ranks), std::nullopt);
  ranks[0].status = Status::aborted("rank 2 failed");
  EXPECT_EQ(getRootCause(ranks), 0u);
  ranks[3].status = Status::error("division by zero");
  ranks[2].status = Status::deadlineExceeded("timed out after 1 s");
  EXPECT_EQ(getRootCause(ranks), 2u);
}

/// One rank adding its argument to itself.
constexpr const char *kAddTwice = R"(
  module attributes {simp.world_size = 1 : i64} {
    module @rank0 attributes {simp.rank = 0 : i64} {
      func.func @main(%x: i64) -> i64 {
        %y = arith.addi %x, %x : i64
        return %y : i64
      }
    }
  })";

// A rank whose kernel never returns cannot stop; the time-out still ends the
// run, which says the rank was abandoned.
TEST(SimulatorTest, TimeOutAbandonsARankThatCannotStop) {
  // The program outlives the test (static: no leak to report): the
  // abandoned rank still refers to it.
  mlir::DialectRegistry dialects;
  mplang::registerAllDialects(dialects);
  static auto *ctx = new mlir::MLIRContext(dialects);
  static mlir::ModuleOp projected =
      mlir::parseSourceString<mlir::ModuleOp>(kAddTwice, ctx).release();
  ASSERT_TRUE(projected);
  static KernelRegistry stuck = mplang::getAllKernels();
  stuck.add("arith.addi",
            [](mlir::Operation *,
               PlanBuilder &) -> mlir::FailureOr<std::unique_ptr<Kernel>> {
              return std::unique_ptr<Kernel>(new FnKernel(
                  [](llvm::ArrayRef<Value>, llvm::MutableArrayRef<Value>) {
                    while (true)
                      std::this_thread::sleep_for(std::chrono::hours(1));
                    return Status::ok();
                  },
                  /*heavy=*/true));
            });
  RunOptions options;
  options.kernels = &stuck;
  options.timeoutSeconds = 1;
  Tensor x(DType::I64, {});
  auto start = std::chrono::steady_clock::now();
  StatusOr<RunResult> result =
      simulate(projected, options, {{Value::tensor(std::move(x))}});
  ASSERT_TRUE(result.isOk());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  EXPECT_TRUE(result->abandoned);
  ASSERT_EQ(result->ranks.size(), 1u);
  EXPECT_EQ(result->ranks[0].status.code(), StatusCode::DeadlineExceeded);
}

TEST(SimulatorTest, RefusesAPoolWithoutThreads) {
  RunOptions options;
  options.party.poolThreads = 0;
  EXPECT_EQ(simulate({}, options, {}).status().code(),
            StatusCode::InvalidArgument);
}

} // namespace
