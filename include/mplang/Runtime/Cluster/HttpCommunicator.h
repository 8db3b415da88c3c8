//===- HttpCommunicator.h - one job's messages between workers --*- C++ -*-===//

#ifndef MPLANG_RUNTIME_CLUSTER_HTTPCOMMUNICATOR_H
#define MPLANG_RUNTIME_CLUSTER_HTTPCOMMUNICATOR_H

#include "mplang/Runtime/InMemoryCommunicator.h"

#include <atomic>
#include <condition_variable>
#include <optional>

namespace mplang::rt {

class PeerLinks;

/// The communicator of one job on one worker. Sends go out as frames on the
/// worker's peer streams (PeerLinks); frames that peers stream here land in
/// `mailbox` (keyed by the authenticated sender), where receives wait for
/// them. A failed send aborts the job (here and on every
/// peer) instead of being swallowed.
class HttpCommunicator : public Communicator {
public:
  HttpCommunicator(std::string job, int64_t rank, InMemoryHub &mailbox,
                   PeerLinks &links)
      : job(std::move(job)), self(rank), mailbox(mailbox), links(links) {}

  int64_t rank() const override { return self; }
  int64_t worldSize() const override { return mailbox.worldSize; }
  Status send(int64_t dst, const MessageKey &key, Message message) override;
  void recv(int64_t src, const MessageKey &key, RecvCallback cb) override {
    mailbox.wait(src, self, key, std::move(cb));
  }
  /// Fails this job here and tells every peer to abort it too.
  void abort(const Status &reason) override;
  /// Fails this job here because a peer aborted it (no echo to the peers).
  void abortFromPeer(const Status &reason);
  Status abortStatus() const override { return mailbox.abortStatus(); }
  /// Waits until every send has been delivered or has failed; returns the
  /// first failure.
  Status waitForSends();

private:
  const std::string job;
  const int64_t self;
  InMemoryHub &mailbox;
  PeerLinks &links;
  mutable std::mutex mutex;
  std::condition_variable sendsDone;
  int64_t sendsInFlight = 0;
  Status sendError = Status::ok();
  std::atomic<bool> peersTold{false};
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_HTTPCOMMUNICATOR_H
