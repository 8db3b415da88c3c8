//===- Worker.h - one party's HTTP server -----------------------*- C++ -*-===//
//
// Serves protocol version 1 (docs/protocol.md): runs submitted jobs with the
// executor, exchanges their messages with peer workers and keeps their
// results until the driver fetches them.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_WORKER_H
#define MPLANG_RUNTIME_CLUSTER_WORKER_H

#include "mplang/Runtime/Backends/PartyOptions.h"
#include "mplang/Runtime/Cluster/ClusterConfig.h"

#include <memory>
#include <optional>
#include <set>

namespace mplang::rt {

struct WorkerOptions {
  int64_t rank = 0;
  /// Address to bind instead of the node's endpoint host.
  std::string listenHost;
  uint64_t maxJobBytes = 256ull << 20;
  uint64_t maxMessageBytes = 1ull << 30;
  /// Concurrent jobs (running, or known from early messages) at most.
  unsigned maxJobs = 64;
  /// Messages held for jobs not submitted yet, in all, at most.
  uint64_t maxEarlyBytes = 256ull << 20;
  uint64_t maxEarlyMessages = 4096;
  /// Messages a running job holds before its receives take them (and large
  /// messages being assembled from parts), per job, at most.
  uint64_t maxHeldBytes = 4ull << 30;
  uint64_t maxHeldMessages = 65536;
  /// Trace events a job may ask to keep (about 64 bytes each), at most.
  uint64_t maxTraceEvents = 1 << 20;
  /// Finished jobs keep their results, and jobs known only from early
  /// messages their mailbox, this long before they are released.
  unsigned retentionSeconds = 60;
  /// How long a peer that is not listening is retried before a send fails.
  unsigned connectRetrySeconds = 10;
  /// Connection limits (docs/protocol.md, "Connections"): a connection
  /// must send an authenticated request within this many seconds, however
  /// it trickles its bytes, or is closed.
  unsigned authDeadlineSeconds = 10;
  /// Connections not authenticated yet at once, well below the server's 64
  /// threads; over it the oldest is closed.
  unsigned maxUnauthenticated = 16;
  /// Connections from one address at once: enough for a --local cluster of
  /// 8 workers on one host (per peer a link, a helper for parts of large
  /// messages and abort notices; the driver's) and a few drivers.
  unsigned maxConnectionsPerPeer = 32;
  /// When set, only jobs with one of these digests (mlir::simp::jobDigest:
  /// the rank's program, entry, argument bindings and world size) run;
  /// others get 403. The driver then fetches no files (only mem://).
  std::optional<std::set<std::string>> approvedPrograms;
  /// Whether jobs may return results, and kept objects be fetched, by the
  /// driver; the party's own credential may always fetch its objects.
  bool releaseToDriver = true;
  /// Whether the driver gets what a run reveals besides its results: error
  /// texts (values, objects of the store, failing ops), statistics and
  /// traces. Without, failures reach the driver as their code and a generic
  /// text, the details go to this process's stderr, and jobs asking for
  /// statistics or a trace are refused.
  bool releaseDetails = true;
  /// How the worker runs its party's jobs: its pool, the JIT, its store.
  PartyOptions party;

  /// Registers the worker's flags (and the party's) in `category`: all but
  /// which node it is, which the tool takes.
  static void registerCLOptions(llvm::cl::OptionCategory &category);
  /// What those flags gave (reading --approved-programs), or the first value
  /// that makes no sense.
  static StatusOr<WorkerOptions> createFromCLOptions();
};

/// The digests of an --approved-programs file: one per line, the last word
/// (so mplang-opt's `rank R: ... job-sha256:HEX` lines can be pasted); `#`
/// starts a comment.
StatusOr<std::set<std::string>> loadApprovedPrograms(const std::string &path);

class Worker {
public:
  Worker(const ClusterConfig &config, const WorkerOptions &options);
  ~Worker();

  /// Binds the node's endpoint.
  Status bind();
  /// Serves requests until `stop`.
  void serve();
  /// Thread-safe; running jobs are aborted.
  void stop();

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_WORKER_H
