//===- Statistics.cpp - printing and encoding run statistics --------------===//

#include "mplang/Runtime/Statistics.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace mplang::rt;
using llvm::format;

void mplang::rt::printStatistics(llvm::ArrayRef<RunStatistics> ranks,
                                 llvm::raw_ostream &os) {
  for (const RunStatistics &s : ranks) {
    os << "rank " << s.rank << ": " << format("%.3f", s.wallUs / 1000)
       << " ms, " << s.opsExecuted << " ops, "
       << format("%.0f", s.opsPerSecond()) << " ops/s\n";
    os << "  active tasks: average " << format("%.2f", s.averageActiveTasks)
       << ", peak " << s.peakActiveTasks << "; ready queue: average "
       << format("%.2f", s.averageQueueLength) << "; peak live values "
       << s.peakLiveValues << "\n";
    os << "  waiting for messages: " << format("%.3f", s.receiveWaitUs / 1000)
       << " ms\n";
    for (const PeerTraffic &p : s.peers)
      os << "  peer " << p.peer << ": sent " << p.messagesSent << " messages, "
         << p.bytesSent << " bytes; received " << p.messagesReceived
         << " messages, " << p.bytesReceived << " bytes\n";
    if (s.jitCompiled || s.jitMemoryHits || s.jitDiskHits)
      os << "  jit: " << s.jitCompiled << " groups compiled, "
         << s.jitMemoryHits << " from memory, " << s.jitDiskHits
         << " from disk, in " << format("%.3f", s.jitCompileUs / 1000)
         << " ms\n";
    if (!s.measured.empty())
      os << "  measured ops (calls, elements, messages sent, bytes sent, "
            "rounds):\n";
    for (const MeasuredOp &m : s.measured)
      os << "    " << llvm::left_justify(m.op, 16) << " "
         << llvm::right_justify(std::to_string(m.calls), 6) << " "
         << llvm::right_justify(std::to_string(m.elements), 10) << " "
         << llvm::right_justify(std::to_string(m.messagesSent), 8) << " "
         << llvm::right_justify(std::to_string(m.bytesSent), 12) << " "
         << llvm::right_justify(m.rounds < 0 ? "?" : std::to_string(m.rounds),
                                6)
         << "\n";
    if (!s.topOps.empty())
      os << "  op kinds by total time (count, total ms, mean us):\n";
    for (const OpKindTime &k : s.topOps)
      os << "    " << llvm::left_justify(k.name, 24) << " "
         << llvm::right_justify(std::to_string(k.count), 9) << " "
         << format("%10.3f %10.2f", k.totalUs / 1000,
                   k.count ? k.totalUs / k.count : 0.0)
         << "\n";
  }
}

static void writeRank(llvm::json::OStream &j, const RunStatistics &s) {
  j.object([&] {
    j.attribute("rank", s.rank);
    j.attribute("wall_us", s.wallUs);
    j.attribute("ops", int64_t(s.opsExecuted));
    j.attribute("ops_per_s", s.opsPerSecond());
    j.attribute("average_active_tasks", s.averageActiveTasks);
    j.attribute("peak_active_tasks", int64_t(s.peakActiveTasks));
    j.attribute("average_queue_length", s.averageQueueLength);
    j.attribute("peak_live_values", int64_t(s.peakLiveValues));
    j.attribute("receive_wait_us", s.receiveWaitUs);
    j.attributeArray("peers", [&] {
      for (const PeerTraffic &p : s.peers)
        j.object([&] {
          j.attribute("peer", p.peer);
          j.attribute("messages_sent", int64_t(p.messagesSent));
          j.attribute("bytes_sent", int64_t(p.bytesSent));
          j.attribute("messages_received", int64_t(p.messagesReceived));
          j.attribute("bytes_received", int64_t(p.bytesReceived));
        });
    });
    j.attributeArray("top_ops", [&] {
      for (const OpKindTime &k : s.topOps)
        j.object([&] {
          j.attribute("name", k.name);
          j.attribute("count", int64_t(k.count));
          j.attribute("total_us", k.totalUs);
          j.attribute("mean_us", k.count ? k.totalUs / k.count : 0.0);
        });
    });
    j.attribute("jit_groups_compiled", int64_t(s.jitCompiled));
    j.attribute("jit_memory_hits", int64_t(s.jitMemoryHits));
    j.attribute("jit_disk_hits", int64_t(s.jitDiskHits));
    j.attribute("jit_compile_us", s.jitCompileUs);
    j.attributeArray("measured_ops", [&] {
      for (const MeasuredOp &m : s.measured)
        j.object([&] {
          j.attribute("op", m.op);
          j.attribute("calls", int64_t(m.calls));
          j.attribute("elements", int64_t(m.elements));
          j.attribute("messages_sent", int64_t(m.messagesSent));
          j.attribute("bytes_sent", int64_t(m.bytesSent));
          j.attribute("rounds", m.rounds);
        });
    });
  });
}

void mplang::rt::writeStatisticsJson(llvm::ArrayRef<RunStatistics> ranks,
                                     llvm::raw_ostream &os) {
  llvm::json::OStream j(os, 2);
  j.object([&] {
    j.attributeArray("ranks", [&] {
      for (const RunStatistics &s : ranks)
        writeRank(j, s);
    });
  });
  os << "\n";
}

std::string mplang::rt::statisticsToJson(const RunStatistics &stats) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::json::OStream j(os);
  writeRank(j, stats);
  return text;
}

Status mplang::rt::statisticsFromJson(llvm::StringRef text, RunStatistics &s) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  if (!parsed)
    return Status::error("bad statistics: " + toString(parsed.takeError()));
  llvm::json::Path::Root root;
  llvm::json::ObjectMapper o(*parsed, root);
  auto u64 = [&](llvm::StringRef key, uint64_t &out,
                 const llvm::json::Object &obj) {
    std::optional<int64_t> v = obj.getInteger(key);
    out = v && *v >= 0 ? uint64_t(*v) : 0;
    return v && *v >= 0;
  };
  const llvm::json::Object *obj = parsed->getAsObject();
  bool ok = obj && o.map("rank", s.rank) && o.map("wall_us", s.wallUs) &&
            u64("ops", s.opsExecuted, *obj) &&
            o.map("average_active_tasks", s.averageActiveTasks) &&
            u64("peak_active_tasks", s.peakActiveTasks, *obj) &&
            o.map("average_queue_length", s.averageQueueLength) &&
            u64("peak_live_values", s.peakLiveValues, *obj) &&
            o.map("receive_wait_us", s.receiveWaitUs) &&
            u64("jit_groups_compiled", s.jitCompiled, *obj) &&
            u64("jit_memory_hits", s.jitMemoryHits, *obj) &&
            u64("jit_disk_hits", s.jitDiskHits, *obj) &&
            o.map("jit_compile_us", s.jitCompileUs);
  const llvm::json::Array *peers = obj ? obj->getArray("peers") : nullptr;
  const llvm::json::Array *top = obj ? obj->getArray("top_ops") : nullptr;
  const llvm::json::Array *measured =
      obj ? obj->getArray("measured_ops") : nullptr;
  ok = ok && peers && top && measured;
  for (size_t i = 0; ok && i < peers->size(); ++i) {
    const llvm::json::Object *p = (*peers)[i].getAsObject();
    PeerTraffic t;
    std::optional<int64_t> peer = p ? p->getInteger("peer") : std::nullopt;
    ok = peer && u64("messages_sent", t.messagesSent, *p) &&
         u64("bytes_sent", t.bytesSent, *p) &&
         u64("messages_received", t.messagesReceived, *p) &&
         u64("bytes_received", t.bytesReceived, *p);
    t.peer = peer.value_or(0);
    s.peers.push_back(t);
  }
  for (size_t i = 0; ok && i < top->size(); ++i) {
    const llvm::json::Object *k = (*top)[i].getAsObject();
    OpKindTime t;
    std::optional<llvm::StringRef> name =
        k ? k->getString("name") : std::nullopt;
    std::optional<double> total = k ? k->getNumber("total_us") : std::nullopt;
    ok = name && total && u64("count", t.count, *k);
    t.name = name.value_or("").str();
    t.totalUs = total.value_or(0);
    s.topOps.push_back(std::move(t));
  }
  for (size_t i = 0; ok && i < measured->size(); ++i) {
    const llvm::json::Object *k = (*measured)[i].getAsObject();
    MeasuredOp m;
    std::optional<llvm::StringRef> op = k ? k->getString("op") : std::nullopt;
    std::optional<int64_t> rounds = k ? k->getInteger("rounds") : std::nullopt;
    ok = op && rounds && u64("calls", m.calls, *k) &&
         u64("elements", m.elements, *k) &&
         u64("messages_sent", m.messagesSent, *k) &&
         u64("bytes_sent", m.bytesSent, *k);
    m.op = op.value_or("").str();
    m.rounds = rounds.value_or(0);
    s.measured.push_back(std::move(m));
  }
  if (!ok)
    return Status::error("bad statistics: a field is missing or malformed");
  return Status::ok();
}
