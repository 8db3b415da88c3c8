//===- Monitor.cpp - statistics and trace of one rank's run ---------------===//

#include "mplang/Runtime/Monitor.h"
#include "mplang/Dialect/Simp/IR/Measure.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Runtime/Clock.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringMap.h"

using namespace mplang::rt;

Monitor::Monitor(int64_t rank, Tracer *tracer)
    : rank(rank), tracer(tracer),
      fastTicks(uint64_t(kFastUs * clock::ticksPerUs())) {}

void Monitor::runStarted(uint64_t tick, uint32_t schedulerLane) {
  inlineLane = schedulerLane;
  liveValues = liveBytes = nullptr;
  stats = RunStatistics();
  stats.rank = rank;
  counters = Tracer::Counters();
  startTick = lastTick = tick;
  receiveWaitTicks = 0;
  activeIntegral = queueIntegral = 0;
  kinds.clear();
  std::fill(std::begin(kindCache), std::end(kindCache), KindCache());
  peers.clear();
  measuredSites.clear();
  siteTraffic.clear();
  numPending = numDistinct = 0;
  inlineInto = nullptr;
}

void Monitor::startAlone(KindCache &entry, mlir::Operation *op) {
  settle();
  if (entry.op != op || !entry.totals)
    entry = {op, &lookUpKind(op), 0, false};
  alone = &entry;
}

void Monitor::inlineFinishedAlone(uint64_t ready, uint64_t bytes) {
  uint64_t start = lastTick, end = clock::ticks();
  uint64_t ticks = end - start;
  // Made ready by an op of the group just timed: when exactly is not known.
  if (ready == lastGroupStart + 1)
    ready = start;
  alone->fast = ticks < fastTicks;
  record(*alone->totals,
         {alone->op, inlineLane, ready, start, end, bytes, false, 0, 0},
         inlineInto);
  flushCounters(end, 1);
}

void Monitor::flush(uint64_t tick) {
  uint64_t groupStart = lastTick;
  uint64_t span = tick > groupStart ? tick - groupStart : 0;
  unsigned n = numPending;
  if (n) {
    // Equal shares, the last kind taking the remainder: one division.
    uint64_t share = span / n;
    bool slow = span >= fastTicks * n;
    Tracer::OpCount counts[kMaxGroup];
    for (unsigned i = 0; i < numDistinct; ++i) {
      KindCache &entry = *distinct[i];
      uint32_t runs = entry.pendingRuns;
      entry.pendingRuns = 0;
      entry.totals->count += runs;
      entry.totals->ticks += share * runs;
      entry.fast &= !slow;
      counts[i] = {entry.op, runs};
    }
    distinct[numDistinct - 1]->totals->ticks += span - share * n;
    if (inlineInto)
      *inlineInto += span;
    else if (tracer)
      tracer->group({counts, numDistinct}, inlineLane, groupStart,
                    groupStart + span);
    numPending = numDistinct = 0;
    lastGroupStart = groupStart;
  }
  flushCounters(tick, n);
}

void Monitor::flushCounters(uint64_t tick, unsigned n) {
  // Each inline op was one more active task while it ran.
  stats.opsExecuted += n;
  if (n)
    stats.peakActiveTasks =
        std::max(stats.peakActiveTasks, counters.activeTasks + 1);
  if (tick <= lastTick)
    return;
  uint64_t span = tick - lastTick;
  // The scheduling thread ran the group's ops throughout.
  activeIntegral += span * (counters.activeTasks + (n != 0));
  queueIntegral += span * counters.readyQueue;
  lastTick = tick;
  if (n)
    sample(tick);
}

void Monitor::sample(uint64_t tick) {
  if (!tracer)
    return;
  if (liveValues) {
    counters.liveValues = *liveValues;
    counters.bytesInFlight = *liveBytes;
  }
  tracer->sample(tick, counters);
}

void Monitor::record(KindTotals &totals, const Tracer::OpRun &run,
                     uint64_t *summarizeInto) {
  ++totals.count;
  totals.ticks += run.end - run.start;
  if (summarizeInto)
    *summarizeInto += run.end - run.start;
  else if (tracer)
    tracer->op(run);
}

void Monitor::opFinished(const Tracer::OpRun &run, uint64_t *summarizeInto) {
  settle();
  flushCounters(run.end, 0);
  --counters.activeTasks;
  ++stats.opsExecuted;
  record(kindOf(run.op), run, summarizeInto);
  if (run.async)
    noteMeasured(run.op);
  sample(run.end);
}

void Monitor::noteMeasured(mlir::Operation *op) {
  if (!op || !op->hasAttr(mlir::simp::SimpDialect::getMeasureAttrName()))
    return;
  auto site = op->getAttrOfType<mlir::IntegerAttr>(
      mlir::simp::SimpDialect::getSiteAttrName());
  if (!site)
    return;
  auto &entry = measuredSites[site.getInt()];
  entry.first = op;
  ++entry.second;
}

void Monitor::creditSites(const MessageKey &key, uint64_t bytes) {
  // A context is a path of components "s<site>/" and "i<iteration>/".
  llvm::StringRef rest = key.context;
  while (!rest.empty()) {
    auto [part, tail] = rest.split('/');
    rest = tail;
    int64_t site;
    if (part.consume_front("s") && !part.getAsInteger(10, site)) {
      auto &traffic = siteTraffic[site];
      ++traffic.first;
      traffic.second += bytes;
    }
  }
}

void Monitor::summarizeMeasured() {
  llvm::StringMap<MeasuredOp> byOp;
  for (auto &[site, entry] : measuredSites) {
    std::optional<mlir::simp::Measure> m = mlir::simp::getMeasure(entry.first);
    MeasuredOp &total = byOp[m->op];
    total.op = m->op.str();
    uint64_t calls = entry.second;
    auto traffic = siteTraffic.lookup(site);
    total.calls += calls;
    total.elements += calls * m->elements;
    total.messagesSent += traffic.first;
    total.bytesSent += traffic.second;
    total.rounds = total.rounds < 0 || m->rounds < 0
                       ? -1
                       : total.rounds + int64_t(calls) * m->rounds;
  }
  for (auto &entry : byOp)
    stats.measured.push_back(entry.second);
  llvm::sort(stats.measured, [](const MeasuredOp &a, const MeasuredOp &b) {
    return a.op < b.op;
  });
}

void Monitor::compiled(llvm::ArrayRef<Tracer::CompileRun> runs) {
  for (const Tracer::CompileRun &run : runs) {
    using Source = Tracer::CompileSource;
    ++(run.source == Source::Compiled      ? stats.jitCompiled
       : run.source == Source::MemoryCache ? stats.jitMemoryHits
                                           : stats.jitDiskHits);
    stats.jitCompileUs += (run.end - run.start) / clock::ticksPerUs();
    if (tracer)
      tracer->compile(run);
  }
}

Monitor::KindTotals &Monitor::lookUpKind(mlir::Operation *op) {
  const void *kind = op ? op->getName().getAsOpaquePointer() : nullptr;
  size_t size = kinds.size();
  KindTotals &totals = kinds[kind];
  totals.op = op;
  // Inserting may have moved the entries the cache points to.
  if (kinds.size() != size)
    std::fill(std::begin(kindCache), std::end(kindCache), KindCache());
  return totals;
}

void Monitor::queueLength(uint64_t tick, uint64_t queued) {
  flush(tick);
  counters.readyQueue = queued;
  sample(tick);
}

PeerTraffic &Monitor::peer(int64_t peer) {
  PeerTraffic &traffic = peers[peer];
  traffic.peer = peer;
  return traffic;
}

void Monitor::messageSent(int64_t dst, const MessageKey &key, uint64_t bytes,
                          uint32_t lane, uint64_t start, uint64_t end) {
  PeerTraffic &traffic = peer(dst);
  ++traffic.messagesSent;
  traffic.bytesSent += bytes;
  creditSites(key, bytes);
  if (tracer)
    tracer->message({true, dst, key.tag, bytes,
                     Tracer::flowId(rank, dst, key.str()), lane, start, end,
                     0});
}

void Monitor::messageReceived(int64_t src, const MessageKey &key,
                              uint64_t bytes, uint32_t lane, uint64_t posted,
                              uint64_t arrived, uint64_t start, uint64_t end) {
  PeerTraffic &traffic = peer(src);
  ++traffic.messagesReceived;
  traffic.bytesReceived += bytes;
  uint64_t wait = arrived > posted ? arrived - posted : 0;
  receiveWaitTicks += wait;
  if (tracer)
    tracer->message({false, src, key.tag, bytes,
                     Tracer::flowId(src, rank, key.str()), lane, start, end,
                     wait});
}

void Monitor::runFinished(uint64_t tick, uint64_t peakLiveValues) {
  flush(tick);
  sample(tick);
  clock::TickConverter converter;
  double wall = tick - startTick;
  stats.wallUs = converter.durationUs(tick - startTick);
  stats.averageActiveTasks = wall > 0 ? double(activeIntegral) / wall : 0;
  stats.averageQueueLength = wall > 0 ? double(queueIntegral) / wall : 0;
  stats.peakLiveValues = peakLiveValues;
  stats.receiveWaitUs = converter.durationUs(receiveWaitTicks);
  for (auto &[id, traffic] : peers)
    stats.peers.push_back(traffic);
  summarizeMeasured();
  std::vector<KindTotals> sorted;
  for (auto &[name, totals] : kinds)
    sorted.push_back(totals);
  llvm::sort(sorted, [](const KindTotals &a, const KindTotals &b) {
    return a.ticks > b.ticks;
  });
  sorted.resize(std::min(sorted.size(), RunStatistics::kTopOps));
  for (const KindTotals &k : sorted)
    stats.topOps.push_back(
        {k.op ? k.op->getName().getStringRef().str() : "step", k.count,
         converter.durationUs(k.ticks)});
}
