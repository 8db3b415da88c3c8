//===- Worker.cpp - one party's HTTP server -------------------------------===//

#include "mplang/Runtime/Cluster/Worker.h"
#include "ConnectionGate.h"
#include "PeerLinks.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"
#include "mplang/InitAllDialects.h"
#include "mplang/Runtime/Cluster/HttpCommunicator.h"
#include "mplang/Runtime/Cluster/ObjectFetch.h"
#include "mplang/Runtime/Cluster/Protocol.h"
#include "mplang/Runtime/Clock.h"
#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/Monitor.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/Store/ObjectStore.h"
#include "mplang/Runtime/Trace.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include <cstring>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <openssl/ssl.h>
#include <openssl/x509.h>

using namespace mplang::rt;
using namespace mplang::rt::protocol;
using Clock = std::chrono::steady_clock;

namespace {
enum class JobState { Waiting, Running, Succeeded, Failed };

const char *stateName(JobState state) {
  switch (state) {
  case JobState::Waiting:
    return "waiting";
  case JobState::Running:
    return "running";
  case JobState::Succeeded:
    return "succeeded";
  case JobState::Failed:
    return "failed";
  }
  return "";
}

/// The program of a submitted job, parsed and compiled.
struct Program {
  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<PlanBuilder> plans;
  const BlockPlan *entry = nullptr;
  std::vector<Value> args;
};

/// One job on this worker. It exists from its first message, abort or
/// submission, whichever comes first, so early messages are kept.
struct Job {
  Job(const std::string &id, int64_t rank, int64_t worldSize,
      MailboxLimits held, PeerLinks &links)
      : id(id), mailbox(worldSize, held), comm(id, rank, mailbox, links),
        created(Clock::now()) {}

  const std::string id;
  InMemoryHub mailbox;
  HttpCommunicator comm;
  const Clock::time_point created;

  std::mutex mutex;
  std::condition_variable changed;
  JobState state = JobState::Waiting;
  std::string error;
  bool errorAborted = false;
  std::string results;
  Clock::time_point deadline, finished;
  unsigned timeoutSeconds = 0;
  /// The run's Chrome trace (JSON), when the driver asked for one.
  bool traced = false;
  std::string trace;
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

void reply(httplib::Response &res, int status, const std::string &message) {
  res.status = status;
  res.set_content(message + "\n", "text/plain");
}

/// The common name of the client certificate a TLS request came with, or
/// empty.
std::string clientCommonName(const httplib::Request &req) {
  X509 *cert = req.ssl ? SSL_get_peer_certificate(req.ssl) : nullptr;
  if (!cert)
    return "";
  char name[256] = "";
  X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, name,
                            sizeof name);
  X509_free(cert);
  return name;
}

/// "FILE:LINE:COL: " of an op, for errors reported away from its source.
std::string locationPrefix(mlir::Operation *op) {
  if (!op)
    return "";
  if (auto loc = op->getLoc()->findInstanceOf<mlir::FileLineColLoc>())
    return (loc.getFilename().str() + ":" + std::to_string(loc.getLine()) +
            ":" + std::to_string(loc.getColumn()) + ": ");
  return "";
}
} // namespace

struct Worker::Impl {
  Impl(const ClusterConfig &config, const WorkerOptions &options)
      : config(config), options(options),
        links(this->config, options.rank, options.connectRetrySeconds),
        pool(options.poolThreads) {
    mplang::registerAllDialects(registry);
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
  void deliver(int64_t from, Frame &&frame);
  /// The tensor that the parts of a message from `from` fill; null if
  /// `head` or `count` differ from its other parts'.
  std::shared_ptr<Tensor> placePart(int64_t from, const Frame &frame,
                                    llvm::StringRef head, DType dtype,
                                    llvm::ArrayRef<int64_t> shape,
                                    unsigned count);
  /// Delivers the message once all its parts are in.
  void deliverPart(int64_t from, unsigned index, Frame &&frame);
  /// Puts a whole message into `job`'s mailbox.
  void post(Job &job, int64_t from, const MessageKey &key, Message message);
  void abort(const httplib::Request &req, httplib::Response &res);
  void results(const httplib::Request &req, httplib::Response &res);
  void trace(const httplib::Request &req, httplib::Response &res);
  void release(const httplib::Request &req, httplib::Response &res);
  void run(std::shared_ptr<Job> job, std::shared_ptr<Program> program);
  void reap();

  ClusterConfig config;
  WorkerOptions options;
  PeerLinks links;
  ThreadPool pool;
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

std::optional<int64_t> Worker::Impl::authenticate(const httplib::Request &req,
                                                  httplib::Response &res) {
  std::string auth = req.get_header_value("Authorization");
  llvm::StringRef token(auth);
  if (!token.consume_front("Bearer ")) {
    reply(res, 401, "missing 'Authorization: Bearer TOKEN'");
    return std::nullopt;
  }
  std::string from = req.get_header_value(kFromHeader);
  const Credential *credential = nullptr;
  int64_t rank = -1;
  if (from == kDriver) {
    credential = &config.driver;
  } else if (!llvm::StringRef(from).getAsInteger(10, rank) && rank >= 0 &&
             rank < int64_t(config.nodes.size()) &&
             // The party itself, only to fetch its own objects.
             (rank != options.rank || req.path == "/v1/objects")) {
    credential = &config.nodes[rank].credential;
  } else {
    reply(res, 401,
          std::string("missing or bad ") + kFromHeader + " header '" + from +
              "': expected 'driver' or a peer rank");
    return std::nullopt;
  }
  if (!tokenMatches(*credential, token.str())) {
    reply(res, 401, "bad token for " + from);
    return std::nullopt;
  }
  // The certificate, like the token, must be the sender's own.
  std::string name = rank < 0 ? kDriver : config.nodes[rank].name;
  if (config.tlsMutual && clientCommonName(req) != name) {
    reply(res, 401,
          "the client certificate names '" + clientCommonName(req) +
              "', not '" + name + "'");
    return std::nullopt;
  }
  return rank;
}

bool Worker::Impl::admit(const httplib::Request &req, httplib::Response &res) {
  // Liveness for supervisors and load balancers, before authentication: an
  // empty 200 that says nothing but that the process serves.
  if (req.method == "GET" && req.path == "/v1/live") {
    res.status = 200;
    return false;
  }
  if (!authenticate(req, res))
    return false;
  ConnectionGate::authenticated();
  llvm::StringRef path(req.path);
  if (path.consume_front("/v1/jobs/") &&
      !isValidJobId(path.take_until([](char c) { return c == '/'; }))) {
    reply(res, 400, "bad job id: expected 1-64 of [A-Za-z0-9_-]");
    return false;
  }
  uint64_t length = 0;
  // A stream sent with a length carries one message and its frame header
  // (at most 65819 bytes).
  uint64_t limit = req.path == "/v1/stream" ? options.maxMessageBytes + 65819
                                            : options.maxJobBytes;
  if (!llvm::StringRef(req.get_header_value("Content-Length"))
           .getAsInteger(10, length) &&
      length > limit) {
    reply(res, 413,
          "body of " + std::to_string(length) + " bytes exceeds the limit of " +
              std::to_string(limit));
    return false;
  }
  return true;
}

int64_t Worker::Impl::sender(const httplib::Request &req) {
  std::string from = req.get_header_value(kFromHeader);
  return from == kDriver ? -1 : std::stoll(from);
}

std::shared_ptr<Job> Worker::Impl::find(const std::string &id) {
  std::lock_guard<std::mutex> lock(jobsMutex);
  auto it = jobs.find(id);
  return it == jobs.end() ? nullptr : it->second;
}

std::shared_ptr<Job> Worker::Impl::findOrCreate(const std::string &id,
                                                httplib::Response &res,
                                                bool submitting) {
  std::lock_guard<std::mutex> lock(jobsMutex);
  if (auto it = jobs.find(id); it != jobs.end())
    return it->second;
  if (releasedIds.count(id)) {
    reply(res, 410, "job " + id + " was released");
    return nullptr;
  }
  // Jobs known only from peers' messages or aborts are limited apart from
  // submitted ones, so that a peer cannot crowd out the driver's jobs; the
  // oldest of them gives way to a new one.
  std::shared_ptr<Job> oldestWaiting;
  size_t waiting = 0;
  for (auto &[name, job] : jobs) {
    std::lock_guard<std::mutex> jobLock(job->mutex);
    if (job->state != JobState::Waiting)
      continue;
    ++waiting;
    if (!oldestWaiting || job->created < oldestWaiting->created)
      oldestWaiting = job;
  }
  if (submitting && jobs.size() - waiting >= options.maxJobs) {
    reply(res, 503, "too many jobs (" + std::to_string(options.maxJobs) + ")");
    return nullptr;
  }
  if (!submitting && waiting >= options.maxJobs) {
    oldestWaiting->comm.abortFromPeer("aborted: too many jobs waiting for "
                                      "their submission");
    remember(oldestWaiting->id, Clock::now());
    releaseEarly(*oldestWaiting);
    jobs.erase(oldestWaiting->id);
  }
  auto job = std::make_shared<Job>(
      id, options.rank, config.nodes.size(),
      MailboxLimits{options.maxHeldBytes, options.maxHeldMessages},
      links);
  jobs[id] = job;
  return job;
}

void Worker::Impl::submit(const httplib::Request &req, httplib::Response &res) {
  std::string id = req.matches[1];
  JobRequest request;
  if (Status s = decodeJob(req.body, request); !s.isOk())
    return reply(res, 400, s.message());

  auto program = std::make_shared<Program>();
  program->context = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(
      program->context.get(), [&](mlir::Diagnostic &diag) {
        llvm::raw_string_ostream os(diagnostics);
        os << diag.getLocation() << ": " << diag << "\n";
        return mlir::success();
      });
  program->module = mlir::parseSourceString<mlir::ModuleOp>(
      request.module, mlir::ParserConfig(program->context.get()), "job-" + id);
  if (!program->module)
    return reply(res, 400, "malformed module:\n" + diagnostics);
  // The job's module holds this rank's program (`simp.rank`) and nothing
  // else that runs.
  mlir::ModuleOp mine;
  for (auto nested : program->module->getOps<mlir::ModuleOp>()) {
    auto rank = nested->getAttrOfType<mlir::IntegerAttr>(
        mlir::simp::SimpDialect::getRankAttrName());
    if (rank && rank.getInt() == options.rank && !mine)
      mine = nested;
    else
      return reply(res, 400,
                   "the module holds more than the program of rank " +
                       std::to_string(options.rank));
  }
  if (!mine)
    return reply(
        res, 400,
        "the module holds no program for rank " + std::to_string(options.rank) +
            " (a module with simp.rank = " + std::to_string(options.rank) +
            ")");
  if (options.approvedPrograms) {
    std::string digest = mlir::simp::programDigest(mine);
    if (!options.approvedPrograms->count(digest))
      return reply(res, 403,
                   "the program of rank " + std::to_string(options.rank) +
                       " (" + digest +
                       ") is not approved by this worker "
                       "(--approved-programs)");
  }
  auto entry = mine.lookupSymbol<mlir::func::FuncOp>(request.entry);
  if (!entry || entry.isExternal())
    return reply(res, 400, "no entry function @" + request.entry);
  if (!options.releaseToDriver && entry.getNumResults())
    return reply(res, 403,
                 "rank " + std::to_string(options.rank) +
                     " releases no results to the driver "
                     "(--release-to-driver=none), and @" + request.entry +
                     " returns " + std::to_string(entry.getNumResults()) +
                     ": keep them on this party (mplang-run --keep)");
  if (entry.getNumArguments() != request.args.size())
    return reply(res, 400,
                 "@" + request.entry + " takes " +
                     std::to_string(entry.getNumArguments()) +
                     " arguments, the job binds " +
                     std::to_string(request.args.size()));
  program->plans = std::make_unique<PlanBuilder>(KernelRegistry::getDefault());
  // Compile every function, so that every missing kernel is reported now.
  bool compiled = true;
  for (auto fn : mine.getOps<mlir::func::FuncOp>())
    if (!fn.isExternal())
      compiled &= program->plans->compileFunction(fn) != nullptr;
  program->entry = program->plans->compileFunction(entry);
  if (!compiled || !program->entry)
    return reply(res, 400, "cannot run the module:\n" + diagnostics);
  for (auto [i, bytes] : llvm::enumerate(request.args)) {
    Value value;
    // Arguments by reference come from this party's own store.
    Status s = decodeArgument(bytes, entry.getArgumentTypes()[i],
                              getObjectStore(options.rank).get(), value);
    if (!s.isOk())
      return reply(res, 400,
                   "argument " + std::to_string(i) + ": " + s.message());
    program->args.push_back(std::move(value));
  }

  std::shared_ptr<Job> job = findOrCreate(id, res, /*submitting=*/true);
  if (!job)
    return;
  {
    std::lock_guard<std::mutex> jobsLock(jobsMutex);
    std::lock_guard<std::mutex> lock(job->mutex);
    if (job->state != JobState::Waiting)
      return reply(res, 409, "job " + id + " was already submitted");
    // Its early messages are now the running job's own.
    releaseEarly(*job);
    job->state = JobState::Running;
    job->timeoutSeconds = request.timeoutSeconds;
    job->traced = request.trace;
    job->traceMaxEvents = request.traceMaxEvents;
    job->statistics = request.statistics;
    job->deadline = Clock::now() + std::chrono::seconds(request.timeoutSeconds);
    job->thread = std::thread([this, job, program] { run(job, program); });
  }
  res.status = 201;
  res.set_content(nlohmann::json{{"job", id}}.dump(), "application/json");
}

void Worker::Impl::run(std::shared_ptr<Job> job,
                       std::shared_ptr<Program> program) {
  std::vector<Value> results;
  Status status = Status::ok();
  RunError error;
  std::string statistics;
  {
    std::unique_ptr<Tracer> tracer =
        job->traced
            ? std::make_unique<Tracer>(options.rank, job->traceMaxEvents)
            : nullptr;
    std::optional<Monitor> monitor;
    if (job->traced || job->statistics)
      monitor.emplace(options.rank, tracer.get());
    Executor executor(job->comm, pool, monitor ? &*monitor : nullptr);
    status = executor.run(*program->entry, program->args, results);
    error = executor.error();
    if (job->statistics)
      statistics = statisticsToJson(monitor->statistics());
    if (tracer) {
      std::string trace;
      llvm::raw_string_ostream os(trace);
      Tracer::write({tracer.get()}, os);
      std::lock_guard<std::mutex> lock(job->mutex);
      job->trace = std::move(trace);
    }
  }
  Status sent = job->comm.waitForSends();
  std::string failure;
  if (!status.isOk())
    failure = locationPrefix(error.op) + error.message;
  else if (!sent.isOk())
    failure = sent.message();
  std::vector<std::string> encoded;
  for (const Value &value : results)
    encoded.push_back(serializeValue(value));
  // The plans refer to the module's ops: release them before the context.
  program.reset();

  std::lock_guard<std::mutex> lock(job->mutex);
  if (failure.empty()) {
    job->state = JobState::Succeeded;
    job->results = encodeResults(encoded, statistics);
  } else {
    job->state = JobState::Failed;
    job->error = failure;
    job->errorAborted = !status.isOk() && error.aborted;
  }
  job->finished = Clock::now();
  job->changed.notify_all();
}

void Worker::Impl::status(const httplib::Request &req, httplib::Response &res) {
  std::shared_ptr<Job> job = find(req.matches[1]);
  if (!job)
    return reply(res, 404, "no job " + std::string(req.matches[1]));
  unsigned waitMs = 0;
  if (req.has_param("wait_ms") &&
      llvm::StringRef(req.get_param_value("wait_ms")).getAsInteger(10, waitMs))
    return reply(res, 400, "wait_ms must be a number");
  std::unique_lock<std::mutex> lock(job->mutex);
  // A long poll: answer as soon as the job ends.
  job->changed.wait_for(lock,
                        std::chrono::milliseconds(std::min(waitMs, 10000u)),
                        [&] { return job->terminal() || stopping; });
  nlohmann::json body = {{"job", job->id}, {"state", stateName(job->state)}};
  if (job->state == JobState::Failed) {
    body["error"] = job->error;
    body["aborted"] = job->errorAborted;
  }
  // A job can be aborted before it runs (a peer failed, a bad message).
  if (std::string reason = job->comm.abortReason(); !reason.empty())
    body["abort_reason"] = reason;
  res.set_content(body.dump(), "application/json");
}

void Worker::Impl::stream(const httplib::Request &req, httplib::Response &res,
                          const httplib::ContentReader &reader) {
  int64_t from = sender(req);
  if (from < 0)
    return reply(res, 403, "only peers send messages");
  FrameDecoder::Part part;
  if (req.has_header(kPartHeader)) {
    llvm::StringRef index, count;
    std::tie(index, count) =
        llvm::StringRef(req.get_header_value(kPartHeader)).split('/');
    if (index.getAsInteger(10, part.index) ||
        count.getAsInteger(10, part.count) || part.count < 2 ||
        part.count > kMaxParts || part.index >= part.count)
      return reply(res, 400,
                   std::string("bad ") + kPartHeader +
                       " header: expected I/N with I < N <= " +
                       std::to_string(kMaxParts));
    part.place = [this, from, count = part.count](
                     const Frame &frame, llvm::StringRef head, DType dtype,
                     llvm::ArrayRef<int64_t> shape) {
      return placePart(from, frame, head, dtype, shape, count);
    };
  }
  bool isPart = part.count > 1;
  unsigned index = part.index;
  FrameDecoder decoder(options.maxMessageBytes, std::move(part));
  Status malformed = Status::ok();
  std::string refusal;
  size_t frames = 0;
  bool complete = reader([&](const char *data, size_t size) {
    malformed = decoder.feed(
        llvm::StringRef(data, size),
        [&](Frame &&frame) {
          if (isPart && ++frames > 1)
            return;
          if (isPart)
            deliverPart(from, index, std::move(frame));
          else
            deliver(from, std::move(frame));
        },
        [&](const Frame &frame, uint64_t size) {
          return keep(from, frame.job, size, refusal);
        });
    return malformed.isOk();
  });
  if (!malformed.isOk())
    return reply(res, 400, malformed.message());
  if (!complete || !decoder.atBoundary())
    return reply(res, 400, "the stream ended inside a message");
  if (isPart && frames > 1)
    return reply(res, 400, "a request with a part carries one message");
  // A request that carried one message (with a length) answers for it; a
  // stream goes on, as its other frames are other jobs' (the refused job
  // is aborted on every rank either way).
  if (!refusal.empty() && req.has_header("Content-Length"))
    return reply(res, 503, refusal);
  res.status = 204;
}

bool Worker::Impl::keep(int64_t from, const std::string &id, uint64_t size,
                        std::string &refusal) {
  httplib::Response ignored;
  // A message for a released job is late: its job is over everywhere.
  std::shared_ptr<Job> job = findOrCreate(id, ignored, false);
  if (!job || !job->comm.abortReason().empty())
    return false;
  std::string why;
  {
    std::lock_guard<std::mutex> lock(jobsMutex);
    std::lock_guard<std::mutex> jobLock(job->mutex);
    if (job->state != JobState::Waiting)
      return !job->terminal();
    if (earlyBytes + size <= options.maxEarlyBytes &&
        earlyMessages < options.maxEarlyMessages) {
      earlyBytes += size;
      ++earlyMessages;
      job->earlyBytes += size;
      ++job->earlyMessages;
      return true;
    }
    why = "rank " + std::to_string(options.rank) + " refused a message of " +
          std::to_string(size) + " bytes from rank " + std::to_string(from) +
          " for job " + id +
          ", which it has not been given yet: messages held for jobs not "
          "submitted yet are limited to " +
          std::to_string(options.maxEarlyBytes) + " bytes and " +
          std::to_string(options.maxEarlyMessages) +
          " messages (--max-early-mib, --max-early-messages)";
    // The abort below empties the job's mailbox.
    releaseEarly(*job);
  }
  job->comm.abort(why);
  refusal = why;
  return false;
}

void Worker::Impl::remember(const std::string &id, Clock::time_point now) {
  // Peers choose job ids: keep the most recent ones only.
  if (releasedIds.size() >= kMaxReleasedIds)
    releasedIds.erase(llvm::min_element(releasedIds, [](auto &a, auto &b) {
      return a.second < b.second;
    }));
  releasedIds[id] = now;
}

void Worker::Impl::releaseEarly(Job &job) {
  earlyBytes -= job.earlyBytes;
  earlyMessages -= job.earlyMessages;
  job.earlyBytes = job.earlyMessages = 0;
}

void Worker::Impl::deliver(int64_t from, Frame &&frame) {
  // `keep` admitted the frame; its job may have been released meanwhile.
  std::shared_ptr<Job> job = find(frame.job);
  if (!job)
    return;
  {
    std::lock_guard<std::mutex> lock(job->mutex);
    if (job->terminal())
      return;
  }
  post(*job, from, frame.key, std::move(frame.payload));
}

void Worker::Impl::post(Job &job, int64_t from, const MessageKey &key,
                        Message message) {
  // A repeated key is a broken or hostile peer: the job cannot be trusted.
  if (Status s =
          job.mailbox.deliver(from, options.rank, key, std::move(message));
      !s.isOk() && job.comm.abortReason().empty())
    job.comm.abort(s.message());
}

std::shared_ptr<Tensor>
Worker::Impl::placePart(int64_t from, const Frame &frame, llvm::StringRef head,
                        DType dtype, llvm::ArrayRef<int64_t> shape,
                        unsigned count) {
  std::shared_ptr<Job> job = find(frame.job);
  if (!job)
    return nullptr;
  std::lock_guard<std::mutex> lock(job->mutex);
  Job::Assembly &assembly = job->assemblies[{from, frame.key.str()}];
  if (!assembly.tensor) {
    Tensor tensor = Tensor::forOverwrite(dtype, shape);
    // Parts of messages that never complete must not pile up.
    if (Status s = job->mailbox.hold(from, tensor.numBytes()); !s.isOk()) {
      job->assemblies.erase({from, frame.key.str()});
      job->comm.abort(s.message());
      return nullptr;
    }
    assembly.head = head.str();
    assembly.count = count;
    assembly.tensor = std::make_shared<Tensor>(std::move(tensor));
  } else if (assembly.head != head || assembly.count != count) {
    return nullptr;
  }
  return assembly.tensor;
}

void Worker::Impl::deliverPart(int64_t from, unsigned index, Frame &&frame) {
  std::shared_ptr<Job> job = find(frame.job);
  if (!job)
    return;
  std::string error;
  Message whole;
  {
    std::lock_guard<std::mutex> lock(job->mutex);
    if (job->terminal())
      return;
    auto it = job->assemblies.find({from, frame.key.str()});
    std::string what = "part " + std::to_string(index) + " of " +
                       frame.key.str() + " from rank " + std::to_string(from);
    if (it == job->assemblies.end() || !frame.payload.body)
      error = "malformed " + what +
              ": its header does not match its size "
              "or the other parts'";
    else if (it->second.seen & (1u << index))
      error = what + " came twice";
    else if ((it->second.seen |= 1u << index) == (1u << it->second.count) - 1) {
      job->mailbox.unhold(it->second.tensor->numBytes());
      whole = {std::move(it->second.head), std::move(it->second.tensor)};
      job->assemblies.erase(it);
    }
  }
  if (!error.empty() && job->comm.abortReason().empty())
    job->comm.abort(error);
  if (whole.body)
    post(*job, from, frame.key, std::move(whole));
}

void Worker::Impl::abort(const httplib::Request &req, httplib::Response &res) {
  if (req.body.size() > 4096)
    return reply(res, 413, "abort reason longer than 4096 bytes");
  std::shared_ptr<Job> job = findOrCreate(req.matches[1], res, false);
  if (!job)
    return;
  int64_t from = sender(req);
  std::string reason = req.body;
  if (!llvm::StringRef(reason).starts_with("aborted"))
    reason = "aborted by " +
             (from < 0 ? std::string("the driver")
                       : "rank " + std::to_string(from)) +
             ": " + reason;
  job->comm.abortFromPeer(reason);
  std::lock_guard<std::mutex> lock(jobsMutex);
  releaseEarly(*job);
  res.status = 204;
}

void Worker::Impl::routes() {
  const std::string job = "/v1/jobs/([^/]+)";
  auto driverOnly = [this](auto handler) {
    return
        [this, handler](const httplib::Request &req, httplib::Response &res) {
          if (sender(req) >= 0)
            return reply(res, 403, "only the driver may do this");
          (this->*handler)(req, res);
        };
  };
  server->set_pre_routing_handler(
      [this](const httplib::Request &req, httplib::Response &res) {
        return admit(req, res) ? httplib::Server::HandlerResponse::Unhandled
                               : httplib::Server::HandlerResponse::Handled;
      });
  server->Get(
      "/v1/health", [this](const httplib::Request &, httplib::Response &res) {
        size_t count;
        {
          std::lock_guard<std::mutex> lock(jobsMutex);
          count = jobs.size();
        }
        nlohmann::json body = {{"protocol", 1},
                               {"rank", options.rank},
                               {"name", config.nodes[options.rank].name},
                               {"world_size", config.nodes.size()},
                               {"jobs", count},
                               // For the driver's clock-offset estimate.
                               {"now_us", clock::nowUs()}};
        res.set_content(body.dump(), "application/json");
      });
  server->Post(job, driverOnly(&Impl::submit));
  server->Get(job, driverOnly(&Impl::status));
  server->Get(job + "/results", driverOnly(&Impl::results));
  server->Get(job + "/trace", driverOnly(&Impl::trace));
  server->Delete(job, driverOnly(&Impl::release));
  server->Post(job + "/abort",
               [this](const httplib::Request &req, httplib::Response &res) {
                 abort(req, res);
               });
  server->Put("/v1/stream",
              [this](const httplib::Request &req, httplib::Response &res,
                     const httplib::ContentReader &reader) {
                stream(req, res, reader);
              });
  server->Get("/v1/objects",
              [this](const httplib::Request &req, httplib::Response &res) {
                serveObject(req, res, options.rank, sender(req),
                            options.releaseToDriver);
              });
  // Last, so that only requests no route took get here.
  auto unknown = [](const httplib::Request &req, httplib::Response &res) {
    reply(res, 404, "no endpoint " + req.method + " " + req.path);
  };
  server->Get(".*", unknown);
  server->Post(".*", unknown);
  server->Put(".*", unknown);
  server->Delete(".*", unknown);
}

void Worker::Impl::results(const httplib::Request &req,
                           httplib::Response &res) {
  std::shared_ptr<Job> job = find(req.matches[1]);
  if (!job)
    return reply(res, 404, "no job " + std::string(req.matches[1]));
  std::lock_guard<std::mutex> lock(job->mutex);
  if (job->state != JobState::Succeeded)
    return reply(res, 409, "job " + job->id + " is " + stateName(job->state));
  res.set_content(job->results, kBinaryType);
}

void Worker::Impl::trace(const httplib::Request &req, httplib::Response &res) {
  std::shared_ptr<Job> job = find(req.matches[1]);
  if (!job)
    return reply(res, 404, "no job " + std::string(req.matches[1]));
  std::lock_guard<std::mutex> lock(job->mutex);
  if (!job->terminal() || !job->traced)
    return reply(res, 409, "job " + job->id + " has no trace (yet)");
  res.set_content(job->trace, "application/json");
}

void Worker::Impl::release(const httplib::Request &req,
                           httplib::Response &res) {
  std::shared_ptr<Job> job = find(req.matches[1]);
  if (!job)
    return reply(res, 404, "no job " + std::string(req.matches[1]));
  job->comm.abortFromPeer("aborted: the driver released the job");
  {
    std::lock_guard<std::mutex> lock(job->mutex);
    job->released = true;
    job->results.clear();
  }
  reaperWake.notify_all();
  res.status = 204;
}

/// Enforces time-outs and releases jobs: ended ones once the driver is done
/// with them (or after the retention time), early-message-only ones after
/// the retention time.
void Worker::Impl::reap() {
  std::mutex wakeMutex;
  auto retention = std::chrono::seconds(options.retentionSeconds);
  while (!stopping) {
    {
      std::unique_lock<std::mutex> lock(wakeMutex);
      reaperWake.wait_for(lock, std::chrono::milliseconds(100));
    }
    Clock::time_point now = Clock::now();
    std::vector<std::shared_ptr<Job>> done;
    std::vector<std::pair<std::shared_ptr<Job>, std::string>> late;
    {
      std::lock_guard<std::mutex> lock(jobsMutex);
      for (auto it = jobs.begin(); it != jobs.end();) {
        Job &job = *it->second;
        std::lock_guard<std::mutex> jobLock(job.mutex);
        bool drop = job.terminal()
                        ? job.released || now - job.finished > retention
                        : job.state == JobState::Waiting &&
                              (job.released || now - job.created > retention);
        if (job.state == JobState::Running && now > job.deadline &&
            !job.timedOut) {
          job.timedOut = true;
          late.push_back({it->second, it->first});
        }
        if (!drop) {
          ++it;
          continue;
        }
        remember(it->first, now);
        releaseEarly(job);
        done.push_back(std::move(it->second));
        it = jobs.erase(it);
      }
      for (auto it = releasedIds.begin(); it != releasedIds.end();)
        it = now - it->second > 10 * retention ? releasedIds.erase(it)
                                               : std::next(it);
    }
    for (auto &[job, id] : late) {
      std::string reason = "rank " + std::to_string(options.rank) + ": job " +
                           id + " timed out after " +
                           std::to_string(job->timeoutSeconds) + " s";
      for (const std::string &line : job->mailbox.pendingReceives())
        reason += "\n  " + line;
      job->comm.abort(reason);
    }
    for (auto &job : done)
      if (job->thread.joinable())
        job->thread.join();
  }
}

Worker::Worker(const ClusterConfig &config, const WorkerOptions &options)
    : impl(std::make_unique<Impl>(config, options)) {}

Worker::~Worker() {
  stop();
  if (impl->reaper.joinable())
    impl->reaper.join();
  std::lock_guard<std::mutex> lock(impl->jobsMutex);
  for (auto &[id, job] : impl->jobs)
    if (job->thread.joinable())
      job->thread.join();
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

void Worker::serve() { impl->gate->listen(); }

void Worker::stop() {
  if (impl->stopping.exchange(true))
    return;
  {
    std::lock_guard<std::mutex> lock(impl->jobsMutex);
    for (auto &[id, job] : impl->jobs)
      job->comm.abortFromPeer("aborted: the worker of rank " +
                              std::to_string(impl->options.rank) +
                              " is stopping");
  }
  impl->reaperWake.notify_all();
  if (impl->gate)
    impl->gate->stop();
  impl->links.stop();
}
