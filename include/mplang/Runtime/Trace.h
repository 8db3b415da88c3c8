//===- Trace.h - Chrome trace events of a run -------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_TRACE_H
#define MPLANG_RUNTIME_TRACE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace mplang::rt {

/// The events of one rank's run (docs/runtime.md, "Traces"), kept compact:
/// an event refers to its op and holds ticks (mplang/Runtime/Clock.h); names
/// and locations are looked up once per op when the trace is written, by
/// streaming. Events are recorded by the rank's scheduling thread only, each
/// with the lane (thread) that did the work. Once `maxEvents` events are
/// held, further ops are aggregated per op and messages counted.
class Tracer {
public:
  static constexpr size_t kDefaultMaxEvents = 1 << 15;
  explicit Tracer(int64_t rank, size_t maxEvents = kDefaultMaxEvents);

  /// The calling thread's lane (the trace's `tid`): small, unique in the
  /// process, never 0 (the lane of queue waits).
  static uint32_t currentLane();
  /// Names the calling thread's lane ("scheduler", "pool 1").
  static void nameCurrentThread(std::string name);

  struct OpRun {
    mlir::Operation *op;
    uint32_t lane;
    uint64_t ready, start, end;
    uint64_t bytes;
    /// Waited for something (a message, a region): an async slice.
    bool async;
    /// Per-element region runs summarized into this op, and their time.
    uint32_t bodyRuns;
    uint64_t bodyTicks;
  };
  void op(const OpRun &run) {
    if (full())
      return aggregate(run.op, run.end - run.start, run.end);
    // Clipped to start after the previous queue slice: waits overlap, but
    // slices on one lane must not.
    uint64_t queued = std::max(run.ready, queueEnd);
    if (run.start > queued + minQueueTicks)
      queueSlice(run, queued);
    events.push_back({run.start, run.end, run.op, run.bytes, run.bodyTicks,
                      run.bodyRuns, run.lane,
                      run.async ? Kind::AsyncOp : Kind::Op});
    ++held;
  }
  /// Inline ops timed together from `start` to `end` on `lane`
  /// (Monitor::inlineStarting): one slice. `ops`: each op once, in order,
  /// with how often it ran; at most kMaxGroupOps runs in all.
  static constexpr size_t kMaxGroupOps = 64;
  struct OpCount {
    mlir::Operation *op;
    uint64_t count;
  };
  void group(llvm::ArrayRef<OpCount> ops, uint32_t lane, uint64_t start,
             uint64_t end);

  struct MessageRun {
    bool send;
    int64_t peer, tag;
    uint64_t bytes, flowId;
    uint32_t lane;
    uint64_t start, end;
    /// Receives: from posting the receive to the message's arrival.
    uint64_t waitTicks;
  };
  void message(const MessageRun &run);
  /// Both ends of a message derive its flow id from (src, dst, key).
  static uint64_t flowId(int64_t src, int64_t dst, const std::string &key);

  /// Where the code of a group of local code came from (docs/jit.md).
  enum class CompileSource : uint8_t { Compiled, MemoryCache, DiskCache };
  /// One outlined group's code, got before the run on the thread that
  /// built the rank's plans.
  struct CompileRun {
    std::string function;
    uint64_t ops;
    CompileSource source;
    uint32_t lane;
    uint64_t start, end;
  };
  void compile(const CompileRun &run);

  struct Counters {
    uint64_t activeTasks = 0, readyQueue = 0, liveValues = 0, bytesInFlight = 0;
    bool operator==(const Counters &o) const {
      return activeTasks == o.activeTasks && readyQueue == o.readyQueue &&
             liveValues == o.liveValues && bytesInFlight == o.bytesInFlight;
    }
  };
  /// Keeps a sample when the last one is old enough and the counters
  /// changed since; the minimum gap doubles whenever the samples fill up.
  void sample(uint64_t tick, const Counters &counters) {
    if (tick - lastSampleTick >= sampleGapTicks && !(counters == lastSample))
      sampleNow(tick, counters);
  }

  /// What was aggregated for lack of room ("12 ops of 'scf.yield' at
  /// loc(...)", most first), empty when nothing was.
  std::vector<std::string> aggregated() const;
  /// Warns on `os` that rank `rank`'s trace aggregated `what`.
  static void warnAggregated(int64_t rank, llvm::ArrayRef<std::string> what,
                             llvm::raw_ostream &os);

  /// Writes the events of every rank as one Chrome trace JSON object, each
  /// rank a process named "rank N".
  static void write(llvm::ArrayRef<const Tracer *> ranks,
                    llvm::raw_ostream &os);

private:
  friend class TraceWriter;

  /// Append-only records in chunks that never move: no copying as it
  /// grows, one allocation per 4096 records.
  template <typename T> class Buffer {
  public:
    void push_back(const T &record) {
      if (next == limit)
        grow();
      *next++ = record;
    }
    size_t size() const {
      return chunks.empty() ? 0 : chunks.size() * kChunk - (limit - next);
    }
    void append(llvm::ArrayRef<T> records) {
      while (!records.empty()) {
        if (next == limit)
          grow();
        size_t n = std::min<size_t>(records.size(), limit - next);
        next = std::copy_n(records.begin(), n, next);
        records = records.drop_front(n);
      }
    }
    const T &operator[](size_t i) const {
      return chunks[i / kChunk][i % kChunk];
    }
    template <typename Fn> void forEach(Fn fn) const {
      for (size_t c = 0; c < chunks.size(); ++c)
        for (const T *r = chunks[c].get(),
                     *end = c + 1 < chunks.size() ? r + kChunk : next;
             r != end; ++r)
          fn(*r);
    }

  private:
    void grow() {
      chunks.emplace_back(new T[kChunk]);
      next = chunks.back().get();
      limit = next + kChunk;
    }
    static constexpr size_t kChunk = 4096;
    std::vector<std::unique_ptr<T[]>> chunks;
    T *next = nullptr, *limit = nullptr;
  };

  enum class Kind : uint8_t { Op, AsyncOp, Queue, Group };
  /// 56 bytes.
  struct Event {
    uint64_t start, end;
    mlir::Operation *op;
    /// Op: bytes produced. Queue: the whole wait, in ticks. Group: its
    /// number of distinct ops.
    uint64_t value;
    /// Group: the index of its first op count in `groupOps`.
    uint64_t bodyTicks;
    /// Group: its number of ops.
    uint32_t bodyRuns, lane;
    Kind kind;
  };
  /// 32 bytes.
  struct Sample {
    uint64_t tick;
    uint32_t activeTasks, readyQueue;
    uint64_t liveValues, bytesInFlight;
  };
  struct Aggregate {
    uint64_t count = 0, ticks = 0, lastEnd = 0;
  };
  bool full() const { return held >= maxEvents; }
  void sampleNow(uint64_t tick, const Counters &counters);
  void aggregate(mlir::Operation *op, uint64_t ticks, uint64_t lastEnd,
                 uint64_t count = 1);
  void queueSlice(const OpRun &run, uint64_t queued);
  void writeRank(llvm::raw_ostream &os, bool &first) const;

  int64_t rank;
  size_t maxEvents;
  Buffer<Event> events;
  Buffer<MessageRun> messages;
  /// The ops of the Group events and how often each ran, in order.
  Buffer<OpCount> groupOps;
  /// Events and messages held.
  size_t held = 0;
  /// One per call of an outlined function in the program: bounded by it.
  std::vector<CompileRun> compiles;
  std::vector<Sample> samples;
  Counters lastSample;
  uint64_t sampleGapTicks, lastSampleTick = 0;
  /// Shorter waits in the ready queue are not worth a slice.
  uint64_t minQueueTicks;
  /// Where the last queue slice ended: queue slices never overlap.
  uint64_t queueEnd = 0;
  llvm::DenseMap<mlir::Operation *, Aggregate> aggregates;
  uint64_t messagesCounted = 0;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_TRACE_H
