//===- Simulator.cpp - every rank of a projected program in-process -------===//

#include "mplang/Runtime/Simulator.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Runtime/InMemoryCommunicator.h"
#include "mplang/Runtime/Monitor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include <chrono>
#include <condition_variable>
#include <thread>

using namespace mplang::rt;
using namespace mlir;

/// Compiles every function of `program` (so that every missing kernel is
/// reported before anything runs) and returns the entry's plan.
static const BlockPlan *compileProgram(ModuleOp program, StringRef entry,
                                       PlanBuilder &plans) {
  bool ok = true;
  for (auto fn : program.getOps<func::FuncOp>())
    if (!fn.isExternal())
      ok &= plans.compileFunction(fn) != nullptr;
  auto main = program.lookupSymbol<func::FuncOp>(entry);
  if (!main) {
    program.emitError("no entry function @") << entry;
    return nullptr;
  }
  return ok ? plans.compileFunction(main) : nullptr;
}

LogicalResult
mplang::rt::simulate(ModuleOp projected, const SimulationOptions &options,
                     const std::vector<std::vector<Value>> &args,
                     std::vector<RankOutcome> &outcomes,
                     std::vector<std::unique_ptr<Tracer>> &tracers) {
  SmallVector<ModuleOp> programs;
  for (auto program : projected.getOps<ModuleOp>())
    if (program->hasAttr(simp::SimpDialect::getRankAttrName()))
      programs.push_back(program);
  int64_t worldSize = programs.size();

  const KernelRegistry &registry =
      options.registry ? *options.registry : KernelRegistry::getDefault();
  std::vector<std::unique_ptr<PlanBuilder>> builders;
  std::vector<const BlockPlan *> entries;
  bool ok = true;
  for (ModuleOp program : programs) {
    builders.push_back(std::make_unique<PlanBuilder>(registry));
    entries.push_back(compileProgram(program, options.entry, *builders.back()));
    ok &= entries.back() != nullptr;
  }
  if (!ok)
    return failure();

  InMemoryHub hub(worldSize);
  ThreadPool pool(options.poolThreads);
  std::vector<std::unique_ptr<InMemoryCommunicator>> comms;
  std::vector<std::unique_ptr<Monitor>> monitors;
  std::vector<std::unique_ptr<Executor>> executors;
  tracers.clear();
  outcomes.assign(worldSize, RankOutcome());
  for (int64_t r = 0; r < worldSize; ++r) {
    comms.push_back(std::make_unique<InMemoryCommunicator>(hub, r));
    tracers.push_back(options.trace ? std::make_unique<Tracer>(
                                          r, options.traceMaxEvents)
                                    : nullptr);
    monitors.push_back(options.trace || options.statistics
                           ? std::make_unique<Monitor>(r, tracers[r].get())
                           : nullptr);
    executors.push_back(
        std::make_unique<Executor>(*comms[r], pool, monitors[r].get()));
  }

  std::mutex mutex;
  std::condition_variable changed;
  int64_t running = worldSize;
  std::vector<std::thread> threads;
  for (int64_t r = 0; r < worldSize; ++r)
    threads.emplace_back([&, r] {
      RankOutcome &outcome = outcomes[r];
      outcome.status = executors[r]->run(*entries[r], args[r], outcome.results);
      outcome.error = executors[r]->error();
      if (options.statistics)
        outcome.statistics = monitors[r]->statistics();
      std::lock_guard<std::mutex> lock(mutex);
      --running;
      changed.notify_all();
    });

  // Watch for an interrupt or a time-out while the ranks run.
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::seconds(options.timeoutSeconds);
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (running) {
      changed.wait_for(lock, std::chrono::milliseconds(50));
      if (options.interrupt && *options.interrupt) {
        hub.abort("interrupted");
        break;
      }
      if (options.timeoutSeconds &&
          std::chrono::steady_clock::now() > deadline) {
        std::string waiting;
        for (const std::string &line : hub.pendingReceives())
          waiting += "\n  " + line;
        hub.abort("timed out after " + std::to_string(options.timeoutSeconds) +
                  " s" + waiting);
        break;
      }
    }
  }
  for (std::thread &thread : threads)
    thread.join();
  return success();
}
