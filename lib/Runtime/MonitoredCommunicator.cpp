//===- MonitoredCommunicator.cpp - messages counted and traced ------------===//

#include "MonitoredCommunicator.h"
#include "mplang/Runtime/Clock.h"
#include "mplang/Runtime/Monitor.h"

using namespace mplang::rt;

Status MonitoredCommunicator::send(int64_t dst, const MessageKey &key,
                                   Message message) {
  uint64_t bytes = message.size();
  uint32_t lane = Tracer::currentLane();
  uint64_t start = clock::ticks();
  Status status = inner.send(dst, key, std::move(message));
  uint64_t end = clock::ticks();
  if (status.isOk())
    post([&monitor = monitor, dst, key, bytes, lane, start, end] {
      monitor.messageSent(dst, key, bytes, lane, start, end);
    });
  return status;
}

void MonitoredCommunicator::recv(int64_t src, const MessageKey &key,
                                 RecvCallback cb) {
  uint64_t posted = clock::ticks();
  inner.recv(src, key,
             [&monitor = monitor, post = post, src, key, posted,
              cb = std::move(cb)](Status status, Message message) {
               if (status.isOk())
                 post([&monitor, src, key, posted, arrived = clock::ticks(),
                       bytes = message.size()] {
                   uint64_t start = clock::ticks();
                   monitor.messageReceived(src, key, bytes,
                                           Tracer::currentLane(), posted,
                                           arrived, start, clock::ticks());
                 });
               cb(std::move(status), std::move(message));
             });
}
