//===- Job.h - one job on a worker ------------------------------*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_CLUSTER_JOB_H
#define MPLANG_LIB_RUNTIME_CLUSTER_JOB_H

#include "MessageAssembly.h"
#include "mplang/Runtime/Cluster/HttpCommunicator.h"
#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/Trace.h"

#include "llvm/Support/FileSystem.h"
#include <condition_variable>
#include <thread>

namespace mplang::rt::worker {
using Clock = std::chrono::steady_clock;

enum class JobState { Waiting, Running, Succeeded, Failed };

/// One job on this worker. It exists from its first message, abort or
/// submission, whichever comes first, so early messages are kept.
struct Job {
  Job(const std::string &id, int64_t rank, int64_t worldSize,
      MailboxLimits held, PeerLinks &links)
      : id(id), mailbox(worldSize, held), comm(id, rank, mailbox, links),
        created(Clock::now()) {}
  ~Job() {
    if (!traceFile.empty())
      llvm::sys::fs::remove(traceFile);
  }

  const std::string id;
  InMemoryHub mailbox;
  HttpCommunicator comm;
  const Clock::time_point created;

  std::mutex mutex;
  std::condition_variable changed;
  JobState state = JobState::Waiting;
  Status error = Status::ok();
  /// `file:line:col` of the op the job failed at, when known and released.
  std::string errorLocation;
  std::string results;
  Clock::time_point deadline, finished;
  unsigned timeoutSeconds = 0;
  /// The run's Chrome trace (JSON), when the driver asked for one: in a
  /// temporary file (the worker holds no more than the tracer's bounded
  /// events), removed once fetched or with the job.
  bool traced = false;
  std::string traceFile, traceError;
  uint64_t traceMaxEvents = Tracer::kDefaultMaxEvents;
  /// Return the run's statistics with the results.
  bool statistics = false;
  /// The ops run and known, once the job runs; status replies carry them.
  std::shared_ptr<const RunProgress> progress;
  bool timedOut = false;
  bool released = false;
  /// Large messages arriving in parts (guarded by `mutex`).
  MessageAssembly assembly{mailbox};
  /// What this job holds of the worker's early-message budget (guarded by
  /// the JobTable's mutex).
  uint64_t earlyBytes = 0, earlyMessages = 0;
  std::thread thread;

  bool terminal() const {
    return state == JobState::Succeeded || state == JobState::Failed;
  }
};

} // namespace mplang::rt::worker

#endif // MPLANG_LIB_RUNTIME_CLUSTER_JOB_H
