//===- TraceWriter.cpp - one rank's trace as Chrome trace JSON ------------===//

#include "TraceWriter.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include <cmath>

using namespace mplang::rt;
using llvm::json::OStream;

std::string TraceWriter::opName(mlir::Operation *op) {
  // Synthetic plans (benchmarks) have no ops.
  return op ? op->getName().getStringRef().str() : "step";
}

std::string TraceWriter::opLocation(mlir::Operation *op) {
  std::string str;
  llvm::raw_string_ostream os(str);
  if (op)
    op->getLoc().print(os);
  return str;
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

const TraceWriter::Interned &TraceWriter::info(mlir::Operation *op) {
  auto [it, inserted] = interned.try_emplace(op);
  if (inserted) {
    Interned &in = it->second;
    in.name = opName(op);
    in.location = opLocation(op);
    in.nameJson = quoted(in.name);
    in.locationJson = quoted(in.location);
  }
  return it->second;
}

template <typename Fill>
void TraceWriter::event(const char *phase, llvm::StringRef name, uint32_t lane,
                        Fill fill) {
  next();
  OStream j(os);
  j.object([&] {
    j.attribute("ph", phase);
    j.attribute("name", name);
    j.attribute("pid", rank);
    j.attribute("tid", int64_t(lane));
    fill(j);
  });
}

void TraceWriter::time(OStream &j, llvm::StringRef key, double us) {
  char text[32];
  j.attributeBegin(key);
  j.rawValue(formatMicros(std::llround(us * 1000), text));
  j.attributeEnd();
}

void TraceWriter::span(OStream &j, uint64_t start, uint64_t end) {
  double ts = std::round(converter.toUs(start) * 1000) / 1000;
  time(j, "ts", ts);
  time(j, "dur", std::round(converter.toUs(end) * 1000) / 1000 - ts);
}

template <typename WriteName>
void TraceWriter::rawSlice(llvm::StringRef category, uint32_t lane,
                           uint64_t start, uint64_t end, WriteName writeName) {
  int64_t ts = std::llround(converter.toUs(start) * 1000);
  int64_t dur = std::llround(converter.toUs(end) * 1000) - ts;
  char text[32];
  next();
  os << "{\"ph\":\"X\",\"name\":";
  writeName();
  os << ",\"pid\":" << rank << ",\"tid\":" << lane << ",\"cat\":\"" << category
     << "\",\"ts\":" << formatMicros(ts, text);
  os << ",\"dur\":" << formatMicros(dur, text) << ",\"args\":{";
}

void TraceWriter::processName() {
  event("M", "process_name", 0, [&](OStream &j) {
    j.attributeObject(
        "args", [&] { j.attribute("name", "rank " + std::to_string(rank)); });
  });
}

void TraceWriter::threadName(uint32_t lane, llvm::StringRef name) {
  event("M", "thread_name", lane, [&](OStream &j) {
    j.attributeObject("args", [&] { j.attribute("name", name); });
  });
}

void TraceWriter::op(const Tracer::Event &e) {
  const Interned &in = info(e.op);
  rawSlice("op", e.lane, e.start, e.end, [&] { os << in.nameJson; });
  os << "\"location\":" << in.locationJson << ",\"bytes\":" << e.value;
  if (e.bodyRuns) {
    char text[32];
    os << ",\"body_runs\":" << e.bodyRuns << ",\"body_us\":"
       << formatMicros(std::llround(converter.durationUs(e.bodyTicks) * 1000),
                       text);
  }
  os << "}}";
}

void TraceWriter::asyncOp(const Tracer::Event &e) {
  const Interned &in = info(e.op);
  ++asyncId;
  event("b", in.name, e.lane, [&](OStream &j) {
    j.attribute("cat", "op");
    j.attribute("id", int64_t(asyncId));
    time(j, "ts", converter.toUs(e.start));
    j.attributeObject("args", [&] {
      j.attribute("location", in.location);
      j.attribute("bytes", int64_t(e.value));
      if (e.bodyRuns) {
        j.attribute("body_runs", int64_t(e.bodyRuns));
        time(j, "body_us", converter.durationUs(e.bodyTicks));
      }
    });
  });
  event("e", in.name, e.lane, [&](OStream &j) {
    j.attribute("cat", "op");
    j.attribute("id", int64_t(asyncId));
    time(j, "ts", converter.toUs(e.end));
  });
}

void TraceWriter::group(const Tracer::Event &e,
                        const Tracer::Buffer<Tracer::OpCount> &ops) {
  // Its op kinds, in order of first appearance, and their counts: ops of
  // one name (at several places) merged. A group event holds its number of
  // distinct ops in `value`, the index of the first in `bodyTicks` and its
  // number of op runs in `bodyRuns`.
  llvm::SmallVector<std::pair<const std::string *, uint64_t>, 4> kinds;
  for (uint64_t i = 0; i < e.value; ++i) {
    const Tracer::OpCount &c = ops[e.bodyTicks + i];
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
}

void TraceWriter::queueWait(const Tracer::Event &e) {
  event("X", "queue: " + info(e.op).name, 0, [&](OStream &j) {
    j.attribute("cat", "queue");
    span(j, e.start, e.end);
    j.attributeObject(
        "args", [&] { time(j, "wait_us", converter.durationUs(e.value)); });
  });
}

void TraceWriter::message(const Tracer::MessageRun &m) {
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

void TraceWriter::compile(const Tracer::CompileRun &c) {
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

void TraceWriter::counters(const Tracer::Sample &s) {
  std::pair<const char *, uint64_t> values[] = {
      {"active tasks", s.activeTasks},
      {"ready queue", s.readyQueue},
      {"live values", s.liveValues},
      {"bytes in flight", s.bytesInFlight}};
  // Four per sample: written without a JSON writer.
  char text[32];
  llvm::StringRef ts =
      formatMicros(std::llround(converter.toUs(s.tick) * 1000), text);
  for (auto [name, value] : values) {
    next();
    os << "{\"ph\":\"C\",\"name\":\"" << name << "\",\"pid\":" << rank
       << ",\"tid\":0,\"ts\":" << ts << ",\"args\":{\"value\":" << value
       << "}}";
  }
}

void TraceWriter::aggregate(mlir::Operation *op, const Tracer::Aggregate &a) {
  const Interned &in = info(op);
  event("i", "aggregated: " + in.name, 0, [&](OStream &j) {
    j.attribute("s", "p");
    time(j, "ts", converter.toUs(a.lastEnd));
    j.attributeObject("args", [&] {
      j.attribute("location", in.location);
      j.attribute("count", int64_t(a.count));
      time(j, "total_us", converter.durationUs(a.ticks));
    });
  });
}

void TraceWriter::aggregatedNote(llvm::ArrayRef<std::string> what,
                                 size_t maxEvents) {
  if (what.empty())
    return;
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
