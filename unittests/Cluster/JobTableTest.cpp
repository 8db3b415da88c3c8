//===- JobTableTest.cpp - a worker's jobs, budgets and releases -----------===//

#include "JobTable.h"
#include "PeerLinks.h"

#include "gtest/gtest.h"

using namespace mplang::rt;
using namespace mplang::rt::worker;

namespace {

/// A table of rank 0 of two workers; no peer listens (an abort notice is
/// refused at once).
struct Table {
  explicit Table(JobLimits limits)
      : config(twoNodes()), links(config, 0, 1),
        table(0, limits, [this](const std::string &id) {
          return std::make_shared<Job>(id, 0, 2, MailboxLimits{}, links);
        }) {}

  static ClusterConfig twoNodes() {
    ClusterConfig config;
    for (const char *name : {"a", "b"})
      config.nodes.push_back({name, "127.0.0.1", 1, {"token", ""}, "", ""});
    return config;
  }

  ClusterConfig config;
  PeerLinks links;
  JobTable table;
};

JobLimits limits() { return {2, 100, 2, std::chrono::seconds(60)}; }

std::shared_ptr<Job> make(JobTable &table, const std::string &id,
                          bool submitting = false) {
  StatusOr<std::shared_ptr<Job>> job = table.findOrCreate(id, submitting);
  EXPECT_TRUE(job.isOk()) << job.status().message();
  return job.isOk() ? *job : nullptr;
}

TEST(JobTableTest, JobsLiveFromTheirFirstMentionUntilReleased) {
  Table t(limits());
  EXPECT_EQ(t.table.find("j"), nullptr);
  std::shared_ptr<Job> job = make(t.table, "j");
  EXPECT_EQ(job->state, JobState::Waiting);
  EXPECT_EQ(t.table.find("j"), job);
  EXPECT_EQ(make(t.table, "j"), job);
  ASSERT_TRUE(t.table.start(*job, [&] { job->timeoutSeconds = 7; }).isOk());
  EXPECT_EQ(job->state, JobState::Running);
  EXPECT_EQ(job->timeoutSeconds, 7u);
  EXPECT_EQ(t.table.start(*job, [] {}).message(),
            "job j was already submitted");

  job->state = JobState::Succeeded;
  job->released = true;
  t.table.reap(Clock::now());
  EXPECT_EQ(t.table.size(), 0u);
  Status late = t.table.findOrCreate("j", false).status();
  EXPECT_EQ(late.code(), StatusCode::NotFound);
  EXPECT_EQ(late.message(), "job j was released");
}

TEST(JobTableTest, SubmittedJobsAndJobsKnownFromPeersAreBoundedApart) {
  Table t(limits());
  for (const char *id : {"s1", "s2"}) {
    std::shared_ptr<Job> job = make(t.table, id, /*submitting=*/true);
    ASSERT_TRUE(t.table.start(*job, [] {}).isOk());
  }
  Status full = t.table.findOrCreate("s3", true).status();
  EXPECT_EQ(full.code(), StatusCode::Unavailable);
  EXPECT_EQ(full.message(), "too many jobs (2)");
  // Jobs known only from peers still come, the oldest giving way.
  std::shared_ptr<Job> oldest = make(t.table, "w1");
  make(t.table, "w2");
  make(t.table, "w3");
  EXPECT_EQ(t.table.size(), 4u);
  EXPECT_EQ(t.table.find("w1"), nullptr);
  EXPECT_EQ(oldest->comm.abortStatus().message(),
            "too many jobs waiting for their submission");
  EXPECT_EQ(t.table.findOrCreate("w1", false).status().code(),
            StatusCode::NotFound);
}

TEST(JobTableTest, EarlyMessagesHaveAWorkerWideBudget) {
  Table t(limits());
  std::string refusal;
  EXPECT_TRUE(t.table.keep(1, "j", 60, refusal));
  EXPECT_FALSE(t.table.keep(1, "j", 60, refusal));
  EXPECT_EQ(refusal,
            "rank 0 refused a message of 60 bytes from rank 1 for job j, "
            "which it has not been given yet: messages held for jobs not "
            "submitted yet are limited to 100 bytes and 2 messages "
            "(--max-early-mib, --max-early-messages)");
  std::shared_ptr<Job> refused = t.table.find("j");
  EXPECT_EQ(refused->comm.abortStatus().code(), StatusCode::Unavailable);
  // An aborted job reads no more; its budget went back.
  EXPECT_FALSE(t.table.keep(1, "j", 1, refusal));
  EXPECT_TRUE(t.table.keep(1, "k", 100, refusal));
}

TEST(JobTableTest, ASubmissionTakesItsEarlyMessagesOffTheBudget) {
  Table t(limits());
  std::string refusal;
  ASSERT_TRUE(t.table.keep(1, "j", 90, refusal));
  std::shared_ptr<Job> job = make(t.table, "j", /*submitting=*/true);
  ASSERT_TRUE(t.table.start(*job, [] {}).isOk());
  EXPECT_EQ(job->earlyBytes, 0u);
  // A running job's messages are its mailbox's to bound.
  EXPECT_TRUE(t.table.keep(1, "j", 1000, refusal));
  EXPECT_TRUE(t.table.keep(1, "k", 60, refusal));
  EXPECT_TRUE(t.table.keep(1, "k", 40, refusal));
}

TEST(JobTableTest, ReapingTimesOutRunningJobsAndForgetsStaleOnes) {
  Table t(limits());
  std::shared_ptr<Job> running = make(t.table, "r", /*submitting=*/true);
  ASSERT_TRUE(t.table.start(*running, [&] {
                       running->timeoutSeconds = 7;
                       running->deadline = Clock::now();
                     })
                  .isOk());
  std::shared_ptr<Job> waiting = make(t.table, "w");
  t.table.reap(Clock::now() + std::chrono::seconds(1));
  Status late = running->comm.abortStatus();
  EXPECT_EQ(late.code(), StatusCode::DeadlineExceeded);
  EXPECT_EQ(late.message(), "rank 0: job r timed out after 7 s");
  EXPECT_EQ(t.table.size(), 2u);
  // Past the retention time a job known only from peers is dropped; a
  // running one stays until it ends.
  t.table.reap(Clock::now() + std::chrono::seconds(61));
  EXPECT_EQ(t.table.find("w"), nullptr);
  EXPECT_EQ(t.table.find("r"), running);
}

} // namespace
