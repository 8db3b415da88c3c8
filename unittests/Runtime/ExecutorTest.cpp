//===- ExecutorTest.cpp - the dependency-counting scheduler -----*- C++ -*-===//

#include "RuntimeTestUtils.h"
#include "mplang/Runtime/InMemoryCommunicator.h"

#include <thread>

using namespace mplang::rt;
using namespace mplang::rt::testing;

namespace {

/// Runs @main of `program` as rank 0 of a one-party world.
Status runAlone(const Program &program, llvm::ArrayRef<Value> args,
                std::vector<Value> &results, RunStats *stats = nullptr,
                RunError *error = nullptr) {
  InMemoryHub hub(1);
  InMemoryCommunicator comm(hub, 0);
  ThreadPool pool(2);
  Executor executor(comm, pool);
  Status status = executor.run(program.main(), args, results);
  if (stats)
    *stats = executor.stats();
  if (error)
    *error = executor.error();
  return status;
}

TEST(ExecutorTest, Diamond) {
  Program program(R"(
    func.func @main(%a: i64) -> i64 {
      %one = arith.constant 1 : i64
      %b = arith.addi %a, %one : i64
      %c = arith.muli %a, %a : i64
      %d = arith.subi %c, %b : i64
      return %d : i64
    })");
  std::vector<Value> results;
  ASSERT_TRUE(runAlone(program, {scalar(7)}, results).isOk());
  EXPECT_EQ(asInt(results[0]), 49 - 8);
}

/// A layered DAG: `width` independent chains of `depth` adds, then a sum.
std::string wideProgram(int width, int depth) {
  std::string text = "func.func @main(%x: i64) -> i64 {\n";
  for (int w = 0; w < width; ++w) {
    text += "  %v" + std::to_string(w) + "_0 = arith.addi %x, %x : i64\n";
    for (int d = 1; d < depth; ++d)
      text += "  %v" + std::to_string(w) + "_" + std::to_string(d) +
              " = arith.addi %v" + std::to_string(w) + "_" +
              std::to_string(d - 1) + ", %x : i64\n";
  }
  text +=
      "  %s0 = arith.addi %v0_" + std::to_string(depth - 1) + ", %x : i64\n";
  for (int w = 1; w < width; ++w)
    text += "  %s" + std::to_string(w) + " = arith.addi %s" +
            std::to_string(w - 1) + ", %v" + std::to_string(w) + "_" +
            std::to_string(depth - 1) + " : i64\n";
  text += "  return %s" + std::to_string(width - 1) + " : i64\n}\n";
  return text;
}

// An update whose destination is read again later must not change it (the
// in-place path is only for the last reader); a chain of updates of fresh
// tensors runs in place.
TEST(ExecutorTest, UpdatesKeepSharedOperands) {
  Program program(R"(
    func.func @main(%x: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) {
      %c = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi64>
      %d = arith.addi %x, %c : tensor<4xi64>
      %i = arith.constant 0 : index
      %v = arith.constant 7 : i64
      %e = tensor.insert %v into %d[%i] : tensor<4xi64>
      %two = arith.constant dense<[5, 6]> : tensor<2xi64>
      %f = tensor.insert_slice %two into %e[2] [2] [1] : tensor<2xi64> into tensor<4xi64>
      %g = tensor.insert_slice %two into %d[1] [2] [1] : tensor<2xi64> into tensor<4xi64>
      return %d, %f, %g : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>
    })");
  Tensor x(DType::I64, {4});
  for (int i = 0; i < 4; ++i)
    x.data<int64_t>()[i] = i + 1;
  std::vector<Value> results;
  ASSERT_TRUE(runAlone(program, {Value::tensor(std::move(x))}, results).isOk());
  auto values = [](const Value &v) {
    const int64_t *p = v.getTensor().data<int64_t>();
    return std::vector<int64_t>(p, p + 4);
  };
  EXPECT_EQ(values(results[0]), (std::vector<int64_t>{11, 22, 33, 44}));
  EXPECT_EQ(values(results[1]), (std::vector<int64_t>{7, 22, 5, 6}));
  EXPECT_EQ(values(results[2]), (std::vector<int64_t>{11, 5, 6, 44}));
}

TEST(ExecutorTest, WideDag) {
  Program program(wideProgram(64, 8));
  std::vector<Value> results;
  RunStats stats;
  ASSERT_TRUE(runAlone(program, {scalar(1)}, results, &stats).isOk());
  // Each chain ends at 2 + 7 = 9; the sum adds x once more.
  EXPECT_EQ(asInt(results[0]), 64 * 9 + 1);
  EXPECT_EQ(stats.stepsRun, 64u * 8 + 64 + 1);
}

TEST(ExecutorTest, ErrorInTheMiddleStopsTheRun) {
  Program program(R"(
    func.func @main(%a: i64) -> i64 {
      %zero = arith.constant 0 : i64
      %b = arith.addi %a, %a : i64
      %c = arith.divsi %b, %zero : i64
      %d = arith.addi %c, %a : i64
      %e = arith.addi %d, %a : i64
      return %e : i64
    })");
  std::vector<Value> results;
  RunError error;
  RunStats stats;
  Status status = runAlone(program, {scalar(3)}, results, &stats, &error);
  ASSERT_FALSE(status.isOk());
  EXPECT_EQ(status.message(), "division by zero");
  EXPECT_EQ(error.op->getName().getStringRef(), "arith.divsi");
  EXPECT_EQ(error.status.code(), StatusCode::Failed);
  EXPECT_TRUE(results.empty());
  // Nothing after the failing op ran.
  EXPECT_EQ(stats.stepsRun, 3u);
}

TEST(ExecutorTest, ValuesAreReleasedAfterTheirLastUse) {
  std::string text = "func.func @main(%x: i64) -> i64 {\n  %v0 = arith.addi "
                     "%x, %x : i64\n";
  const int length = 10000;
  for (int i = 1; i < length; ++i)
    text += "  %v" + std::to_string(i) + " = arith.addi %v" +
            std::to_string(i - 1) + ", %x : i64\n";
  text += "  return %v" + std::to_string(length - 1) + " : i64\n}\n";
  Program program(text);
  std::vector<Value> results;
  RunStats stats;
  ASSERT_TRUE(runAlone(program, {scalar(1)}, results, &stats).isOk());
  EXPECT_EQ(asInt(results[0]), length + 1);
  // %x and the one link of the chain being computed.
  EXPECT_LE(stats.peakLiveValues, 3u);
}

/// Two ranks: rank 0 sends `count` values, rank 1 receives and sums them.
struct SendRecvPair {
  explicit SendRecvPair(int count)
      : sender(program(count, true)), receiver(program(count, false)) {}

  static std::string program(int count, bool send) {
    std::string text = "module attributes {simp.world_size = 2 : i64} {\n"
                       "module @r attributes {simp.rank = " +
                       std::string(send ? "0" : "1") + " : i64} {\n";
    if (send) {
      text += "func.func @main(%x: i64) {\n";
      for (int i = 0; i < count; ++i)
        text += "  simp.send %x to 1 tag " + std::to_string(i) + " : i64\n";
      return text + "  return\n}\n}\n}\n";
    }
    text += "func.func @main() -> i64 {\n  %s0 = arith.constant 0 : i64\n";
    for (int i = 0; i < count; ++i)
      text += "  %r" + std::to_string(i) + " = simp.recv from 0 tag " +
              std::to_string(i) + " : i64\n  %s" + std::to_string(i + 1) +
              " = arith.addi %s" + std::to_string(i) + ", %r" +
              std::to_string(i) + " : i64\n";
    return text + "  return %s" + std::to_string(count) + " : i64\n}\n}\n}\n";
  }

  Program sender, receiver;
};

/// Runs the receiver on its own thread; the sender before or after it
/// starts waiting.
int64_t runPair(const SendRecvPair &pair, bool sendFirst, unsigned threads) {
  InMemoryHub hub(2);
  InMemoryCommunicator comm0(hub, 0), comm1(hub, 1);
  ThreadPool pool(threads);
  Executor rank0(comm0, pool), rank1(comm1, pool);
  std::vector<Value> sent, received;
  auto send = [&] {
    EXPECT_TRUE(rank0.run(pair.sender.main(), {scalar(2)}, sent).isOk());
  };
  if (sendFirst)
    send();
  std::thread receiver([&] {
    EXPECT_TRUE(rank1.run(pair.receiver.main(), {}, received).isOk());
  });
  if (!sendFirst) {
    // Let the receives be scheduled before any message exists.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    send();
  }
  receiver.join();
  return received.empty() ? -1 : asInt(received[0]);
}

TEST(ExecutorTest, RecvWhoseMessageArrivesBeforeIt) {
  SendRecvPair pair(1);
  EXPECT_EQ(runPair(pair, /*sendFirst=*/true, 2), 2);
}

TEST(ExecutorTest, RecvWhoseMessageArrivesAfterIt) {
  SendRecvPair pair(1);
  EXPECT_EQ(runPair(pair, /*sendFirst=*/false, 2), 2);
}

TEST(ExecutorTest, ThousandConcurrentRecvsWithTwoPoolThreads) {
  SendRecvPair pair(1000);
  EXPECT_EQ(runPair(pair, /*sendFirst=*/false, 2), 2000);
}

TEST(ExecutorTest, AbortFailsPendingRecvs) {
  SendRecvPair pair(3);
  InMemoryHub hub(2);
  InMemoryCommunicator comm(hub, 1);
  ThreadPool pool(2);
  Executor executor(comm, pool);
  std::vector<Value> results;
  std::thread aborter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    hub.abort(Status::aborted("rank 0 failed"));
  });
  Status status = executor.run(pair.receiver.main(), {}, results);
  aborter.join();
  ASSERT_FALSE(status.isOk());
  EXPECT_EQ(status.message(), "rank 0 failed");
  EXPECT_EQ(executor.error().status.code(), StatusCode::Aborted);
}

} // namespace
