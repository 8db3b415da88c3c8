//===- PeerLinks.cpp - a worker's connections to its peers ----------------===//

#include "PeerLinks.h"
#include "mplang/Runtime/Cluster/Protocol.h"

#include "llvm/ADT/STLExtras.h"
#include <array>
#include <chrono>
#include <optional>

using namespace mplang::rt;

/// Messages larger than this go in a request of their own, written without
/// copies; smaller ones share the peer's stream.
static constexpr size_t kLargeMessage = 1 << 20;
/// Messages with at least this many element bytes go in kParts parts on
/// parallel connections: the receiver reads each connection 4 KiB at a time
/// (httplib), which alone keeps one core busy (64 MiB: ~60 -> ~40 ms).
static constexpr size_t kSplitMessage = 16 << 20;
static constexpr unsigned kParts = 2;

/// True when a request failed to connect before writing anything, so that
/// retrying it cannot deliver a message twice.
static bool neverConnected(const httplib::Result &result, bool started) {
  return !started && !result &&
         (result.error() == httplib::Error::Connection ||
          result.error() == httplib::Error::ConnectionTimeout);
}

std::string PeerLinks::header(const Outgoing &msg) {
  return protocol::encodeFrameHeader(msg.job, msg.key, msg.payload.size());
}

/// A frame on the wire: its header, the message's head, the tensor's
/// elements.
static std::array<llvm::StringRef, 3> framePieces(llvm::StringRef header,
                                                  const Message &payload) {
  llvm::StringRef body;
  if (payload.body)
    body = {reinterpret_cast<const char *>(payload.body->bytes()),
            payload.body->numBytes()};
  return {header, payload.head, body};
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

void PeerLinks::send(int64_t dst, std::string job, MessageKey key,
                     Message payload, Done done) {
  Link &link = *links[dst];
  {
    std::lock_guard<std::mutex> lock(link.mutex);
    link.queue.push_back(
        {std::move(job), std::move(key), std::move(payload), std::move(done)});
    if (!link.thread.joinable())
      link.thread = std::thread([this, dst, &link] { drain(dst, link); });
  }
  link.ready.notify_one();
}

void PeerLinks::failQueued(Link &link, const std::string &why) {
  std::deque<Outgoing> failed;
  {
    std::lock_guard<std::mutex> lock(link.mutex);
    failed.swap(link.queue);
  }
  for (Outgoing &msg : failed)
    msg.done(Status::unavailable(why));
}

void PeerLinks::drain(int64_t dst, Link &link) {
  std::unique_ptr<httplib::Client> client = makeClient(
      config, dst, std::to_string(self), config.nodes[self].credential.token);
  auto backoff = std::chrono::milliseconds(5);
  std::optional<std::chrono::steady_clock::time_point> retryUntil;
  while (true) {
    bool large;
    {
      std::unique_lock<std::mutex> lock(link.mutex);
      link.ready.wait(lock, [&] { return stopping || !link.queue.empty(); });
      if (link.queue.empty())
        return;
      large = link.queue.front().payload.size() > kLargeMessage;
    }
    if (large ? sendAlone(*client, dst, link) : stream(*client, dst, link)) {
      link.reached = true;
      retryUntil.reset();
      backoff = std::chrono::milliseconds(5);
      continue;
    }
    // Not connected, or the first message in line did not reach the peer:
    // retrying cannot duplicate.
    auto now = std::chrono::steady_clock::now();
    if (!retryUntil)
      retryUntil = now + std::chrono::seconds(connectRetrySeconds);
    if (now + backoff > *retryUntil) {
      failQueued(link, "cannot connect to rank " + std::to_string(dst) + " (" +
                           config.endpoint(dst) + ") within " +
                           std::to_string(connectRetrySeconds) + " s");
      retryUntil.reset();
      continue;
    }
    std::this_thread::sleep_for(backoff);
    backoff = std::min(backoff * 2, std::chrono::milliseconds(500));
  }
}

bool PeerLinks::stream(httplib::Client &client, int64_t dst, Link &link) {
  bool started = false, unwritten = false;
  httplib::Result result = client.Put(
      "/v1/stream",
      [&](size_t, httplib::DataSink &sink) {
        started = true;
        Outgoing msg;
        {
          std::unique_lock<std::mutex> lock(link.mutex);
          // An idle stream ends (the server times out idle reads); the
          // next message opens another on the same connection.
          link.ready.wait_for(lock, std::chrono::seconds(1),
                              [&] { return stopping || !link.queue.empty(); });
          // A large message goes in a request of its own (sendAlone).
          if (link.queue.empty() ||
              link.queue.front().payload.size() > kLargeMessage) {
            sink.done();
            return true;
          }
          msg = std::move(link.queue.front());
          link.queue.pop_front();
        }
        // One chunk per message (httplib copies it twice, cheap at this size).
        std::string frame = header(msg);
        frame += msg.payload.head;
        if (msg.payload.body)
          frame.append(
              reinterpret_cast<const char *>(msg.payload.body->bytes()),
              msg.payload.body->numBytes());
        // A write fails only when the peer had closed the connection before
        // the whole frame reached it (say a restarted peer, while this
        // stream idled): it cannot have read the message, which goes again
        // on a new connection, first in line.
        if (!sink.write(frame.data(), frame.size())) {
          std::lock_guard<std::mutex> lock(link.mutex);
          link.queue.push_front(std::move(msg));
          unwritten = true;
          return false;
        }
        msg.done(Status::ok());
        return true;
      },
      protocol::kBinaryType);
  if (result && result->status / 100 == 2)
    return true;
  if (unwritten || neverConnected(result, started))
    return false;
  // The peer refused the stream or it broke: what is queued cannot go.
  failQueued(link, "cannot send to rank " + std::to_string(dst) + " (" +
                       config.endpoint(dst) + "): " + describeFailure(result));
  return true;
}

/// One request holding one frame, given as pieces. With a length, httplib
/// writes what the provider gives straight to the socket: the payload (a
/// tensor's own buffer) is not copied. `started` tells whether anything was
/// written.
static httplib::Result putFrame(httplib::Client &client,
                                const httplib::Headers &headers,
                                llvm::ArrayRef<llvm::StringRef> pieces,
                                bool &started) {
  size_t size = 0;
  for (llvm::StringRef piece : pieces)
    size += piece.size();
  return client.Put(
      "/v1/stream", headers, size,
      [&](size_t offset, size_t, httplib::DataSink &sink) {
        started = true;
        for (llvm::StringRef piece : pieces) {
          if (offset < piece.size() &&
              !sink.write(piece.data() + offset, piece.size() - offset))
            return false;
          offset -= std::min(offset, piece.size());
        }
        return true;
      },
      protocol::kBinaryType);
}

void PeerLinks::sendParts(httplib::Client &client, int64_t dst, Link &link,
                          Outgoing &msg) {
  const Tensor &body = *msg.payload.body;
  auto sendPart = [&](httplib::Client &to, unsigned i) {
    auto [begin, end] = MessageReader::share(body.numBytes(), i, kParts);
    std::string frameHeader = protocol::encodeFrameHeader(
        msg.job, msg.key, msg.payload.head.size() + (end - begin));
    llvm::StringRef elements(
        reinterpret_cast<const char *>(body.bytes()) + begin, end - begin);
    bool started = false;
    httplib::Result result =
        putFrame(to,
                 {{protocol::kPartHeader,
                   std::to_string(i) + "/" + std::to_string(kParts)}},
                 {frameHeader, msg.payload.head, elements}, started);
    return result && result->status / 100 == 2 ? std::string()
                                               : describeFailure(result);
  };
  while (link.helpers.size() < kParts - 1)
    link.helpers.push_back(makeClient(config, dst, std::to_string(self),
                                      config.nodes[self].credential.token));
  std::vector<std::string> failures(kParts);
  std::vector<std::thread> helpers;
  for (unsigned i = 1; i < kParts; ++i)
    helpers.emplace_back(
        [&, i] { failures[i] = sendPart(*link.helpers[i - 1], i); });
  failures[0] = sendPart(client, 0);
  for (std::thread &helper : helpers)
    helper.join();
  for (const std::string &failure : failures)
    if (!failure.empty())
      return msg.done(
          Status::unavailable("cannot send to rank " + std::to_string(dst) +
                              " (" + config.endpoint(dst) + "): " + failure));
  msg.done(Status::ok());
}

bool PeerLinks::sendAlone(httplib::Client &client, int64_t dst, Link &link) {
  Outgoing msg;
  {
    std::lock_guard<std::mutex> lock(link.mutex);
    msg = std::move(link.queue.front());
    link.queue.pop_front();
  }
  // Split only on a link that reached its peer: a part that was written
  // cannot be retried, so connect failures must come before.
  if (link.reached && msg.payload.body &&
      msg.payload.body->numBytes() >= kSplitMessage) {
    sendParts(client, dst, link, msg);
    return true;
  }
  std::string frameHeader = header(msg);
  bool started = false;
  httplib::Result result =
      putFrame(client, {}, framePieces(frameHeader, msg.payload), started);
  if (result && result->status / 100 == 2) {
    msg.done(Status::ok());
    return true;
  }
  if (neverConnected(result, started)) {
    std::lock_guard<std::mutex> lock(link.mutex);
    link.queue.push_front(std::move(msg));
    return false;
  }
  msg.done(Status::unavailable("cannot send to rank " + std::to_string(dst) +
                               " (" + config.endpoint(dst) +
                               "): " + describeFailure(result)));
  return true;
}

void PeerLinks::broadcastAbort(const std::string &job,
                               const std::string &detailed) {
  std::string reason =
      redactAborts ? "rank " + std::to_string(self) +
                         " stopped the job (its reason stays in its log)"
                   : detailed;
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
