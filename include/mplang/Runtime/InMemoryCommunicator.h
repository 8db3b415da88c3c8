//===- InMemoryCommunicator.h - messages within one process -----*- C++ -*-===//

#ifndef MPLANG_RUNTIME_INMEMORYCOMMUNICATOR_H
#define MPLANG_RUNTIME_INMEMORYCOMMUNICATOR_H

#include "mplang/Runtime/Communicator.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace mplang::rt {

/// Messages delivered before their receive started are held; a worker's
/// peers may send ones no receive will ever take, so it bounds them.
struct MailboxLimits {
  uint64_t bytes = UINT64_MAX, messages = UINT64_MAX;
};

/// The mailboxes shared by the ranks of a simulation.
class InMemoryHub {
public:
  explicit InMemoryHub(int64_t worldSize, MailboxLimits limits = {})
      : worldSize(worldSize), limits(limits) {}

  Status deliver(int64_t src, int64_t dst, const MessageKey &key,
                 Message message);
  void wait(int64_t src, int64_t dst, const MessageKey &key,
            Communicator::RecvCallback cb);
  void abort(const Status &reason);
  Status abortStatus() const;
  /// Receives still waiting for their message, one line each.
  std::vector<std::string> pendingReceives();
  /// Counts `bytes` of a message still being assembled against the limits
  /// of held messages, or fails with a reason naming `src`.
  Status hold(int64_t src, uint64_t bytes);
  void unhold(uint64_t bytes);

  const int64_t worldSize;

private:
  Status holdLocked(int64_t src, uint64_t bytes);
  void unholdLocked(uint64_t bytes);

  using Key = std::tuple<int64_t, int64_t, std::string>;
  struct Slot {
    bool hasMessage = false;
    Message message;
    Communicator::RecvCallback waiter;
  };
  mutable std::mutex mutex;
  std::map<Key, Slot> slots;
  const MailboxLimits limits;
  uint64_t heldBytes = 0, heldMessages = 0;
  std::atomic<bool> aborted{false};
  Status reason = Status::ok();
};

/// One rank's view of an InMemoryHub.
class InMemoryCommunicator : public Communicator {
public:
  InMemoryCommunicator(InMemoryHub &hub, int64_t rank) : hub(hub), self(rank) {}
  int64_t rank() const override { return self; }
  int64_t worldSize() const override { return hub.worldSize; }
  Status send(int64_t dst, const MessageKey &key, Message message) override {
    return hub.deliver(self, dst, key, std::move(message));
  }
  void recv(int64_t src, const MessageKey &key, RecvCallback cb) override {
    hub.wait(src, self, key, std::move(cb));
  }
  void abort(const Status &reason) override { hub.abort(reason); }
  Status abortStatus() const override { return hub.abortStatus(); }

private:
  InMemoryHub &hub;
  int64_t self;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_INMEMORYCOMMUNICATOR_H
