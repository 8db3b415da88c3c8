//===- scheduler_bench.cpp - executor overhead on synthetic plans ---------===//
//
// 100k no-op steps as a chain and as a layered DAG (1000 wide; step j of a
// layer reads steps j and j+1 of the previous one), run inline on the
// scheduling thread or each on the thread pool. The same shapes as the
// Python re-creation of upstream's scheduler (the anchors, $MPLANG_ANCHORS). The
// Stats and Traced variants run with a monitor (and a tracer), for the cost
// of --stats and --trace (bench/run_trace_overhead.sh).
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/InMemoryCommunicator.h"
#include "mplang/Runtime/Monitor.h"

#include <benchmark/benchmark.h>

using namespace mplang::rt;

namespace {

/// Returns its first argument.
class NoOpKernel : public Kernel {
public:
  explicit NoOpKernel(bool heavy) : heavy(heavy) {}
  bool isHeavy() const override { return heavy; }
  Status compute(llvm::ArrayRef<Value> args,
                 llvm::MutableArrayRef<Value> results) const override {
    results[0] = args[0];
    return Status::ok();
  }

private:
  bool heavy;
};

/// A plan whose step i reads the slots `inputsOf(i)` (slot 0 is the
/// argument, slot i + 1 the result of step i) and ends with a terminator
/// reading the last step.
template <typename InputsOf>
std::unique_ptr<BlockPlan> makePlan(uint32_t numSteps, bool heavy,
                                    InputsOf inputsOf) {
  auto plan = std::make_unique<BlockPlan>();
  plan->numArgs = 1;
  plan->numSlots = numSteps + 1;
  plan->slotUses.assign(plan->numSlots, 0);
  plan->steps.resize(numSteps + 1);
  for (uint32_t i = 0; i <= numSteps; ++i) {
    Step &step = plan->steps[i];
    step.op = nullptr;
    if (i < numSteps) {
      step.kernel = std::make_unique<NoOpKernel>(heavy);
      step.results.push_back(i + 1);
      for (uint32_t slot : inputsOf(i))
        step.operands.push_back(slot);
    } else {
      step.operands.push_back(numSteps);
    }
    for (uint32_t slot : step.operands) {
      ++plan->slotUses[slot];
      if (slot == 0)
        continue;
      plan->steps[slot - 1].consumers.push_back(i);
      ++step.initialPending;
    }
    if (step.initialPending == 0)
      plan->initiallyReady.push_back(i);
  }
  plan->terminator = numSteps;
  return plan;
}

constexpr uint32_t kSteps = 100000;
constexpr uint32_t kWidth = 1000;

std::unique_ptr<BlockPlan> chain(bool heavy) {
  return makePlan(kSteps, heavy,
                  [](uint32_t i) { return llvm::SmallVector<uint32_t, 2>{i}; });
}

std::unique_ptr<BlockPlan> wide(bool heavy) {
  return makePlan(kSteps, heavy, [](uint32_t i) {
    uint32_t layer = i / kWidth, j = i % kWidth;
    if (layer == 0)
      return llvm::SmallVector<uint32_t, 2>{0};
    uint32_t previous = (layer - 1) * kWidth + 1;
    return llvm::SmallVector<uint32_t, 2>{previous + j,
                                          previous + (j + 1) % kWidth};
  });
}

enum class Watch { None, Stats, Trace };

void run(benchmark::State &state, const BlockPlan &plan,
         Watch watch = Watch::None) {
  InMemoryHub hub(1);
  InMemoryCommunicator comm(hub, 0);
  ThreadPool pool(2);
  Tensor t(DType::I64, {});
  Value arg = Value::tensor(std::move(t));
  for (auto _ : state) {
    // A fresh trace per run, as mplang-run has; its memory is freed untimed.
    state.PauseTiming();
    auto tracer = std::make_unique<Tracer>(0);
    Monitor monitor(0, watch == Watch::Trace ? tracer.get() : nullptr);
    Executor executor(comm, pool, watch == Watch::None ? nullptr : &monitor);
    state.ResumeTiming();
    std::vector<Value> results;
    if (!executor.run(plan, {arg}, results).isOk())
      state.SkipWithError("run failed");
    state.PauseTiming();
    tracer.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * kSteps);
}

void BM_ChainInline(benchmark::State &state) { run(state, *chain(false)); }
void BM_ChainPool(benchmark::State &state) { run(state, *chain(true)); }
void BM_WideInline(benchmark::State &state) { run(state, *wide(false)); }
void BM_WidePool(benchmark::State &state) { run(state, *wide(true)); }
void BM_ChainInlineStats(benchmark::State &state) {
  run(state, *chain(false), Watch::Stats);
}
void BM_ChainInlineTraced(benchmark::State &state) {
  run(state, *chain(false), Watch::Trace);
}
void BM_ChainPoolTraced(benchmark::State &state) {
  run(state, *chain(true), Watch::Trace);
}
void BM_WideInlineTraced(benchmark::State &state) {
  run(state, *wide(false), Watch::Trace);
}
void BM_WidePoolTraced(benchmark::State &state) {
  run(state, *wide(true), Watch::Trace);
}

} // namespace

BENCHMARK(BM_ChainInline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ChainPool)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WideInline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WidePool)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ChainInlineStats)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ChainInlineTraced)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ChainPoolTraced)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WideInlineTraced)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WidePoolTraced)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
