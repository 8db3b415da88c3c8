//===- TraceTest.cpp - bounded, streamed traces ---------------------------===//

#include "TraceTestUtils.h"
#include "mplang/Runtime/Clock.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"
#include "gtest/gtest.h"

using namespace mplang::rt;
using mplang::rt::testing::written;

namespace {

size_t count(const llvm::json::Array &events, llvm::StringRef phase,
             llvm::StringRef name) {
  return llvm::count_if(events, [&](const llvm::json::Value &e) {
    return e.getAsObject()->getString("ph") == phase &&
           e.getAsObject()->getString("name")->starts_with(name);
  });
}

Tracer::OpRun opAt(uint64_t ready, uint64_t start, uint64_t end) {
  return {nullptr, 1, ready, start, end, 8, false, 0, 0};
}

TEST(TraceTest, AggregatesPerOpOnceFull) {
  Tracer tracer(3, /*maxEvents=*/4);
  uint64_t t = clock::ticks();
  for (uint64_t i = 0; i < 10; ++i)
    tracer.op(opAt(t + i * 10, t + i * 10, t + i * 10 + 5));
  EXPECT_EQ(tracer.aggregated(),
            std::vector<std::string>{"6 ops of 'step' at "});
  llvm::json::Array events = written(tracer);
  EXPECT_EQ(count(events, "X", "step"), 4u);
  ASSERT_EQ(count(events, "i", "aggregated: step"), 1u);
  for (const llvm::json::Value &e : events) {
    if (e.getAsObject()->getString("ph") == "i") {
      EXPECT_EQ(e.getAsObject()->getObject("args")->getInteger("count"), 6);
    }
  }
  EXPECT_EQ(count(events, "M", "trace aggregated"), 1u);
}

TEST(TraceTest, KeepsEveryEventInOrderAcrossChunks) {
  // Events are kept in chunks of 4096: 10000 span three.
  Tracer tracer(0, /*maxEvents=*/10000);
  // About 10 us apart in ticks (a tick is well under a microsecond).
  uint64_t step = uint64_t(10 * clock::ticksPerUs() + 0.5), t = clock::ticks();
  for (uint64_t i = 0; i < 10000; ++i)
    tracer.op(opAt(t + i * step, t + i * step, t + i * step + step / 10));
  EXPECT_TRUE(tracer.aggregated().empty());
  std::vector<double> starts;
  for (const llvm::json::Value &e : written(tracer)) {
    const llvm::json::Object &o = *e.getAsObject();
    if (o.getString("ph") == "X") {
      EXPECT_EQ(o.getInteger("tid"), 1);
      EXPECT_EQ(o.getObject("args")->getInteger("bytes"), 8);
      starts.push_back(*o.getNumber("ts"));
    }
  }
  ASSERT_EQ(starts.size(), 10000u);
  // Evenly spaced, in order. The spacing is 10 us only as far as the
  // tracer's tick rate (refitted after 10 ms) matches the first estimate,
  // which a loaded machine can throw off by 15%.
  double spacing = starts[1] - starts[0];
  EXPECT_GT(spacing, 5);
  EXPECT_LT(spacing, 20);
  for (size_t i = 1; i < starts.size(); ++i)
    EXPECT_NEAR(starts[i] - starts[i - 1], spacing, 0.01) << i;
}

TEST(TraceTest, QueueSlicesNeverOverlap) {
  Tracer tracer(0);
  uint64_t us = clock::ticksPerUs(), t = clock::ticks();
  // Three ops ready at once, run one after another: their waits overlap.
  for (uint64_t i = 0; i < 3; ++i)
    tracer.op(opAt(t, t + (i + 1) * 10 * us, t + (i + 1) * 10 * us + us));
  llvm::json::Array events = written(tracer);
  std::vector<std::pair<double, double>> slices;
  for (const llvm::json::Value &e : events) {
    const llvm::json::Object &o = *e.getAsObject();
    if (o.getString("ph") == "X" && o.getString("cat") == "queue") {
      EXPECT_EQ(o.getInteger("tid"), 0);
      slices.push_back({*o.getNumber("ts"), *o.getNumber("dur")});
    }
  }
  ASSERT_EQ(slices.size(), 3u);
  // Microseconds since the epoch as doubles: ts + dur may round past the
  // next ts by a fraction of a nanosecond when they touch.
  for (size_t i = 1; i < slices.size(); ++i)
    EXPECT_LE(slices[i - 1].first + slices[i - 1].second,
              slices[i].first + 1e-3);
}

TEST(TraceTest, CountersAreSampledAtABoundedRate) {
  Tracer tracer(0);
  uint64_t t = clock::ticks();
  Tracer::Counters c;
  // A change every tick for 100 us: at most one sample per 20 us.
  for (uint64_t i = 0; i < 100 * uint64_t(clock::ticksPerUs()); ++i) {
    c.activeTasks = i % 3;
    tracer.sample(t + i, c);
  }
  size_t samples = count(written(tracer), "C", "active tasks");
  EXPECT_GE(samples, 1u);
  EXPECT_LE(samples, 6u);
}

TEST(TraceTest, GroupsKeepTheirOpsAcrossChunks) {
  // Group ops are kept in chunks of 4096 too: 6000 of them span two.
  Tracer tracer(0);
  uint64_t step = uint64_t(clock::ticksPerUs() + 1), t = clock::ticks();
  for (uint64_t i = 0; i < 3000; ++i) {
    Tracer::OpCount ops[1] = {{nullptr, 1 + i % 3}};
    tracer.group(ops, 1, t + i * step, t + i * step + step / 2);
  }
  llvm::json::Array events = written(tracer);
  std::vector<int64_t> sizes;
  for (const llvm::json::Value &e : events) {
    const llvm::json::Object &o = *e.getAsObject();
    if (o.getString("cat") != "op group")
      continue;
    int64_t n = *o.getObject("args")->getObject("ops")->getInteger("step");
    sizes.push_back(n);
    EXPECT_EQ(o.getString("name"),
              n == 1 ? "step" : "step x" + std::to_string(n));
  }
  ASSERT_EQ(sizes.size(), 3000u);
  for (size_t i = 0; i < sizes.size(); ++i)
    EXPECT_EQ(sizes[i], int64_t(1 + i % 3)) << "group " << i;
}

TEST(TraceTest, AggregatesGroupsOnceFull) {
  Tracer tracer(0, /*maxEvents=*/2);
  uint64_t t = clock::ticks();
  Tracer::OpCount ops[1] = {{nullptr, 4}};
  for (uint64_t i = 0; i < 5; ++i)
    tracer.group(ops, 1, t + i * 100, t + i * 100 + 40);
  // Two groups traced, the other three groups' 12 ops counted.
  EXPECT_EQ(tracer.aggregated(),
            std::vector<std::string>{"12 ops of 'step' at "});
  EXPECT_EQ(count(written(tracer), "X", "step x4"), 2u);
}

TEST(TraceTest, WritesFilesThroughALargeBuffer) {
  // A file's own buffer (4 KiB) would cost a system call per twenty events.
  llvm::SmallString<64> path;
  int fd;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("trace", "json", fd, path));
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    ASSERT_LT(os.GetBufferSize(), size_t(1) << 20);
    Tracer tracer(0);
    Tracer::write({&tracer}, os);
    EXPECT_GE(os.GetBufferSize(), size_t(1) << 20);
  }
  llvm::sys::fs::remove(path);
}

/// `text` with the numbers of times (ts, dur, *_us) replaced by T, so that
/// what depends on the tick rate's calibration does not matter.
std::string maskTimes(llvm::StringRef text) {
  static const llvm::Regex times("(\"(ts|dur|[a-z]+_us)\":)-?[0-9]+\\.[0-9]+");
  std::string out = text.str();
  while (times.match(out))
    out = times.sub("\\1T", out);
  return out;
}

TEST(TraceTest, WritesEveryEventFamily) {
  // Lanes no thread of this test names.
  constexpr uint32_t kLane = 900001, kPool = 900002;
  Tracer tracer(2, /*maxEvents=*/6);
  uint64_t us = clock::ticksPerUs(), t = clock::ticks();
  // With a queue slice.
  tracer.op({nullptr, kLane, t, t + 5 * us, t + 6 * us, 8, false, 0, 0});
  tracer.op({nullptr, kPool, t, t, t + us, 16, /*async=*/true, 3, us});
  Tracer::OpCount ops[2] = {{nullptr, 2}, {nullptr, 1}};
  tracer.group(ops, kLane, t + 7 * us, t + 8 * us);
  tracer.message({/*send=*/true, 1, 4, 32, 77, kLane, t, t + us, 0});
  tracer.message({/*send=*/false, 0, 5, 8, 78, kLane, t, t + us, us});
  tracer.compile(
      {"jit_group_0", 12, Tracer::CompileSource::DiskCache, kPool, t, t + us});
  Tracer::Counters counters{1, 2, 3, 4};
  tracer.sample(t + 100 * us, counters);
  // Full: these are aggregated.
  tracer.op({nullptr, kLane, t, t + 9 * us, t + 10 * us, 8, false, 0, 0});
  tracer.message({/*send=*/true, 1, 6, 8, 79, kLane, t, t + us, 0});
  std::string text;
  llvm::raw_string_ostream os(text);
  Tracer::write({&tracer}, os);
  EXPECT_EQ(maskTimes(text), R"({"traceEvents":[
{"ph":"M","name":"process_name","pid":2,"tid":0,"args":{"name":"rank 2"}},
{"ph":"M","name":"thread_name","pid":2,"tid":0,"args":{"name":"ready queue"}},
{"ph":"M","name":"thread_name","pid":2,"tid":900001,"args":{"name":"thread 900001"}},
{"ph":"M","name":"thread_name","pid":2,"tid":900002,"args":{"name":"thread 900002"}},
{"ph":"X","name":"queue: step","pid":2,"tid":0,"cat":"queue","ts":T,"dur":T,"args":{"wait_us":T}},
{"ph":"X","name":"step","pid":2,"tid":900001,"cat":"op","ts":T,"dur":T,"args":{"location":"","bytes":8}},
{"ph":"b","name":"step","pid":2,"tid":900002,"cat":"op","id":2199023255553,"ts":T,"args":{"location":"","bytes":16,"body_runs":3,"body_us":T}},
{"ph":"e","name":"step","pid":2,"tid":900002,"cat":"op","id":2199023255553,"ts":T},
{"ph":"X","name":"step x3","pid":2,"tid":900001,"cat":"op group","ts":T,"dur":T,"args":{"ops":{"step":3}}},
{"ph":"X","name":"send","pid":2,"tid":900001,"cat":"comm","ts":T,"dur":T,"args":{"peer":1,"tag":4,"bytes":32}},
{"ph":"s","name":"message","pid":2,"tid":900001,"cat":"comm","id":77,"ts":T},
{"ph":"X","name":"recv","pid":2,"tid":900001,"cat":"comm","ts":T,"dur":T,"args":{"peer":0,"tag":5,"bytes":8,"wait_us":T}},
{"ph":"f","name":"message","pid":2,"tid":900001,"cat":"comm","id":78,"ts":T,"bp":"e"},
{"ph":"X","name":"jit_group_0","pid":2,"tid":900002,"cat":"jit.compile","ts":T,"dur":T,"args":{"ops":12,"cache_hit":"disk"}},
{"ph":"C","name":"active tasks","pid":2,"tid":0,"ts":T,"args":{"value":1}},
{"ph":"C","name":"ready queue","pid":2,"tid":0,"ts":T,"args":{"value":2}},
{"ph":"C","name":"live values","pid":2,"tid":0,"ts":T,"args":{"value":3}},
{"ph":"C","name":"bytes in flight","pid":2,"tid":0,"ts":T,"args":{"value":4}},
{"ph":"i","name":"aggregated: step","pid":2,"tid":0,"s":"p","ts":T,"args":{"location":"","count":1,"total_us":T}},
{"ph":"M","name":"trace aggregated","pid":2,"tid":0,"args":{"max_events":6,"what":["1 ops of 'step' at ","1 messages"]}}
],"displayTimeUnit":"ms"}
)");
}

} // namespace
