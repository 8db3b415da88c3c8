//===- WorkerOptions.cpp - the worker's flags -----------------------------===//
//
// One declaration per flag, its default taken from WorkerOptions; limits in
// MiB on the command line are bytes in the struct.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"
#include "mplang/Runtime/Cluster/Worker.h"
#include "mplang/Runtime/CommandLine.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mplang::rt;
namespace cl = llvm::cl;

namespace {
struct CLOptions {
  explicit CLOptions(cl::OptionCategory &category)
      : listenHost("listen",
                   cl::desc("Bind this address instead of the endpoint's host "
                            "(e.g. 0.0.0.0)"),
                   cl::cat(category)),
        maxJobMiB("max-job-mib", cl::desc("Largest job submission (MiB)"),
                  cl::init(defaults.maxJobBytes >> 20), cl::cat(category)),
        maxMessageMiB("max-message-mib", cl::desc("Largest peer message (MiB)"),
                      cl::init(defaults.maxMessageBytes >> 20),
                      cl::cat(category)),
        maxEarlyMiB("max-early-mib",
                    cl::desc("Bytes of messages held for jobs not submitted "
                             "yet, in all (MiB)"),
                    cl::init(defaults.maxEarlyBytes >> 20), cl::cat(category)),
        maxEarlyMessages("max-early-messages",
                         cl::desc("Messages held for jobs not submitted yet, "
                                  "in all"),
                         cl::init(defaults.maxEarlyMessages),
                         cl::cat(category)),
        maxHeldMiB("max-held-mib",
                   cl::desc("Bytes of messages a job holds before its "
                            "receives take them (MiB)"),
                   cl::init(defaults.maxHeldBytes >> 20), cl::cat(category)),
        maxHeldMessages("max-held-messages",
                        cl::desc("Messages a job holds before its receives "
                                 "take them"),
                        cl::init(defaults.maxHeldMessages), cl::cat(category)),
        maxTraceEvents("max-trace-events",
                       cl::desc("Trace events a job may ask to keep "
                                "(mplang-run --trace-max-events)"),
                       cl::init(defaults.maxTraceEvents), cl::cat(category)),
        connectRetry("connect-retry",
                     cl::desc("Seconds to retry a peer that is not listening"),
                     cl::init(defaults.connectRetrySeconds), cl::cat(category)),
        retention("retention", cl::desc("Seconds an unfetched result is kept"),
                  cl::init(defaults.retentionSeconds), cl::cat(category)),
        authDeadline("auth-deadline",
                     cl::desc("Seconds a connection has to send an "
                              "authenticated request before it is closed, "
                              "however it trickles its bytes"),
                     cl::init(defaults.authDeadlineSeconds), cl::cat(category)),
        maxUnauthenticated("max-unauthenticated",
                           cl::desc("Connections not authenticated yet at "
                                    "once (1-63); over it the oldest is "
                                    "closed"),
                           cl::init(defaults.maxUnauthenticated),
                           cl::cat(category)),
        maxConnectionsPerPeer("max-connections-per-peer",
                              cl::desc("Connections from one address at once; "
                                       "over it a new one is closed"),
                              cl::init(defaults.maxConnectionsPerPeer),
                              cl::cat(category)),
        approvedPrograms("approved-programs",
                         cl::desc("Run only jobs whose digest (mplang-opt "
                                  "--simp-program-digests) is the last word "
                                  "of a line of FILE"),
                         cl::value_desc("FILE"), cl::cat(category)),
        releaseToDriver("release-to-driver",
                        cl::desc("all: results, kept objects and run details "
                                 "(error texts, statistics, traces) may go to "
                                 "the driver; details: only run details; "
                                 "none: nothing (details go to stderr)"),
                        cl::init("all"), cl::cat(category)) {}

  const WorkerOptions defaults;
  cl::opt<std::string> listenHost;
  cl::opt<uint64_t> maxJobMiB, maxMessageMiB, maxEarlyMiB, maxEarlyMessages,
      maxHeldMiB, maxHeldMessages, maxTraceEvents;
  cl::opt<unsigned> connectRetry, retention, authDeadline, maxUnauthenticated,
      maxConnectionsPerPeer;
  cl::opt<std::string> approvedPrograms, releaseToDriver;
};
} // namespace

void WorkerOptions::registerCLOptions(cl::OptionCategory &category) {
  flags::registerOnce<CLOptions>(category);
  PartyOptions::registerCLOptions(category);
}

StatusOr<WorkerOptions> WorkerOptions::createFromCLOptions() {
  const CLOptions &o = flags::registered<CLOptions>();
  // The connection limits are checked by Worker::bind.
  MPLANG_RETURN_IF_ERROR(
      flags::checkPositive({{&o.maxJobMiB, o.maxJobMiB},
                            {&o.maxMessageMiB, o.maxMessageMiB},
                            {&o.maxHeldMiB, o.maxHeldMiB},
                            {&o.maxHeldMessages, o.maxHeldMessages},
                            {&o.maxTraceEvents, o.maxTraceEvents},
                            {&o.retention, o.retention}}));
  StatusOr<PartyOptions> party = PartyOptions::createFromCLOptions();
  MPLANG_RETURN_IF_ERROR(party);
  WorkerOptions options;
  options.listenHost = o.listenHost;
  options.maxJobBytes = o.maxJobMiB << 20;
  options.maxMessageBytes = o.maxMessageMiB << 20;
  options.maxEarlyBytes = o.maxEarlyMiB << 20;
  options.maxEarlyMessages = o.maxEarlyMessages;
  options.maxHeldBytes = o.maxHeldMiB << 20;
  options.maxHeldMessages = o.maxHeldMessages;
  options.maxTraceEvents = o.maxTraceEvents;
  options.connectRetrySeconds = o.connectRetry;
  options.retentionSeconds = o.retention;
  options.authDeadlineSeconds = o.authDeadline;
  options.maxUnauthenticated = o.maxUnauthenticated;
  options.maxConnectionsPerPeer = o.maxConnectionsPerPeer;
  const std::string &release = o.releaseToDriver;
  if (release != "all" && release != "details" && release != "none")
    return Status::invalidArgument(
        "--release-to-driver takes all, details or none, not '" + release +
        "'");
  options.releaseToDriver = release == "all";
  options.releaseDetails = release != "none";
  if (!o.approvedPrograms.empty()) {
    StatusOr<std::set<std::string>> approved =
        loadApprovedPrograms(o.approvedPrograms);
    MPLANG_RETURN_IF_ERROR(approved);
    options.approvedPrograms = *std::move(approved);
  }
  options.party = *std::move(party);
  return options;
}

StatusOr<std::set<std::string>>
mplang::rt::loadApprovedPrograms(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return Status::error("cannot read '" + path +
                         "': " + buffer.getError().message());
  std::set<std::string> digests;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (auto [i, line] : llvm::enumerate(lines)) {
    line = line.split('#').first.trim();
    if (line.empty())
      continue;
    llvm::StringRef digest = line.rsplit(' ').second;
    if (digest.empty())
      digest = line;
    std::string where = (path + ":" + llvm::Twine(i + 1) + ": '").str();
    if (digest.starts_with("sha256:"))
      return Status::error(
          where + digest +
          "' approves a program but not what runs (its entry and how its "
          "arguments are bound): approve the job-sha256: line mplang-opt "
          "--simp-program-digests prints for the invocation "
          "(docs/deployment.md)");
    llvm::StringRef hex = digest;
    if (!hex.consume_front(mlir::simp::kJobDigestPrefix) || hex.size() != 64 ||
        !llvm::all_of(hex, [](char c) { return llvm::isHexDigit(c); }) ||
        hex.lower() != hex)
      return Status::error(where + digest +
                           "' is not job-sha256: and 64 lowercase hex digits");
    digests.insert(digest.str());
  }
  return digests;
}
