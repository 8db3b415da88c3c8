//===- Trace.cpp - Chrome trace events of a run -----------------*- C++ -*-===//

#include "mplang/Runtime/Trace.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/JSON.h"
#include <chrono>
#include <functional>
#include <thread>

using namespace mplang::rt;

uint64_t Tracer::nowUs() {
  using namespace std::chrono;
  return duration_cast<microseconds>(steady_clock::now().time_since_epoch())
      .count();
}

uint64_t Tracer::currentThreadId() {
  return std::hash<std::thread::id>()(std::this_thread::get_id()) % 100000;
}

static std::string locationOf(mlir::Operation *op) {
  std::string str;
  llvm::raw_string_ostream os(str);
  op->getLoc().print(os);
  return str;
}

void Tracer::add(Event event) {
  std::lock_guard<std::mutex> lock(mutex);
  if (events.size() >= maxEvents) {
    ++dropped;
    return;
  }
  events.push_back(std::move(event));
}

void Tracer::opEvent(mlir::Operation *op, uint64_t readyUs, uint64_t startUs,
                     uint64_t endUs, size_t bytes) {
  std::string name = op->getName().getStringRef().str();
  uint64_t tid = currentThreadId();
  // Ready but not yet running: time spent in the scheduler's queue.
  if (startUs > readyUs)
    add({'X', "queue: " + name, "scheduler", "", readyUs, startUs - readyUs, 0,
         tid, 0});
  add({'X', name, "op", locationOf(op), startUs, endUs - startUs, 0, tid,
       bytes});
}

void Tracer::flow(bool start, uint64_t id, uint64_t tsUs, uint64_t tid) {
  add({start ? 's' : 'f', "message", "comm", "", tsUs, 0, id, tid, 0});
}

uint64_t Tracer::flowId(int64_t src, int64_t dst, const std::string &key) {
  return llvm::hash_combine(src, dst, key) & 0xffffffffffffULL;
}

void Tracer::write(llvm::ArrayRef<const Tracer *> ranks,
                   llvm::raw_ostream &os) {
  llvm::json::Array events;
  for (const Tracer *tracer : ranks) {
    events.push_back(llvm::json::Object{
        {"ph", "M"},
        {"name", "process_name"},
        {"pid", tracer->rank},
        {"args", llvm::json::Object{
                     {"name", "rank " + std::to_string(tracer->rank)}}}});
    std::lock_guard<std::mutex> lock(tracer->mutex);
    for (const Event &e : tracer->events) {
      llvm::json::Object event{{"ph", std::string(1, e.phase)},
                               {"name", e.name},
                               {"cat", e.cat},
                               {"pid", tracer->rank},
                               {"tid", static_cast<int64_t>(e.tid)},
                               {"ts", static_cast<int64_t>(e.ts)}};
      if (e.phase == 'X') {
        event["dur"] = static_cast<int64_t>(e.dur);
        if (!e.location.empty())
          event["args"] =
              llvm::json::Object{{"location", e.location},
                                 {"bytes", static_cast<int64_t>(e.bytes)}};
      } else {
        event["id"] = static_cast<int64_t>(e.id);
        if (e.phase == 'f')
          event["bp"] = "e";
      }
      events.push_back(std::move(event));
    }
    if (tracer->dropped)
      events.push_back(llvm::json::Object{
          {"ph", "i"},
          {"s", "p"},
          {"name", "trace truncated"},
          {"pid", tracer->rank},
          {"tid", 0},
          {"ts", static_cast<int64_t>(
                     tracer->events.empty() ? 0 : tracer->events.back().ts)},
          {"args",
           llvm::json::Object{
               {"kept", static_cast<int64_t>(tracer->events.size())},
               {"dropped", static_cast<int64_t>(tracer->dropped)}}}});
  }
  os << llvm::json::Value(llvm::json::Object{{"traceEvents", std::move(events)},
                                             {"displayTimeUnit", "ms"}});
}
