//===- PeerLinks.h - a worker's connections to its peers --------*- C++ -*-===//
//
// One keep-alive HTTP connection per peer, fed by a queue and drained by one
// thread, so that `send` never blocks and messages to a peer keep their order.
// Messages go as frames on a streamed request (see protocol::Frame), so a
// message costs one chunk on an open connection, not a request; large ones
// go alone, with a length, so that they are not copied.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_PEERLINKS_H
#define MPLANG_RUNTIME_CLUSTER_PEERLINKS_H

#include "mplang/Runtime/Cluster/Client.h"
#include "mplang/Runtime/Communicator.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace mplang::rt {

class PeerLinks {
public:
  using Done = std::function<void(Status)>;

  /// `connectRetrySeconds` bounds how long a peer that is not listening yet
  /// (or restarting) is retried with back-off before a send fails.
  PeerLinks(const ClusterConfig &config, int64_t self,
            unsigned connectRetrySeconds);
  ~PeerLinks();

  /// Queues a message for worker `dst`; `done` runs on the link's thread
  /// once the message is written to the connection, or has failed.
  void send(int64_t dst, std::string job, MessageKey key, Message payload,
            Done done);
  /// Ends the links once their queues are sent, closing the connections so
  /// that peers' server threads are released.
  void stop();
  /// Tells every other worker to abort `job`, in the background.
  void broadcastAbort(const std::string &job, const std::string &reason);
  /// Abort notices say only who stopped the job: peers may pass a reason on
  /// to the driver, and a reason can tell of private data (a time-out's
  /// waiting receives, a send's loop iteration).
  bool redactAborts = false;

private:
  struct Outgoing {
    std::string job;
    MessageKey key;
    Message payload;
    Done done;
  };
  struct Link {
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<Outgoing> queue;
    std::thread thread;
    /// Used by the link's thread only: whether the peer was reached, and
    /// the extra connections that carry parts of large messages.
    bool reached = false;
    std::vector<std::unique_ptr<httplib::Client>> helpers;
  };
  /// The frame header of `msg`.
  static std::string header(const Outgoing &msg);
  void drain(int64_t dst, Link &link);
  /// One streamed request: writes queued messages until the queue stays
  /// empty for a while. Returns false when the peer cannot be reached.
  bool stream(httplib::Client &client, int64_t dst, Link &link);
  /// Sends the first queued message in a request of its own. Returns false
  /// when the peer cannot be reached (the message stays queued).
  bool sendAlone(httplib::Client &client, int64_t dst, Link &link);
  /// Sends `msg` in parts, one per connection, at once.
  void sendParts(httplib::Client &client, int64_t dst, Link &link,
                 Outgoing &msg);
  /// Fails every queued message of `link`.
  void failQueued(Link &link, const std::string &why);

  const ClusterConfig &config;
  int64_t self;
  unsigned connectRetrySeconds;
  std::vector<std::unique_ptr<Link>> links;
  std::atomic<bool> stopping{false};
  /// Abort notices in flight; finished ones are joined when the next starts.
  struct Notice {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  std::mutex noticeMutex;
  std::vector<Notice> notices;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_PEERLINKS_H
