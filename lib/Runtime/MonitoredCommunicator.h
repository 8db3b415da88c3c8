//===- MonitoredCommunicator.h - messages counted and traced ----*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_MONITOREDCOMMUNICATOR_H
#define MPLANG_LIB_RUNTIME_MONITOREDCOMMUNICATOR_H

#include "mplang/Runtime/Communicator.h"

namespace mplang::rt {

class Monitor;

/// What the kernels of a monitored executor send and receive through: each
/// message is noted in the monitor, then passed on. Messages come and go on
/// any thread; the notes are posted to the scheduling thread, which alone
/// touches the monitor.
class MonitoredCommunicator : public Communicator {
public:
  using Post = std::function<void(std::function<void()>)>;
  MonitoredCommunicator(Communicator &inner, Monitor &monitor, Post post)
      : inner(inner), monitor(monitor), post(std::move(post)) {}

  int64_t rank() const override { return inner.rank(); }
  int64_t worldSize() const override { return inner.worldSize(); }
  Status send(int64_t dst, const MessageKey &key, Message message) override;
  void recv(int64_t src, const MessageKey &key, RecvCallback cb) override;
  void abort(const Status &reason) override { inner.abort(reason); }
  Status abortStatus() const override { return inner.abortStatus(); }

private:
  Communicator &inner;
  Monitor &monitor;
  Post post;
};

} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_MONITOREDCOMMUNICATOR_H
