//===- simp_project_bench.cpp - cost of projecting global programs -------===//
//
// Parses, verifies, projects (--simp-project, which ends with its own
// communication check) and checks the communication of a generated global
// program with K ops over 8 ranks. Each phase is reported in nanoseconds per
// op of the global program: linear cost shows as constant numbers across K.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Dialect/Simp/Testing/ProgramGenerator.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "benchmark/benchmark.h"

#include <cstdlib>
#include <ctime>

using namespace mlir;
using namespace mlir::simp;

namespace {

/// CPU time of this thread: the cores are shared, so wall time would
/// measure the other processes too.
double cpuSeconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * now.tv_nsec;
}

void check(bool ok, const char *what) {
  if (!ok) {
    llvm::errs() << "simp_project_bench: " << what << " failed\n";
    std::abort();
  }
}

void projectGlobalProgram(benchmark::State &state) {
  RandomProgramOptions options;
  options.worldSize = 8;
  options.numOps = state.range(0);
  std::string text = generateRandomProgram(/*seed=*/1, options);

  // One thread: the numbers are per core and do not depend on the machine's
  // load balancing.
  MLIRContext ctx(MLIRContext::Threading::DISABLED);
  ctx.loadDialect<SimpDialect, func::FuncDialect, arith::ArithDialect>();
  ParserConfig config(&ctx, /*verifyAfterParse=*/false);

  double parse = 0, verifyGlobal = 0, project = 0, verifyComm = 0;
  int64_t numOps = 0;
  for (auto _ : state) {
    double start = cpuSeconds();
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
    check(static_cast<bool>(module), "parsing");
    parse += cpuSeconds() - start;

    start = cpuSeconds();
    check(succeeded(verify(*module)), "verification");
    verifyGlobal += cpuSeconds() - start;

    state.PauseTiming();
    numOps = 0;
    module->walk([&](Operation *) { ++numOps; });
    PassManager pm(&ctx);
    pm.enableVerifier(false);
    pm.addPass(createSimpProject());
    state.ResumeTiming();

    start = cpuSeconds();
    check(succeeded(pm.run(*module)), "--simp-project");
    project += cpuSeconds() - start;

    start = cpuSeconds();
    check(succeeded(verifyCommunication(*module)), "--simp-verify-comm");
    verifyComm += cpuSeconds() - start;

    state.PauseTiming();
    module = nullptr;
    state.ResumeTiming();
  }

  double perOp = 1e9 / static_cast<double>(numOps * state.iterations());
  state.counters["ops"] = static_cast<double>(numOps);
  state.counters["parse_ns_op"] = parse * perOp;
  state.counters["verify_ns_op"] = verifyGlobal * perOp;
  state.counters["project_ns_op"] = project * perOp;
  state.counters["verify_comm_ns_op"] = verifyComm * perOp;
  state.counters["total_ns_op"] =
      (parse + verifyGlobal + project + verifyComm) * perOp;
}

} // namespace

BENCHMARK(projectGlobalProgram)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
