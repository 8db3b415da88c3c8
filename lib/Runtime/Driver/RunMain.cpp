//===- RunMain.cpp - mplang-run's main, in the library --------------------===//

#include "mplang/Runtime/Driver/RunMain.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/Runtime/Driver/Program.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include <csignal>

using namespace mplang::rt;
using namespace mlir;
namespace cl = llvm::cl;

static std::atomic<bool> interrupted{false};

static int fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-run: error: " << message << "\n";
  return 1;
}

namespace {
/// Whether an error was reported as an MLIR diagnostic, so that a summary
/// of the same failure is not printed again.
class ErrorSeen {
public:
  explicit ErrorSeen(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &diag) {
          seen |= diag.getSeverity() == DiagnosticSeverity::Error;
          return failure(); // The SourceMgr handler prints it.
        }) {}
  bool seen = false;

private:
  ScopedDiagnosticHandler handler;
};
} // namespace

/// The global program of `config.inputFile`, parsed and prepared.
static StatusOr<Program> loadProgram(const RunConfig &config, MLIRContext &ctx,
                                     llvm::SourceMgr &sourceMgr) {
  const std::string &path = config.inputFile;
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buffer)
    return Status::error("cannot read '" + path +
                         "': " + buffer.getError().message());
  // MLIR's parsers crash on some inputs: a child process tries first.
  if (Status s = checkParserSurvives((*buffer)->getBuffer(), path); !s.isOk())
    return Status::error(path + ": " + s.message());
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&ctx));
  if (!module)
    return Status::invalidArgument("the program does not parse");
  return prepareProgram(std::move(module), config.link, config.run.entry,
                        config.keep);
}

/// Writes the Chrome trace --trace asks for.
static int writeTrace(const RunConfig &config, const RunResult &result) {
  if (config.traceFile.empty() || !result.trace)
    return 0;
  std::error_code ec;
  llvm::raw_fd_ostream os(config.traceFile, ec);
  if (ec)
    return fail("cannot write the trace to '" + config.traceFile +
                "': " + ec.message());
  if (Status s = result.trace->write(os, llvm::errs()); !s.isOk())
    return fail(s.message());
  return 0;
}

/// Writes what --stats and --stats-json ask for.
static int writeStatistics(const RunConfig &config, const RunResult &result) {
  std::vector<RunStatistics> ranks;
  for (const RankOutcome &outcome : result.ranks)
    if (outcome.statistics)
      ranks.push_back(*outcome.statistics);
  if (config.printStats)
    printStatistics(ranks, llvm::outs());
  if (config.statsJson.empty())
    return 0;
  std::error_code ec;
  llvm::raw_fd_ostream os(config.statsJson, ec);
  if (ec)
    return fail("cannot write the statistics: " + ec.message());
  writeStatisticsJson(ranks, os);
  return 0;
}

/// Reports the rank whose failure explains the run; returns whether any
/// rank failed.
static bool reportFailure(const RunResult &result) {
  std::optional<size_t> root = getRootCause(result.ranks);
  if (!root)
    return false;
  const RankOutcome &outcome = result.ranks[*root];
  if (outcome.op)
    outcome.op->emitError("rank ")
        << *root << " failed: " << outcome.status.message();
  else
    fail("rank " + llvm::Twine(*root) + " failed: " +
         (outcome.location.empty() ? "" : outcome.location + ": ") +
         outcome.status.message());
  return true;
}

/// The run's outcome, as the exit code: results printed and written on
/// success.
static int finish(const RunConfig &config, const Program &program,
                  const RunResult &result) {
  // The trace is written for a failed run too: it shows the failure.
  if (int code = writeTrace(config, result))
    return code;
  bool failedRun = reportFailure(result);
  if (result.abandoned) {
    // Threads of a rank that did not stop still use the program: end here.
    llvm::errs().flush();
    llvm::outs().flush();
    std::_Exit(interrupted ? 130 : 1);
  }
  if (interrupted)
    return fail("interrupted"), 130;
  if (failedRun)
    return 1;
  if (!config.outputDir.empty())
    if (Status s = writeResultsNpy(config.outputDir, program.signature, result,
                                   program.kept);
        !s.isOk())
      return fail(s.message());
  for (const std::string &line :
       formatResults(program.signature, result, program.kept, config.printFull))
    llvm::outs() << line << "\n";
  return writeStatistics(config, result);
}

int mplang::rt::runMain(const RunConfig &config, DialectRegistry &registry) {
  // Before any thread starts: a Ctrl-C while the program loads then stops
  // the run as one during it does, instead of killing the process.
  std::signal(SIGINT, [](int) { interrupted = true; });
  // Arguments are bound and checked against types of every dialect.
  mplang::registerAllValueTypes();
  MLIRContext ctx(registry);
  // Users want a run-time error's location and message; the op in generic
  // form only when they ask for it.
  cl::Option *printOp =
      cl::getRegisteredOptions().lookup("mlir-print-op-on-diagnostic");
  if (!printOp || !printOp->getNumOccurrences())
    ctx.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &ctx);
  ErrorSeen errors(ctx);

  StatusOr<Program> program = loadProgram(config, ctx, sourceMgr);
  if (!program.isOk())
    return errors.seen ? 1 : fail(program.status().message());
  const RunOptions &options = config.run;
  if (Status s = options.mode.checkWorldSize(program->worldSize); !s.isOk())
    return fail(s.message());
  if (Status s = installRankStores(options.party.store, program->worldSize);
      !s.isOk())
    return fail(s.message());
  StatusOr<std::vector<std::vector<Value>>> args =
      bindInputs(ctx, program->signature, program->worldSize,
                 options.mode.distributed(), config.inputs, config.args);
  if (!args.isOk())
    return fail(args.status().message());

  RunOptions run = options;
  run.interrupt = &interrupted;
  StatusOr<RunResult> result = runProgram(*program->projected, run, *args);
  if (!result.isOk())
    return fail(result.status().message());
  return finish(config, *program, *result);
}

int mplang::rt::runMain(int argc, char **argv, DialectRegistry &registry) {
  RunConfig::registerCLOptions();
  cl::ParseCommandLineOptions(
      argc, argv,
      "mplang multi-party program runner\n\n"
      "  mplang-run examples/sum.mlir --sim 3 --arg 0:0='1 : i64' "
      "--arg 1:1='2 : i64' --arg 2:2='3 : i64'\n"
      "  mplang-run program.mlir --local 2 --input 0:0=x.npy --trace t.json\n");
  StatusOr<RunConfig> config = RunConfig::createFromCLOptions(
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&fail));
  if (!config.isOk())
    return fail(config.status().message());
  return runMain(*config, registry);
}
