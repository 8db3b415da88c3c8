//===- MonitorTest.cpp - how inline ops are timed -------------------------===//

#include "mplang/Runtime/Monitor.h"
#include "TraceTestUtils.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Runtime/Clock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mplang::rt;
using mplang::rt::testing::written;

namespace {

/// Two ops to time: an addition and a multiplication.
class MonitorTest : public ::testing::Test {
protected:
  void SetUp() override {
    ctx.loadDialect<mlir::arith::ArithDialect, mlir::func::FuncDialect>();
    module = mlir::parseSourceString<mlir::ModuleOp>(R"(
      func.func @f(%a: i64) -> i64 {
        %0 = arith.addi %a, %a : i64
        %1 = arith.muli %0, %0 : i64
        return %1 : i64
      })",
                                                     &ctx);
    ASSERT_TRUE(module);
    module->walk([&](mlir::arith::AddIOp op) { add = op; });
    module->walk([&](mlir::arith::MulIOp op) { mul = op; });
  }

  /// Runs `op` inline under `monitor`, spinning for `us` microseconds, for
  /// a per-element region whose body time is `into` if given.
  static void runInline(Monitor &monitor, mlir::Operation *op, double us,
                        uint64_t *into = nullptr) {
    monitor.inlineStarting(op, 0, into);
    for (uint64_t end = clock::ticks() + uint64_t(us * clock::ticksPerUs());
         clock::ticks() < end;)
      ;
    if (monitor.timingAlone())
      monitor.inlineFinishedAlone(0, 8);
    else
      monitor.inlineFinishedGrouped();
  }

  /// The slices of category `cat`, by name, checked to be in order and
  /// not to overlap (all are on the scheduler's lane).
  static std::map<std::string, std::vector<const llvm::json::Object *>>
  slices(const llvm::json::Array &events) {
    std::map<std::string, std::vector<const llvm::json::Object *>> byCat;
    double lastEnd = 0;
    for (const llvm::json::Value &v : events) {
      const llvm::json::Object &e = *v.getAsObject();
      if (e.getString("ph") != "X" || e.getString("cat") == "queue")
        continue;
      double ts = *e.getNumber("ts"), dur = *e.getNumber("dur");
      EXPECT_GE(ts, lastEnd - 1e-3) << "slices overlap";
      lastEnd = ts + dur;
      byCat[e.getString("cat")->str()].push_back(&e);
    }
    return byCat;
  }

  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::Operation *add = nullptr, *mul = nullptr;
};

TEST_F(MonitorTest, TimesFastInlineOpsInGroups) {
  Tracer tracer(0);
  Monitor monitor(0, &tracer);
  monitor.runStarted(clock::ticks(), Tracer::currentLane());
  for (int i = 0; i < 2000; ++i) {
    runInline(monitor, add, 0);
    runInline(monitor, mul, 0);
  }
  monitor.runFinished(clock::ticks(), 0);

  const RunStatistics &stats = monitor.statistics();
  EXPECT_EQ(stats.opsExecuted, 4000u);
  EXPECT_EQ(stats.peakActiveTasks, 1u);
  ASSERT_EQ(stats.topOps.size(), 2u);
  for (const auto &kind : stats.topOps)
    EXPECT_EQ(kind.count, 2000u) << kind.name;

  // Every run is in exactly one slice: its own or its group's.
  llvm::json::Array events = written(tracer);
  auto byCat = slices(events);
  std::map<std::string, int64_t> runs;
  for (const llvm::json::Object *e : byCat["op"])
    ++runs[e->getString("name")->str()];
  ASSERT_FALSE(byCat["op group"].empty()) << "no op was timed in a group";
  for (const llvm::json::Object *e : byCat["op group"]) {
    int64_t inGroup = 0;
    for (const auto &[name, n] : *e->getObject("args")->getObject("ops")) {
      runs[name.str()] += *n.getAsInteger();
      inGroup += *n.getAsInteger();
    }
    EXPECT_GE(inGroup, 1);
    EXPECT_LE(inGroup, int64_t(Monitor::kMaxGroup));
  }
  EXPECT_EQ(runs, (std::map<std::string, int64_t>{{"arith.addi", 2000},
                                                  {"arith.muli", 2000}}));
}

TEST_F(MonitorTest, TimesSlowOpsAlone) {
  Tracer tracer(0);
  Monitor monitor(0, &tracer);
  monitor.runStarted(clock::ticks(), Tracer::currentLane());
  // Three fast additions, then a multiplication of 20 us.
  for (int i = 0; i < 200; ++i) {
    for (int j = 0; j < 3; ++j)
      runInline(monitor, add, 0);
    runInline(monitor, mul, 20);
  }
  monitor.runFinished(clock::ticks(), 0);

  // Each multiplication has a slice of its own, at least 20 us long.
  llvm::json::Array events = written(tracer);
  auto byCat = slices(events);
  int64_t muls = 0, adds = 0;
  for (const llvm::json::Object *e : byCat["op"]) {
    if (e->getString("name") == "arith.muli") {
      ++muls;
      EXPECT_GE(*e->getNumber("dur"), 20 - 1e-3);
    } else {
      ++adds;
    }
  }
  for (const llvm::json::Object *e : byCat["op group"]) {
    const llvm::json::Object &ops = *e->getObject("args")->getObject("ops");
    EXPECT_FALSE(ops.get("arith.muli")) << "a slow op was timed in a group";
    adds += *ops.getInteger("arith.addi");
  }
  EXPECT_EQ(muls, 200);
  EXPECT_EQ(adds, 600);
  const RunStatistics &stats = monitor.statistics();
  EXPECT_EQ(stats.opsExecuted, 800u);
  ASSERT_FALSE(stats.topOps.empty());
  EXPECT_EQ(stats.topOps[0].name, "arith.muli");
  EXPECT_GE(stats.topOps[0].totalUs, 200 * 20 * 0.99);
}

TEST_F(MonitorTest, SummarizedOpsAddTheirTimeToTheirRegionOp) {
  Tracer tracer(0);
  Monitor monitor(0, &tracer);
  monitor.runStarted(clock::ticks(), Tracer::currentLane());
  // Additions for region op A, multiplications for region op B, in turn,
  // then free-standing multiplications.
  uint64_t bodyA = 0, bodyB = 0;
  for (int i = 0; i < 1000; ++i) {
    runInline(monitor, add, i % 100 == 0 ? 5 : 0, &bodyA);
    runInline(monitor, mul, 0, &bodyB);
  }
  for (int i = 0; i < 500; ++i)
    runInline(monitor, mul, 0);
  uint64_t end = clock::ticks();
  monitor.runFinished(end, 0);

  // Each body got the time of its ten 5 us additions at least.
  EXPECT_GE(bodyA, uint64_t(10 * 5 * clock::ticksPerUs()));
  EXPECT_GT(bodyB, 0u);
  EXPECT_LT(bodyA + bodyB, end);
  // Only the free-standing ops have slices, yet the statistics count all.
  llvm::json::Array events = written(tracer);
  auto byCat = slices(events);
  int64_t traced = byCat["op"].size();
  for (const llvm::json::Object *e : byCat["op group"]) {
    const llvm::json::Object &ops = *e->getObject("args")->getObject("ops");
    EXPECT_FALSE(ops.get("arith.addi")) << "a summarized op has a slice";
    traced += *ops.getInteger("arith.muli");
  }
  EXPECT_EQ(traced, 500);
  const RunStatistics &stats = monitor.statistics();
  EXPECT_EQ(stats.opsExecuted, 2500u);
  ASSERT_EQ(stats.topOps.size(), 2u);
  for (const auto &kind : stats.topOps)
    EXPECT_EQ(kind.count, kind.name == "arith.addi" ? 1000u : 1500u);
}

TEST(MonitorMeasureTest, TotalsMeasuredCallsByOp) {
  mlir::MLIRContext ctx;
  ctx.loadDialect<mlir::func::FuncDialect, mlir::simp::SimpDialect>();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(R"(
    func.func private @p(i64) -> i64
    func.func @f(%a: i64) -> i64 {
      %0 = func.call @p(%a) {simp.site = 7 : i64, simp.measure = {
          op = "ss.mul", elements = 8 : i64, rounds = 5 : i64}} : (i64) -> i64
      return %0 : i64
    })",
                                                        &ctx);
  ASSERT_TRUE(module);
  mlir::Operation *call = nullptr;
  module->walk([&](mlir::func::CallOp op) { call = op; });
  Monitor monitor(1);
  monitor.runStarted(clock::ticks(), Tracer::currentLane());
  // Two runs of the call (a loop's iterations inside call site 3), and a
  // message of another site.
  monitor.messageSent(0, {5, "s3/i0/s7/i1/"}, 100, 0, 0, 0);
  monitor.messageSent(0, {5, "s3/i1/s7/i1/"}, 50, 0, 0, 0);
  monitor.messageSent(0, {6, "s9/"}, 1000, 0, 0, 0);
  for (int i = 0; i < 2; ++i) {
    monitor.opStarted(0);
    uint64_t t = clock::ticks();
    monitor.opFinished({call, 0, t, t, t, 0, true, 0, 0}, nullptr);
  }
  monitor.runFinished(clock::ticks(), 0);
  const RunStatistics &stats = monitor.statistics();
  ASSERT_EQ(stats.measured.size(), 1u);
  const MeasuredOp &m = stats.measured[0];
  EXPECT_EQ(m.op, "ss.mul");
  EXPECT_EQ(m.calls, 2u);
  EXPECT_EQ(m.elements, 16u);
  EXPECT_EQ(m.messagesSent, 2u);
  EXPECT_EQ(m.bytesSent, 150u);
  EXPECT_EQ(m.rounds, 10);
}

} // namespace
