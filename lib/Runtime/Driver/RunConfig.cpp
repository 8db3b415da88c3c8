//===- RunConfig.cpp - mplang-run's flags ---------------------------------===//

#include "mplang/Runtime/CommandLine.h"
#include "mplang/Runtime/Driver/RunMain.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace mplang;
using namespace mplang::rt;
namespace cl = llvm::cl;

static cl::OptionCategory &category() {
  static cl::OptionCategory category("mplang-run options");
  return category;
}

namespace {
struct CLOptions {
  explicit CLOptions(cl::OptionCategory &category)
      : inputFile(cl::Positional, cl::desc("<program.mlir>"), cl::Required,
                  cl::cat(category)),
        sim("sim",
            cl::desc("Run all ranks in this process; the value must equal "
                     "simp.world_size"),
            cl::cat(category)),
        local("local",
              cl::desc("Start N workers on 127.0.0.1, run there, stop them"),
              cl::cat(category)),
        cluster("cluster",
                cl::desc("Run on the workers of this cluster file (YAML or "
                         "JSON)"),
                cl::cat(category)),
        moduleText("module-text",
                   cl::desc("With --cluster/--local: submit each rank's "
                            "program as MLIR text, not bytecode (for workers "
                            "built against another MLIR)"),
                   cl::cat(category)),
        entry("entry", cl::desc("Entry function"), cl::init(defaults.entry),
              cl::cat(category)),
        traceFile("trace", cl::desc("Write a Chrome trace (JSON)"),
                  cl::cat(category)),
        traceMaxEvents("trace-max-events",
                       cl::desc("Events a rank's trace keeps before it "
                                "aggregates per op"),
                       cl::init(defaults.traceMaxEvents), cl::cat(category)),
        inputs("input",
               cl::desc("Bind entry argument I of rank R to a .npy file: "
                        "R:I=FILE.npy, or to an object of rank R's own "
                        "store: R:I=@URI"),
               cl::cat(category)),
        args("arg",
             cl::desc("Bind entry argument I of rank R to an MLIR attribute: "
                      "R:I=ATTR, e.g. 0:0='5 : i64'"),
             cl::cat(category)),
        outputDir("output-dir",
                  cl::desc("Write rank R's result I as DIR/rankR_resultI.npy"),
                  cl::cat(category)),
        printFull("print-full",
                  cl::desc("Print every element of large results (by default "
                           "those of over 1000 elements are summarized)"),
                  cl::cat(category)),
        timeout("timeout", cl::desc("Stop a run after N seconds (0: never)"),
                cl::init(defaults.timeoutSeconds), cl::cat(category)),
        keep("keep",
             cl::desc("Leave result I on rank R, in its own store, and print "
                      "its URI instead: R:I[=URI] (default "
                      "mem://run-ID/resultI), or all"),
             cl::cat(category)),
        recordRequests("record-requests", cl::Hidden,
                       cl::desc("With --cluster/--local: write every job "
                                "body sent to FILE"),
                       cl::cat(category)),
        printStats("stats", cl::desc("Print each rank's run statistics"),
                   cl::cat(category)),
        statsJson("stats-json",
                  cl::desc("Write each rank's run statistics to this file "
                           "(JSON)"),
                  cl::cat(category)),
        progress("progress",
                 cl::desc("Print to stderr, now and then, how many ops each "
                          "rank has finished"),
                 cl::cat(category)),
        progressIntervalMs("progress-interval-ms",
                           cl::desc("With --progress: the least time between "
                                    "two reports"),
                           cl::init(defaults.progressIntervalMs),
                           cl::cat(category)) {}

  const RunOptions defaults;
  cl::opt<std::string> inputFile;
  cl::opt<int64_t> sim;
  cl::opt<unsigned> local;
  cl::opt<std::string> cluster;
  cl::opt<bool> moduleText;
  cl::opt<std::string> entry, traceFile;
  cl::opt<uint64_t> traceMaxEvents;
  cl::list<std::string> inputs, args;
  cl::opt<std::string> outputDir;
  cl::opt<bool> printFull;
  cl::opt<unsigned> timeout;
  cl::list<std::string> keep;
  cl::opt<std::string> recordRequests;
  cl::opt<bool> printStats;
  cl::opt<std::string> statsJson;
  cl::opt<bool> progress;
  cl::opt<unsigned> progressIntervalMs;
};

/// `progress: rank 0 412/1031 ops, rank 1 398/977 ops, 12.3 s` on stderr,
/// the last report ending in `, finished`.
void printProgress(const ProgressReport &report) {
  std::string line = "progress:";
  for (auto [r, rank] : llvm::enumerate(report.ranks))
    line += (r ? ", rank " : " rank ") + std::to_string(r) + " " +
            std::to_string(rank.done) + "/" + std::to_string(rank.known) +
            " ops";
  line += llvm::formatv(", {0:f1} s", report.seconds).str();
  if (report.final)
    line += ", finished";
  llvm::errs() << line << "\n";
  llvm::errs().flush();
}
} // namespace

void RunConfig::registerCLOptions() {
  // LLVM's own -stats and -stats-json (pass statistics, empty in release
  // builds) give way to ours.
  for (llvm::StringRef name : {"stats", "stats-json"})
    if (cl::Option *option = cl::getRegisteredOptions().lookup(name))
      option->removeArgument();
  flags::registerOnce<CLOptions>(category());
  PartyOptions::registerCLOptions(category());
  mlir::simp::LinkOptions::registerCLOptions(category());
  mlir::registerMLIRContextCLOptions();
  mlir::registerAsmPrinterCLOptions();
  cl::HideUnrelatedOptions(category());
}

/// The one run mode the flags give.
static StatusOr<RunMode> runMode(const CLOptions &o) {
  std::vector<std::string> given;
  if (o.sim.getNumOccurrences())
    given.push_back("--sim");
  if (o.local.getNumOccurrences())
    given.push_back("--local");
  if (o.cluster.getNumOccurrences())
    given.push_back("--cluster");
  if (given.empty())
    return Status::invalidArgument(
        "give a run mode: --sim N (every rank in this process), --local N "
        "(N workers started on this machine) or --cluster FILE");
  if (given.size() > 1)
    return Status::invalidArgument("give one run mode, not both " + given[0] +
                                   " and " + given[1]);
  if (o.sim.getNumOccurrences())
    return RunMode{RunMode::Kind::Sim, o.sim, ""};
  if (o.local.getNumOccurrences())
    return RunMode{RunMode::Kind::Local, o.local, ""};
  return RunMode{RunMode::Kind::Cluster, 0, o.cluster};
}

StatusOr<RunConfig>
RunConfig::createFromCLOptions(llvm::StringRef mainExecutable) {
  const CLOptions &o = flags::registered<CLOptions>();
  RunConfig config;
  RunOptions &run = config.run;
  StatusOr<RunMode> mode = runMode(o);
  MPLANG_RETURN_IF_ERROR(mode);
  run.mode = *std::move(mode);
  StatusOr<PartyOptions> party = PartyOptions::createFromCLOptions();
  MPLANG_RETURN_IF_ERROR(party);
  run.party = *std::move(party);
  MPLANG_RETURN_IF_ERROR(
      flags::checkPositive({{&o.traceMaxEvents, o.traceMaxEvents}}));
  if (o.moduleText && !run.mode.distributed())
    return Status::invalidArgument(
        "--module-text goes with --cluster or --local");

  config.inputFile = o.inputFile;
  config.link = mlir::simp::LinkOptions::createFromCLOptions(mainExecutable);
  config.inputs.assign(o.inputs.begin(), o.inputs.end());
  config.args.assign(o.args.begin(), o.args.end());
  config.keep.assign(o.keep.begin(), o.keep.end());
  config.traceFile = o.traceFile;
  config.outputDir = o.outputDir;
  config.statsJson = o.statsJson;
  config.printStats = o.printStats;
  config.printFull = o.printFull;
  run.entry = o.entry;
  run.timeoutSeconds = o.timeout;
  run.trace = !o.traceFile.empty();
  run.traceMaxEvents = o.traceMaxEvents;
  run.statistics = o.printStats || !o.statsJson.empty();
  run.moduleText = o.moduleText;
  run.recordRequests = o.recordRequests;
  if (o.progress)
    run.progress = printProgress;
  run.progressIntervalMs = o.progressIntervalMs;
  // mplang-worker is installed next to mplang-run.
  llvm::SmallString<256> worker(llvm::sys::path::parent_path(mainExecutable));
  llvm::sys::path::append(worker, "mplang-worker");
  run.workerPath = std::string(worker);
  return config;
}
