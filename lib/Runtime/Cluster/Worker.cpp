//===- Worker.cpp - one party's HTTP server -------------------------------===//
//
// The facade: construction, binding the endpoint, serving and stopping. What
// the worker does lives in the files WorkerImpl.h lists.
//
//===----------------------------------------------------------------------===//

#include "WorkerImpl.h"
#include "mplang/InitAllDialects.h"

#include <cstring>
#include <limits>

using namespace mplang::rt;

Worker::Worker(const ClusterConfig &config, const WorkerOptions &options)
    : impl(std::make_unique<Impl>(config, options)) {
  mplang::registerAllDialects(impl->registry);
}

Worker::~Worker() {
  stop();
  if (impl->reaper.joinable())
    impl->reaper.join();
  impl->jobs.forEach([](Job &job) {
    if (job.thread.joinable())
      job.thread.join();
  });
}

Status Worker::bind() {
  const ClusterConfig &config = impl->config;
  const NodeConfig &node = config.nodes[impl->options.rank];
  if (config.tls()) {
    // With mutual TLS the handshake refuses clients without a certificate
    // signed by the cluster's CA.
    auto tls = std::make_unique<httplib::SSLServer>(
        node.certFile.c_str(), node.keyFile.c_str(),
        config.tlsMutual ? config.tlsCaFile.c_str() : nullptr);
    if (!tls->is_valid())
      return Status::error("cannot load the TLS certificate '" + node.certFile +
                           "', key '" + node.keyFile + "'" +
                           (config.tlsMutual
                                ? " or CA '" + config.tlsCaFile + "'"
                                : std::string()));
    impl->server = std::move(tls);
  } else {
    impl->server = std::make_unique<httplib::Server>();
  }
  ignoreBrokenPipes();
  httplib::Server &server = *impl->server;
  server.set_tcp_nodelay(true);
  server.set_keep_alive_max_count(std::numeric_limits<int32_t>::max());
  server.set_keep_alive_timeout(30);
  server.set_read_timeout(10);
  server.set_write_timeout(60);
  server.set_payload_max_length(
      std::max(impl->options.maxJobBytes, impl->options.maxMessageBytes));
  impl->routes();
  const WorkerOptions &options = impl->options;
  if (options.authDeadlineSeconds == 0 || options.maxConnectionsPerPeer == 0 ||
      options.maxUnauthenticated == 0 || options.maxUnauthenticated >= 64)
    return Status::error("connection limits: the deadline and the limit per "
                         "peer must be positive, the unauthenticated "
                         "connections between 1 and 63");
  // Each keep-alive connection holds a thread: peers, the driver's polls
  // and submissions of concurrent jobs all need one.
  impl->gate = std::make_unique<ConnectionGate>(
      server, ConnectionLimits{64, options.authDeadlineSeconds,
                               options.maxUnauthenticated,
                               options.maxConnectionsPerPeer});
  std::string host =
      impl->options.listenHost.empty() ? node.host : impl->options.listenHost;
  if (!impl->gate->bind(host, node.port))
    return Status::error("cannot listen on " + host + ":" +
                         llvm::Twine(node.port) + ": " + std::strerror(errno));
  impl->reaper = std::thread([this] { impl->reap(); });
  return Status::ok();
}

void Worker::Impl::reap() {
  std::mutex wakeMutex;
  while (!stopping) {
    {
      std::unique_lock<std::mutex> lock(wakeMutex);
      reaperWake.wait_for(lock, std::chrono::milliseconds(100));
    }
    jobs.reap(Clock::now());
  }
}

void Worker::serve() { impl->gate->listen(); }

void Worker::stop() {
  if (impl->stopping.exchange(true))
    return;
  impl->jobs.forEach([&](Job &job) {
    job.comm.abortFromPeer(
        Status::cancelled("the worker of rank " +
                          std::to_string(impl->options.rank) + " is stopping"));
  });
  impl->reaperWake.notify_all();
  if (impl->gate)
    impl->gate->stop();
  impl->links.stop();
}
