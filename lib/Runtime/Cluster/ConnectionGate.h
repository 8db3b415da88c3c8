//===- ConnectionGate.h - limits on a worker's connections ------*- C++ -*-===//
//
// httplib gives every connection a thread for as long as it sends a byte
// within each read time-out, so 64 anonymous connections trickling header
// bytes took every thread of a worker. The gate accepts the connections of
// an httplib server (plain or TLS) itself and limits them before the
// server sees them: connections from one address at once; connections not
// authenticated yet at once (the oldest is closed to make room); and the
// time a connection may take to be authenticated. Authenticated connections
// are left alone: they are bounded by the server's own time-outs.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_CONNECTIONGATE_H
#define MPLANG_RUNTIME_CLUSTER_CONNECTIONGATE_H

#include <httplib.h>
#include <memory>
#include <string>

namespace mplang::rt {

struct ConnectionLimits {
  /// Threads serving connections, one per connection.
  unsigned threads;
  /// A connection that has not sent an authenticated request this many
  /// seconds after it got a thread is closed, however it trickles bytes.
  unsigned authSeconds;
  /// Connections not authenticated yet at once; over it the oldest is closed.
  unsigned maxUnauthenticated;
  /// Connections from one remote address at once; over it a new one is
  /// closed at once.
  unsigned maxPerPeer;
};

class ConnectionGate {
public:
  /// Serves `server`'s routes and settings on connections accepted by the
  /// gate; `server` itself is never bound. It must outlive the gate.
  ConnectionGate(httplib::Server &server, const ConnectionLimits &limits);
  ~ConnectionGate();

  bool bind(const std::string &host, int port);
  /// Serves until `stop`.
  bool listen();
  /// Thread-safe.
  void stop();

  /// Marks the connection of the request being handled on this thread as
  /// authenticated; call it from the server's handlers once the sender is
  /// known. A no-op on threads that do not serve a gated connection.
  static void authenticated();

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_CONNECTIONGATE_H
