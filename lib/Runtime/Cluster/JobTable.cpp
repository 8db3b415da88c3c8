//===- JobTable.cpp - a worker's jobs, budgets and releases ---------------===//

#include "JobTable.h"

#include "llvm/ADT/STLExtras.h"

using namespace mplang::rt;
using namespace mplang::rt::worker;

std::shared_ptr<Job> JobTable::find(const std::string &id) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = jobs.find(id);
  return it == jobs.end() ? nullptr : it->second;
}

StatusOr<std::shared_ptr<Job>> JobTable::findOrCreate(const std::string &id,
                                                      bool submitting) {
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = jobs.find(id); it != jobs.end())
    return it->second;
  if (releasedIds.count(id))
    return Status::notFound("job " + id + " was released");
  // Jobs known only from peers' messages or aborts are limited apart from
  // submitted ones, so that a peer cannot crowd out the driver's jobs; the
  // oldest of them gives way to a new one.
  std::shared_ptr<Job> oldestWaiting;
  size_t waiting = 0;
  for (auto &[name, job] : jobs) {
    std::lock_guard<std::mutex> jobLock(job->mutex);
    if (job->state != JobState::Waiting)
      continue;
    ++waiting;
    if (!oldestWaiting || job->created < oldestWaiting->created)
      oldestWaiting = job;
  }
  if (submitting && jobs.size() - waiting >= limits.maxJobs)
    return Status::unavailable("too many jobs (" +
                               std::to_string(limits.maxJobs) + ")");
  if (!submitting && waiting >= limits.maxJobs) {
    oldestWaiting->comm.abortFromPeer(
        Status::unavailable("too many jobs waiting for their submission"));
    remember(oldestWaiting->id, Clock::now());
    releaseEarlyLocked(*oldestWaiting);
    jobs.erase(oldestWaiting->id);
  }
  std::shared_ptr<Job> job = makeJob(id);
  jobs[id] = job;
  return job;
}

bool JobTable::keep(int64_t from, const std::string &id, uint64_t size,
                    std::string &refusal) {
  // A message for a released job is late: its job is over everywhere.
  StatusOr<std::shared_ptr<Job>> found = findOrCreate(id, false);
  if (!found.isOk() || !(*found)->comm.abortStatus().isOk())
    return false;
  Job &job = **found;
  std::string why;
  {
    std::lock_guard<std::mutex> lock(mutex);
    std::lock_guard<std::mutex> jobLock(job.mutex);
    if (job.state != JobState::Waiting)
      return !job.terminal();
    if (earlyBytes + size <= limits.maxEarlyBytes &&
        earlyMessages < limits.maxEarlyMessages) {
      earlyBytes += size;
      ++earlyMessages;
      job.earlyBytes += size;
      ++job.earlyMessages;
      return true;
    }
    why = "rank " + std::to_string(rank) + " refused a message of " +
          std::to_string(size) + " bytes from rank " + std::to_string(from) +
          " for job " + id +
          ", which it has not been given yet: messages held for jobs not "
          "submitted yet are limited to " +
          std::to_string(limits.maxEarlyBytes) + " bytes and " +
          std::to_string(limits.maxEarlyMessages) +
          " messages (--max-early-mib, --max-early-messages)";
    // The abort below empties the job's mailbox.
    releaseEarlyLocked(job);
  }
  job.comm.abort(Status::unavailable(why));
  refusal = why;
  return false;
}

Status JobTable::start(Job &job, llvm::function_ref<void()> start) {
  std::lock_guard<std::mutex> lock(mutex);
  std::lock_guard<std::mutex> jobLock(job.mutex);
  if (job.state != JobState::Waiting)
    return Status::invalidArgument("job " + job.id + " was already submitted");
  // Its early messages are now the running job's own.
  releaseEarlyLocked(job);
  job.state = JobState::Running;
  start();
  return Status::ok();
}

void JobTable::releaseEarly(Job &job) {
  std::lock_guard<std::mutex> lock(mutex);
  releaseEarlyLocked(job);
}

void JobTable::releaseEarlyLocked(Job &job) {
  earlyBytes -= job.earlyBytes;
  earlyMessages -= job.earlyMessages;
  job.earlyBytes = job.earlyMessages = 0;
}

size_t JobTable::size() {
  std::lock_guard<std::mutex> lock(mutex);
  return jobs.size();
}

void JobTable::forEach(llvm::function_ref<void(Job &)> fn) {
  std::lock_guard<std::mutex> lock(mutex);
  for (auto &[id, job] : jobs)
    fn(*job);
}

void JobTable::remember(const std::string &id, Clock::time_point now) {
  // Peers choose job ids: keep the most recent ones only.
  if (releasedIds.size() >= kMaxReleasedIds)
    releasedIds.erase(llvm::min_element(
        releasedIds, [](auto &a, auto &b) { return a.second < b.second; }));
  releasedIds[id] = now;
}

void JobTable::reap(Clock::time_point now) {
  std::vector<std::shared_ptr<Job>> done, late;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = jobs.begin(); it != jobs.end();) {
      Job &job = *it->second;
      std::lock_guard<std::mutex> jobLock(job.mutex);
      bool drop =
          job.terminal()
              ? job.released || now - job.finished > limits.retention
              : job.state == JobState::Waiting &&
                    (job.released || now - job.created > limits.retention);
      if (job.state == JobState::Running && now > job.deadline &&
          !job.timedOut) {
        job.timedOut = true;
        late.push_back(it->second);
      }
      if (!drop) {
        ++it;
        continue;
      }
      remember(it->first, now);
      releaseEarlyLocked(job);
      done.push_back(std::move(it->second));
      it = jobs.erase(it);
    }
    for (auto it = releasedIds.begin(); it != releasedIds.end();)
      it = now - it->second > 10 * limits.retention ? releasedIds.erase(it)
                                                    : std::next(it);
  }
  for (const std::shared_ptr<Job> &job : late) {
    std::string reason = "rank " + std::to_string(rank) + ": job " + job->id +
                         " timed out after " +
                         std::to_string(job->timeoutSeconds) + " s";
    for (const std::string &line : job->mailbox.pendingReceives())
      reason += "\n  " + line;
    job->comm.abort(Status::deadlineExceeded(reason));
  }
  for (const std::shared_ptr<Job> &job : done)
    if (job->thread.joinable())
      job->thread.join();
}
