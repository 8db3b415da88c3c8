//===- ConnectionGate.cpp - limits on a worker's connections --------------===//
//
// httplib runs each connection in Server::process_and_close_socket, a
// private virtual, on a pool thread. A subclass may override it but not call
// httplib's own, so a second server, the front, binds and accepts: its
// override applies the limits, then runs the configured server's own (plain
// or TLS) on the socket. The handlers run on that same thread, so a
// thread_local names the connection that `authenticated` marks. One watchdog
// thread shuts down connections whose time to authenticate is up:
// shutdown() wakes the serving thread from its read, which then fails and
// closes the connection as usual.
//
//===----------------------------------------------------------------------===//

#include "ConnectionGate.h"

#include <arpa/inet.h>
#include <chrono>
#include <condition_variable>
#include <list>
#include <map>
#include <mutex>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace mplang::rt;
using Clock = std::chrono::steady_clock;

namespace {
// Server::process_and_close_socket is private. An explicit instantiation may
// name private members ([temp.spec.general]/6); this one hands the member's
// pointer to `processMember`. Called through it on the configured server,
// whose class is httplib's own, it runs httplib's implementation.
using ProcessMember = bool (httplib::Server::*)(socket_t);
ProcessMember processMember();
template <ProcessMember Member> struct ExposeProcess {
  friend ProcessMember processMember() { return Member; }
};
template struct ExposeProcess<&httplib::Server::process_and_close_socket>;

/// The protected settings of a server, read or written from outside.
struct ServerFields : httplib::Server {
  static std::atomic<socket_t> &listenSocket(httplib::Server &server) {
    return server.*&ServerFields::svr_sock_;
  }
  static void copyTimeouts(httplib::Server &from, httplib::Server &to) {
    to.set_read_timeout(from.*&ServerFields::read_timeout_sec_,
                        from.*&ServerFields::read_timeout_usec_);
    to.set_write_timeout(from.*&ServerFields::write_timeout_sec_,
                         from.*&ServerFields::write_timeout_usec_);
  }
};

std::string peerAddress(socket_t sock) {
  sockaddr_storage addr{};
  socklen_t length = sizeof addr;
  char text[INET6_ADDRSTRLEN] = "";
  if (getpeername(sock, reinterpret_cast<sockaddr *>(&addr), &length) == 0) {
    if (addr.ss_family == AF_INET)
      inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in &>(addr).sin_addr, text,
                sizeof text);
    else if (addr.ss_family == AF_INET6)
      inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6 &>(addr).sin6_addr,
                text, sizeof text);
  }
  return text;
}
} // namespace

struct ConnectionGate::Impl {
  struct Connection {
    Impl *gate = nullptr;
    /// A duplicate of the socket, so that the watchdog never shuts down a
    /// descriptor that httplib closed and the system gave to someone else.
    int watch = -1;
    Clock::time_point deadline;
    std::string peer;
    /// In the gate's `anonymous` list, and counted in `perPeer` (guarded by
    /// the gate's mutex).
    bool listed = false, counted = false;
    std::list<Connection *>::iterator place;
    /// Set and read on the serving thread only.
    bool trusted = false;
  };
  static thread_local Connection *current;

  class Front : public httplib::Server {
  public:
    explicit Front(Impl &gate) : gate(gate) {}

  private:
    bool process_and_close_socket(socket_t sock) override {
      return gate.serve(sock);
    }
    Impl &gate;
  };

  Impl(httplib::Server &server, const ConnectionLimits &limits)
      : server(server), limits(limits), front(*this) {}

  bool serve(socket_t sock);
  void watch();
  /// Shuts `conn` down and forgets it; under `mutex`.
  void cut(Connection &conn);
  void uncount(Connection &conn);

  httplib::Server &server;
  const ConnectionLimits limits;
  Front front;
  std::mutex mutex;
  std::condition_variable wake;
  /// Connections not authenticated yet, oldest (and so first due) first.
  std::list<Connection *> anonymous;
  std::map<std::string, unsigned> perPeer;
  bool stopping = false;
  std::thread watchdog;
};

thread_local ConnectionGate::Impl::Connection *ConnectionGate::Impl::current =
    nullptr;

void ConnectionGate::Impl::cut(Connection &conn) {
  ::shutdown(conn.watch, SHUT_RDWR);
  anonymous.erase(conn.place);
  conn.listed = false;
  // Not counted while its thread winds down, lest a burst of closed
  // connections refuse its peer's next one.
  uncount(conn);
}

void ConnectionGate::Impl::uncount(Connection &conn) {
  if (conn.counted && --perPeer[conn.peer] == 0)
    perPeer.erase(conn.peer);
  conn.counted = false;
}

bool ConnectionGate::Impl::serve(socket_t sock) {
  // The worker's server asks for TCP_NODELAY, which httplib sets only on
  // the sockets it binds.
  int on = 1;
  setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  Connection conn;
  conn.gate = this;
  conn.peer = peerAddress(sock);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = perPeer.find(conn.peer);
    unsigned count = found == perPeer.end() ? 0 : found->second;
    if (count < limits.maxPerPeer && !stopping)
      conn.watch = ::dup(sock);
    if (conn.watch < 0) {
      ::shutdown(sock, SHUT_RDWR);
      ::close(sock);
      return false;
    }
    ++perPeer[conn.peer];
    conn.counted = true;
    conn.deadline = Clock::now() + std::chrono::seconds(limits.authSeconds);
    conn.place = anonymous.insert(anonymous.end(), &conn);
    conn.listed = true;
    if (anonymous.size() == 1)
      wake.notify_one();
    else if (anonymous.size() > limits.maxUnauthenticated)
      cut(*anonymous.front());
  }
  current = &conn;
  bool result = (server.*processMember())(sock);
  current = nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  if (conn.listed)
    anonymous.erase(conn.place);
  uncount(conn);
  ::close(conn.watch);
  return result;
}

void ConnectionGate::Impl::watch() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!stopping) {
    if (anonymous.empty()) {
      wake.wait(lock);
    } else if (Clock::now() >= anonymous.front()->deadline) {
      cut(*anonymous.front());
    } else {
      wake.wait_until(lock, anonymous.front()->deadline);
    }
  }
}

ConnectionGate::ConnectionGate(httplib::Server &server,
                               const ConnectionLimits &limits)
    : impl(std::make_unique<Impl>(server, limits)) {
  ServerFields::copyTimeouts(server, impl->front);
  unsigned threads = limits.threads;
  impl->front.new_task_queue = [threads] {
    return new httplib::ThreadPool(threads);
  };
}

ConnectionGate::~ConnectionGate() {
  stop();
  if (impl->watchdog.joinable())
    impl->watchdog.join();
}

bool ConnectionGate::bind(const std::string &host, int port) {
  if (!impl->front.bind_to_port(host, port))
    return false;
  // httplib listens with a backlog of 5: a burst of connections (peers'
  // links at a job's start, or an attack) overflowed it, and the kernel
  // then retried their handshakes only after 1 s, 3 s, ...
  ::listen(ServerFields::listenSocket(impl->front), SOMAXCONN);
  // httplib serves a connection only while its server's socket is open.
  ServerFields::listenSocket(impl->server) =
      ServerFields::listenSocket(impl->front).load();
  impl->watchdog = std::thread([this] { impl->watch(); });
  return true;
}

bool ConnectionGate::listen() { return impl->front.listen_after_bind(); }

void ConnectionGate::stop() {
  {
    std::lock_guard<std::mutex> lock(impl->mutex);
    if (impl->stopping)
      return;
    impl->stopping = true;
    while (!impl->anonymous.empty())
      impl->cut(*impl->anonymous.front());
  }
  impl->wake.notify_all();
  // Ends the keep-alive loops of served connections after their request.
  ServerFields::listenSocket(impl->server) = INVALID_SOCKET;
  impl->front.stop();
}

void ConnectionGate::authenticated() {
  Impl::Connection *conn = Impl::current;
  if (!conn || conn->trusted)
    return;
  conn->trusted = true;
  std::lock_guard<std::mutex> lock(conn->gate->mutex);
  if (conn->listed) {
    conn->gate->anonymous.erase(conn->place);
    conn->listed = false;
  }
}
