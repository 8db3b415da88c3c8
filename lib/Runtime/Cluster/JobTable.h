//===- JobTable.h - a worker's jobs, budgets and releases -------*- C++ -*-===//
//
// Jobs exist from their first message, abort or submission; jobs known only
// from peers are bounded apart from submitted ones, their early messages by
// a worker-wide budget; time-outs and releases are enforced by `reap`.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_RUNTIME_CLUSTER_JOBTABLE_H
#define MPLANG_LIB_RUNTIME_CLUSTER_JOBTABLE_H

#include "Job.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include <functional>
#include <map>

namespace mplang::rt::worker {

struct JobLimits {
  /// Submitted jobs at once, and jobs known only from peers at once.
  unsigned maxJobs = 64;
  /// Messages held for jobs not submitted yet, in all.
  uint64_t maxEarlyBytes = 0, maxEarlyMessages = 0;
  /// How long a finished job, or one known only from its messages, is kept.
  Clock::duration retention{};
};

/// Thread-safe.
class JobTable {
public:
  using MakeJob = std::function<std::shared_ptr<Job>(const std::string &id)>;
  /// `rank` names the worker in messages; `makeJob` makes an unknown job.
  JobTable(int64_t rank, JobLimits limits, MakeJob makeJob)
      : rank(rank), limits(limits), makeJob(std::move(makeJob)) {}

  std::shared_ptr<Job> find(const std::string &id);
  /// The job `id`, made (waiting for its submission) if unknown. Fails with
  /// NotFound for a released job, and with Unavailable when `submitting`
  /// and there are limits.maxJobs submitted jobs; a new job known only from
  /// peers replaces the oldest such job when there are that many.
  StatusOr<std::shared_ptr<Job>> findOrCreate(const std::string &id,
                                              bool submitting);
  /// Whether a message of `size` bytes from `from` for job `id` is read:
  /// not for a job that is over, and for one not submitted yet only within
  /// the early-message budget (else the job is aborted everywhere and
  /// `refusal` says why).
  bool keep(int64_t from, const std::string &id, uint64_t size,
            std::string &refusal);
  /// Makes the waiting `job` running: its early messages become its own
  /// and `start` (under the job's mutex) sets it going. Fails when it was
  /// submitted already.
  Status start(Job &job, llvm::function_ref<void()> start);
  /// Returns what `job` holds of the early-message budget.
  void releaseEarly(Job &job);
  size_t size();
  /// Calls `fn` on every job, under the table's lock.
  void forEach(llvm::function_ref<void(Job &)> fn);
  /// At `now`: aborts running jobs past their deadline, drops jobs the
  /// driver released or that outlived the retention time, and joins their
  /// threads.
  void reap(Clock::time_point now);

  /// Released ids kept, so that late messages do not resurrect their jobs.
  static constexpr size_t kMaxReleasedIds = 65536;

private:
  void releaseEarlyLocked(Job &job);
  void remember(const std::string &id, Clock::time_point now);

  const int64_t rank;
  const JobLimits limits;
  const MakeJob makeJob;
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<Job>> jobs;
  std::map<std::string, Clock::time_point> releasedIds;
  /// Bytes and messages held for jobs not submitted yet.
  uint64_t earlyBytes = 0, earlyMessages = 0;
};

} // namespace mplang::rt::worker

#endif // MPLANG_LIB_RUNTIME_CLUSTER_JOBTABLE_H
