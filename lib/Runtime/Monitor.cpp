//===- Monitor.cpp - statistics and trace of one rank's run ---------------===//

#include "mplang/Runtime/Monitor.h"
#include "mplang/Runtime/Clock.h"

#include "mlir/IR/Operation.h"

using namespace mplang::rt;

void Monitor::runStarted(uint64_t tick) {
  stats = RunStatistics();
  stats.rank = rank;
  counters = Tracer::Counters();
  startTick = lastTick = tick;
  receiveWaitTicks = 0;
  activeIntegral = queueIntegral = 0;
  kinds.clear();
  std::fill(std::begin(kindCache), std::end(kindCache), KindCache());
  peers.clear();
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
  advance(tick);
  counters.readyQueue = queued;
  if (tracer)
    tracer->sample(tick, counters);
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
  advance(tick);
  if (tracer)
    tracer->sample(tick, counters);
  clock::TickConverter converter;
  double wall = tick - startTick;
  stats.wallUs = converter.durationUs(tick - startTick);
  stats.averageActiveTasks = wall > 0 ? double(activeIntegral) / wall : 0;
  stats.averageQueueLength = wall > 0 ? double(queueIntegral) / wall : 0;
  stats.peakLiveValues = peakLiveValues;
  stats.receiveWaitUs = converter.durationUs(receiveWaitTicks);
  for (auto &[id, traffic] : peers)
    stats.peers.push_back(traffic);
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
