//===- TraceTest.cpp - bounded trace memory -------------------------------===//

#include "mplang/Runtime/Trace.h"

#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

using namespace mplang::rt;

namespace {

TEST(TraceTest, KeepsAtMostItsEventsAndSaysHowManyItDropped) {
  Tracer tracer(3, /*maxEvents=*/4);
  for (uint64_t i = 0; i < 10; ++i)
    tracer.flow(i % 2 == 0, i, 100 + i, 1);
  std::string text;
  llvm::raw_string_ostream os(text);
  Tracer::write({&tracer}, os);
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  const llvm::json::Array &events =
      *parsed->getAsObject()->getArray("traceEvents");
  // The process name, four flow events, the note.
  ASSERT_EQ(events.size(), 6u);
  const llvm::json::Object &note = *events.back().getAsObject();
  EXPECT_EQ(note.getString("name"), "trace truncated");
  EXPECT_EQ(note.getInteger("ts"), 103);
  EXPECT_EQ(note.getObject("args")->getInteger("kept"), 4);
  EXPECT_EQ(note.getObject("args")->getInteger("dropped"), 6);
}

} // namespace
