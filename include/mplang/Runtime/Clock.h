//===- Clock.h - cheap timestamps for traces and statistics ----*- C++ -*-===//
//
// Tracing reads the clock several times per op, so it reads a tick counter
// (a few ns) and converts to microseconds only when the trace is written.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLOCK_H
#define MPLANG_RUNTIME_CLOCK_H

#include <chrono>
#include <cstdint>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace mplang::rt::clock {

/// A monotonic tick count: the x86 time-stamp counter (constant and shared
/// by all cores on the CPUs we run on), steady-clock nanoseconds elsewhere.
inline uint64_t ticks() {
#if defined(__x86_64__)
  return __rdtsc();
#else
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
#endif
}

/// Steady-clock microseconds: the clock the driver aligns workers with.
uint64_t nowUs();

/// A tick and the steady-clock time it was read at, in microseconds: the
/// tick read between two clock reads, so it sits at their midpoint. Of a
/// few tries, the one whose clock reads are closest: a thread preempted
/// between them would place the tick tens of microseconds off, and a rate
/// measured over 200 us as many percent.
struct Reading {
  uint64_t tick;
  double us;
  static Reading now();
};

/// Ticks per microsecond, estimated once per process over 200 us (for
/// thresholds).
double ticksPerUs();

/// Converts ticks to steady-clock microseconds on a line fitted between
/// the process's first clock reading and the converter's creation, so a
/// long run converts as precisely as a short one.
class TickConverter {
public:
  TickConverter();
  double toUs(uint64_t tick) const;
  double durationUs(uint64_t ticks) const { return ticks / perUs; }

private:
  uint64_t originTick;
  double originUs, perUs;
};

} // namespace mplang::rt::clock

#endif // MPLANG_RUNTIME_CLOCK_H
