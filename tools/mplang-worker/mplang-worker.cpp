//===- mplang-worker.cpp - one party of a distributed run -------*- C++ -*-===//
//
// Serves the worker protocol (docs/protocol.md) for one node of a cluster
// file until SIGINT or SIGTERM.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/Runtime/Cluster/Worker.h"
#include "mplang/Runtime/Store/ObjectStore.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include <condition_variable>
#include <csignal>
#include <malloc.h>
#include <mutex>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace cl = llvm::cl;
using namespace mplang::rt;

static cl::OptionCategory category("mplang-worker options");

static cl::opt<std::string> clusterFile("cluster",
                                        cl::desc("Cluster file (YAML or JSON)"),
                                        cl::Required, cl::cat(category));
static cl::opt<int64_t> rankOpt("rank", cl::desc("This worker's rank"),
                                cl::init(-1), cl::cat(category));
static cl::opt<std::string>
    nodeName("node", cl::desc("This worker's node name"), cl::cat(category));
static cl::opt<bool> quiet("quiet",
                           cl::desc("Do not announce the endpoint on start"),
                           cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-worker: error: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  // This executable also parses untrusted modules in a child of itself.
  runModuleCheckIfAsked(argc, argv);
  llvm::InitLLVM init(argc, argv);
  WorkerOptions::registerCLOptions(category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mplang worker: serves one node of a cluster file\n\n"
      "  mplang-worker --cluster cluster.yaml --node alice\n"
      "  mplang-worker --cluster cluster.yaml --rank 1 --listen 0.0.0.0 "
      "--jit=auto\n");
  StatusOr<WorkerOptions> fromFlags = WorkerOptions::createFromCLOptions();
  if (!fromFlags.isOk())
    return fail(fromFlags.status().message());
  WorkerOptions options = *std::move(fromFlags);

  ClusterConfig config;
  if (Status s = loadClusterConfig(clusterFile, config); !s.isOk())
    return fail(s.message());
  if (!nodeName.empty()) {
    std::optional<int64_t> rank = config.rankOf(nodeName);
    if (!rank)
      return fail("no node '" + nodeName + "' in " + clusterFile);
    options.rank = *rank;
  } else if (rankOpt >= 0 && rankOpt < int64_t(config.nodes.size())) {
    options.rank = rankOpt;
  } else {
    return fail("pass --node NAME or --rank R with 0 <= R < " +
                llvm::Twine(config.nodes.size()));
  }
  if (config.nodes[options.rank].credential.token.empty())
    return fail("node '" + config.nodes[options.rank].name +
                "' has only token_sha256 in " + clusterFile +
                "; this worker needs its token (token or token_file)");
  setObjectStore(options.rank,
                 std::make_shared<ObjectStore>(options.party.store));

  // Messages of many MiB would each get freshly mapped, zeroed pages (page
  // faults were most of a 64 MiB message's cost); keep freed buffers for
  // reuse instead: no mmap for large blocks (thresholds cap at 32 MiB), and
  // one arena, as thread arenas cannot hold blocks over 64 MiB.
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);

  // Signals are taken by one thread with sigwait, so stopping the server
  // happens outside a signal handler.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  Worker worker(config, options);
  if (Status s = worker.bind(); !s.isOk())
    return fail(s.message());
  std::mutex mutex;
  std::condition_variable servedChanged;
  bool served = false;
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
  if (!quiet)
    llvm::errs() << "mplang-worker: rank " << options.rank << " ("
                 << config.nodes[options.rank].name << ") serving "
                 << config.endpoint(options.rank) << "\n";
  worker.serve();
  {
    std::lock_guard<std::mutex> lock(mutex);
    served = true;
  }
  servedChanged.notify_all();
  // Served until a signal, or until the server failed: wake the waiter.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  return 0;
}
