//===- WorkerImpl.h - the worker's state, shared by its parts ---*- C++ -*-===//
//
// The worker (Worker.h) is a facade over one Impl, whose concerns live in
// separate files: WorkerRoutes.cpp (HTTP routes and authentication),
// WorkerMessages.cpp (peer streams into job mailboxes) and WorkerJobs.cpp
// (parsing, preparing and running submitted programs). Its jobs are a
// JobTable (JobTable.h); each job assembles large messages with a
// MessageAssembly (MessageAssembly.h).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_RUNTIME_CLUSTER_WORKERIMPL_H
#define MPLANG_LIB_RUNTIME_CLUSTER_WORKERIMPL_H

#include "ConnectionGate.h"
#include "Job.h"
#include "JobTable.h"
#include "PeerLinks.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Cluster/Protocol.h"
#include "mplang/Runtime/Cluster/Worker.h"
#include "mplang/Runtime/Plan.h"
#include "mplang/Runtime/ThreadPool.h"
#include "mplang/Runtime/Trace.h"

#include "mlir/IR/MLIRContext.h"
#include <map>

namespace mplang::rt {
namespace worker {
/// The program of a submitted job, parsed and compiled.
struct Program {
  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// This rank's program in `module`.
  mlir::ModuleOp mine;
  CompiledProgram compiled;
  std::vector<Value> args;
};

/// Why a request is refused: its HTTP status and a one-line message.
struct Refusal {
  int status;
  std::string message;
};

/// Answers `res` with `status` and a one-line message.
void reply(httplib::Response &res, int status, const std::string &message);
} // namespace worker

using worker::Clock;
using worker::Job;
using worker::Program;
using worker::Refusal;

struct Worker::Impl {
  Impl(const ClusterConfig &config, const WorkerOptions &options)
      : config(config), options(options),
        links(this->config, options.rank, options.connectRetrySeconds),
        pool(options.party.poolThreads),
        kernels(jit::makeRegistry(getAllKernels(), options.party.jit)),
        jobs(options.rank,
             {options.maxJobs, options.maxEarlyBytes, options.maxEarlyMessages,
              std::chrono::seconds(options.retentionSeconds)},
             [this](const std::string &id) {
               return std::make_shared<Job>(
                   id, this->options.rank, this->config.nodes.size(),
                   MailboxLimits{this->options.maxHeldBytes,
                                 this->options.maxHeldMessages},
                   links);
             }) {
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
  /// The job `id`, created (waiting for its submission, unless this is
  /// the submission) if unknown; null after replying with the reason it
  /// cannot be.
  std::shared_ptr<Job> findOrCreate(const std::string &id,
                                    httplib::Response &res, bool submitting);
  void submit(const httplib::Request &req, httplib::Response &res);
  // The steps of a submission, each an answer when it refuses the job.
  /// Parses the job's module into `program` and finds this rank's.
  std::optional<Refusal> parseJob(const std::string &id,
                                  const protocol::JobRequest &request,
                                  Program &program);
  /// Whether this worker runs `request`: approval, release and the entry's
  /// signature.
  std::optional<Refusal> admitJob(const Program &program,
                                  const protocol::JobRequest &request);
  /// Prepares the program to run by `deadline` and decodes the arguments;
  /// `diagnostics` holds what preparing reported.
  std::optional<Refusal> prepareJob(const std::string &id,
                                    const protocol::JobRequest &request,
                                    Clock::time_point deadline,
                                    const std::string &diagnostics,
                                    Program &program);
  void status(const httplib::Request &req, httplib::Response &res);
  void stream(const httplib::Request &req, httplib::Response &res,
              const httplib::ContentReader &reader);
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
  /// The reaper's thread: JobTable::reap ten times a second until stopping.
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

  worker::JobTable jobs;
  std::atomic<bool> stopping{false};
  std::condition_variable reaperWake;
  std::thread reaper;
};
} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_CLUSTER_WORKERIMPL_H
