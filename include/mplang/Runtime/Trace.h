//===- Trace.h - Chrome trace events of a run -------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_TRACE_H
#define MPLANG_RUNTIME_TRACE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace mplang::rt {

/// Collects the events of one rank: an `X` event per executed op (name = op
/// name, args = location and bytes produced), a scheduling-delay event when
/// an op waited after becoming ready, and flow events from each send to its
/// receive. Thread-safe. Keeps at most `maxEvents` events (a loop runs ops
/// without end) and notes how many it dropped.
class Tracer {
public:
  static constexpr size_t kDefaultMaxEvents = 1 << 20;
  explicit Tracer(int64_t rank, size_t maxEvents = kDefaultMaxEvents)
      : rank(rank), maxEvents(maxEvents) {}

  static uint64_t nowUs();
  /// A small id of the calling thread, for the `tid` of events.
  static uint64_t currentThreadId();
  void opEvent(mlir::Operation *op, uint64_t readyUs, uint64_t startUs,
               uint64_t endUs, size_t bytes);
  /// `id` names the message on both ends: sender and receiver compute it
  /// from the same (src, dst, key). `tid` is the thread whose op slice the
  /// flow starts or ends in.
  void flow(bool start, uint64_t id, uint64_t tsUs, uint64_t tid);
  static uint64_t flowId(int64_t src, int64_t dst, const std::string &key);

  /// Writes the events of every rank as one Chrome trace JSON object, with
  /// each rank as a process named "rank N".
  static void write(llvm::ArrayRef<const Tracer *> ranks,
                    llvm::raw_ostream &os);

private:
  struct Event {
    char phase;
    std::string name, cat, location;
    uint64_t ts, dur, id, tid;
    size_t bytes;
  };
  void add(Event event);

  int64_t rank;
  size_t maxEvents;
  mutable std::mutex mutex;
  std::vector<Event> events;
  uint64_t dropped = 0;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_TRACE_H
