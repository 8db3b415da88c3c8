//===- Trace.cpp - Chrome trace events of a run -----------------*- C++ -*-===//

#include "mplang/Runtime/Trace.h"
#include "TraceWriter.h"
#include "mplang/Runtime/Clock.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/FormatVariadic.h"
#include <atomic>
#include <map>
#include <mutex>

using namespace mplang::rt;

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

std::vector<std::string> Tracer::aggregated() const {
  std::vector<std::pair<mlir::Operation *, Aggregate>> sorted(
      aggregates.begin(), aggregates.end());
  llvm::sort(sorted, [](const auto &a, const auto &b) {
    return a.second.count > b.second.count;
  });
  std::vector<std::string> lines;
  for (const auto &[op, a] : sorted)
    lines.push_back(llvm::formatv("{0} ops of '{1}' at {2}", a.count,
                                  TraceWriter::opName(op),
                                  TraceWriter::opLocation(op)));
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
  TraceWriter writer(os, rank, first);
  writer.processName();
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
      writer.threadName(lane, lane == 0 ? "ready queue"
                              : it != names.names.end()
                                  ? it->second
                                  : "thread " + std::to_string(lane));
    }
  }
  events.forEach([&](const Event &e) {
    switch (e.kind) {
    case Kind::Op:
      return writer.op(e);
    case Kind::AsyncOp:
      return writer.asyncOp(e);
    case Kind::Group:
      return writer.group(e, groupOps);
    case Kind::Queue:
      return writer.queueWait(e);
    }
  });
  messages.forEach([&](const MessageRun &m) { writer.message(m); });
  for (const CompileRun &c : compiles)
    writer.compile(c);
  for (const Sample &s : samples)
    writer.counters(s);
  for (const auto &[op, a] : aggregates)
    writer.aggregate(op, a);
  writer.aggregatedNote(aggregated(), maxEvents);
}
