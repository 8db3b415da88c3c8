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

/// A job body of `header`, an empty module and no arguments.
std::string withHeader(const std::string &header) {
  std::string body = "MPJ1";
  uint32_t size = header.size();
  body.append(reinterpret_cast<const char *>(&size), 4);
  return body + header + std::string(8, '\0');
}

TEST(Protocol, BadJobHeaders) {
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

// Header numbers out of their range are refused, not wrapped, truncated or
// converted with undefined behaviour.
TEST(Protocol, JobHeaderNumbersOutOfRange) {
  auto decode = [](const std::string &fields) {
    JobRequest job;
    return decodeJob(withHeader(R"({"entry":"main",)" + fields + "}"), job)
        .message();
  };
  const std::string timeout = "bad job header: timeout_s must be a whole "
                              "number from 0 to 4294967295, not ";
  EXPECT_EQ(decode(R"("timeout_s":1e300,"num_args":0)"), timeout + "1e+300");
  EXPECT_EQ(decode(R"("timeout_s":-1,"num_args":0)"), timeout + "-1");
  EXPECT_EQ(decode(R"("timeout_s":4294967297,"num_args":0)"),
            timeout + "4294967297");
  EXPECT_EQ(decode(R"("timeout_s":2.5,"num_args":0)"), timeout + "2.5");
  EXPECT_EQ(decode(R"("timeout_s":"60","num_args":0)"), timeout + "\"60\"");
  EXPECT_EQ(
      decode(R"("timeout_s":")" + std::string(100, 'x') + R"(","num_args":0)"),
      timeout + "\"" + std::string(36, 'x') + "...");
  EXPECT_EQ(decode(R"("num_args":0)"), "bad job header: no timeout_s");
  const std::string events = "bad job header: trace_max_events must be a "
                             "whole number from 1 to 18446744073709551615, "
                             "not ";
  EXPECT_EQ(decode(R"("timeout_s":1,"trace_max_events":0,"num_args":0)"),
            events + "0");
  EXPECT_EQ(decode(R"("timeout_s":1,"trace_max_events":1.5,"num_args":0)"),
            events + "1.5");
  EXPECT_EQ(decode(R"("timeout_s":1,"trace_max_events":-3,"num_args":0)"),
            events + "-3");
  EXPECT_EQ(decode(R"("timeout_s":1,"num_args":0.5)"),
            "bad job header: num_args must be a whole number from 0 to "
            "18446744073709551615, not 0.5");
  EXPECT_EQ(decode(R"("timeout_s":1,"num_args":-1)"),
            "bad job header: num_args must be a whole number from 0 to "
            "18446744073709551615, not -1");

  // The bounds themselves are accepted.
  JobRequest job;
  ASSERT_TRUE(decodeJob(withHeader(R"({"entry":"main","timeout_s":4294967295,)"
                                   R"("trace_max_events":1,"num_args":0})"),
                        job)
                  .isOk());
  EXPECT_EQ(job.timeoutSeconds, 4294967295u);
  EXPECT_EQ(job.traceMaxEvents, 1u);
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

TEST(Protocol, FramesSurviveAnySplitOfTheStream) {
  MessageKey a{3, "1/agree/"}, b{-7, ""};
  Tensor t(DType::I16, {2, 3});
  for (int i = 0; i < 6; ++i)
    t.data<int16_t>()[i] = int16_t(1000 * i - 2500);
  std::string tensor = serializeValue(Value::tensor(std::move(t)));
  // A header that does not account for its frame's size.
  std::string inconsistent = tensor + "x";
  std::string stream =
      encodeFrameHeader("job-1", a, 5) + "hello" +
      encodeFrameHeader("job_2", b, 0) + encodeFrameHeader("job-1", b, 300) +
      std::string(300, 'p') + encodeFrameHeader("job-1", a, tensor.size()) +
      tensor + encodeFrameHeader("job-1", a, inconsistent.size()) +
      inconsistent;
  for (size_t piece : {size_t(1), size_t(2), size_t(7), stream.size()}) {
    FrameDecoder decoder(1000);
    std::vector<Frame> frames;
    for (size_t at = 0; at < stream.size(); at += piece)
      ASSERT_TRUE(decoder
                      .feed(llvm::StringRef(stream).substr(at, piece),
                            [&](Frame &&f) { frames.push_back(std::move(f)); })
                      .isOk());
    EXPECT_TRUE(decoder.atBoundary());
    ASSERT_EQ(frames.size(), 5u) << "pieces of " << piece;
    EXPECT_EQ(frames[0].job, "job-1");
    EXPECT_EQ(frames[0].key.tag, 3);
    EXPECT_EQ(frames[0].key.context, "1/agree/");
    EXPECT_EQ(frames[0].payload.head, "hello");
    EXPECT_EQ(frames[1].job, "job_2");
    EXPECT_EQ(frames[1].key.tag, -7);
    EXPECT_EQ(frames[1].payload.head, "");
    EXPECT_EQ(frames[2].payload.head, std::string(300, 'p'));
    EXPECT_FALSE(frames[2].payload.body);
    // A tensor's elements are read into the tensor itself.
    ASSERT_TRUE(frames[3].payload.body);
    EXPECT_EQ(frames[3].payload.head.size(), 3u + 2 * 8);
    Value value;
    ASSERT_TRUE(decodeValue(std::move(frames[3].payload), value).isOk());
    EXPECT_EQ(value.getTensor().shape(), llvm::ArrayRef<int64_t>({2, 3}));
    EXPECT_EQ(value.getTensor().data<int16_t>()[5], 2500);
    EXPECT_FALSE(frames[4].payload.body);
    EXPECT_EQ(decodeValue(std::move(frames[4].payload), value).message(),
              "value message holds 13 data bytes, its header says 12");
  }
}

TEST(Protocol, RefusedFramesAreSkipped) {
  std::string stream = encodeFrameHeader("a", {1, ""}, 3) + "one" +
                       encodeFrameHeader("b", {2, ""}, 5) + "refus" +
                       encodeFrameHeader("a", {3, ""}, 3) + "two";
  for (size_t piece : {size_t(1), size_t(4), stream.size()}) {
    FrameDecoder decoder(100);
    std::vector<std::string> seen, offered;
    for (size_t at = 0; at < stream.size(); at += piece)
      ASSERT_TRUE(decoder
                      .feed(
                          llvm::StringRef(stream).substr(at, piece),
                          [&](Frame &&f) { seen.push_back(f.payload.head); },
                          [&](const Frame &f, uint64_t size) {
                            offered.push_back(f.job + std::to_string(size));
                            return f.job == "a";
                          })
                      .isOk());
    EXPECT_TRUE(decoder.atBoundary());
    EXPECT_EQ(offered, (std::vector<std::string>{"a3", "b5", "a3"}));
    EXPECT_EQ(seen, (std::vector<std::string>{"one", "two"}));
  }
}

TEST(Protocol, BadFrames) {
  auto error = [](const std::string &bytes) {
    FrameDecoder decoder(100);
    return decoder.feed(bytes, [](Frame &&) {}).message();
  };
  EXPECT_EQ(error(encodeFrameHeader("j", {0, ""}, 101)),
            "message of 101 bytes exceeds the limit of 100");
  EXPECT_EQ(error(encodeFrameHeader("../x", {0, ""}, 1)),
            "bad job id in a message");
  EXPECT_EQ(error(encodeFrameHeader("j", {0, "a\nb"}, 1)),
            "bad message context");
  FrameDecoder decoder(100);
  ASSERT_TRUE(
      decoder.feed(encodeFrameHeader("j", {0, ""}, 4) + "ab", [](Frame &&) {})
          .isOk());
  EXPECT_FALSE(decoder.atBoundary());
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
