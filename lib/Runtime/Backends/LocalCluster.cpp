//===- LocalCluster.cpp - worker processes on 127.0.0.1 -------------------===//

#include "mplang/Runtime/Backends/LocalCluster.h"
#include "mplang/Runtime/Cluster/Client.h"
#include "mplang/Runtime/Cluster/Protocol.h"

#include "llvm/Support/FileSystem.h"
#include <chrono>
#include <fstream>
#include <netinet/in.h>
#include <nlohmann/json.hpp>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace mplang::rt;

/// Ports the kernel reports free; all probes are held open together so the
/// ports differ. Another process may still take one before its worker binds,
/// which `start` handles by retrying.
static Status freePorts(unsigned count, std::vector<int> &ports) {
  std::vector<int> sockets;
  Status status = Status::ok();
  for (unsigned i = 0; i < count && status.isOk(); ++i) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof(addr);
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr *>(&addr), size) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &size) != 0)
      status = Status::error("cannot find a free port on 127.0.0.1");
    else
      ports.push_back(ntohs(addr.sin_port));
    if (fd >= 0)
      sockets.push_back(fd);
  }
  for (int fd : sockets)
    close(fd);
  return status;
}

Status LocalCluster::start(unsigned workers, const std::string &workerPath,
                           const PartyOptions &party) {
  if (!llvm::sys::fs::can_execute(workerPath))
    return Status::error("cannot run '" + workerPath + "'");
  for (int attempt = 0;; ++attempt) {
    bool retry = false;
    Status status = startOnce(workers, workerPath, party, retry);
    if (status.isOk() || !retry || attempt == 2)
      return status;
    stop();
  }
}

Status LocalCluster::startOnce(unsigned workers, const std::string &workerPath,
                               const PartyOptions &party, bool &retry) {
  char pattern[] = "/tmp/mplang-local-XXXXXX";
  if (dir.empty()) {
    if (!mkdtemp(pattern))
      return Status::error("cannot create a temporary directory");
    dir = pattern;
  }
  std::vector<int> ports;
  if (Status s = freePorts(workers, ports); !s.isOk())
    return s;
  nlohmann::json nodes = nlohmann::json::array();
  for (unsigned r = 0; r < workers; ++r)
    nodes.push_back({{"name", "local" + std::to_string(r)},
                     {"endpoint", "127.0.0.1:" + std::to_string(ports[r])},
                     {"token", protocol::randomHex(32)}});
  nlohmann::json root = {{"nodes", nodes},
                         {"driver", {{"token", protocol::randomHex(32)}}}};
  std::string path = dir + "/cluster.json";
  {
    // Created private: it holds every credential.
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0)
      return Status::error("cannot write '" + path + "'");
    std::string text = root.dump(2);
    bool written = write(fd, text.data(), text.size()) == ssize_t(text.size());
    close(fd);
    if (!written)
      return Status::error("cannot write '" + path + "'");
  }
  if (Status s = loadClusterConfig(path, cluster); !s.isOk())
    return s;

  pid_t parent = getpid();
  for (unsigned r = 0; r < workers; ++r) {
    PartyOptions rankParty = party;
    if (!party.store.dataRoot.empty())
      rankParty.store.dataRoot += "/rank" + std::to_string(r);
    std::vector<std::string> args = {workerPath, "--cluster",       path,
                                     "--rank",   std::to_string(r), "--quiet"};
    rankParty.appendArgs(args);
    std::vector<const char *> argv;
    for (const std::string &arg : args)
      argv.push_back(arg.c_str());
    argv.push_back(nullptr);
    pid_t pid = fork();
    if (pid < 0)
      return Status::error("cannot start a worker: fork failed");
    if (pid == 0) {
      // Only async-signal-safe calls between fork and exec. The worker dies
      // with this process, so a crash here leaves no strays.
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent)
        _exit(1);
      execv(argv[0], const_cast<char *const *>(argv.data()));
      _exit(127);
    }
    pids.push_back(pid);
  }

  // Ready when every worker answers its health check.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (unsigned r = 0; r < workers; ++r) {
    std::unique_ptr<httplib::Client> client =
        makeClient(cluster, r, protocol::kDriver, cluster.driver.token);
    while (true) {
      httplib::Result result = client->Get("/v1/health");
      if (result && result->status == 200)
        break;
      int exitStatus;
      if (waitpid(pids[r], &exitStatus, WNOHANG) == pids[r]) {
        pids[r] = 0;
        // Most likely its port was taken meanwhile: try other ports.
        retry = true;
        return Status::error("worker " + llvm::Twine(r) + " exited at start");
      }
      if (std::chrono::steady_clock::now() > deadline)
        return Status::error(
            "worker " + llvm::Twine(r) +
            " did not answer within 10 s: " + describeFailure(result));
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  return Status::ok();
}

void LocalCluster::stop() {
  for (pid_t pid : pids)
    if (pid > 0)
      kill(pid, SIGTERM);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  for (pid_t pid : pids) {
    if (pid <= 0)
      continue;
    int status;
    while (waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  pids.clear();
}

LocalCluster::~LocalCluster() {
  stop();
  if (!dir.empty()) {
    llvm::sys::fs::remove(dir + "/cluster.json");
    llvm::sys::fs::remove(dir);
  }
}
