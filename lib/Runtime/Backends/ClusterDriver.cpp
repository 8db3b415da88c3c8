//===- ClusterDriver.cpp - run a projected program on workers -------------===//

#include "mplang/Runtime/Backends/ClusterDriver.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Backends/LocalCluster.h"
#include "mplang/Runtime/Clock.h"
#include "mplang/Runtime/Cluster/Client.h"
#include "mplang/Runtime/Cluster/Protocol.h"
#include "mplang/Runtime/Plan.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/Store/ObjectStore.h"
#include "mplang/Runtime/Trace.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

using namespace mplang::rt;
using namespace mplang::rt::protocol;
using Clock = std::chrono::steady_clock;

namespace {
/// The workers' traces, each shifted onto the driver's clock when written.
/// Flows pair up across processes: both ends derive the same id from the
/// message.
class MergedTrace : public RunTrace {
public:
  MergedTrace(std::vector<std::string> traces, std::vector<std::string> missing,
              std::vector<int64_t> offsets)
      : traces(std::move(traces)), missing(std::move(missing)),
        offsets(std::move(offsets)) {}
  Status write(llvm::raw_ostream &os,
               llvm::raw_ostream &warnings) const override;

private:
  std::vector<std::string> traces;
  /// Per rank, why its trace could not be fetched (empty: it was).
  std::vector<std::string> missing;
  std::vector<int64_t> offsets;
};

/// One job on every worker of a cluster, from submission to release.
class Dispatch {
public:
  Dispatch(const ClusterConfig &config, const RunOptions &options)
      : config(config), options(options), job(randomHex()),
        offsets(config.nodes.size()), traces(config.nodes.size()),
        missingTraces(config.nodes.size()) {}

  /// Waits until every worker answers; when tracing, also estimates each
  /// worker's clock offset.
  Status waitReady(unsigned seconds);
  /// Submits, waits, fetches; fills `outcomes` (one per rank).
  void run(const std::vector<JobRequest> &requests,
           const std::vector<unsigned> &numResults,
           std::vector<RankOutcome> &outcomes);

  std::unique_ptr<RunTrace> takeTrace() {
    return std::make_unique<MergedTrace>(std::move(traces),
                                         std::move(missingTraces), offsets);
  }

private:
  /// Submits to rank `r`, follows the job there, fetches its results.
  void runRank(int64_t r, httplib::Client &http, const std::string &path,
               const JobRequest &request, unsigned numResults,
               RankOutcome &outcome);
  /// The worker's clock minus ours (us), from the health round trip with the
  /// smallest delay, whose midpoint is the best guess of the worker's reading.
  int64_t clockOffset(httplib::Client &http);

  std::unique_ptr<httplib::Client> client(int64_t rank) const {
    return makeClient(config, rank, kDriver, config.driver.token);
  }
  std::string who(int64_t rank) const {
    return "rank " + std::to_string(rank) + " (" + config.endpoint(rank) + ")";
  }
  /// Records the first failure and tells every worker to drop the job.
  void stopAll(const std::string &reason);
  /// The status of a rank that stopped because another one failed.
  static Status abortedByPeer() {
    return Status::aborted("aborted: another rank failed");
  }
  /// Runs `fn(rank)` on one thread per rank and waits for all, reporting
  /// the ranks' progress meanwhile when they run a job and it is asked for.
  template <typename Fn> void eachRank(Fn fn) {
    std::vector<std::thread> threads;
    std::atomic<size_t> running{config.nodes.size()};
    for (size_t r = 0; r < config.nodes.size(); ++r)
      threads.emplace_back([&, r] {
        fn(r);
        --running;
      });
    if (!progress.empty() && options.progress) {
      auto interval = std::chrono::milliseconds(options.progressIntervalMs);
      for (auto next = started + interval; running;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (running && Clock::now() >= next) {
          reportProgress(false);
          next = Clock::now() + interval;
        }
      }
    }
    for (std::thread &thread : threads)
      thread.join();
  }
  /// Gives options.progress what the ranks' last status replies said.
  void reportProgress(bool final) {
    ProgressReport report;
    {
      std::lock_guard<std::mutex> lock(mutex);
      report.ranks = progress;
    }
    report.seconds =
        std::chrono::duration<double>(Clock::now() - started).count();
    report.final = final;
    options.progress(report);
  }

  const ClusterConfig &config;
  const RunOptions &options;
  const std::string job;
  std::mutex mutex;
  bool stopped = false;
  /// Why the driver itself stopped the run, if it did.
  Status driverReason = Status::ok();
  std::vector<int64_t> offsets;
  std::vector<std::string> traces, missingTraces;
  /// Each rank's ops run and known, from its status replies (guarded by
  /// `mutex`); empty until the job is submitted.
  std::vector<ProgressReport::Rank> progress;
  Clock::time_point started = Clock::now();
};
} // namespace

Status Dispatch::waitReady(unsigned seconds) {
  std::vector<Status> errors(config.nodes.size(), Status::ok());
  eachRank([&](int64_t r) {
    auto deadline = Clock::now() + std::chrono::seconds(seconds);
    std::unique_ptr<httplib::Client> http = client(r);
    while (true) {
      httplib::Result result = http->Get("/v1/health");
      if (result && result->status == 200) {
        if (options.trace)
          offsets[r] = clockOffset(*http);
        return;
      }
      // A worker that answers but refuses us will not change its mind.
      if ((result && result->status != 200) || Clock::now() > deadline) {
        errors[r] = failureStatus(result, who(r) + " is not ready: ");
        // A refused client certificate looks like a dropped connection.
        if (!result && config.tlsMutual)
          errors[r] = Status::unavailable(
              errors[r].message() +
              " (with tls.mutual, is the driver's certificate '" +
              config.driverCertFile + "' signed by '" + config.tlsCaFile +
              "'?)");
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  for (Status &error : errors)
    if (!error.isOk())
      return std::move(error);
  return Status::ok();
}

int64_t Dispatch::clockOffset(httplib::Client &http) {
  int64_t best = 0;
  uint64_t bestDelay = UINT64_MAX;
  for (int i = 0; i < 5; ++i) {
    uint64_t sent = clock::nowUs();
    httplib::Result result = http.Get("/v1/health");
    uint64_t received = clock::nowUs();
    if (!result || result->status != 200 || received - sent >= bestDelay)
      continue;
    try {
      int64_t remote =
          nlohmann::json::parse(result->body).at("now_us").get<int64_t>();
      best = remote - int64_t(sent + (received - sent) / 2);
      bestDelay = received - sent;
    } catch (const std::exception &) {
      // An old worker without a clock: leave its events where they are.
    }
  }
  return best;
}

Status MergedTrace::write(llvm::raw_ostream &out,
                          llvm::raw_ostream &warnings) const {
  for (size_t r = 0; r < missing.size(); ++r)
    if (!missing[r].empty())
      warnings << "warning: rank " << r << "'s trace is missing: " << missing[r]
               << "\n";
  out << "{\"traceEvents\":[";
  bool first = true;
  for (size_t r = 0; r < traces.size(); ++r) {
    // A worker writes one event per line (Tracer::write): merged event by
    // event, never as one document.
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(traces[r]).split(lines, '\n');
    for (llvm::StringRef line : lines) {
      line = line.trim();
      line.consume_back(",");
      if (!line.starts_with("{\"ph\""))
        continue;
      try {
        nlohmann::json event = nlohmann::json::parse(line);
        if (event.contains("ts"))
          event["ts"] =
              std::round((event["ts"].get<double>() - offsets[r]) * 1000) /
              1000;
        if (event.at("name") == "trace aggregated")
          Tracer::warnAggregated(
              r, event.at("args").at("what").get<std::vector<std::string>>(),
              warnings);
        out << (first ? "\n" : ",\n") << event.dump();
        first = false;
      } catch (const std::exception &e) {
        return Status::error("rank " + llvm::Twine(r) +
                             " sent a bad trace: " + e.what());
      }
    }
  }
  out << "\n],\"displayTimeUnit\":\"ms\"}\n";
  return Status::ok();
}

void Dispatch::stopAll(const std::string &reason) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (stopped)
      return;
    stopped = true;
  }
  eachRank([&](int64_t r) {
    std::unique_ptr<httplib::Client> http = client(r);
    http->set_connection_timeout(1);
    http->Post("/v1/jobs/" + job + "/abort", reason, "text/plain");
  });
}

void Dispatch::run(const std::vector<JobRequest> &requests,
                   const std::vector<unsigned> &numResults,
                   std::vector<RankOutcome> &outcomes) {
  outcomes.assign(config.nodes.size(), RankOutcome());
  progress.assign(config.nodes.size(), ProgressReport::Rank());

  eachRank([&](int64_t r) {
    std::unique_ptr<httplib::Client> http = client(r);
    http->set_write_timeout(600);
    std::string path = "/v1/jobs/" + job;
    runRank(r, *http, path, requests[r], numResults[r], outcomes[r]);
    if (options.trace) {
      httplib::Result result = http->Get(path + "/trace");
      if (result && result->status == 200)
        traces[r] = std::move(result->body);
      else if (result)
        missingTraces[r] = std::to_string(result->status) + " " +
                           llvm::StringRef(result->body).trim().str();
      else
        missingTraces[r] = httplib::to_string(result.error());
    }
    // Whatever happened, the worker may forget the job now.
    http->Delete(path);
  });
  if (options.progress)
    reportProgress(/*final=*/true);
  // When the driver stopped the run (Ctrl-C, time-out) no rank is to blame:
  // every rank that did not finish reports the driver's reason, as in --sim.
  if (!driverReason.isOk())
    for (RankOutcome &outcome : outcomes)
      if (!outcome.status.isOk())
        outcome.status = driverReason;
}

void Dispatch::runRank(int64_t r, httplib::Client &http,
                       const std::string &path, const JobRequest &request,
                       unsigned numResults, RankOutcome &outcome) {
  auto failRank = [&](Status status) { outcome.status = std::move(status); };
  // The driver's own bound, a little after the workers' time-out, for
  // workers that stop answering without closing their connections.
  auto deadline =
      Clock::now() + std::chrono::seconds(options.timeoutSeconds + 5);
  httplib::Result result = http.Post(path, encodeJob(request), kBinaryType);
  if (!result || result->status != 201) {
    failRank(failureStatus(result, who(r) + " refused the job: "));
    stopAll("the driver could not submit to rank " + std::to_string(r));
    return;
  }
  // Long polls until the job ends here; a worker that stops answering
  // stops the job everywhere.
  while (true) {
    result = http.Get(path + "?wait_ms=200");
    if (!result || result->status != 200) {
      failRank(failureStatus(result, who(r) + " is unreachable: "));
      stopAll("rank " + std::to_string(r) + " is unreachable");
      return;
    }
    std::string state;
    Status error = Status::ok();
    try {
      auto body = nlohmann::json::parse(result->body);
      state = body.at("state").get<std::string>();
      if (body.contains("ops_done")) {
        std::lock_guard<std::mutex> lock(mutex);
        progress[r] = {body.at("ops_done").get<uint64_t>(),
                       body.at("ops_known").get<uint64_t>()};
      }
      if (state == "failed") {
        std::optional<StatusCode> code =
            parseStatusCode(body.at("code").get<std::string>());
        error = Status::error(code.value_or(StatusCode::Failed),
                              body.at("error").get<std::string>());
        outcome.location = body.value("location", "");
      }
    } catch (const std::exception &e) {
      failRank(Status::error(who(r) + " sent a bad status: " + e.what()));
      return stopAll("rank " + std::to_string(r) + " misbehaved");
    }
    if (state == "failed") {
      failRank(std::move(error));
      return stopAll("rank " + std::to_string(r) + " failed");
    }
    if (state == "succeeded")
      break;
    bool late = options.timeoutSeconds && Clock::now() > deadline;
    if (late || (options.interrupt && *options.interrupt)) {
      Status why = late ? Status::deadlineExceeded(
                              "timed out after " +
                              std::to_string(options.timeoutSeconds) +
                              " s waiting for " + who(r))
                        : Status::cancelled("interrupted");
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (driverReason.isOk())
          driverReason = why;
      }
      failRank(why);
      return stopAll(why.message());
    }
    std::lock_guard<std::mutex> lock(mutex);
    if (stopped)
      return failRank(abortedByPeer());
  }
  result = http.Get(path + "/results");
  std::vector<std::string> blobs;
  std::string statistics;
  Status decoded = result && result->status == 200
                       ? decodeResults(result->body, blobs, &statistics)
                       : failureStatus(result, "");
  if (decoded.isOk() && options.statistics) {
    outcome.statistics.emplace();
    decoded = statisticsFromJson(statistics, *outcome.statistics);
  }
  if (decoded.isOk() && blobs.size() != numResults)
    decoded = Status::error("expected " + llvm::Twine(numResults) +
                            " results, got " + llvm::Twine(blobs.size()));
  for (const std::string &blob : blobs) {
    if (!decoded.isOk())
      break;
    Value value;
    decoded = deserializeValue(blob, value);
    outcome.results.push_back(std::move(value));
  }
  if (!decoded.isOk())
    failRank(Status::error(decoded.code(), "cannot fetch the results of " +
                                               who(r) + ": " +
                                               decoded.message()));
}

/// One job request per rank: its program (in a module giving the world size,
/// as bytecode or text) and its arguments.
static Status makeRequests(mlir::ModuleOp projected, const RunOptions &options,
                           const std::vector<std::vector<Value>> &args,
                           std::vector<JobRequest> &requests,
                           std::vector<unsigned> &numResults) {
  for (mlir::ModuleOp program : getRankPrograms(projected)) {
    auto entry = program.lookupSymbol<mlir::func::FuncOp>(options.entry);
    if (!entry)
      return Status::invalidArgument("no entry function @" + options.entry);
    JobRequest request;
    request.entry = options.entry;
    request.timeoutSeconds = options.timeoutSeconds;
    request.trace = options.trace;
    request.traceMaxEvents = options.traceMaxEvents;
    request.statistics = options.statistics;
    // A rank's program verifies only inside a module giving the world size.
    mlir::OpBuilder builder(projected.getContext());
    mlir::OwningOpRef<mlir::ModuleOp> wrapper =
        builder.create<mlir::ModuleOp>(projected.getLoc());
    (*wrapper)->setAttr(
        mlir::simp::SimpDialect::getWorldSizeAttrName(),
        projected->getAttr(mlir::simp::SimpDialect::getWorldSizeAttrName()));
    wrapper->push_back(program->clone());
    llvm::raw_string_ostream os(request.module);
    if (options.moduleText)
      // The generic form depends least on the dialects' custom syntax;
      // locations keep the workers' errors pointing at the source.
      wrapper->print(
          os, mlir::OpPrintingFlags().printGenericOpForm().enableDebugInfo(
                  /*enable=*/true,
                  /*prettyForm=*/false));
    else if (mlir::failed(mlir::writeBytecodeToFile(*wrapper, os)))
      return Status::error("cannot write the program of a rank as bytecode");
    for (const Value &arg : args[requests.size()])
      request.args.push_back(encodeArgument(arg));
    requests.push_back(std::move(request));
    numResults.push_back(entry.getNumResults());
  }
  if (!options.recordRequests.empty()) {
    std::ofstream record(options.recordRequests, std::ios::binary);
    for (const JobRequest &request : requests)
      record << encodeJob(request);
    if (!record)
      return Status::error("cannot write '" + options.recordRequests + "'");
  }
  return Status::ok();
}

Status mplang::rt::checkDriverOf(const ClusterConfig &config,
                                 size_t worldSize) {
  if (config.nodes.size() != worldSize)
    return Status::invalidArgument(
        config.path + " has " + llvm::Twine(config.nodes.size()) +
        " nodes, but simp.world_size = " + llvm::Twine(worldSize));
  if (config.driver.token.empty())
    return Status::invalidArgument(
        config.path + ": driver: the driver needs its token, not token_sha256");
  return Status::ok();
}

StatusOr<RunResult>
mplang::rt::runDistributed(mlir::ModuleOp projected, const RunOptions &options,
                           const std::vector<std::vector<Value>> &args) {
  // Results are decoded as the objects the kernels make.
  mplang::registerAllValueTypes();
  const RunMode &mode = options.mode;
  std::vector<JobRequest> requests;
  std::vector<unsigned> numResults;
  MPLANG_RETURN_IF_ERROR(
      makeRequests(projected, options, args, requests, numResults));

  ClusterConfig loaded;
  LocalCluster local;
  const ClusterConfig *config = mode.workers ? mode.workers : &loaded;
  if (mode.workers) {
    // Workers kept across runs.
  } else if (mode.kind == RunMode::Kind::Local) {
    if (Status s = local.start(mode.parties, options.workerPath, options.party);
        !s.isOk())
      return Status::error(s.code(),
                           "cannot start local workers: " + s.message());
    config = &local.config();
  } else {
    MPLANG_RETURN_IF_ERROR(loadClusterConfig(mode.clusterFile, loaded));
  }
  MPLANG_RETURN_IF_ERROR(checkDriverOf(*config, requests.size()));

  Dispatch dispatch(*config, options);
  MPLANG_RETURN_IF_ERROR(dispatch.waitReady(options.readySeconds));
  RunResult result;
  dispatch.run(requests, numResults, result.ranks);
  if (options.trace)
    result.trace = dispatch.takeTrace();
  return result;
}
