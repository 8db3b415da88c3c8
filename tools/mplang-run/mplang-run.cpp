//===- mplang-run.cpp - run a multi-party program ---------------*- C++ -*-===//
//
// Parses and verifies a global program, projects it into one program per
// rank and runs every rank, printing what each rank holds of the results.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpTypes.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/InitAllDialects.h"
#include "mplang/Runtime/Cluster/ClusterDriver.h"
#include "mplang/Runtime/JIT/JIT.h"
#include "mplang/Runtime/Npy.h"
#include "mplang/Runtime/Simulator.h"
#include "mplang/Runtime/Store/ObjectStore.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include <csignal>
#include <cstring>

using namespace mlir;
namespace rt = mplang::rt;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<program.mlir>"), cl::Required);
static cl::opt<int64_t> simRanks("sim",
                                 cl::desc("Run all ranks in this process; the "
                                          "value must equal simp.world_size"),
                                 cl::init(0));
static cl::opt<std::string>
    clusterFile("cluster", cl::desc("Run on the workers of this cluster file "
                                    "(YAML or JSON)"));
static cl::opt<unsigned>
    localWorkers("local",
                 cl::desc("Start N workers on 127.0.0.1, run there, stop them"),
                 cl::init(0));
static cl::opt<bool> moduleText(
    "module-text",
    cl::desc("With --cluster/--local: submit each rank's program as MLIR "
             "text, not bytecode (for workers built against another MLIR)"));
static cl::opt<std::string> entryName("entry", cl::desc("Entry function"),
                                      cl::init("main"));
static cl::opt<std::string> traceFile("trace",
                                      cl::desc("Write a Chrome trace (JSON)"));
static cl::opt<uint64_t> traceMaxEvents(
    "trace-max-events",
    cl::desc("Events a rank's trace keeps before it aggregates per op"),
    cl::init(rt::Tracer::kDefaultMaxEvents));
static cl::list<std::string>
    npyInputs("input", cl::desc("Bind entry argument I of rank R to a .npy "
                                "file: R:I=FILE.npy, or to an object of "
                                "rank R's own store: R:I=@URI"));
static cl::list<std::string>
    attrInputs("arg", cl::desc("Bind entry argument I of rank R to an MLIR "
                               "attribute: R:I=ATTR, e.g. 0:0='5 : i64'"));
static cl::opt<std::string>
    outputDir("output-dir",
              cl::desc("Write rank R's result I as DIR/rankR_resultI.npy"));
static cl::opt<unsigned> timeoutSeconds("timeout",
                                        cl::desc("Stop a run after N seconds"),
                                        cl::init(60));
static cl::opt<unsigned> poolThreads("pool-threads",
                                     cl::desc("Threads for heavy kernels"),
                                     cl::init(2));
static cl::list<std::string>
    keepSpecs("keep",
              cl::desc("Leave result I on rank R, in its own store, and print "
                       "its URI instead: R:I[=URI] (default "
                       "mem://run-ID/resultI), or all"));
static cl::opt<std::string> recordRequests(
    "record-requests", cl::Hidden,
    cl::desc("With --cluster/--local: write every job body sent to FILE"));
static cl::opt<std::string>
    dataRoot("data-root",
             cl::desc("Rank R's object store (fs:// URIs) is DIR/rankR; "
                      "with --local, its worker's --data-root"));

static cl::opt<std::string>
    jitMode("jit",
            cl::desc("Compile local code to native code: off (interpret), "
                     "on (every group), auto (groups that pay off); "
                     "default: $MPLANG_JIT, else off"),
            cl::init(std::getenv("MPLANG_JIT") ? std::getenv("MPLANG_JIT")
                                               : "off"));
static cl::opt<std::string>
    jitDump("jit-dump", cl::desc("Write each compiled group's IR to DIR"));

static std::atomic<bool> interrupted{false};

static int fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-run: error: " << message << "\n";
  return 1;
}

namespace {
/// What the driver knows of the global entry function: its argument and
/// result types, which say which rank holds what.
struct GlobalSignature {
  SmallVector<Type> inputs, results;
};

} // namespace

/// A gf128 tensor of `shape` from a .npy array of its [lo, hi] 64-bit words
/// (shape + [2]); anything else is returned unchanged for the type check.
static rt::Value gf128FromWords(const rt::Value &words,
                                ArrayRef<int64_t> shape) {
  const rt::Tensor &t = words.getTensor();
  SmallVector<int64_t> wordShape(shape);
  wordShape.push_back(2);
  if (t.dtype() != rt::DType::I64 || t.shape() != ArrayRef(wordShape))
    return words;
  rt::Tensor gf(rt::DType::GF128, shape);
  std::memcpy(gf.bytes(), t.bytes(), t.numBytes());
  return rt::Value::tensor(std::move(gf));
}

/// Parses `R:I=TEXT` into its parts.
static bool parseBinding(StringRef spec, int64_t &rank, int64_t &index,
                         StringRef &text) {
  auto [where, rest] = spec.split('=');
  auto [r, i] = where.split(':');
  text = rest;
  return !r.getAsInteger(10, rank) && !i.getAsInteger(10, index) &&
         spec.contains('=');
}

/// Binds every --input and --arg to the argument lists of each rank.
static LogicalResult bindInputs(MLIRContext &ctx, const GlobalSignature &sig,
                                int64_t worldSize, bool distributed,
                                std::vector<std::vector<rt::Value>> &args) {
  // bound[r][i]: global argument i of rank r.
  std::vector<std::vector<std::optional<rt::Value>>> bound(
      worldSize, std::vector<std::optional<rt::Value>>(sig.inputs.size()));
  auto bind = [&](StringRef spec, bool isNpy) -> LogicalResult {
    int64_t r, i;
    StringRef text;
    if (!parseBinding(spec, r, i, text))
      return fail("bad binding '" + spec + "': expected RANK:INDEX=VALUE"),
             failure();
    if (r < 0 || r >= worldSize || i < 0 || i >= int64_t(sig.inputs.size()))
      return fail("binding '" + spec + "' names no entry argument of a rank"),
             failure();
    Type local = simp::getRankLocalType(sig.inputs[i], r);
    if (!local)
      return fail("rank " + Twine(r) + " does not hold argument " + Twine(i)),
             failure();
    rt::Value value;
    rt::Status status = rt::Status::ok();
    if (isNpy && text.consume_front("@")) {
      // Rank r's own store holds it: a worker loads it itself, so the
      // driver never sees its bytes.
      if (distributed) {
        bound[r][i] = rt::Value::opaque(
            std::make_shared<rt::ObjectReference>(text.str()));
        return success();
      }
      status = rt::getObjectStore(r)->load(text, local, value);
    } else if (isNpy) {
      status = rt::readNpy(text, value);
    } else {
      Attribute attr = parseAttribute(text, &ctx);
      if (!attr)
        return fail("cannot parse '" + text + "' as an attribute"), failure();
      status = rt::valueFromAttribute(attr, local, value);
    }
    if (!status.isOk())
      return fail("binding '" + spec + "': " + status.message()), failure();
    std::optional<rt::TensorLayout> layout = rt::getLayout(local);
    if (isNpy && layout && layout->dtype == rt::DType::GF128)
      value = gf128FromWords(value, layout->shape);
    if (rt::Status s = rt::checkValueType(value, local); !s.isOk())
      return fail("binding '" + spec + "': " + s.message()), failure();
    bound[r][i] = value;
    return success();
  };
  for (const std::string &spec : npyInputs)
    if (failed(bind(spec, true)))
      return failure();
  for (const std::string &spec : attrInputs)
    if (failed(bind(spec, false)))
      return failure();

  args.assign(worldSize, {});
  for (int64_t r = 0; r < worldSize; ++r)
    for (auto [i, type] : llvm::enumerate(sig.inputs)) {
      if (!simp::getRankLocalType(type, r))
        continue;
      if (!bound[r][i]) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << type;
        return fail("rank " + Twine(r) + " needs entry argument " + Twine(i) +
                    " (" + text + "): pass --input " + Twine(r) + ":" +
                    Twine(i) + "=FILE.npy or --arg " + Twine(r) + ":" +
                    Twine(i) + "=VALUE"),
               failure();
      }
      args[r].push_back(*bound[r][i]);
    }
  return success();
}

static std::string format(const rt::Value &value, Type type) {
  if (value.isAbsent())
    return "<absent>";
  // Keys and ciphertexts have no printable form; name their kind.
  if (value.isOpaque())
    return ("<" + value.getOpaque()->kind() + ">").str();
  std::string text;
  llvm::raw_string_ostream os(text);
  rt::attributeFromValue(value, type).print(os);
  return text;
}

static bool isUnsignedType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    type = tensor.getElementType();
  return type.isUnsignedInteger();
}

/// Prints and writes what --stats and --stats-json ask for.
static int writeStatistics(ArrayRef<rt::RankOutcome> outcomes, bool printStats,
                           StringRef statsJson) {
  std::vector<rt::RunStatistics> ranks;
  for (const rt::RankOutcome &outcome : outcomes)
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

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // LLVM's own -stats and -stats-json (pass statistics, empty in release
  // builds) give way to ours.
  for (StringRef name : {"stats", "stats-json"})
    if (cl::Option *option = cl::getRegisteredOptions().lookup(name))
      option->removeArgument();
  static cl::opt<bool> printStats("stats",
                                  cl::desc("Print each rank's run statistics"));
  static cl::opt<std::string> statsJson(
      "stats-json", cl::desc("Write each rank's run statistics to this file "
                             "(JSON)"));
  cl::ParseCommandLineOptions(argc, argv,
                              "mplang multi-party program runner\n");
  std::signal(SIGINT, [](int) { interrupted = true; });

  DialectRegistry registry;
  mplang::registerAllDialects(registry);
  MLIRContext ctx(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(inputFile, sourceMgr, ParserConfig(&ctx));
  if (!module)
    return 1;
  std::optional<int64_t> worldSize = simp::getWorldSize(*module);
  if (!worldSize)
    return fail("the program has no 'simp.world_size'");
  bool distributed = localWorkers || !clusterFile.empty();
  if (!distributed && moduleText)
    return fail("--module-text goes with --cluster or --local");
  if (!distributed && simRanks != *worldSize)
    return fail("--sim " + Twine(simRanks) +
                " does not match simp.world_size = " + Twine(*worldSize));

  GlobalSignature sig;
  if (auto entry = module->lookupSymbol<func::FuncOp>(entryName)) {
    llvm::append_range(sig.inputs, entry.getFunctionType().getInputs());
    llvm::append_range(sig.results, entry.getFunctionType().getResults());
  } else {
    return fail("no entry function @" + entryName);
  }

  PassManager pm(&ctx);
  pm.addPass(simp::createSimpProject());
  if (failed(pm.run(*module)))
    return 1;

  std::vector<std::vector<rt::Value>> args;
  if (rt::Status s = rt::installRankStores({dataRoot}, *worldSize); !s.isOk())
    return fail(s.message());
  if (failed(bindInputs(ctx, sig, *worldSize, distributed, args)))
    return 1;
  rt::KeptResults kept;
  if (rt::Status s =
          rt::parseKeepSpecs(keepSpecs, sig.results, *worldSize, kept);
      !s.isOk())
    return fail(s.message());
  if (failed(rt::keepResults(*module, entryName, sig.results, kept)))
    return 1;

  std::optional<rt::jit::Mode> mode = rt::jit::parseMode(jitMode);
  if (!mode)
    return fail("--jit takes off, on or auto, not '" + jitMode + "'");
  if (!distributed)
    rt::jit::outlineLocalGroups(*module, *mode);
  rt::KernelRegistry kernels = rt::jit::makeRegistry(
      rt::KernelRegistry::getDefault(), {*mode, jitDump});

  rt::SimulationOptions options;
  options.entry = entryName;
  options.registry = &kernels;
  options.poolThreads = poolThreads;
  options.timeoutSeconds = timeoutSeconds;
  options.trace = !traceFile.empty();
  options.traceMaxEvents = traceMaxEvents;
  options.statistics = printStats || !statsJson.empty();
  options.interrupt = &interrupted;
  std::vector<rt::RankOutcome> outcomes;
  std::vector<std::unique_ptr<rt::Tracer>> tracers;
  if (failed(distributed
                 ? rt::runDistributed(*module,
                                      {clusterFile, localWorkers, argv[0],
                                       traceFile,
                                       /*readySeconds=*/10, moduleText,
                                       dataRoot, recordRequests},
                                      options, args, outcomes)
                 : rt::simulate(*module, options, args, outcomes, tracers)))
    return 1;

  // A distributed run's driver merged the workers' traces already.
  if (!traceFile.empty() && !distributed) {
    std::error_code ec;
    llvm::raw_fd_ostream os(traceFile, ec);
    if (ec)
      return fail("cannot write the trace: " + ec.message());
    SmallVector<const rt::Tracer *> ranks;
    for (auto &tracer : tracers) {
      ranks.push_back(tracer.get());
      rt::Tracer::warnAggregated(ranks.size() - 1, tracer->aggregated(),
                                 llvm::errs());
    }
    rt::Tracer::write(ranks, os);
  }

  // Report the root cause: the first rank that failed on its own, not
  // because a peer's failure aborted it.
  const rt::RankOutcome *root = nullptr;
  int64_t rootRank = 0;
  for (auto [r, outcome] : llvm::enumerate(outcomes))
    if (!outcome.status.isOk() &&
        (!root || (root->error.aborted && !outcome.error.aborted))) {
      root = &outcome;
      rootRank = r;
    }
  if (root) {
    if (root->error.op)
      root->error.op->emitError("rank ")
          << rootRank << " failed: " << root->error.message;
    else
      fail("rank " + Twine(rootRank) + " failed: " + root->error.message);
  }
  if (interrupted)
    return fail("interrupted"), 130;
  if (root)
    return 1;

  if (!outputDir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
      return fail("cannot create '" + outputDir + "': " + ec.message());
  for (auto [r, outcome] : llvm::enumerate(outcomes)) {
    std::string line;
    auto next = outcome.results.begin();
    for (auto [i, type] : llvm::enumerate(sig.results)) {
      Type local = simp::getRankLocalType(type, r);
      // A kept result stayed on its rank: its URI stands for it.
      if (auto it = kept.find({int64_t(r), unsigned(i)}); it != kept.end()) {
        line += (i ? ", " : "") + it->second;
        continue;
      }
      rt::Value value = local ? *next++ : rt::Value::absent();
      line += (i ? ", " : "") + format(value, local);
      if (!outputDir.empty() && value.isTensor()) {
        SmallString<128> path(outputDir);
        llvm::sys::path::append(path, "rank" + Twine(r) + "_result" + Twine(i) +
                                          ".npy");
        if (rt::Status s =
                rt::writeNpy(path, value.getTensor(), isUnsignedType(local));
            !s.isOk())
          return fail(s.message());
      }
    }
    llvm::outs() << "rank " << r << ": " << line << "\n";
  }
  return writeStatistics(outcomes, printStats, statsJson);
}
