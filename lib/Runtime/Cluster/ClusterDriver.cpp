//===- ClusterDriver.cpp - run a projected program on workers -------------===//

#include "mplang/Runtime/Cluster/ClusterDriver.h"
#include "LocalCluster.h"
#include "PeerLinks.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Runtime/Clock.h"
#include "mplang/Runtime/Cluster/Protocol.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/Store/ObjectStore.h"
#include "mplang/Runtime/Trace.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

using namespace mplang::rt;
using namespace mplang::rt::protocol;
using Clock = std::chrono::steady_clock;

static mlir::LogicalResult fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-run: error: " << message << "\n";
  return mlir::failure();
}

namespace {
/// One job on every worker of a cluster, from submission to release.
class Dispatch {
public:
  Dispatch(const ClusterConfig &config, const SimulationOptions &options)
      : config(config), options(options), job(randomHex()),
        offsets(config.nodes.size()), traces(config.nodes.size()) {}

  /// Waits until every worker answers; when tracing, also estimates each
  /// worker's clock offset.
  Status waitReady(unsigned seconds);
  /// Submits, waits, fetches; fills `outcomes` (one per rank).
  void run(const std::vector<JobRequest> &requests,
           const std::vector<unsigned> &numResults,
           std::vector<RankOutcome> &outcomes);

  /// Merges the workers' traces (each shifted onto the driver's clock) into
  /// one Chrome trace. Flows pair up across processes: both ends derive the
  /// same id from the message.
  Status writeTrace(const std::string &path);

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
  /// Runs `fn(rank)` on one thread per rank and waits for all.
  template <typename Fn> void eachRank(Fn fn) {
    std::vector<std::thread> threads;
    for (size_t r = 0; r < config.nodes.size(); ++r)
      threads.emplace_back(fn, r);
    for (std::thread &thread : threads)
      thread.join();
  }

  const ClusterConfig &config;
  const SimulationOptions &options;
  const std::string job;
  std::mutex mutex;
  bool stopped = false;
  /// Why the driver itself stopped the run, if it did.
  std::string driverReason;
  std::vector<int64_t> offsets;
  std::vector<std::string> traces;
};
} // namespace

Status Dispatch::waitReady(unsigned seconds) {
  std::vector<std::string> errors(config.nodes.size());
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
        errors[r] = who(r) + " is not ready: " + describeFailure(result);
        // A refused client certificate looks like a dropped connection.
        if (!result && config.tlsMutual)
          errors[r] += " (with tls.mutual, is the driver's certificate '" +
                       config.driverCertFile + "' signed by '" +
                       config.tlsCaFile + "'?)";
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  for (const std::string &error : errors)
    if (!error.empty())
      return Status::error(error);
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

Status Dispatch::writeTrace(const std::string &path) {
  std::ofstream out(path);
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
              llvm::errs());
        out << (first ? "\n" : ",\n") << event.dump();
        first = false;
      } catch (const std::exception &e) {
        return Status::error(who(r) + " sent a bad trace: " + e.what());
      }
    }
  }
  out << "\n],\"displayTimeUnit\":\"ms\"}\n";
  if (!out)
    return Status::error("cannot write the trace to '" + path + "'");
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

  eachRank([&](int64_t r) {
    std::unique_ptr<httplib::Client> http = client(r);
    http->set_write_timeout(600);
    std::string path = "/v1/jobs/" + job;
    runRank(r, *http, path, requests[r], numResults[r], outcomes[r]);
    if (options.trace)
      if (httplib::Result result = http->Get(path + "/trace");
          result && result->status == 200)
        traces[r] = std::move(result->body);
    // Whatever happened, the worker may forget the job now.
    http->Delete(path);
  });
  // When the driver stopped the run (Ctrl-C, time-out) no rank is to blame:
  // every rank that did not finish reports the driver's reason, as in --sim.
  if (!driverReason.empty())
    for (RankOutcome &outcome : outcomes)
      if (!outcome.status.isOk()) {
        outcome.status = Status::error(driverReason);
        outcome.error.message = driverReason;
        outcome.error.aborted = false;
      }
}

void Dispatch::runRank(int64_t r, httplib::Client &http,
                       const std::string &path, const JobRequest &request,
                       unsigned numResults, RankOutcome &outcome) {
  auto failRank = [&](const std::string &message, bool aborted) {
    outcome.status = Status::error(message);
    outcome.error.message = message;
    outcome.error.aborted = aborted;
  };
  // The driver's own bound, a little after the workers' time-out, for
  // workers that stop answering without closing their connections.
  auto deadline =
      Clock::now() + std::chrono::seconds(options.timeoutSeconds + 5);
  httplib::Result result = http.Post(path, encodeJob(request), kBinaryType);
  if (!result || result->status != 201) {
    failRank(who(r) + " refused the job: " + describeFailure(result), false);
    stopAll("aborted: the driver could not submit to rank " +
            std::to_string(r));
    return;
  }
  // Long polls until the job ends here; a worker that stops answering
  // stops the job everywhere.
  while (true) {
    result = http.Get(path + "?wait_ms=200");
    if (!result || result->status != 200) {
      failRank(who(r) + " is unreachable: " + describeFailure(result), false);
      stopAll("aborted: rank " + std::to_string(r) + " is unreachable");
      return;
    }
    std::string state, error;
    bool aborted = false;
    try {
      auto body = nlohmann::json::parse(result->body);
      state = body.at("state").get<std::string>();
      if (state == "failed") {
        error = body.at("error").get<std::string>();
        aborted = body.at("aborted").get<bool>();
      }
    } catch (const std::exception &e) {
      failRank(who(r) + " sent a bad status: " + e.what(), false);
      return stopAll("aborted: rank " + std::to_string(r) + " misbehaved");
    }
    if (state == "failed") {
      failRank(error, aborted);
      return stopAll("aborted: rank " + std::to_string(r) + " failed");
    }
    if (state == "succeeded")
      break;
    bool late = options.timeoutSeconds && Clock::now() > deadline;
    if (late || (options.interrupt && *options.interrupt)) {
      std::string why = late ? "timed out after " +
                                   std::to_string(options.timeoutSeconds) +
                                   " s waiting for " + who(r)
                             : "interrupted";
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (driverReason.empty())
          driverReason = why;
      }
      failRank(why, false);
      return stopAll("aborted: " + why);
    }
    std::lock_guard<std::mutex> lock(mutex);
    if (stopped)
      return failRank("aborted: another rank failed", true);
  }
  result = http.Get(path + "/results");
  std::vector<std::string> blobs;
  std::string statistics;
  Status decoded = result && result->status == 200
                       ? decodeResults(result->body, blobs, &statistics)
                       : Status::error(describeFailure(result));
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
    failRank("cannot fetch the results of " + who(r) + ": " + decoded.message(),
             false);
}

mlir::LogicalResult
mplang::rt::runDistributed(mlir::ModuleOp projected,
                           const DistributedOptions &cluster,
                           const SimulationOptions &options,
                           const std::vector<std::vector<Value>> &args,
                           std::vector<RankOutcome> &outcomes) {
  if (cluster.localWorkers && !cluster.clusterFile.empty())
    return fail("give --cluster or --local, not both");
  std::vector<JobRequest> requests;
  std::vector<unsigned> numResults;
  for (auto program : projected.getOps<mlir::ModuleOp>()) {
    if (!program->hasAttr(mlir::simp::SimpDialect::getRankAttrName()))
      continue;
    auto entry = program.lookupSymbol<mlir::func::FuncOp>(options.entry);
    if (!entry)
      return fail("no entry function @" + options.entry);
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
    if (cluster.moduleText)
      // The generic form depends least on the dialects' custom syntax;
      // locations keep the workers' errors pointing at the source.
      wrapper->print(
          os, mlir::OpPrintingFlags().printGenericOpForm().enableDebugInfo(
                  /*enable=*/true,
                  /*prettyForm=*/false));
    else if (mlir::failed(mlir::writeBytecodeToFile(*wrapper, os)))
      return fail("cannot write the program of a rank as bytecode");
    for (const Value &arg : args[requests.size()])
      request.args.push_back(encodeArgument(arg));
    requests.push_back(std::move(request));
    numResults.push_back(entry.getNumResults());
  }
  if (!cluster.recordRequests.empty()) {
    std::ofstream record(cluster.recordRequests, std::ios::binary);
    for (const JobRequest &request : requests)
      record << encodeJob(request);
    if (!record)
      return fail("cannot write '" + cluster.recordRequests + "'");
  }

  ClusterConfig loaded;
  LocalCluster local;
  const ClusterConfig *config = &loaded;
  if (cluster.localWorkers) {
    if (cluster.localWorkers != requests.size())
      return fail(
          "--local " + llvm::Twine(cluster.localWorkers) +
          " does not match simp.world_size = " + llvm::Twine(requests.size()));
    llvm::SmallString<256> worker(
        llvm::sys::path::parent_path(llvm::sys::fs::getMainExecutable(
            cluster.argv0.c_str(), (void *)&runDistributed)));
    llvm::sys::path::append(worker, "mplang-worker");
    local.setDataRoot(cluster.dataRoot);
    if (Status s = local.start(cluster.localWorkers, std::string(worker));
        !s.isOk())
      return fail("cannot start local workers: " + s.message());
    config = &local.config();
  } else {
    if (Status s = loadClusterConfig(cluster.clusterFile, loaded); !s.isOk())
      return fail(s.message());
    if (loaded.nodes.size() != requests.size())
      return fail(
          cluster.clusterFile + " has " + llvm::Twine(loaded.nodes.size()) +
          " nodes, but simp.world_size = " + llvm::Twine(requests.size()));
    if (loaded.driver.token.empty())
      return fail(cluster.clusterFile +
                  ": driver: the driver needs its token, not token_sha256");
  }

  Dispatch dispatch(*config, options);
  if (Status s = dispatch.waitReady(cluster.readySeconds); !s.isOk())
    return fail(s.message());
  dispatch.run(requests, numResults, outcomes);
  if (options.trace)
    if (Status s = dispatch.writeTrace(cluster.traceFile); !s.isOk())
      return fail(s.message());
  return mlir::success();
}
