//===- ClockTest.cpp - ticks and their conversion to microseconds ---------===//

#include "mplang/Runtime/Clock.h"

#include "gtest/gtest.h"
#include <thread>

using namespace mplang::rt;

namespace {

TEST(ClockTest, TicksConvertToSteadyClockTime) {
  // The process's rate estimate, made on first use over 200 us.
  double estimate = clock::ticksPerUs();
  clock::Reading start = clock::Reading::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  clock::Reading end = clock::Reading::now();
  // Fitted from the first reading to now: over 10 ms, so a fitted rate.
  clock::TickConverter converter;
  double steadyUs = end.us - start.us;
  double rate = double(end.tick - start.tick) / steadyUs;
  EXPECT_NEAR(converter.durationUs(end.tick - start.tick), steadyUs,
              0.001 * steadyUs);
  EXPECT_NEAR(converter.toUs(end.tick) - converter.toUs(start.tick), steadyUs,
              0.001 * steadyUs);
  EXPECT_NEAR(converter.toUs(start.tick), start.us, 5);
  EXPECT_NEAR(estimate, rate, 0.02 * rate);
}

} // namespace
