//===- WorkerMain.cpp - mplang-worker's main, in the library --------------===//

#include "mplang/Runtime/Cluster/Mains.h"
#include "mplang/Runtime/Cluster/Worker.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include <condition_variable>
#include <csignal>
#include <malloc.h>
#include <mutex>
#include <pthread.h>
#include <thread>
#include <unistd.h>

using namespace mplang::rt;
namespace cl = llvm::cl;

static int fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-worker: error: " << message << "\n";
  return 1;
}

namespace {
/// Which node a worker serves, and how it says so.
struct NodeFlags {
  explicit NodeFlags(cl::OptionCategory &category)
      : clusterFile("cluster", cl::desc("Cluster file (YAML or JSON)"),
                    cl::Required, cl::cat(category)),
        rank("rank", cl::desc("This worker's rank"), cl::init(-1),
             cl::cat(category)),
        node("node", cl::desc("This worker's node name"), cl::cat(category)),
        quiet("quiet", cl::desc("Do not announce the endpoint on start"),
              cl::cat(category)) {}

  cl::opt<std::string> clusterFile;
  cl::opt<int64_t> rank;
  cl::opt<std::string> node;
  cl::opt<bool> quiet;
};
} // namespace

/// The rank `--node` or `--rank` names, whose token must be at hand.
static StatusOr<int64_t> selectRank(const NodeFlags &flags,
                                    const ClusterConfig &config) {
  int64_t rank = flags.rank;
  if (!flags.node.empty()) {
    std::optional<int64_t> named = config.rankOf(flags.node);
    if (!named)
      return Status::invalidArgument("no node '" + flags.node + "' in " +
                                     flags.clusterFile);
    rank = *named;
  } else if (rank < 0 || rank >= int64_t(config.nodes.size())) {
    return Status::invalidArgument(
        "pass --node NAME or --rank R with 0 <= R < " +
        llvm::Twine(config.nodes.size()));
  }
  if (config.nodes[rank].credential.token.empty())
    return Status::invalidArgument(
        "node '" + config.nodes[rank].name + "' has only token_sha256 in " +
        flags.clusterFile +
        "; this worker needs its token (token or token_file)");
  return rank;
}

/// Serves until SIGINT or SIGTERM, or until the server fails.
static void serveUntilSignal(Worker &worker, const sigset_t &signals) {
  std::mutex mutex;
  std::condition_variable servedChanged;
  bool served = false;
  // Signals are taken by this thread with sigwait, so stopping the server
  // happens outside a signal handler.
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&signals, &signal);
    worker.stop();
    // Idle keep-alive connections hold server threads until their time-out;
    // with every job aborted nothing is left to flush, so do not wait.
    std::unique_lock<std::mutex> lock(mutex);
    if (!servedChanged.wait_for(lock, std::chrono::milliseconds(500),
                                [&] { return served; }))
      _exit(0);
  });
  worker.serve();
  {
    std::lock_guard<std::mutex> lock(mutex);
    served = true;
  }
  servedChanged.notify_all();
  // Served until a signal, or until the server failed: wake the waiter.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
}

int mplang::rt::workerMain(int argc, char **argv) {
  static cl::OptionCategory category("mplang-worker options");
  static NodeFlags flags(category);
  WorkerOptions::registerCLOptions(category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mplang worker: serves one node of a cluster file\n\n"
      "  mplang-worker --cluster cluster.yaml --node alice\n"
      "  mplang-worker --cluster cluster.yaml --rank 1 --listen 0.0.0.0 "
      "--jit=auto\n");
  StatusOr<WorkerOptions> options = WorkerOptions::createFromCLOptions();
  if (!options.isOk())
    return fail(options.status().message());
  ClusterConfig config;
  if (Status s = loadClusterConfig(flags.clusterFile, config); !s.isOk())
    return fail(s.message());
  StatusOr<int64_t> rank = selectRank(flags, config);
  if (!rank.isOk())
    return fail(rank.status().message());
  options->rank = *rank;
  setObjectStore(*rank, std::make_shared<ObjectStore>(options->party.store));

  // Messages of many MiB would each get freshly mapped, zeroed pages (page
  // faults were most of a 64 MiB message's cost); keep freed buffers for
  // reuse instead: no mmap for large blocks (thresholds cap at 32 MiB), and
  // one arena, as thread arenas cannot hold blocks over 64 MiB.
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);

  // Blocked in every thread, taken by serveUntilSignal's.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  Worker worker(config, *options);
  if (Status s = worker.bind(); !s.isOk())
    return fail(s.message());
  if (!flags.quiet)
    llvm::errs() << "mplang-worker: rank " << *rank << " ("
                 << config.nodes[*rank].name << ") serving "
                 << config.endpoint(*rank) << "\n";
  serveUntilSignal(worker, signals);
  return 0;
}
