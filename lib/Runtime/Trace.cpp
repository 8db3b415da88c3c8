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
#include <unordered_map>

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

void Tracer::aggregate(mlir::Operation *op, uint64_t ticks, uint64_t lastEnd,
                       uint64_t count) {
  Aggregate &a = aggregates[op];
  a.count += count;
  a.ticks += ticks;
  a.lastEnd = std::max(a.lastEnd, lastEnd);
}

void Tracer::queueSlice(const OpRun &run, uint64_t queued) {
  events.push_back(
      {queued, run.start, run.op, run.start - run.ready, 0, 0, 0, Kind::Queue});
  ++held;
  queueEnd = run.start;
}

void Tracer::group(llvm::ArrayRef<OpCount> ops, uint32_t lane, uint64_t start,
                   uint64_t end) {
  uint64_t numOps = 0;
  for (const OpCount &c : ops)
    numOps += c.count;
  assert(numOps <= kMaxGroupOps && "a group is at most kMaxGroupOps");
  if (numOps == 0)
    return;
  if (full()) {
    uint64_t share = (end - start) / numOps;
    for (const OpCount &c : ops)
      aggregate(c.op, share * c.count, end, c.count);
    return;
  }
  events.push_back({start, end, nullptr, ops.size(), groupOps.size(),
                    uint32_t(numOps), lane, Kind::Group});
  ++held;
  groupOps.append(ops);
}

void Tracer::message(const MessageRun &run) {
  if (full()) {
    ++messagesCounted;
  } else {
    messages.push_back(run);
    ++held;
  }
}

void Tracer::compile(const CompileRun &run) { compiles.push_back(run); }

void Tracer::sampleNow(uint64_t tick, const Counters &counters) {
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

/// `ns` nanoseconds as microseconds with three decimals, into `text`:
/// snprintf and formatv would take most of the writing time.
static llvm::StringRef formatMicros(int64_t ns, char (&text)[32]) {
  char *end = text + sizeof(text), *p = end;
  uint64_t n = ns < 0 ? -uint64_t(ns) : uint64_t(ns);
  for (int digit = 0; digit < 3; ++digit, n /= 10)
    *--p = char('0' + n % 10);
  *--p = '.';
  do
    *--p = char('0' + n % 10);
  while (n /= 10);
  if (ns < 0)
    *--p = '-';
  return llvm::StringRef(p, end - p);
}

/// `text` as a JSON string.
static std::string quoted(llvm::StringRef text) {
  std::string out;
  llvm::raw_string_ostream os(out);
  OStream(os).value(text);
  return out;
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
  // A file's own buffer (a block, 4 KiB) would cost a system call per
  // twenty events. Unbuffered streams (strings) stay so.
  constexpr size_t kBuffer = 1 << 20;
  if (os.GetBufferSize() != 0 && os.GetBufferSize() < kBuffer)
    os.SetBufferSize(kBuffer);
  os << "{\"traceEvents\":[";
  bool first = true;
  for (const Tracer *tracer : ranks)
    tracer->writeRank(os, first);
  os << "\n],\"displayTimeUnit\":\"ms\"}\n";
}

void Tracer::writeRank(llvm::raw_ostream &os, bool &first) const {
  clock::TickConverter converter;
  // Per op, its name and location, also as JSON strings.
  struct Interned {
    std::string name, location, nameJson, locationJson;
  };
  // Node-based: references to entries stay valid as it grows.
  std::unordered_map<mlir::Operation *, Interned> interned;
  auto info = [&](mlir::Operation *op) -> const Interned & {
    auto [it, inserted] = interned.try_emplace(op);
    if (inserted) {
      Interned &in = it->second;
      in.name = nameOf(op);
      in.location = locationOf(op);
      in.nameJson = quoted(in.name);
      in.locationJson = quoted(in.location);
    }
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
  // Microseconds with three decimals.
  auto time = [&](OStream &j, llvm::StringRef key, double us) {
    char text[32];
    j.attributeBegin(key);
    j.rawValue(formatMicros(std::llround(us * 1000), text));
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
  events.forEach([&](const Event &e) {
    lanes.insert(e.kind == Kind::Queue ? 0 : e.lane);
  });
  messages.forEach([&](const MessageRun &m) { lanes.insert(m.lane); });
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

  // Most events (ops, groups): written without a JSON writer, names escaped
  // once. Writes an `X` slice up to its args' opening brace; `name` is JSON.
  auto rawSlice = [&](llvm::StringRef category, uint32_t lane, uint64_t start,
                      uint64_t end, auto writeName) {
    int64_t ts = std::llround(converter.toUs(start) * 1000);
    int64_t dur = std::llround(converter.toUs(end) * 1000) - ts;
    char text[32];
    os << (first ? "\n" : ",\n") << "{\"ph\":\"X\",\"name\":";
    writeName();
    os << ",\"pid\":" << rank << ",\"tid\":" << lane << ",\"cat\":\""
       << category << "\",\"ts\":" << formatMicros(ts, text);
    os << ",\"dur\":" << formatMicros(dur, text) << ",\"args\":{";
    first = false;
  };

  uint64_t asyncId = uint64_t(rank) << 40;
  events.forEach([&](const Event &e) {
    const Interned &in = info(e.op);
    const std::string &name = in.name, &location = in.location;
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
    case Kind::Op: {
      rawSlice("op", e.lane, e.start, e.end, [&] { os << in.nameJson; });
      os << "\"location\":" << in.locationJson << ",\"bytes\":" << e.value;
      if (e.bodyRuns) {
        char text[32];
        os << ",\"body_runs\":" << e.bodyRuns << ",\"body_us\":"
           << formatMicros(
                  std::llround(converter.durationUs(e.bodyTicks) * 1000), text);
      }
      os << "}}";
      break;
    }
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
    case Kind::Group: {
      // Its op kinds, in order of first appearance, and their counts: ops
      // of one name (at several places) merged.
      llvm::SmallVector<std::pair<const std::string *, uint64_t>, 4> kinds;
      for (uint64_t i = 0; i < e.value; ++i) {
        const OpCount &c = groupOps[e.bodyTicks + i];
        const std::string *opName = &info(c.op).nameJson;
        auto *it = llvm::find_if(
            kinds, [&](const auto &k) { return *k.first == *opName; });
        if (it == kinds.end())
          kinds.push_back({opName, c.count});
        else
          it->second += c.count;
      }
      rawSlice("op group", e.lane, e.start, e.end, [&] {
        llvm::StringRef only = *kinds[0].first;
        if (e.bodyRuns == 1)
          os << only;
        else if (kinds.size() == 1)
          os << only.drop_back() << " x" << e.bodyRuns << '"';
        else
          os << '"' << e.bodyRuns << " ops\"";
      });
      os << "\"ops\":{";
      for (auto [i, kind] : llvm::enumerate(kinds))
        os << (i ? "," : "") << *kind.first << ':' << kind.second;
      os << "}}}";
      break;
    }
    case Kind::Queue:
      event("X", "queue: " + name, 0, [&](OStream &j) {
        j.attribute("cat", "queue");
        span(j, e.start, e.end);
        j.attributeObject(
            "args", [&] { time(j, "wait_us", converter.durationUs(e.value)); });
      });
      break;
    }
  });

  messages.forEach([&](const MessageRun &m) {
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
  });

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
    // Four per sample: written without a JSON writer.
    char text[32];
    llvm::StringRef ts =
        formatMicros(std::llround(converter.toUs(s.tick) * 1000), text);
    for (auto [name, value] : counters) {
      os << (first ? "\n" : ",\n") << "{\"ph\":\"C\",\"name\":\"" << name
         << "\",\"pid\":" << rank << ",\"tid\":0,\"ts\":" << ts
         << ",\"args\":{\"value\":" << value << "}}";
      first = false;
    }
  }

  for (const auto &[op, a] : aggregates) {
    const Interned &in = info(op);
    const std::string &name = in.name, &location = in.location;
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
