//===- Trace.cpp - Chrome trace events of a run -----------------*- C++ -*-===//

#include "mplang/Runtime/Trace.h"
#include "mplang/Runtime/Clock.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <atomic>
#include <map>
#include <mutex>

using namespace mplang::rt;
using llvm::json::OStream;

namespace {
/// Lane names, set once per thread and read when traces are written.
struct LaneNames {
  std::mutex mutex;
  std::map<uint32_t, std::string> names;
};
LaneNames &laneNames() {
  static LaneNames instance;
  return instance;
}

/// Samples a rank keeps at most: 2 MiB of them.
constexpr size_t kMaxSamples = 1 << 16;
constexpr double kMinQueueUs = 1;
constexpr double kMinSampleGapUs = 20;
} // namespace

Tracer::Tracer(int64_t rank, size_t maxEvents)
    : rank(rank), maxEvents(maxEvents),
      sampleGapTicks(kMinSampleGapUs * clock::ticksPerUs()),
      minQueueTicks(kMinQueueUs * clock::ticksPerUs()) {}

uint32_t Tracer::currentLane() {
  static std::atomic<uint32_t> next{1};
  thread_local uint32_t lane = next++;
  return lane;
}

void Tracer::nameCurrentThread(std::string name) {
  LaneNames &lanes = laneNames();
  std::lock_guard<std::mutex> lock(lanes.mutex);
  lanes.names[currentLane()] = std::move(name);
}

uint64_t Tracer::flowId(int64_t src, int64_t dst, const std::string &key) {
  return llvm::hash_combine(src, dst, key) & 0xffffffffffffULL;
}

void Tracer::op(const OpRun &run) {
  if (full()) {
    Aggregate &a = aggregates[run.op];
    ++a.count;
    a.ticks += run.end - run.start;
    a.lastEnd = std::max(a.lastEnd, run.end);
    return;
  }
  // Clipped to start after the previous queue slice: waits overlap, but
  // slices on one lane must not.
  uint64_t queued = std::max(run.ready, queueEnd);
  if (run.start > queued + minQueueTicks) {
    events.push_back({queued, run.start, run.op, run.start - run.ready, 0, 0, 0,
                      Kind::Queue});
    queueEnd = run.start;
  }
  events.push_back({run.start, run.end, run.op, run.bytes, run.bodyTicks,
                    run.bodyRuns, run.lane,
                    run.async ? Kind::AsyncOp : Kind::Op});
}

void Tracer::message(const MessageRun &run) {
  if (full())
    ++messagesCounted;
  else
    messages.push_back(run);
}

void Tracer::compile(const CompileRun &run) { compiles.push_back(run); }

void Tracer::sample(uint64_t tick, const Counters &counters) {
  if (counters == lastSample || tick - lastSampleTick < sampleGapTicks)
    return;
  if (samples.size() == kMaxSamples) {
    for (size_t i = 0; i < kMaxSamples / 2; ++i)
      samples[i] = samples[2 * i + 1];
    samples.resize(kMaxSamples / 2);
    sampleGapTicks *= 2;
  }
  samples.push_back({tick, uint32_t(counters.activeTasks),
                     uint32_t(counters.readyQueue), counters.liveValues,
                     counters.bytesInFlight});
  lastSample = counters;
  lastSampleTick = tick;
}

static std::string nameOf(mlir::Operation *op) {
  // Synthetic plans (benchmarks) have no ops.
  return op ? op->getName().getStringRef().str() : "step";
}

static std::string locationOf(mlir::Operation *op) {
  std::string str;
  llvm::raw_string_ostream os(str);
  if (op)
    op->getLoc().print(os);
  return str;
}

std::vector<std::string> Tracer::aggregated() const {
  std::vector<std::pair<mlir::Operation *, Aggregate>> sorted(
      aggregates.begin(), aggregates.end());
  llvm::sort(sorted, [](const auto &a, const auto &b) {
    return a.second.count > b.second.count;
  });
  std::vector<std::string> lines;
  for (const auto &[op, a] : sorted)
    lines.push_back(llvm::formatv("{0} ops of '{1}' at {2}", a.count,
                                  nameOf(op), locationOf(op)));
  if (messagesCounted)
    lines.push_back(llvm::formatv("{0} messages", messagesCounted));
  return lines;
}

void Tracer::warnAggregated(int64_t rank, llvm::ArrayRef<std::string> what,
                            llvm::raw_ostream &os) {
  if (what.empty())
    return;
  os << "warning: rank " << rank
     << "'s trace reached its event bound (--trace-max-events) and "
        "aggregated:\n";
  for (const std::string &line : what)
    os << "  " << line << "\n";
}

void Tracer::write(llvm::ArrayRef<const Tracer *> ranks,
                   llvm::raw_ostream &os) {
  os << "{\"traceEvents\":[";
  bool first = true;
  for (const Tracer *tracer : ranks)
    tracer->writeRank(os, first);
  os << "\n],\"displayTimeUnit\":\"ms\"}\n";
}

void Tracer::writeRank(llvm::raw_ostream &os, bool &first) const {
  clock::TickConverter converter;
  llvm::DenseMap<mlir::Operation *, std::pair<std::string, std::string>>
      interned;
  auto info = [&](mlir::Operation * op) -> const auto & {
    auto [it, inserted] = interned.try_emplace(op);
    if (inserted)
      it->second = {nameOf(op), locationOf(op)};
    return it->second;
  };
  // One event per line, each written as it is made.
  auto event = [&](const char *phase, llvm::StringRef name, uint32_t lane,
                   auto fill) {
    os << (first ? "\n" : ",\n");
    first = false;
    OStream j(os);
    j.object([&] {
      j.attribute("ph", phase);
      j.attribute("name", name);
      j.attribute("pid", rank);
      j.attribute("tid", int64_t(lane));
      fill(j);
    });
  };
  // Microseconds with three decimals, formatted by hand: formatv would
  // take most of the writing time.
  auto time = [&](OStream &j, llvm::StringRef key, double us) {
    int64_t ns = std::llround(us * 1000);
    char text[32];
    int size = snprintf(text, sizeof(text), "%s%lld.%03lld", ns < 0 ? "-" : "",
                        (long long)(std::abs(ns) / 1000),
                        (long long)(std::abs(ns) % 1000));
    j.attributeBegin(key);
    j.rawValue(llvm::StringRef(text, size));
    j.attributeEnd();
  };
  // Durations from rounded ends, so that slices that touch never overlap.
  auto span = [&](OStream &j, uint64_t start, uint64_t end) {
    double ts = std::round(converter.toUs(start) * 1000) / 1000;
    time(j, "ts", ts);
    time(j, "dur", std::round(converter.toUs(end) * 1000) / 1000 - ts);
  };

  event("M", "process_name", 0, [&](OStream &j) {
    j.attributeObject(
        "args", [&] { j.attribute("name", "rank " + std::to_string(rank)); });
  });
  llvm::DenseSet<uint32_t> lanes;
  for (const Event &e : events)
    lanes.insert(e.kind == Kind::Queue ? 0 : e.lane);
  for (const MessageRun &m : messages)
    lanes.insert(m.lane);
  for (const CompileRun &c : compiles)
    lanes.insert(c.lane);
  {
    LaneNames &names = laneNames();
    std::lock_guard<std::mutex> lock(names.mutex);
    for (uint32_t lane : lanes) {
      auto it = names.names.find(lane);
      std::string name = lane == 0 ? "ready queue"
                         : it != names.names.end()
                             ? it->second
                             : "thread " + std::to_string(lane);
      event("M", "thread_name", lane, [&](OStream &j) {
        j.attributeObject("args", [&] { j.attribute("name", name); });
      });
    }
  }

  uint64_t asyncId = uint64_t(rank) << 40;
  for (const Event &e : events) {
    const auto &[name, location] = info(e.op);
    auto args = [&](OStream &j) {
      j.attributeObject("args", [&] {
        j.attribute("location", location);
        j.attribute("bytes", int64_t(e.value));
        if (e.bodyRuns) {
          j.attribute("body_runs", int64_t(e.bodyRuns));
          time(j, "body_us", converter.durationUs(e.bodyTicks));
        }
      });
    };
    switch (e.kind) {
    case Kind::Op:
      event("X", name, e.lane, [&](OStream &j) {
        j.attribute("cat", "op");
        span(j, e.start, e.end);
        args(j);
      });
      break;
    case Kind::AsyncOp:
      ++asyncId;
      event("b", name, e.lane, [&](OStream &j) {
        j.attribute("cat", "op");
        j.attribute("id", int64_t(asyncId));
        time(j, "ts", converter.toUs(e.start));
        args(j);
      });
      event("e", name, e.lane, [&](OStream &j) {
        j.attribute("cat", "op");
        j.attribute("id", int64_t(asyncId));
        time(j, "ts", converter.toUs(e.end));
      });
      break;
    case Kind::Queue:
      event("X", "queue: " + name, 0, [&](OStream &j) {
        j.attribute("cat", "queue");
        span(j, e.start, e.end);
        j.attributeObject(
            "args", [&] { time(j, "wait_us", converter.durationUs(e.value)); });
      });
      break;
    }
  }

  for (const MessageRun &m : messages) {
    event("X", m.send ? "send" : "recv", m.lane, [&](OStream &j) {
      j.attribute("cat", "comm");
      span(j, m.start, m.end);
      j.attributeObject("args", [&] {
        j.attribute("peer", m.peer);
        j.attribute("tag", m.tag);
        j.attribute("bytes", int64_t(m.bytes));
        if (!m.send)
          time(j, "wait_us", converter.durationUs(m.waitTicks));
      });
    });
    event(m.send ? "s" : "f", "message", m.lane, [&](OStream &j) {
      j.attribute("cat", "comm");
      j.attribute("id", int64_t(m.flowId));
      time(j, "ts", std::round(converter.toUs(m.start) * 1000) / 1000);
      if (!m.send)
        j.attribute("bp", "e");
    });
  }

  for (const CompileRun &c : compiles) {
    static const char *const sources[] = {"none", "memory", "disk"};
    event("X", c.function, c.lane, [&](OStream &j) {
      j.attribute("cat", "jit.compile");
      span(j, c.start, c.end);
      j.attributeObject("args", [&] {
        j.attribute("ops", int64_t(c.ops));
        j.attribute("cache_hit", sources[size_t(c.source)]);
      });
    });
  }

  for (const Sample &s : samples) {
    std::pair<const char *, uint64_t> counters[] = {
        {"active tasks", s.activeTasks},
        {"ready queue", s.readyQueue},
        {"live values", s.liveValues},
        {"bytes in flight", s.bytesInFlight}};
    for (auto [name, value] : counters)
      event("C", name, 0, [&](OStream &j) {
        time(j, "ts", converter.toUs(s.tick));
        j.attributeObject("args",
                          [&] { j.attribute("value", int64_t(value)); });
      });
  }

  for (const auto &[op, a] : aggregates) {
    const auto &[name, location] = info(op);
    event("i", "aggregated: " + name, 0, [&](OStream &j) {
      j.attribute("s", "p");
      time(j, "ts", converter.toUs(a.lastEnd));
      j.attributeObject("args", [&] {
        j.attribute("location", location);
        j.attribute("count", int64_t(a.count));
        time(j, "total_us", converter.durationUs(a.ticks));
      });
    });
  }
  std::vector<std::string> what = aggregated();
  if (!what.empty())
    event("M", "trace aggregated", 0, [&](OStream &j) {
      j.attributeObject("args", [&] {
        j.attribute("max_events", int64_t(maxEvents));
        j.attributeArray("what", [&] {
          for (const std::string &line : what)
            j.value(line);
        });
      });
    });
}
