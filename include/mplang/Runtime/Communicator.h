//===- Communicator.h - point-to-point messages between ranks ---*- C++ -*-===//

#ifndef MPLANG_RUNTIME_COMMUNICATOR_H
#define MPLANG_RUNTIME_COMMUNICATOR_H

#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

#include <cstdint>
#include <functional>
#include <string>

namespace mplang::rt {

/// Identifies one message between two ranks: the static tag the projection
/// assigned, qualified by the dynamic context (call sites and loop
/// iterations) it was sent in, which every rank derives identically.
struct MessageKey {
  int64_t tag;
  std::string context;
  std::string str() const;
};

/// The bytes of one message in two parts, so that a tensor's elements are
/// never copied on their way: `head`, then (on the wire) the elements of
/// `body` if there is one, a tensor shared with the value that was sent.
struct Message {
  std::string head;
  std::shared_ptr<const Tensor> body;
  size_t size() const { return head.size() + (body ? body->numBytes() : 0); }
};

/// Moves messages between ranks. `send` never waits for the
/// receiver; `recv` never blocks: its callback runs once, from any thread,
/// with the bytes or with an error (abort, time-out, transport failure).
class Communicator {
public:
  using RecvCallback = std::function<void(Status, Message)>;

  virtual ~Communicator();
  virtual int64_t rank() const = 0;
  virtual int64_t worldSize() const = 0;
  virtual Status send(int64_t dst, const MessageKey &key, Message message) = 0;
  virtual void recv(int64_t src, const MessageKey &key, RecvCallback cb) = 0;
  /// Fails every pending and future receive of the run, on every rank that
  /// shares it, with `reason` (an error: its code says why, e.g. Aborted
  /// for a failed peer, DeadlineExceeded for a time-out).
  virtual void abort(const Status &reason) = 0;
  /// The reason of an abort seen by this rank, or ok. The executor polls it
  /// so that an abort also stops a rank busy with local work.
  virtual Status abortStatus() const { return Status::ok(); }
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_COMMUNICATOR_H
