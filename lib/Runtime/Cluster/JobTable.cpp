//===- JobTable.cpp - the worker's jobs, budgets and reaper ---------------===//
//
// Jobs exist from their first message, abort or submission; jobs known only
// from peers are bounded apart from submitted ones, their early messages by
// a worker-wide budget; the reaper enforces time-outs and releases jobs.
//
//===----------------------------------------------------------------------===//

#include "WorkerImpl.h"

using namespace mplang::rt;
using namespace mplang::rt::protocol;
using namespace mplang::rt::worker;

std::shared_ptr<Job> Worker::Impl::find(const std::string &id) {
  std::lock_guard<std::mutex> lock(jobsMutex);
  auto it = jobs.find(id);
  return it == jobs.end() ? nullptr : it->second;
}

std::shared_ptr<Job> Worker::Impl::findOrCreate(const std::string &id,
                                                httplib::Response &res,
                                                bool submitting) {
  std::lock_guard<std::mutex> lock(jobsMutex);
  if (auto it = jobs.find(id); it != jobs.end())
    return it->second;
  if (releasedIds.count(id)) {
    reply(res, 410, "job " + id + " was released");
    return nullptr;
  }
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
  if (submitting && jobs.size() - waiting >= options.maxJobs) {
    reply(res, 503, "too many jobs (" + std::to_string(options.maxJobs) + ")");
    return nullptr;
  }
  if (!submitting && waiting >= options.maxJobs) {
    oldestWaiting->comm.abortFromPeer(
        Status::unavailable("too many jobs waiting for their submission"));
    remember(oldestWaiting->id, Clock::now());
    releaseEarly(*oldestWaiting);
    jobs.erase(oldestWaiting->id);
  }
  auto job = std::make_shared<Job>(
      id, options.rank, config.nodes.size(),
      MailboxLimits{options.maxHeldBytes, options.maxHeldMessages}, links);
  jobs[id] = job;
  return job;
}

bool Worker::Impl::keep(int64_t from, const std::string &id, uint64_t size,
                        std::string &refusal) {
  httplib::Response ignored;
  // A message for a released job is late: its job is over everywhere.
  std::shared_ptr<Job> job = findOrCreate(id, ignored, false);
  if (!job || !job->comm.abortStatus().isOk())
    return false;
  std::string why;
  {
    std::lock_guard<std::mutex> lock(jobsMutex);
    std::lock_guard<std::mutex> jobLock(job->mutex);
    if (job->state != JobState::Waiting)
      return !job->terminal();
    if (earlyBytes + size <= options.maxEarlyBytes &&
        earlyMessages < options.maxEarlyMessages) {
      earlyBytes += size;
      ++earlyMessages;
      job->earlyBytes += size;
      ++job->earlyMessages;
      return true;
    }
    why = "rank " + std::to_string(options.rank) + " refused a message of " +
          std::to_string(size) + " bytes from rank " + std::to_string(from) +
          " for job " + id +
          ", which it has not been given yet: messages held for jobs not "
          "submitted yet are limited to " +
          std::to_string(options.maxEarlyBytes) + " bytes and " +
          std::to_string(options.maxEarlyMessages) +
          " messages (--max-early-mib, --max-early-messages)";
    // The abort below empties the job's mailbox.
    releaseEarly(*job);
  }
  job->comm.abort(Status::unavailable(why));
  refusal = why;
  return false;
}

void Worker::Impl::remember(const std::string &id, Clock::time_point now) {
  // Peers choose job ids: keep the most recent ones only.
  if (releasedIds.size() >= kMaxReleasedIds)
    releasedIds.erase(llvm::min_element(
        releasedIds, [](auto &a, auto &b) { return a.second < b.second; }));
  releasedIds[id] = now;
}

void Worker::Impl::releaseEarly(Job &job) {
  earlyBytes -= job.earlyBytes;
  earlyMessages -= job.earlyMessages;
  job.earlyBytes = job.earlyMessages = 0;
}

/// Enforces time-outs and releases jobs: ended ones once the driver is done
/// with them (or after the retention time), early-message-only ones after
/// the retention time.
void Worker::Impl::reap() {
  std::mutex wakeMutex;
  auto retention = std::chrono::seconds(options.retentionSeconds);
  while (!stopping) {
    {
      std::unique_lock<std::mutex> lock(wakeMutex);
      reaperWake.wait_for(lock, std::chrono::milliseconds(100));
    }
    Clock::time_point now = Clock::now();
    std::vector<std::shared_ptr<Job>> done;
    std::vector<std::pair<std::shared_ptr<Job>, std::string>> late;
    {
      std::lock_guard<std::mutex> lock(jobsMutex);
      for (auto it = jobs.begin(); it != jobs.end();) {
        Job &job = *it->second;
        std::lock_guard<std::mutex> jobLock(job.mutex);
        bool drop = job.terminal()
                        ? job.released || now - job.finished > retention
                        : job.state == JobState::Waiting &&
                              (job.released || now - job.created > retention);
        if (job.state == JobState::Running && now > job.deadline &&
            !job.timedOut) {
          job.timedOut = true;
          late.push_back({it->second, it->first});
        }
        if (!drop) {
          ++it;
          continue;
        }
        remember(it->first, now);
        releaseEarly(job);
        done.push_back(std::move(it->second));
        it = jobs.erase(it);
      }
      for (auto it = releasedIds.begin(); it != releasedIds.end();)
        it = now - it->second > 10 * retention ? releasedIds.erase(it)
                                               : std::next(it);
    }
    for (auto &[job, id] : late) {
      std::string reason = "rank " + std::to_string(options.rank) + ": job " +
                           id + " timed out after " +
                           std::to_string(job->timeoutSeconds) + " s";
      for (const std::string &line : job->mailbox.pendingReceives())
        reason += "\n  " + line;
      job->comm.abort(Status::deadlineExceeded(reason));
    }
    for (auto &job : done)
      if (job->thread.joinable())
        job->thread.join();
  }
}
