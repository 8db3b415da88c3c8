//===- InMemoryCommunicator.cpp - messages within one process -------------===//

#include "mplang/Runtime/InMemoryCommunicator.h"

#include <algorithm>

using namespace mplang::rt;

Communicator::~Communicator() = default;

std::string MessageKey::str() const {
  return "tag " + std::to_string(tag) +
         (context.empty() ? "" : " in context " + context);
}

/// Mailbox keys: one slot per (sender, receiver, message key).
static std::tuple<int64_t, int64_t, std::string>
slotKey(int64_t src, int64_t dst, const MessageKey &key) {
  return {src, dst, key.str()};
}

Status InMemoryHub::deliver(int64_t src, int64_t dst, const MessageKey &key,
                            Message message) {
  if (dst < 0 || dst >= worldSize)
    return Status::error("send to rank " + llvm::Twine(dst) +
                         " outside the world of " + llvm::Twine(worldSize));
  Communicator::RecvCallback waiter;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (aborted)
      return reason;
    Key k = slotKey(src, dst, key);
    Slot &slot = slots[k];
    if (slot.hasMessage)
      return Status::error("rank " + llvm::Twine(src) + " sent " + key.str() +
                           " to rank " + llvm::Twine(dst) + " twice");
    if (!slot.waiter) {
      if (Status s = holdLocked(src, message.size()); !s.isOk()) {
        slots.erase(k);
        return s;
      }
      slot.hasMessage = true;
      slot.message = std::move(message);
      return Status::ok();
    }
    waiter = std::move(slot.waiter);
    slots.erase(k);
  }
  waiter(Status::ok(), std::move(message));
  return Status::ok();
}

void InMemoryHub::wait(int64_t src, int64_t dst, const MessageKey &key,
                       Communicator::RecvCallback cb) {
  Message message;
  Status status = Status::ok();
  {
    std::lock_guard<std::mutex> lock(mutex);
    Key k = slotKey(src, dst, key);
    if (aborted) {
      status = reason;
    } else if (src < 0 || src >= worldSize) {
      status = Status::error("receive from rank " + llvm::Twine(src) +
                             " outside the world");
    } else {
      Slot &slot = slots[k];
      if (!slot.hasMessage) {
        slot.waiter = std::move(cb);
        return;
      }
      message = std::move(slot.message);
      slots.erase(k);
      unholdLocked(message.size());
    }
  }
  cb(std::move(status), std::move(message));
}

Status InMemoryHub::holdLocked(int64_t src, uint64_t bytes) {
  if (heldMessages + 1 > limits.messages ||
      bytes > limits.bytes - std::min(heldBytes, limits.bytes))
    return Status::error(
        "rank " + llvm::Twine(src) + " sent more than is held for receives "
        "that have not started: at most " + llvm::Twine(limits.bytes) +
        " bytes in " + llvm::Twine(limits.messages) +
        " messages (--max-held-mib, --max-held-messages)");
  heldBytes += bytes;
  ++heldMessages;
  return Status::ok();
}

void InMemoryHub::unholdLocked(uint64_t bytes) {
  heldBytes -= std::min(heldBytes, bytes);
  heldMessages -= std::min<uint64_t>(heldMessages, 1);
}

Status InMemoryHub::hold(int64_t src, uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  return holdLocked(src, bytes);
}

void InMemoryHub::unhold(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  unholdLocked(bytes);
}

void InMemoryHub::abort(const Status &reason) {
  std::vector<Communicator::RecvCallback> waiters;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (aborted)
      return;
    aborted = true;
    this->reason = reason;
    for (auto &[key, slot] : slots)
      if (slot.waiter)
        waiters.push_back(std::move(slot.waiter));
    slots.clear();
    heldBytes = heldMessages = 0;
  }
  for (auto &waiter : waiters)
    waiter(reason, Message());
}

Status InMemoryHub::abortStatus() const {
  if (!aborted)
    return Status::ok();
  std::lock_guard<std::mutex> lock(mutex);
  return reason;
}

std::vector<std::string> InMemoryHub::pendingReceives() {
  std::vector<std::string> lines;
  std::lock_guard<std::mutex> lock(mutex);
  for (auto &[key, slot] : slots)
    if (slot.waiter) {
      auto &[src, dst, message] = key;
      lines.push_back("rank " + std::to_string(dst) + " waits for " + message +
                      " from rank " + std::to_string(src));
    }
  return lines;
}
