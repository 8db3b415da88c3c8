//===- PeerLinks.cpp - a worker's connections to its peers ----------------===//

#include "PeerLinks.h"
#include "mplang/Runtime/Cluster/Protocol.h"

#include "llvm/ADT/STLExtras.h"
#include <chrono>

using namespace mplang::rt;

std::unique_ptr<httplib::Client>
mplang::rt::makeClient(const ClusterConfig &config, int64_t rank,
                       const std::string &from, const std::string &token) {
  auto client = std::make_unique<httplib::Client>(config.endpoint(rank));
  client->set_keep_alive(true);
  client->set_tcp_nodelay(true);
  client->set_connection_timeout(2);
  client->set_read_timeout(60);
  client->set_write_timeout(60);
  client->set_bearer_token_auth(token);
  client->set_default_headers({{protocol::kFromHeader, from}});
  if (config.tls()) {
    client->set_ca_cert_path(config.tlsCaFile);
    client->enable_server_certificate_verification(true);
  }
  return client;
}

std::string mplang::rt::describeFailure(const httplib::Result &result) {
  if (!result)
    return "no answer (" + httplib::to_string(result.error()) + " error)";
  std::string body =
      llvm::StringRef(result->body).take_front(512).rtrim().str();
  return "HTTP " + std::to_string(result->status) +
         (body.empty() ? "" : ": " + body);
}

PeerLinks::PeerLinks(const ClusterConfig &config, int64_t self,
                     unsigned connectRetrySeconds)
    : config(config), self(self), connectRetrySeconds(connectRetrySeconds) {
  for (size_t r = 0; r < config.nodes.size(); ++r)
    links.push_back(std::make_unique<Link>());
}

PeerLinks::~PeerLinks() {
  stop();
  std::lock_guard<std::mutex> lock(noticeMutex);
  for (Notice &notice : notices)
    notice.thread.join();
}

void PeerLinks::stop() {
  stopping = true;
  for (auto &link : links) {
    // Taking the lock orders the flag before the link's next wait.
    std::lock_guard<std::mutex> lock(link->mutex);
    link->ready.notify_all();
  }
  for (auto &link : links) {
    std::thread thread;
    {
      std::lock_guard<std::mutex> lock(link->mutex);
      thread = std::move(link->thread);
    }
    if (thread.joinable())
      thread.join();
  }
}

void PeerLinks::put(int64_t dst, std::string path, httplib::Headers headers,
                    std::string body, Done done) {
  Link &link = *links[dst];
  {
    std::lock_guard<std::mutex> lock(link.mutex);
    link.queue.push_back({std::move(path), std::move(headers), std::move(body),
                          std::move(done)});
    if (!link.thread.joinable())
      link.thread = std::thread([this, dst, &link] { drain(dst, link); });
  }
  link.ready.notify_one();
}

void PeerLinks::drain(int64_t dst, Link &link) {
  std::unique_ptr<httplib::Client> client = makeClient(
      config, dst, std::to_string(self), config.nodes[self].credential.token);
  while (true) {
    Outgoing msg;
    {
      std::unique_lock<std::mutex> lock(link.mutex);
      link.ready.wait(lock, [&] { return stopping || !link.queue.empty(); });
      if (link.queue.empty())
        return;
      msg = std::move(link.queue.front());
      link.queue.pop_front();
    }
    msg.done(deliver(*client, dst, msg));
  }
}

Status PeerLinks::deliver(httplib::Client &client, int64_t dst,
                          const Outgoing &msg) {
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::seconds(connectRetrySeconds);
  auto backoff = std::chrono::milliseconds(5);
  while (true) {
    // Streams the body from `msg` instead of copying it into the request.
    httplib::Result result = client.Put(
        msg.path, msg.headers, msg.body.size(),
        [&](size_t offset, size_t length, httplib::DataSink &sink) {
          sink.write(msg.body.data() + offset, length);
          return true;
        },
        protocol::kBinaryType);
    if (result && result->status / 100 == 2)
      return Status::ok();
    // Only a refused or timed-out connect is retried: nothing was delivered,
    // so the retry cannot duplicate the message.
    bool notConnected =
        !result && (result.error() == httplib::Error::Connection ||
                    result.error() == httplib::Error::ConnectionTimeout);
    if (!notConnected || std::chrono::steady_clock::now() + backoff > deadline)
      return Status::error("cannot send to rank " + llvm::Twine(dst) + " (" +
                           config.endpoint(dst) +
                           "): " + describeFailure(result));
    std::this_thread::sleep_for(backoff);
    backoff = std::min(backoff * 2, std::chrono::milliseconds(500));
  }
}

void PeerLinks::broadcastAbort(const std::string &job,
                               const std::string &reason) {
  std::lock_guard<std::mutex> lock(noticeMutex);
  llvm::erase_if(notices, [](Notice &notice) {
    if (!*notice.done)
      return false;
    notice.thread.join();
    return true;
  });
  for (size_t r = 0; r < config.nodes.size(); ++r) {
    if (int64_t(r) == self)
      continue;
    // A separate short-lived connection: the peer's link may be busy with a
    // large message, and the abort must not wait behind it.
    auto done = std::make_shared<std::atomic<bool>>(false);
    notices.push_back({std::thread([this, r, job, reason, done] {
                         std::unique_ptr<httplib::Client> client =
                             makeClient(config, r, std::to_string(self),
                                        config.nodes[self].credential.token);
                         client->set_read_timeout(5);
                         client->Post("/v1/jobs/" + job + "/abort", reason,
                                      "text/plain");
                         *done = true;
                       }),
                       done});
  }
}
