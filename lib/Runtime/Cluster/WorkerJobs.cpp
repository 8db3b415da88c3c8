//===- WorkerJobs.cpp - parsing, preparing and running submitted jobs -----===//
//
// A submitted module must hold exactly this rank's program (and, with
// --approved-programs, an approved one). submit parses it, admits the job,
// prepares the program (prepareRankProgram, as the simulator does) and
// starts it; each step answers with the reason when it refuses. The job runs
// on an Executor over its communicator.
//
//===----------------------------------------------------------------------===//

#include "WorkerImpl.h"
#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"
#include "mplang/Runtime/Backends/RankProgram.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/Monitor.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/Store/ObjectStore.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include <nlohmann/json.hpp>

using namespace mplang::rt;
using namespace mplang::rt::protocol;
using namespace mplang::rt::worker;

/// The parse of a job is bounded by its time-out, but not below a minute
/// (a busy machine starts the child slowly), and a job without a time-out
/// by ten minutes.
static unsigned parseSeconds(unsigned timeoutSeconds) {
  return timeoutSeconds ? std::max(timeoutSeconds, 60u) : 600;
}

/// "FILE:LINE:COL" of an op, for errors reported away from its source.
static std::string locationOf(mlir::Operation *op) {
  if (!op)
    return "";
  if (auto loc = op->getLoc()->findInstanceOf<mlir::FileLineColLoc>())
    return (loc.getFilename().str() + ":" + std::to_string(loc.getLine()) +
            ":" + std::to_string(loc.getColumn()));
  return "";
}

void Worker::Impl::submit(const httplib::Request &req, httplib::Response &res) {
  std::string id = req.matches[1];
  JobRequest request;
  if (Status s = decodeJob(req.body, request); !s.isOk())
    return reply(res, 400, s.message());
  // The trace's events are this worker's memory.
  if (request.trace && request.traceMaxEvents > options.maxTraceEvents)
    return reply(res, 400,
                 "trace_max_events " + std::to_string(request.traceMaxEvents) +
                     " is over this worker's --max-trace-events " +
                     std::to_string(options.maxTraceEvents));

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
  std::optional<Refusal> refused = parseJob(id, request, *program);
  if (!refused)
    refused = admitJob(*program, request);
  // Preparing counts in the job's time; timeout_s 0 is mplang-run's
  // --timeout 0: no time-out.
  Clock::time_point deadline =
      request.timeoutSeconds
          ? Clock::now() + std::chrono::seconds(request.timeoutSeconds)
          : Clock::time_point::max();
  if (!refused)
    refused = prepareJob(id, request, deadline, diagnostics, *program);
  if (refused)
    return reply(res, refused->status, refused->message);

  std::shared_ptr<Job> job = findOrCreate(id, res, /*submitting=*/true);
  if (!job)
    return;
  if (Status s = jobs.start(*job,
                            [&] {
                              job->timeoutSeconds = request.timeoutSeconds;
                              job->traced = request.trace;
                              job->traceMaxEvents = request.traceMaxEvents;
                              job->statistics = request.statistics;
                              job->deadline = deadline;
                              job->thread = std::thread(
                                  [this, job, program] { run(job, program); });
                            });
      !s.isOk())
    return reply(res, 409, s.message());
  res.status = 201;
  res.set_content(nlohmann::json{{"job", id}}.dump(), "application/json");
}

std::optional<Refusal> Worker::Impl::parseJob(const std::string &id,
                                              const JobRequest &request,
                                              Program &program) {
  // MLIR's parsers crash on some inputs: a child process parses first.
  ModuleCheckLimits limits;
  limits.seconds = parseSeconds(request.timeoutSeconds);
  Status parsed = Status::ok();
  program.module = parseUntrustedModule(request.module, "job-" + id,
                                        *program.context, limits, parsed);
  if (!program.module)
    return Refusal{parsed.code() == StatusCode::Unavailable ? 503 : 400,
                   parsed.message()};
  // The job's module holds this rank's program (`simp.rank`) and nothing
  // else that runs.
  for (auto nested : program.module->getOps<mlir::ModuleOp>()) {
    auto rank = nested->getAttrOfType<mlir::IntegerAttr>(
        mlir::simp::SimpDialect::getRankAttrName());
    if (!rank || rank.getInt() != options.rank || program.mine)
      return Refusal{400, "the module holds more than the program of rank " +
                              std::to_string(options.rank)};
    program.mine = nested;
  }
  if (!program.mine)
    return Refusal{400, "the module holds no program for rank " +
                            std::to_string(options.rank) +
                            " (a module with simp.rank = " +
                            std::to_string(options.rank) + ")"};
  return std::nullopt;
}

std::optional<Refusal> Worker::Impl::admitJob(const Program &program,
                                              const JobRequest &request) {
  mlir::ModuleOp mine = program.mine;
  std::string rank = std::to_string(options.rank);
  // Approval covers what runs: the program, its world, the entry and where
  // each argument comes from, before anything is loaded.
  if (options.approvedPrograms) {
    mlir::simp::JobBinding binding{
        mlir::simp::getWorldSize(mine), request.entry, {}};
    for (llvm::StringRef arg : request.args)
      binding.references.push_back(arg.consume_front("@") ? arg.str()
                                                          : std::string());
    std::string digest = mlir::simp::jobDigest(mine, binding);
    if (!options.approvedPrograms->count(digest))
      return Refusal{403, "the job of rank " + rank + " (" +
                              mlir::simp::describeJob(binding) + " " + digest +
                              ") is not approved by this worker "
                              "(--approved-programs)"};
  }
  auto entry = mine.lookupSymbol<mlir::func::FuncOp>(request.entry);
  if (!entry || entry.isExternal())
    return Refusal{400, "no entry function @" + request.entry};
  if (!options.releaseToDriver && entry.getNumResults())
    return Refusal{403, "rank " + rank +
                            " releases no results to the driver "
                            "(--release-to-driver=" +
                            (options.releaseDetails ? "details" : "none") +
                            "), and @" + request.entry + " returns " +
                            std::to_string(entry.getNumResults()) +
                            ": keep them on this party (mplang-run --keep)"};
  if (!options.releaseDetails && (request.trace || request.statistics))
    return Refusal{403, "rank " + rank +
                            " releases no statistics or traces to the driver "
                            "(--release-to-driver=none)"};
  if (entry.getNumArguments() != request.args.size())
    return Refusal{400, "@" + request.entry + " takes " +
                            std::to_string(entry.getNumArguments()) +
                            " arguments, the job binds " +
                            std::to_string(request.args.size())};
  return std::nullopt;
}

std::optional<Refusal> Worker::Impl::prepareJob(const std::string &id,
                                                const JobRequest &request,
                                                Clock::time_point deadline,
                                                const std::string &diagnostics,
                                                Program &program) {
  mlir::ModuleOp mine = program.mine;
  // Arguments are decoded against the program's own types, before
  // outlining may rewrite the entry.
  llvm::SmallVector<mlir::Type> argTypes(
      mine.lookupSymbol<mlir::func::FuncOp>(request.entry).getArgumentTypes());
  // Compiling the job's local code counts in its time: what is still
  // compiling at the deadline stays interpreted, and the job then times out.
  // The driver waits for this answer (60 s at most, PeerLinks.cpp): a
  // compile longer than kMaxSubmitCompile leaves the rest interpreted too.
  constexpr std::chrono::seconds kMaxSubmitCompile(30);
  mlir::FailureOr<CompiledProgram> compiled =
      prepareRankProgram(mine, request.entry, options.party.jit.mode, kernels,
                         std::min(deadline, Clock::now() + kMaxSubmitCompile));
  if (mlir::failed(compiled))
    return Refusal{400, "cannot run the module:\n" + diagnostics};
  program.compiled = std::move(*compiled);
  for (auto [i, bytes] : llvm::enumerate(request.args)) {
    Value value;
    // Arguments by reference come from this party's own store.
    Status s = decodeArgument(bytes, argTypes[i],
                              getObjectStore(options.rank).get(), value);
    // What a refusal says of an object (whether it exists, its type) is
    // for those who may read it.
    if (!s.isOk() && !options.releaseDetails &&
        llvm::StringRef(bytes).starts_with("@")) {
      log("job " + id + ": argument " + std::to_string(i) + ": " + s.message());
      return Refusal{400, "argument " + std::to_string(i) + ": " + bytes +
                              " cannot be bound (rank " +
                              std::to_string(options.rank) +
                              " describes its objects only in its log: "
                              "--release-to-driver=none)"};
    }
    if (!s.isOk())
      return Refusal{400, "argument " + std::to_string(i) + ": " + s.message()};
    program.args.push_back(std::move(value));
  }
  return std::nullopt;
}

void Worker::Impl::writeTrace(Job &job, const Tracer &tracer) {
  int fd;
  llvm::SmallString<128> path;
  std::error_code ec =
      llvm::sys::fs::createTemporaryFile("mplang-trace", "json", fd, path);
  if (!ec) {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    Tracer::write({&tracer}, os);
    os.close();
    ec = os.error();
    os.clear_error();
    if (ec)
      llvm::sys::fs::remove(path);
  }
  std::lock_guard<std::mutex> lock(job.mutex);
  if (ec)
    job.traceError = "rank " + std::to_string(options.rank) +
                     " cannot write its trace: " + ec.message();
  else
    job.traceFile = path.str().str();
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
    {
      std::lock_guard<std::mutex> lock(job->mutex);
      job->progress = executor.progress();
    }
    status = executor.run(*program->compiled.entry, program->args, results);
    error = executor.error();
    if (monitor)
      monitor->compiled(program->compiled.plans->getCompiles());
    if (job->statistics)
      statistics = statisticsToJson(monitor->statistics());
    if (tracer)
      writeTrace(*job, *tracer);
  }
  Status sent = job->comm.waitForSends();
  Status failure = status.isOk() ? sent : status;
  // The op's location travels apart from the message (the driver reports
  // it as the simulator does), and only with the details.
  std::string location =
      status.isOk() || !options.releaseDetails ? "" : locationOf(error.op);
  std::vector<std::string> encoded;
  for (const Value &value : results)
    encoded.push_back(serializeValue(value));
  // The plans refer to the module's ops: release them before the context.
  program.reset();

  if (!failure.isOk())
    failure = forDriver(failure, "job " + job->id + " failed");
  std::lock_guard<std::mutex> lock(job->mutex);
  if (failure.isOk()) {
    job->state = JobState::Succeeded;
    job->results = encodeResults(encoded, statistics);
  } else {
    job->state = JobState::Failed;
    job->error = std::move(failure);
    job->errorLocation = std::move(location);
  }
  job->finished = Clock::now();
  job->changed.notify_all();
}

void Worker::Impl::log(const std::string &line) {
  // One write per line, so that concurrent jobs' lines do not mix.
  llvm::errs() << ("mplang-worker: rank " + std::to_string(options.rank) +
                   ": " + line + "\n");
}

Status Worker::Impl::forDriver(const Status &status, const std::string &what) {
  if (options.releaseDetails)
    return status;
  // Which op failed is no less private than why: a data-dependent branch
  // decides it. The code stays, so the driver still finds the root cause.
  log(what + ": " + status.message());
  return Status::error(status.code(),
                       "rank " + std::to_string(options.rank) + ": " +
                           statusCodeName(status.code()).str() +
                           " (its worker keeps the details in its log: "
                           "--release-to-driver=none)");
}
