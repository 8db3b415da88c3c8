//===- ProtocolTest.cpp - binary bodies of the worker protocol ------------===//

#include "mplang/Runtime/Cluster/Protocol.h"

#include <gtest/gtest.h>

using namespace mplang::rt;
using namespace mplang::rt::protocol;

namespace {

TEST(Protocol, JobRoundTrip) {
  JobRequest job;
  job.entry = "transfer";
  job.timeoutSeconds = 7;
  job.module = std::string("ML\xefR\0bytecode", 12);
  job.args = {"first", "", std::string(1000, '\x7f')};
  JobRequest back;
  ASSERT_TRUE(decodeJob(encodeJob(job), back).isOk());
  EXPECT_EQ(back.entry, "transfer");
  EXPECT_EQ(back.timeoutSeconds, 7u);
  EXPECT_EQ(back.module, job.module);
  EXPECT_EQ(back.args, job.args);
}

TEST(Protocol, EveryTruncatedJobIsAnError) {
  JobRequest job;
  job.module = "module {}";
  job.args = {"abc", "defg"};
  std::string body = encodeJob(job);
  for (size_t n = 0; n < body.size(); ++n) {
    JobRequest back;
    EXPECT_FALSE(decodeJob(llvm::StringRef(body).take_front(n), back).isOk())
        << "prefix of " << n << " bytes";
  }
  JobRequest back;
  EXPECT_EQ(decodeJob(body + "x", back).message(),
            "job body has bytes after its last argument");
}

TEST(Protocol, BadJobHeaders) {
  auto withHeader = [](const std::string &header) {
    std::string body = "MPJ1";
    uint32_t size = header.size();
    body.append(reinterpret_cast<const char *>(&size), 4);
    return body + header + std::string(8, '\0');
  };
  JobRequest job;
  EXPECT_NE(decodeJob(withHeader("{"), job).message().find("bad job header"),
            std::string::npos);
  EXPECT_NE(decodeJob(withHeader(R"({"entry": "main"})"), job)
                .message()
                .find("bad job header"),
            std::string::npos);
  EXPECT_EQ(
      decodeJob(withHeader(R"({"entry":"","timeout_s":1,"num_args":0})"), job)
          .message(),
      "bad job header: entry must have 1-256 characters");
  // A huge argument count fails on the missing bytes, not on memory.
  EXPECT_EQ(
      decodeJob(
          withHeader(R"({"entry":"main","timeout_s":1,"num_args":4000000000})"),
          job)
          .message(),
      "job body truncated in argument 0");
}

TEST(Protocol, Results) {
  std::vector<std::string> results = {"a", "", std::string(300, 'z')}, back;
  std::string body = encodeResults(results);
  ASSERT_TRUE(decodeResults(body, back).isOk());
  EXPECT_EQ(back, results);
  for (size_t n = 0; n < body.size(); ++n)
    EXPECT_FALSE(
        decodeResults(llvm::StringRef(body).take_front(n), back).isOk());
  // A count far beyond the body is refused before anything is allocated.
  EXPECT_FALSE(
      decodeResults(std::string("MPR1\xff\xff\xff\xff", 8), back).isOk());
}

TEST(Protocol, IdsAndContexts) {
  EXPECT_TRUE(isValidJobId("0123abcdef_-XYZ"));
  EXPECT_TRUE(isValidJobId(std::string(64, 'a')));
  EXPECT_FALSE(isValidJobId(std::string(65, 'a')));
  for (const char *bad : {"", "..", "a/b", "a.b", "a b", "a%2F", "é"})
    EXPECT_FALSE(isValidJobId(bad)) << bad;
  EXPECT_TRUE(isValidContext(""));
  EXPECT_TRUE(isValidContext("1/2/agree/"));
  EXPECT_FALSE(isValidContext("a\nb"));
  EXPECT_FALSE(isValidContext(std::string(1025, 'c')));
  EXPECT_EQ(randomHex().size(), 32u);
  EXPECT_NE(randomHex(), randomHex());
}

} // namespace
