//===- HttpCommunicator.cpp - one job's messages between workers ----------===//

#include "mplang/Runtime/Cluster/HttpCommunicator.h"
#include "PeerLinks.h"
#include "mplang/Runtime/Cluster/Protocol.h"

using namespace mplang::rt;

Status HttpCommunicator::send(int64_t dst, const MessageKey &key,
                              Message message) {
  if (dst < 0 || dst >= worldSize())
    return Status::error("send to rank " + llvm::Twine(dst) +
                         " outside the world of " + llvm::Twine(worldSize()));
  if (dst == self)
    return mailbox.deliver(self, self, key, std::move(message));
  if (Status why = abortStatus(); !why.isOk())
    return why;
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++sendsInFlight;
  }
  std::string what = key.str();
  // The job waits for every send (waitForSends) before it ends, so `this`
  // outlives the callback.
  links.send(
      dst, job, key, std::move(message), [this, what, dst](Status status) {
        if (!status.isOk()) {
          Status why = Status::error(
              status.code(), "rank " + std::to_string(self) + " sending " +
                                 what + " to rank " + std::to_string(dst) +
                                 " failed: " + status.message());
          {
            std::lock_guard<std::mutex> lock(mutex);
            if (sendError.isOk())
              sendError = why;
          }
          abort(why);
        }
        std::lock_guard<std::mutex> lock(mutex);
        --sendsInFlight;
        sendsDone.notify_all();
      });
  return Status::ok();
}

Status HttpCommunicator::waitForSends() {
  std::unique_lock<std::mutex> lock(mutex);
  sendsDone.wait(lock, [&] { return sendsInFlight == 0; });
  return sendError;
}

void HttpCommunicator::abort(const Status &why) {
  mailbox.abort(why);
  if (!peersTold.exchange(true))
    links.broadcastAbort(job, why.message());
}

void HttpCommunicator::abortFromPeer(const Status &why) {
  peersTold = true;
  mailbox.abort(why);
}
