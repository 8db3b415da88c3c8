//===- mplang-run.cpp - run a multi-party program ---------------*- C++ -*-===//
//
// Parses and verifies a global program, projects it into one program per
// rank and runs every rank (lib/Runtime/Driver), printing what each rank
// holds of the results.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/Transforms/KeepResults.h"
#include "mplang/Dialect/Simp/Transforms/Link.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/InitAllDialects.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/Runtime/Driver/Driver.h"
#include "mplang/Runtime/JIT/JIT.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include <csignal>

using namespace mlir;
namespace rt = mplang::rt;
namespace cl = llvm::cl;

static cl::OptionCategory category("mplang-run options");

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<program.mlir>"), cl::Required,
                                      cl::cat(category));
static cl::opt<int64_t> simRanks("sim",
                                 cl::desc("Run all ranks in this process; the "
                                          "value must equal simp.world_size"),
                                 cl::init(0), cl::cat(category));
static cl::opt<std::string>
    clusterFile("cluster",
                cl::desc("Run on the workers of this cluster file "
                         "(YAML or JSON)"),
                cl::cat(category));
static cl::opt<unsigned>
    localWorkers("local",
                 cl::desc("Start N workers on 127.0.0.1, run there, stop them"),
                 cl::init(0), cl::cat(category));
static cl::opt<bool> moduleText(
    "module-text",
    cl::desc("With --cluster/--local: submit each rank's program as MLIR "
             "text, not bytecode (for workers built against another MLIR)"),
    cl::cat(category));
static cl::opt<std::string> entryName("entry", cl::desc("Entry function"),
                                      cl::init("main"), cl::cat(category));
static cl::opt<std::string> traceFile("trace",
                                      cl::desc("Write a Chrome trace (JSON)"),
                                      cl::cat(category));
static cl::opt<uint64_t> traceMaxEvents(
    "trace-max-events",
    cl::desc("Events a rank's trace keeps before it aggregates per op"),
    cl::init(rt::Tracer::kDefaultMaxEvents), cl::cat(category));
static cl::list<std::string>
    npyInputs("input",
              cl::desc("Bind entry argument I of rank R to a .npy file: "
                       "R:I=FILE.npy, or to an object of rank R's own "
                       "store: R:I=@URI"),
              cl::cat(category));
static cl::list<std::string>
    attrInputs("arg",
               cl::desc("Bind entry argument I of rank R to an MLIR "
                        "attribute: R:I=ATTR, e.g. 0:0='5 : i64'"),
               cl::cat(category));
static cl::opt<std::string>
    outputDir("output-dir",
              cl::desc("Write rank R's result I as DIR/rankR_resultI.npy"),
              cl::cat(category));
static cl::opt<bool>
    printFull("print-full",
              cl::desc("Print every element of large results (by default "
                       "those of over 1000 elements are summarized)"),
              cl::cat(category));
static cl::opt<unsigned>
    timeoutSeconds("timeout", cl::desc("Stop a run after N seconds (0: never)"),
                   cl::init(60), cl::cat(category));
static cl::list<std::string>
    keepSpecs("keep",
              cl::desc("Leave result I on rank R, in its own store, and print "
                       "its URI instead: R:I[=URI] (default "
                       "mem://run-ID/resultI), or all"),
              cl::cat(category));
static cl::opt<std::string> recordRequests(
    "record-requests", cl::Hidden,
    cl::desc("With --cluster/--local: write every job body sent to FILE"),
    cl::cat(category));
static std::atomic<bool> interrupted{false};

static int fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-run: error: " << message << "\n";
  return 1;
}

/// The global program of `path`, parsed, linked with its libraries and
/// verified; null after reporting an error.
static OwningOpRef<ModuleOp> parseProgram(StringRef path, MLIRContext &ctx,
                                          llvm::SourceMgr &sourceMgr,
                                          StringRef mainExecutable) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buffer) {
    fail("cannot read '" + path + "': " + buffer.getError().message());
    return nullptr;
  }
  // MLIR's parsers crash on some inputs: a child process tries first.
  if (rt::Status s = rt::checkParserSurvives((*buffer)->getBuffer(), path);
      !s.isOk()) {
    fail(path + ": " + s.message());
    return nullptr;
  }
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&ctx));
  if (!module)
    return nullptr;
  simp::LinkOptions link =
      simp::LinkOptions::createFromCLOptions(mainExecutable);
  if (failed(simp::linkLibraries(*module, link)) || failed(verify(*module)))
    return nullptr;
  return module;
}

/// Options whose value makes no sense, as a message (empty: none).
static std::string checkOptions(bool distributed) {
  if (traceMaxEvents == 0)
    return "--trace-max-events must be at least 1";
  if (!distributed && moduleText)
    return "--module-text goes with --cluster or --local";
  if (localWorkers && !clusterFile.empty())
    return "give --cluster or --local, not both";
  return "";
}

/// Writes what --trace, --stats and --stats-json ask for.
static int report(const rt::RunResult &result, bool printStats,
                  StringRef statsJson) {
  std::vector<rt::RunStatistics> ranks;
  for (const rt::RankOutcome &outcome : result.ranks)
    if (outcome.statistics)
      ranks.push_back(*outcome.statistics);
  if (printStats)
    rt::printStatistics(ranks, llvm::outs());
  if (statsJson.empty())
    return 0;
  std::error_code ec;
  llvm::raw_fd_ostream os(statsJson, ec);
  if (ec)
    return fail("cannot write the statistics: " + ec.message());
  rt::writeStatisticsJson(ranks, os);
  return 0;
}

static int writeTrace(const rt::RunResult &result) {
  if (traceFile.empty() || !result.trace)
    return 0;
  std::error_code ec;
  llvm::raw_fd_ostream os(traceFile, ec);
  if (ec)
    return fail("cannot write the trace to '" + traceFile +
                "': " + ec.message());
  if (rt::Status s = result.trace->write(os, llvm::errs()); !s.isOk())
    return fail(s.message());
  return 0;
}

/// Reports the rank whose failure explains the run; returns whether any
/// rank failed.
static bool reportFailure(const rt::RunResult &result) {
  std::optional<size_t> root = rt::getRootCause(result.ranks);
  if (!root)
    return false;
  const rt::RankOutcome &outcome = result.ranks[*root];
  if (outcome.op)
    outcome.op->emitError("rank ")
        << *root << " failed: " << outcome.status.message();
  else
    fail("rank " + Twine(*root) + " failed: " + outcome.status.message());
  return true;
}

static int run(const char *argv0, bool printStats, StringRef statsJson) {
  rt::RunOptions options;
  if (localWorkers)
    options.mode = {rt::RunMode::Kind::Local, localWorkers, ""};
  else if (!clusterFile.empty())
    options.mode = {rt::RunMode::Kind::Cluster, 0, clusterFile};
  else
    options.mode = {rt::RunMode::Kind::Sim, simRanks, ""};
  rt::StatusOr<rt::PartyOptions> party =
      rt::PartyOptions::createFromCLOptions();
  if (!party.isOk())
    return fail(party.status().message());
  options.party = *std::move(party);
  if (std::string error = checkOptions(options.mode.distributed());
      !error.empty())
    return fail(error);
  DialectRegistry registry;
  mplang::registerAllDialects(registry);
  MLIRContext ctx(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module =
      parseProgram(inputFile, ctx, sourceMgr,
                   llvm::sys::fs::getMainExecutable(argv0, (void *)&fail));
  if (!module)
    return 1;
  std::optional<int64_t> worldSize = simp::getWorldSize(*module);
  if (!worldSize)
    return fail("the program has no 'simp.world_size'");
  if (rt::Status s = options.mode.checkWorldSize(*worldSize); !s.isOk())
    return fail(s.message());

  rt::EntrySignature sig;
  if (rt::Status s = rt::getEntrySignature(*module, entryName, sig); !s.isOk())
    return fail(s.message());

  PassManager pm(&ctx);
  pm.addPass(simp::createSimpProject());
  if (failed(pm.run(*module)))
    return 1;

  std::vector<std::vector<rt::Value>> args;
  if (rt::Status s = rt::installRankStores(options.party.store, *worldSize);
      !s.isOk())
    return fail(s.message());
  if (rt::Status s =
          rt::bindInputs(ctx, sig, *worldSize, options.mode.distributed(),
                         npyInputs, attrInputs, args);
      !s.isOk())
    return fail(s.message());
  rt::KeptResults kept;
  if (rt::Status s =
          rt::parseKeepSpecs(keepSpecs, sig.results, *worldSize, kept);
      !s.isOk())
    return fail(s.message());
  PassManager keep(&ctx);
  keep.addPass(simp::createSimpKeepResults(
      {entryName, simp::localKeepSpecs(sig.results, kept)}));
  if (failed(keep.run(*module)))
    return 1;

  options.entry = entryName;
  options.timeoutSeconds = timeoutSeconds;
  options.trace = !traceFile.empty();
  options.traceMaxEvents = traceMaxEvents;
  options.statistics = printStats || !statsJson.empty();
  options.interrupt = &interrupted;
  // mplang-worker is installed next to this tool.
  options.workerPath =
      (llvm::sys::path::parent_path(
           llvm::sys::fs::getMainExecutable(argv0, (void *)&fail)) +
       "/mplang-worker")
          .str();
  options.moduleText = moduleText;
  options.recordRequests = recordRequests;
  rt::StatusOr<rt::RunResult> run = rt::runProgram(*module, options, args);
  if (!run.isOk())
    return fail(run.status().message());
  rt::RunResult &result = *run;

  if (int code = writeTrace(result))
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

  if (!outputDir.empty())
    if (rt::Status s = rt::writeResultsNpy(outputDir, sig, result, kept);
        !s.isOk())
      return fail(s.message());
  for (const std::string &line :
       rt::formatResults(sig, result, kept, printFull))
    llvm::outs() << line << "\n";
  return report(result, printStats, statsJson);
}

int main(int argc, char **argv) {
  // This executable also parses programs in a child of itself.
  rt::runModuleCheckIfAsked(argc, argv);
  llvm::InitLLVM init(argc, argv);
  // LLVM's own -stats and -stats-json (pass statistics, empty in release
  // builds) give way to ours.
  for (StringRef name : {"stats", "stats-json"})
    if (cl::Option *option = cl::getRegisteredOptions().lookup(name))
      option->removeArgument();
  static cl::opt<bool> printStats(
      "stats", cl::desc("Print each rank's run statistics"), cl::cat(category));
  static cl::opt<std::string> statsJson(
      "stats-json",
      cl::desc("Write each rank's run statistics to this file (JSON)"),
      cl::cat(category));
  rt::PartyOptions::registerCLOptions(category);
  simp::LinkOptions::registerCLOptions(category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mplang multi-party program runner\n\n"
      "  mplang-run examples/sum.mlir --sim 3 --arg 0:0='1 : i64' "
      "--arg 1:1='2 : i64' --arg 2:2='3 : i64'\n"
      "  mplang-run program.mlir --local 2 --input 0:0=x.npy --trace t.json\n");
  std::signal(SIGINT, [](int) { interrupted = true; });
  return run(argv[0], printStats, statsJson);
}
