//===- Clock.cpp - cheap timestamps for traces and statistics -------------===//

#include "mplang/Runtime/Clock.h"

using namespace mplang::rt::clock;
using namespace std::chrono;

Reading Reading::now() {
  Reading best{0, 0};
  auto bestGap = steady_clock::duration::max();
  for (int attempt = 0; attempt < 8; ++attempt) {
    auto before = steady_clock::now();
    uint64_t tick = ticks();
    auto after = steady_clock::now();
    if (after - before >= bestGap)
      continue;
    bestGap = after - before;
    best = {tick, duration<double, std::micro>(
                      (before + (after - before) / 2).time_since_epoch())
                      .count()};
  }
  return best;
}

namespace {
/// The first reading and a rate measured over 200 us after it.
struct Origin {
  Reading first;
  double perUs;
  Origin() : first(Reading::now()) {
    Reading later = first;
    while (later.us - first.us < 200)
      later = Reading::now();
    perUs = double(later.tick - first.tick) / (later.us - first.us);
  }
};

const Origin &origin() {
  static const Origin instance;
  return instance;
}
} // namespace

uint64_t mplang::rt::clock::nowUs() {
  return duration_cast<microseconds>(steady_clock::now().time_since_epoch())
      .count();
}

double mplang::rt::clock::ticksPerUs() { return origin().perUs; }

TickConverter::TickConverter() {
  const Origin &o = origin();
  Reading now = Reading::now();
  originTick = o.first.tick;
  originUs = o.first.us;
  // Under 10 ms the fitted rate is noisier than the initial estimate.
  perUs = now.us - o.first.us < 10000
              ? o.perUs
              : double(now.tick - o.first.tick) / (now.us - o.first.us);
}

double TickConverter::toUs(uint64_t tick) const {
  return originUs + double(int64_t(tick - originTick)) / perUs;
}
