//===- StatisticsTest.cpp - run statistics as workers return them ---------===//

#include "mplang/Runtime/Statistics.h"

#include "gtest/gtest.h"

using namespace mplang::rt;

namespace {

TEST(StatisticsTest, RoundTripsThroughJson) {
  RunStatistics s;
  s.rank = 2;
  s.wallUs = 1500.25;
  s.opsExecuted = 48;
  s.averageActiveTasks = 1.5;
  s.peakActiveTasks = 3;
  s.averageQueueLength = 0.25;
  s.peakLiveValues = 7;
  s.receiveWaitUs = 12.5;
  s.peers = {{0, 23, 141, 15, 109}, {1, 1, 8, 2, 16}};
  s.topOps = {{"simp.agree", 8, 800}, {"arith.addi", 40, 20}};
  s.measured = {{"ss.lt", 2, 2048, 60, 123456, -1},
                {"ss.mul", 1, 8, 9, 33310, 5}};
  RunStatistics back;
  ASSERT_TRUE(statisticsFromJson(statisticsToJson(s), back).isOk());
  EXPECT_EQ(back.rank, 2);
  EXPECT_EQ(back.wallUs, 1500.25);
  EXPECT_EQ(back.opsExecuted, 48u);
  EXPECT_EQ(back.peakActiveTasks, 3u);
  EXPECT_EQ(back.peakLiveValues, 7u);
  EXPECT_EQ(back.receiveWaitUs, 12.5);
  ASSERT_EQ(back.peers.size(), 2u);
  EXPECT_EQ(back.peers[0].bytesSent, 141u);
  EXPECT_EQ(back.peers[1].messagesReceived, 2u);
  ASSERT_EQ(back.topOps.size(), 2u);
  EXPECT_EQ(back.topOps[0].name, "simp.agree");
  EXPECT_EQ(back.topOps[1].count, 40u);
  ASSERT_EQ(back.measured.size(), 2u);
  EXPECT_EQ(back.measured[0].op, "ss.lt");
  EXPECT_EQ(back.measured[0].elements, 2048u);
  EXPECT_EQ(back.measured[0].rounds, -1);
  EXPECT_EQ(back.measured[1].messagesSent, 9u);
  EXPECT_EQ(back.measured[1].bytesSent, 33310u);
  EXPECT_EQ(back.measured[1].rounds, 5);
}

TEST(StatisticsTest, PrintsMeasuredOps) {
  RunStatistics s;
  s.measured = {{"ss.lt", 2, 2048, 60, 123456, -1},
                {"ss.mul", 1, 8, 9, 33310, 5}};
  std::string text;
  llvm::raw_string_ostream os(text);
  printStatistics({s}, os);
  EXPECT_NE(text.find("  measured ops (calls, elements, messages sent, bytes "
                      "sent, rounds):\n"
                      "    ss.lt                 2       2048       60       "
                      "123456      ?\n"
                      "    ss.mul                1          8        9        "
                      "33310      5\n"),
            std::string::npos)
      << text;
}

TEST(StatisticsTest, RefusesWhatAWorkerShouldNotSend) {
  RunStatistics s;
  EXPECT_FALSE(statisticsFromJson("not json", s).isOk());
  EXPECT_FALSE(statisticsFromJson("{\"rank\": 0}", s).isOk());
  EXPECT_FALSE(statisticsFromJson(R"({"rank": 0, "wall_us": 1, "ops": -1,
      "average_active_tasks": 0, "peak_active_tasks": 0,
      "average_queue_length": 0, "peak_live_values": 0,
      "receive_wait_us": 0, "peers": [], "top_ops": []})",
                                  s)
                   .isOk());
}

} // namespace
