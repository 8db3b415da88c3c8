//===- WorkerImpl.h - the worker's state, shared by its parts ---*- C++ -*-===//
//
// The worker (Worker.h) is a facade over one Impl, whose concerns live in
// separate files: WorkerRoutes.cpp (HTTP routes and authentication),
// JobTable.cpp (the job table, early-message budgets, the reaper),
// MessageAssembly.cpp (peer streams and multi-part messages) and
// WorkerJobs.cpp (parsing, compiling and running submitted programs).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_RUNTIME_CLUSTER_WORKERIMPL_H
#define MPLANG_LIB_RUNTIME_CLUSTER_WORKERIMPL_H

#include "ConnectionGate.h"
#include "PeerLinks.h"
#include "mplang/Runtime/Cluster/HttpCommunicator.h"
#include "mplang/Runtime/Cluster/Protocol.h"
#include "mplang/Runtime/Cluster/Worker.h"
#include "mplang/Runtime/Plan.h"
#include "mplang/Runtime/ThreadPool.h"
#include "mplang/Runtime/Trace.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include <map>

namespace mplang::rt {
namespace worker {
using Clock = std::chrono::steady_clock;

enum class JobState { Waiting, Running, Succeeded, Failed };

/// The program of a submitted job, parsed and compiled.
struct Program {
  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  CompiledProgram compiled;
  std::vector<Value> args;
};

/// One job on this worker. It exists from its first message, abort or
/// submission, whichever comes first, so early messages are kept.
struct Job {
  Job(const std::string &id, int64_t rank, int64_t worldSize,
      MailboxLimits held, PeerLinks &links)
      : id(id), mailbox(worldSize, held), comm(id, rank, mailbox, links),
        created(Clock::now()) {}
  ~Job() {
    if (!traceFile.empty())
      llvm::sys::fs::remove(traceFile);
  }

  const std::string id;
  InMemoryHub mailbox;
  HttpCommunicator comm;
  const Clock::time_point created;

  std::mutex mutex;
  std::condition_variable changed;
  JobState state = JobState::Waiting;
  Status error = Status::ok();
  std::string results;
  Clock::time_point deadline, finished;
  unsigned timeoutSeconds = 0;
  /// The run's Chrome trace (JSON), when the driver asked for one: in a
  /// temporary file (the worker holds no more than the tracer's bounded
  /// events), removed once fetched or with the job.
  bool traced = false;
  std::string traceFile, traceError;
  uint64_t traceMaxEvents = Tracer::kDefaultMaxEvents;
  /// Return the run's statistics with the results.
  bool statistics = false;
  bool timedOut = false;
  bool released = false;
  /// Large messages arriving in parts: the header and tensor they share
  /// and the parts seen, by sender and key (guarded by `mutex`).
  struct Assembly {
    std::string head;
    unsigned count = 0;
    uint32_t seen = 0;
    std::shared_ptr<Tensor> tensor;
  };
  std::map<std::pair<int64_t, std::string>, Assembly> assemblies;
  /// What this job holds of the worker's early-message budget (guarded by
  /// the worker's jobsMutex).
  uint64_t earlyBytes = 0, earlyMessages = 0;
  std::thread thread;

  bool terminal() const {
    return state == JobState::Succeeded || state == JobState::Failed;
  }
};

/// Answers `res` with `status` and a one-line message.
void reply(httplib::Response &res, int status, const std::string &message);
} // namespace worker

using worker::Clock;
using worker::Job;
using worker::Program;

struct Worker::Impl {
  Impl(const ClusterConfig &config, const WorkerOptions &options)
      : config(config), options(options),
        links(this->config, options.rank, options.connectRetrySeconds),
        pool(options.party.poolThreads),
        kernels(jit::makeRegistry(KernelRegistry::getDefault(),
                                  options.party.jit)) {
    links.redactAborts = !options.releaseDetails;
  }

  void routes();
  /// Who sent `req`: a rank, -1 for the driver; nullopt after replying
  /// 401/403.
  std::optional<int64_t> authenticate(const httplib::Request &req,
                                      httplib::Response &res);
  /// Checks what can be checked before the body is read: the sender, the
  /// job id and the body size; false after replying.
  bool admit(const httplib::Request &req, httplib::Response &res);
  static int64_t sender(const httplib::Request &req);
  std::shared_ptr<Job> find(const std::string &id);
  /// The job `id`, created (waiting for its submission, unless this is
  /// the submission) if unknown; null after replying with the reason it
  /// cannot be.
  std::shared_ptr<Job> findOrCreate(const std::string &id,
                                    httplib::Response &res, bool submitting);
  void submit(const httplib::Request &req, httplib::Response &res);
  void status(const httplib::Request &req, httplib::Response &res);
  void stream(const httplib::Request &req, httplib::Response &res,
              const httplib::ContentReader &reader);
  /// Whether a message of `size` bytes from `from` for job `id` is read:
  /// not for a job that is over, and for one not submitted yet only within
  /// the early-message limits (else the job is aborted everywhere and
  /// `refusal` says why).
  bool keep(int64_t from, const std::string &id, uint64_t size,
            std::string &refusal);
  /// Returns what `job` holds of the early-message budget; under jobsMutex.
  void releaseEarly(Job &job);
  /// Adds `id` to releasedIds; under jobsMutex.
  void remember(const std::string &id, Clock::time_point now);
  void deliver(int64_t from, protocol::Frame &&frame);
  /// The tensor that the parts of a message from `from` fill; null if
  /// `head` or `count` differ from its other parts'.
  std::shared_ptr<Tensor> placePart(int64_t from, const protocol::Frame &frame,
                                    llvm::StringRef head, DType dtype,
                                    llvm::ArrayRef<int64_t> shape,
                                    unsigned count);
  /// Delivers the message once all its parts are in.
  void deliverPart(int64_t from, unsigned index, protocol::Frame &&frame);
  /// Puts a whole message into `job`'s mailbox.
  void post(Job &job, int64_t from, const MessageKey &key, Message message);
  void abort(const httplib::Request &req, httplib::Response &res);
  void results(const httplib::Request &req, httplib::Response &res);
  void trace(const httplib::Request &req, httplib::Response &res);
  void release(const httplib::Request &req, httplib::Response &res);
  void run(std::shared_ptr<Job> job, std::shared_ptr<Program> program);
  /// Writes one line to this process's stderr, the operator's log.
  void log(const std::string &line);
  /// `status` as the driver may see it: without options.releaseDetails,
  /// its code and a generic text, the details logged with `what`.
  Status forDriver(const Status &status, const std::string &what);
  /// Writes the job's trace to its temporary file.
  void writeTrace(Job &job, const Tracer &tracer);
  void reap();

  ClusterConfig config;
  WorkerOptions options;
  PeerLinks links;
  ThreadPool pool;
  /// The kernels jobs run with: with `options.party.jit`, compiled local
  /// code.
  KernelRegistry kernels;
  mlir::DialectRegistry registry;
  std::unique_ptr<httplib::Server> server;
  /// Accepts the connections `server` serves, within limits.
  std::unique_ptr<ConnectionGate> gate;

  std::mutex jobsMutex;
  std::map<std::string, std::shared_ptr<Job>> jobs;
  /// Ids of released jobs, so that late messages do not resurrect them.
  std::map<std::string, Clock::time_point> releasedIds;
  static constexpr size_t kMaxReleasedIds = 65536;
  /// Bytes and messages held for jobs not submitted yet.
  uint64_t earlyBytes = 0, earlyMessages = 0;
  std::atomic<bool> stopping{false};
  std::condition_variable reaperWake;
  std::thread reaper;
};
} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_CLUSTER_WORKERIMPL_H
