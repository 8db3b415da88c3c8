//===- mplang-worker.cpp - one party of a distributed run -------*- C++ -*-===//
//
// Serves the worker protocol (docs/protocol.md) for one node of a cluster
// file until SIGINT or SIGTERM.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/Runtime/Cluster/Worker.h"
#include "mplang/Runtime/Store/ObjectStore.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
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
static cl::opt<std::string>
    listenHost("listen",
               cl::desc("Bind this address instead of the "
                        "endpoint's host (e.g. 0.0.0.0)"),
               cl::cat(category));
static cl::opt<uint64_t> maxJobMiB("max-job-mib",
                                   cl::desc("Largest job submission (MiB)"),
                                   cl::init(256), cl::cat(category));
static cl::opt<uint64_t> maxMessageMiB("max-message-mib",
                                       cl::desc("Largest peer message (MiB)"),
                                       cl::init(1024), cl::cat(category));
static cl::opt<uint64_t>
    maxEarlyMiB("max-early-mib",
                cl::desc("Bytes of messages held for jobs not submitted yet, "
                         "in all (MiB)"),
                cl::init(256), cl::cat(category));
static cl::opt<uint64_t>
    maxEarlyMessages("max-early-messages",
                     cl::desc("Messages held for jobs not submitted yet, in "
                              "all"),
                     cl::init(4096), cl::cat(category));
static cl::opt<uint64_t>
    maxHeldMiB("max-held-mib",
               cl::desc("Bytes of messages a job holds before its receives "
                        "take them (MiB)"),
               cl::init(4096), cl::cat(category));
static cl::opt<uint64_t> maxHeldMessages(
    "max-held-messages",
    cl::desc("Messages a job holds before its receives take them"),
    cl::init(65536), cl::cat(category));
static cl::opt<uint64_t>
    maxTraceEvents("max-trace-events",
                   cl::desc("Trace events a job may ask to keep (mplang-run "
                            "--trace-max-events)"),
                   cl::init(1 << 20), cl::cat(category));
static cl::opt<unsigned> poolThreads("pool-threads",
                                     cl::desc("Threads for heavy kernels"),
                                     cl::init(2), cl::cat(category));
static cl::opt<unsigned>
    connectRetry("connect-retry",
                 cl::desc("Seconds to retry a peer that is not listening"),
                 cl::init(10), cl::cat(category));
static cl::opt<unsigned>
    retention("retention", cl::desc("Seconds an unfetched result is kept"),
              cl::init(60), cl::cat(category));

static cl::opt<unsigned> authDeadline(
    "auth-deadline",
    cl::desc("Seconds a connection has to send an authenticated request "
             "before it is closed, however it trickles its bytes"),
    cl::init(10), cl::cat(category));
static cl::opt<unsigned> maxUnauthenticated(
    "max-unauthenticated",
    cl::desc("Connections not authenticated yet at once (1-63); over it the "
             "oldest is closed"),
    cl::init(16), cl::cat(category));
static cl::opt<unsigned> maxConnectionsPerPeer(
    "max-connections-per-peer",
    cl::desc("Connections from one address at once; over it a new one is "
             "closed"),
    cl::init(32), cl::cat(category));

static cl::opt<std::string>
    dataRoot("data-root",
             cl::desc("The directory fs:// objects live in; without it "
                      "programs have no file access"),
             cl::cat(category));
static cl::opt<uint64_t>
    storeMaxMiB("store-max-mib",
                cl::desc("Bytes of mem:// objects held at once (MiB)"),
                cl::init(1024), cl::cat(category));
static cl::opt<unsigned>
    storeTtl("store-ttl",
             cl::desc("Seconds a mem:// object is kept after it was saved"),
             cl::init(3600), cl::cat(category));

static cl::opt<std::string> approvedPrograms(
    "approved-programs",
    cl::desc("Run only jobs whose digest (mplang-opt "
             "--simp-program-digests) is the last word of a line of FILE"),
    cl::cat(category));

static cl::opt<std::string> releaseToDriver(
    "release-to-driver",
    cl::desc("all: results, kept objects and run details (error texts, "
             "statistics, traces) may go to the driver; details: only run "
             "details; none: nothing (details go to stderr)"),
    cl::init("all"), cl::cat(category));

static cl::opt<std::string>
    jitMode("jit",
            cl::desc("Compile jobs' local code to native code: off "
                     "(interpret), on (every group), auto (groups that pay "
                     "off); default: $MPLANG_JIT, else auto"),
            cl::init(jit::defaultModeName()), cl::cat(category));
static cl::opt<std::string>
    jitCache("jit-cache",
             cl::desc("Keep compiled local code in DIR for later processes"),
             cl::value_desc("DIR"), cl::cat(category));
static cl::opt<uint64_t> jitCacheMaxKiB(
    "jit-cache-max-kb",
    cl::desc("Size --jit-cache keeps, in KiB (least recently used go)"),
    cl::init(jit::kDefaultCacheBytes >> 10), cl::cat(category));

static cl::opt<bool> quiet("quiet",
                           cl::desc("Do not announce the endpoint on start"),
                           cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-worker: error: " << message << "\n";
  return 1;
}

/// Reads digests, one per line as the last word (so mplang-opt's
/// `rank R: ... job-sha256:HEX` lines can be pasted); `#` starts a comment.
static Status loadApprovedPrograms(const std::string &path,
                                   std::set<std::string> &digests) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return Status::error("cannot read '" + path +
                         "': " + buffer.getError().message());
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (auto [i, line] : llvm::enumerate(lines)) {
    line = line.split('#').first.trim();
    if (line.empty())
      continue;
    llvm::StringRef digest = line.rsplit(' ').second;
    if (digest.empty())
      digest = line;
    std::string where = (path + ":" + llvm::Twine(i + 1) + ": '").str();
    if (digest.starts_with("sha256:"))
      return Status::error(
          where + digest +
          "' approves a program but not what runs (its entry and how its "
          "arguments are bound): approve the job-sha256: line mplang-opt "
          "--simp-program-digests prints for the invocation "
          "(docs/deployment.md)");
    llvm::StringRef hex = digest;
    if (!hex.consume_front(mlir::simp::kJobDigestPrefix) || hex.size() != 64 ||
        !llvm::all_of(hex, [](char c) { return llvm::isHexDigit(c); }) ||
        hex.lower() != hex)
      return Status::error(where + digest +
                           "' is not job-sha256: and 64 lowercase hex digits");
    digests.insert(digest.str());
  }
  return Status::ok();
}

/// Options whose value makes no sense, as a message (empty: none).
static std::string checkOptions() {
  for (auto [option, value] :
       {std::pair<cl::Option *, uint64_t>{&maxJobMiB, maxJobMiB},
        {&maxMessageMiB, maxMessageMiB},
        {&maxHeldMiB, maxHeldMiB},
        {&maxHeldMessages, maxHeldMessages},
        {&maxTraceEvents, maxTraceEvents},
        {&poolThreads, poolThreads},
        {&retention, retention},
        {&storeMaxMiB, storeMaxMiB},
        {&storeTtl, storeTtl}})
    if (value == 0)
      return ("--" + option->ArgStr + " must be at least 1").str();
  // The connection limits are checked by Worker::bind.
  return "";
}

int main(int argc, char **argv) {
  // This executable also parses untrusted modules in a child of itself.
  runModuleCheckIfAsked(argc, argv);
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mplang worker: serves one node of a cluster file\n\n"
      "  mplang-worker --cluster cluster.yaml --node alice\n"
      "  mplang-worker --cluster cluster.yaml --rank 1 --listen 0.0.0.0 "
      "--jit=auto\n");
  if (std::string error = checkOptions(); !error.empty())
    return fail(error);
  std::optional<jit::Mode> mode = jit::parseMode(jitMode);
  if (!mode)
    return fail("--jit takes off, on or auto, not '" + jitMode + "'");

  ClusterConfig config;
  if (Status s = loadClusterConfig(clusterFile, config); !s.isOk())
    return fail(s.message());
  WorkerOptions options;
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
  options.listenHost = listenHost;
  options.maxJobBytes = maxJobMiB << 20;
  options.maxMessageBytes = maxMessageMiB << 20;
  options.maxEarlyBytes = maxEarlyMiB << 20;
  options.maxEarlyMessages = maxEarlyMessages;
  options.maxHeldBytes = maxHeldMiB << 20;
  options.maxHeldMessages = maxHeldMessages;
  options.maxTraceEvents = maxTraceEvents;
  options.poolThreads = poolThreads;
  options.connectRetrySeconds = connectRetry;
  options.retentionSeconds = retention;
  options.authDeadlineSeconds = authDeadline;
  options.maxUnauthenticated = maxUnauthenticated;
  options.maxConnectionsPerPeer = maxConnectionsPerPeer;
  if (releaseToDriver != "all" && releaseToDriver != "details" &&
      releaseToDriver != "none")
    return fail("--release-to-driver takes all, details or none, not '" +
                releaseToDriver + "'");
  options.releaseToDriver = releaseToDriver == "all";
  options.releaseDetails = releaseToDriver != "none";
  options.jit.mode = *mode;
  options.jit.cacheDir = jitCache;
  options.jit.cacheMaxBytes = jitCacheMaxKiB << 10;
  if (!approvedPrograms.empty())
    if (Status s = loadApprovedPrograms(approvedPrograms,
                                        options.approvedPrograms.emplace());
        !s.isOk())
      return fail(s.message());
  if (!dataRoot.empty() && !llvm::sys::fs::is_directory(dataRoot))
    return fail("--data-root '" + dataRoot + "' is not a directory");
  setObjectStore(options.rank, std::make_shared<ObjectStore>(ObjectStoreOptions{
                                   dataRoot, storeMaxMiB << 20, storeTtl}));

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
