//===- TraceWriter.h - one rank's trace as Chrome trace JSON ----*- C++ -*-===//
//
// Writes the events a Tracer holds, one event per line, one method per event
// family. Ops' names and locations are looked up once per op and escaped
// once; the most frequent events (op slices, groups, counters) are written
// without a JSON writer.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_RUNTIME_TRACEWRITER_H
#define MPLANG_LIB_RUNTIME_TRACEWRITER_H

#include "mplang/Runtime/Clock.h"
#include "mplang/Runtime/Trace.h"

#include "llvm/Support/JSON.h"
#include <unordered_map>

namespace mplang::rt {

class TraceWriter {
public:
  /// Writes rank `rank`'s events to `os`; `first` says whether no event of
  /// the trace was written yet, and is cleared by the first one.
  TraceWriter(llvm::raw_ostream &os, int64_t rank, bool &first)
      : os(os), rank(rank), first(first), asyncId(uint64_t(rank) << 40) {}

  /// An op's name ("step" for the ops of synthetic plans) and location.
  static std::string opName(mlir::Operation *op);
  static std::string opLocation(mlir::Operation *op);

  /// Metadata: the rank's process name, and a lane's thread name.
  void processName();
  void threadName(uint32_t lane, llvm::StringRef name);
  /// An op that ran on `e.lane`: a complete slice.
  void op(const Tracer::Event &e);
  /// An op that waited for something: an async begin and end.
  void asyncOp(const Tracer::Event &e);
  /// Inline ops timed together; `ops` are its op counts.
  void group(const Tracer::Event &e,
             const Tracer::Buffer<Tracer::OpCount> &ops);
  /// A wait in the ready queue, on lane 0.
  void queueWait(const Tracer::Event &e);
  /// A send or receive slice and its flow event.
  void message(const Tracer::MessageRun &m);
  /// The compilation (or cache load) of a group of local code.
  void compile(const Tracer::CompileRun &c);
  /// One sample of the four counters.
  void counters(const Tracer::Sample &s);
  /// The op runs counted for `op` once the trace was full.
  void aggregate(mlir::Operation *op, const Tracer::Aggregate &a);
  /// What was aggregated, as Tracer::aggregated says, and the bound.
  void aggregatedNote(llvm::ArrayRef<std::string> what, size_t maxEvents);

private:
  /// An op's name and location, also as JSON strings.
  struct Interned {
    std::string name, location, nameJson, locationJson;
  };
  const Interned &info(mlir::Operation *op);
  /// Starts the next event's line.
  void next() {
    os << (first ? "\n" : ",\n");
    first = false;
  }
  /// An event written with a JSON writer: phase, name, process and lane,
  /// then what `fill` adds.
  template <typename Fill>
  void event(const char *phase, llvm::StringRef name, uint32_t lane, Fill fill);
  /// Microseconds with three decimals.
  void time(llvm::json::OStream &j, llvm::StringRef key, double us);
  /// `ts` and `dur` from rounded ends, so that slices that touch never
  /// overlap.
  void span(llvm::json::OStream &j, uint64_t start, uint64_t end);
  /// Writes an `X` slice up to its args' opening brace; `writeName` writes
  /// the name as JSON.
  template <typename WriteName>
  void rawSlice(llvm::StringRef category, uint32_t lane, uint64_t start,
                uint64_t end, WriteName writeName);

  llvm::raw_ostream &os;
  int64_t rank;
  bool &first;
  clock::TickConverter converter;
  // Node-based: references to entries stay valid as it grows.
  std::unordered_map<mlir::Operation *, Interned> interned;
  /// The id of the last async op, unique across ranks.
  uint64_t asyncId;
};

} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_TRACEWRITER_H
