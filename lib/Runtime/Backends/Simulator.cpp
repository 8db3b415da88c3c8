//===- Simulator.cpp - every rank of a projected program in-process -------===//

#include "mplang/Runtime/Backends/Simulator.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Backends/RankProgram.h"
#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/InMemoryCommunicator.h"
#include "mplang/Runtime/Monitor.h"

#include <chrono>
#include <condition_variable>
#include <thread>

using namespace mplang::rt;
using namespace mlir;

/// How long ranks have to stop once the run is stopped before they are
/// abandoned.
static constexpr auto kStopGrace = std::chrono::seconds(2);

namespace {
/// Everything the ranks' threads use. They share it, so that a rank that
/// does not stop can be left running when the run returns.
struct Simulation {
  Simulation(ModuleOp projected, const RunOptions &options)
      : program(std::make_shared<OwningOpRef<ModuleOp>>(projected.clone())),
        kernels(jit::makeRegistry(options.kernels ? *options.kernels
                                                  : mplang::getAllKernels(),
                                  options.party.jit)),
        hub(getRankPrograms(**program).size()), outcomes(hub.worldSize),
        finished(hub.worldSize, false) {
    // Each party has its own pool, as in its worker.
    for (int64_t r = 0; r < hub.worldSize; ++r)
      pools.push_back(std::make_unique<ThreadPool>(options.party.poolThreads));
  }

  /// The copy that runs: preparing it outlines local code.
  std::shared_ptr<OwningOpRef<ModuleOp>> program;
  KernelRegistry kernels;
  InMemoryHub hub;
  std::vector<std::unique_ptr<ThreadPool>> pools;
  std::vector<CompiledProgram> programs;
  std::vector<std::vector<mplang::rt::Value>> args;
  std::vector<std::unique_ptr<InMemoryCommunicator>> comms;
  std::vector<std::unique_ptr<Tracer>> tracers;
  std::vector<std::unique_ptr<Monitor>> monitors;
  // Declared last: executors refer to all of the above.
  std::vector<std::unique_ptr<Executor>> executors;

  std::mutex mutex;
  std::condition_variable changed;
  std::vector<RankOutcome> outcomes;
  std::vector<bool> finished;
  int64_t running = 0;
};

class SimulatedTrace : public RunTrace {
public:
  explicit SimulatedTrace(std::vector<std::unique_ptr<Tracer>> tracers)
      : tracers(std::move(tracers)) {}
  Status write(llvm::raw_ostream &os,
               llvm::raw_ostream &warnings) const override {
    SmallVector<const Tracer *> ranks;
    for (const auto &tracer : tracers) {
      ranks.push_back(tracer.get());
      Tracer::warnAggregated(ranks.size() - 1, tracer->aggregated(), warnings);
    }
    Tracer::write(ranks, os);
    return Status::ok();
  }

private:
  std::vector<std::unique_ptr<Tracer>> tracers;
};
} // namespace

/// Gives options.progress every rank's progress since `start`.
static void reportProgress(const Simulation &sim, const RunOptions &options,
                           std::chrono::steady_clock::time_point start,
                           bool final) {
  ProgressReport report;
  for (const auto &executor : sim.executors) {
    std::shared_ptr<const RunProgress> progress = executor->progress();
    report.ranks.push_back({progress->done.load(), progress->known.load()});
  }
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  report.final = final;
  options.progress(report);
}

/// Waits for the ranks to finish, reporting their progress; stops them on an
/// interrupt or at `deadline`. Returns whether every rank finished.
static bool watch(Simulation &sim, const RunOptions &options,
                  PlanBuilder::Deadline deadline,
                  std::chrono::steady_clock::time_point start) {
  auto interval = std::chrono::milliseconds(options.progressIntervalMs);
  auto nextReport = start + interval;
  std::unique_lock<std::mutex> lock(sim.mutex);
  while (sim.running) {
    sim.changed.wait_for(lock, std::chrono::milliseconds(50));
    if (options.progress && sim.running &&
        std::chrono::steady_clock::now() >= nextReport) {
      reportProgress(sim, options, start, /*final=*/false);
      nextReport = std::chrono::steady_clock::now() + interval;
    }
    if (options.interrupt && *options.interrupt) {
      sim.hub.abort(Status::cancelled("interrupted"));
      break;
    }
    if (deadline && std::chrono::steady_clock::now() > *deadline) {
      std::string waiting;
      for (const std::string &line : sim.hub.pendingReceives())
        waiting += "\n  " + line;
      sim.hub.abort(Status::deadlineExceeded(
          "timed out after " + std::to_string(options.timeoutSeconds) + " s" +
          waiting));
      break;
    }
  }
  return sim.changed.wait_for(lock, kStopGrace,
                              [&] { return sim.running == 0; });
}

StatusOr<RunResult>
mplang::rt::simulate(ModuleOp projected, const RunOptions &options,
                     const std::vector<std::vector<Value>> &args) {
  if (options.party.poolThreads == 0)
    return Status::invalidArgument("the pool needs at least one thread");
  auto start = std::chrono::steady_clock::now();
  auto sim = std::make_shared<Simulation>(projected, options);
  SmallVector<ModuleOp> programs = getRankPrograms(**sim->program);
  int64_t worldSize = programs.size();
  // Compiling local code counts in the run's time.
  PlanBuilder::Deadline deadline;
  if (options.timeoutSeconds)
    deadline = std::chrono::steady_clock::now() +
               std::chrono::seconds(options.timeoutSeconds);
  bool ok = true;
  for (ModuleOp program : programs) {
    FailureOr<CompiledProgram> compiled = prepareRankProgram(
        program, options.entry, options.party.jit.mode, sim->kernels, deadline);
    ok &= succeeded(compiled);
    sim->programs.push_back(succeeded(compiled) ? std::move(*compiled)
                                                : CompiledProgram());
  }
  if (!ok)
    return Status::invalidArgument("the program cannot run (see the errors "
                                   "above)");

  for (int64_t r = 0; r < worldSize; ++r) {
    sim->comms.push_back(std::make_unique<InMemoryCommunicator>(sim->hub, r));
    sim->tracers.push_back(
        options.trace ? std::make_unique<Tracer>(r, options.traceMaxEvents)
                      : nullptr);
    sim->monitors.push_back(
        options.trace || options.statistics
            ? std::make_unique<Monitor>(r, sim->tracers[r].get())
            : nullptr);
    sim->executors.push_back(std::make_unique<Executor>(
        *sim->comms[r], *sim->pools[r], sim->monitors[r].get()));
  }
  sim->args = args;
  sim->running = worldSize;
  std::vector<std::thread> threads;
  for (int64_t r = 0; r < worldSize; ++r)
    threads.emplace_back([sim, r, statistics = options.statistics] {
      RankOutcome outcome;
      Executor &executor = *sim->executors[r];
      outcome.status =
          executor.run(*sim->programs[r].entry, sim->args[r], outcome.results);
      outcome.op = executor.error().op;
      if (Monitor *monitor = sim->monitors[r].get())
        monitor->compiled(sim->programs[r].plans->getCompiles());
      if (statistics)
        outcome.statistics = sim->monitors[r]->statistics();
      std::lock_guard<std::mutex> lock(sim->mutex);
      sim->outcomes[r] = std::move(outcome);
      sim->finished[r] = true;
      --sim->running;
      sim->changed.notify_all();
    });

  RunResult result;
  result.abandoned = !watch(*sim, options, deadline, start);
  if (options.progress && !result.abandoned)
    reportProgress(*sim, options, start, /*final=*/true);
  for (std::thread &thread : threads)
    if (result.abandoned)
      thread.detach();
    else
      thread.join();
  std::lock_guard<std::mutex> lock(sim->mutex);
  result.ranks.assign(worldSize, RankOutcome());
  for (int64_t r = 0; r < worldSize; ++r)
    if (sim->finished[r])
      result.ranks[r] = std::move(sim->outcomes[r]);
    else
      result.ranks[r].status = sim->hub.abortStatus();
  result.program = sim->program;
  // An abandoned rank may still write its trace.
  if (options.trace && !result.abandoned)
    result.trace = std::make_unique<SimulatedTrace>(std::move(sim->tracers));
  return result;
}
