//===- Core.cpp - compile and simulate for the Python extension -----------===//
//
// The same steps as mplang-run, by the same library calls: parse,
// prepareProgram (link, verify, project), bind, keepResults and runProgram
// (simulated or on workers kept for the runner's life), root cause,
// fetchObject. One MLIRContext serves every program of the
// process; a mutex keeps one compile or run at a time on it.
//
//===----------------------------------------------------------------------===//

#include "Core.h"

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpTypes.h"
#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"
#include "mplang/InitAllDialects.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Backends/ClusterDriver.h"
#include "mplang/Runtime/Backends/LocalCluster.h"
#include "mplang/Runtime/Cluster/ObjectFetch.h"
#include "mplang/Runtime/Driver/Program.h"
#include "mplang/Runtime/Plan.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <dlfcn.h>
#include <mutex>

using namespace mlir;
using namespace mplang;
using python::Failure;

static std::mutex &contextMutex() {
  static std::mutex mutex;
  return mutex;
}

static MLIRContext &getContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    registerAllDialects(registry);
    // Arguments are checked against types of every dialect.
    registerAllValueTypes();
    auto *ctx = new MLIRContext(registry);
    ctx->loadAllAvailableDialects();
    return ctx;
  }();
  return *context;
}

/// `file:line:col` of the first file location inside `loc`.
static std::string locationText(Location loc) {
  std::string text;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      text = (file.getFilename().getValue() + ":" + Twine(file.getLine()) +
              ":" + Twine(file.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text;
}

namespace {
/// Collects the diagnostics emitted while it lives as `file:line:col:
/// error: message` lines.
class Collector {
public:
  Collector(MLIRContext &ctx, std::vector<std::string> &lines)
      : handler(&ctx, [&lines](Diagnostic &diag) {
          auto add = [&](Diagnostic &d) {
            std::string where = locationText(d.getLocation());
            const char *severity =
                d.getSeverity() == DiagnosticSeverity::Error     ? "error"
                : d.getSeverity() == DiagnosticSeverity::Warning ? "warning"
                                                                 : "note";
            lines.push_back((where.empty() ? "" : where + ": ") + severity +
                            ": " + d.str());
          };
          add(diag);
          // The op in generic form repeats what the location names.
          for (Diagnostic &note : diag.getNotes())
            if (!StringRef(note.str()).starts_with("see current operation"))
              add(note);
          return success();
        }) {}

private:
  ScopedDiagnosticHandler handler;
};
} // namespace

struct python::Program::Impl {
  OwningOpRef<ModuleOp> projected;
  rt::EntrySignature signature;
  int64_t worldSize = 0;
};

python::Program::~Program() = default;

/// `<dir of this module>/../../share/mplang/protocols`: in a build tree,
/// build/python/mplang_mlir/_native.so finds build/share/mplang/protocols.
static std::string protocolsBesideModule() {
  Dl_info info;
  if (!dladdr((void *)&getContext, &info) || !info.dli_fname)
    return "";
  SmallString<256> dir(llvm::sys::path::parent_path(info.dli_fname));
  llvm::sys::path::append(dir, "../..", "share/mplang", "protocols");
  llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
  return std::string(dir);
}

static std::unique_ptr<python::Program> fail(Failure &failure,
                                             const Twine &message) {
  failure.message = message.str();
  return nullptr;
}

std::unique_ptr<python::Program>
python::Program::compile(const std::string &text, Failure &failure) {
  std::lock_guard<std::mutex> lock(contextMutex());
  MLIRContext &ctx = getContext();
  Collector collector(ctx, failure.diagnostics);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      text, ParserConfig(&ctx, /*verifyAfterParse=*/false), "<traced>");
  if (!module)
    return fail(failure, "the traced module does not parse");
  // Declared functions come from the protocols next to this build's (or
  // installation's) package, $MPLANG_LIBRARY_PATH and the installed
  // protocols, as for mplang-run.
  simp::LinkOptions link = simp::toolLinkOptions(
      {}, {protocolsBesideModule()},
      llvm::sys::fs::getMainExecutable(nullptr, (void *)&getContext));
  rt::StatusOr<rt::Program> prepared =
      rt::prepareProgram(std::move(module), link, "main");
  if (!prepared.isOk())
    return fail(failure, prepared.status().message());
  auto program = std::make_unique<Program>();
  program->impl = std::make_unique<Impl>();
  program->impl->worldSize = prepared->worldSize;
  program->impl->signature = std::move(prepared->signature);
  program->impl->projected = std::move(prepared->projected);
  return program;
}

int64_t python::Program::worldSize() const { return impl->worldSize; }

std::vector<std::string> python::Program::ranks() const {
  std::lock_guard<std::mutex> lock(contextMutex());
  std::vector<std::string> texts;
  for (ModuleOp rank : rt::getRankPrograms(*impl->projected)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    rank->print(os);
    texts.push_back(std::move(text));
  }
  return texts;
}

std::vector<std::string> python::Program::digests() const {
  std::lock_guard<std::mutex> lock(contextMutex());
  std::vector<std::string> digests;
  // Approval of a run with every argument sent by value, as mplang-opt
  // --simp-program-digests prints it by default.
  for (ModuleOp rank : rt::getRankPrograms(*impl->projected)) {
    simp::JobBinding job{simp::getWorldSize(rank), "main", {}};
    if (auto fn = rank.lookupSymbol<func::FuncOp>("main"))
      job.references.resize(fn.getNumArguments());
    digests.push_back(simp::approvalLine(rank, job));
  }
  return digests;
}

struct python::Runner::Workers {
  /// Started by `init` (make_local), else none.
  std::unique_ptr<rt::LocalCluster> local;
  rt::ClusterConfig config;
  bool closed = false;
};

python::Runner::Runner() = default;
python::Runner::~Runner() = default;

bool python::Runner::distributed() const { return workers != nullptr; }

void python::Runner::close() {
  if (!workers)
    return;
  workers->local.reset();
  workers->closed = true;
}

/// How each party runs: every rank of the simulator, every local worker.
static rt::PartyOptions partyOptions(const python::RunnerOptions &options,
                                     int jitMode) {
  rt::PartyOptions party;
  party.poolThreads = options.poolThreads;
  party.jit.mode = rt::jit::Mode(jitMode);
  party.store.dataRoot = options.dataRoot;
  return party;
}

bool python::Runner::init(const RunnerOptions &given, Failure &failure) {
  options = given;
  if (options.jit.empty())
    options.jit = rt::jit::defaultModeName();
  std::optional<rt::jit::Mode> mode = rt::jit::parseMode(options.jit);
  if (!mode) {
    failure.message = "jit takes off, on or auto, not '" + options.jit + "'";
    return false;
  }
  if (options.worldSize < 1 || options.poolThreads < 1) {
    failure.message = "a run needs at least one party and one thread";
    return false;
  }
  jitMode = int(*mode);
  rt::Status status = rt::Status::ok();
  if (options.localWorkers) {
    // Started once: their mem:// objects outlive each run.
    workers = std::make_unique<Workers>();
    workers->local = std::make_unique<rt::LocalCluster>();
    status = workers->local->start(options.localWorkers, options.workerPath,
                                   partyOptions(options, jitMode));
    if (status.isOk())
      workers->config = workers->local->config();
    else
      status =
          rt::Status::error("cannot start local workers: " + status.message());
  } else if (!options.clusterFile.empty()) {
    workers = std::make_unique<Workers>();
    status = rt::loadClusterConfig(options.clusterFile, workers->config);
    if (status.isOk())
      status = rt::checkDriverOf(workers->config, options.worldSize);
  } else {
    status = rt::installRankStores({options.dataRoot}, options.worldSize);
  }
  if (!status.isOk()) {
    failure.message = status.message();
    return false;
  }
  return true;
}

/// The entry arguments each rank holds, checked against their types.
static bool bindArguments(const rt::EntrySignature &sig,
                          const std::vector<std::vector<rt::Value>> &args,
                          std::vector<std::vector<rt::Value>> &bound,
                          Failure &failure) {
  bound.assign(args.size(), {});
  for (size_t r = 0; r < args.size(); ++r) {
    if (args[r].size() != sig.inputs.size()) {
      failure.message = "the program takes " +
                        std::to_string(sig.inputs.size()) + " arguments";
      return false;
    }
    for (auto [i, type] : llvm::enumerate(sig.inputs)) {
      Type local = simp::getRankLocalType(type, r);
      if (!local)
        continue;
      // gf128 tensors come as their words, as in .npy files.
      rt::Value arg = rt::fromNumpyLayout(args[r][i], local);
      // A reference is loaded and checked by the worker that keeps it.
      bool reference =
          arg.isOpaque() && arg.getOpaque()->kind() == rt::kObjectReferenceKind;
      if (!arg.isAbsent() && !reference)
        if (rt::Status s = rt::checkValueType(arg, local); !s.isOk()) {
          failure.rank = r;
          failure.message =
              "argument " + std::to_string(i) + ": " + s.message();
          return false;
        }
      bound[r].push_back(std::move(arg));
    }
  }
  return true;
}

/// The results a run on workers keeps where they are: every piece held by a
/// static party set (a dynamic one may be absent at run time).
static std::vector<std::string> keepSpecs(const rt::EntrySignature &sig,
                                          int64_t worldSize) {
  std::vector<std::string> specs;
  for (auto [i, type] : llvm::enumerate(sig.results)) {
    bool isStatic = true;
    Type t = type;
    while (auto mp = dyn_cast<simp::MPType>(t)) {
      isStatic &= mp.isStatic();
      t = mp.getValueType();
    }
    for (int64_t r = 0; isStatic && r < worldSize; ++r)
      if (simp::getRankLocalType(type, r))
        specs.push_back(std::to_string(r) + ":" + std::to_string(i));
  }
  return specs;
}

bool python::Runner::run(Program &program,
                         const std::vector<std::vector<rt::Value>> &args,
                         std::vector<std::vector<Piece>> &results,
                         Failure &failure, const std::atomic<bool> *interrupt) {
  int64_t worldSize = options.worldSize;
  if (program.worldSize() != worldSize || int64_t(args.size()) != worldSize) {
    failure.message = "the program is for " +
                      std::to_string(program.worldSize()) +
                      " parties, the runner has " + std::to_string(worldSize);
    return false;
  }
  if (workers && workers->closed) {
    failure.message = "the driver is closed";
    return false;
  }
  const rt::EntrySignature &sig = program.impl->signature;
  std::vector<std::vector<rt::Value>> bound;
  if (!bindArguments(sig, args, bound, failure))
    return false;

  std::lock_guard<std::mutex> lock(contextMutex());
  Collector collector(getContext(), failure.diagnostics);
  rt::RunOptions run;
  run.party = partyOptions(options, jitMode);
  run.timeoutSeconds = options.timeout;
  run.interrupt = interrupt;
  ModuleOp projected = *program.impl->projected;
  OwningOpRef<ModuleOp> copy;
  rt::KeptResults kept;
  if (workers) {
    run.mode = {options.localWorkers ? rt::RunMode::Kind::Local
                                     : rt::RunMode::Kind::Cluster,
                worldSize, options.clusterFile, &workers->config};
    // Results stay on the workers, under names fresh for this run: a copy
    // of the program keeps them.
    copy = projected.clone();
    rt::StatusOr<rt::KeptResults> keeping = rt::keepResults(
        *copy, sig, worldSize, "main", keepSpecs(sig, worldSize));
    if (!keeping.isOk()) {
      failure.message = keeping.status().message();
      return false;
    }
    kept = *std::move(keeping);
    projected = *copy;
  } else {
    run.mode = {rt::RunMode::Kind::Sim, worldSize, ""};
  }
  rt::StatusOr<rt::RunResult> ran = rt::runProgram(projected, run, bound);
  if (!ran.isOk()) {
    failure.message = ran.status().message();
    return false;
  }
  const rt::RunResult &result = *ran;
  if (std::optional<size_t> root = rt::getRootCause(result.ranks)) {
    const rt::RankOutcome &outcome = result.ranks[*root];
    failure.rank = int64_t(*root);
    failure.message = outcome.status.message();
    failure.location =
        outcome.op ? locationText(outcome.op->getLoc()) : outcome.location;
    if (result.abandoned)
      failure.message += " (a rank did not stop; the process must end)";
    return false;
  }
  results.assign(worldSize, {});
  for (int64_t r = 0; r < worldSize; ++r)
    for (rt::HeldResult &held :
         rt::getHeldResults(sig, result.ranks[r], r, kept))
      results[r].push_back({std::move(held.value),
                            held.keptAt ? std::optional<Kept>({r, *held.keptAt})
                                        : std::nullopt});
  return true;
}

bool python::Runner::fetch(const Kept &kept, rt::Value &out, Failure &failure) {
  if (!workers || workers->closed) {
    failure.message = "the driver is closed";
    return false;
  }
  rt::StatusOr<std::string> bytes =
      rt::fetchObject(workers->config, kept.rank, "", kept.uri);
  rt::Status status = bytes.status();
  if (status.isOk())
    status = rt::parseObject(*bytes, out);
  if (!status.isOk()) {
    failure.rank = kept.rank;
    failure.message = kept.uri + ": " + status.message();
    return false;
  }
  return true;
}

rt::Value python::referenceTo(const std::string &uri) {
  return rt::Value::opaque(std::make_shared<rt::ObjectReference>(uri));
}

bool python::dtypeFromNumpy(char kind, size_t itemSize, rt::DType &dtype) {
  using rt::DType;
  if (kind == 'b' && itemSize == 1)
    return dtype = DType::I1, true;
  if (kind == 'f' && (itemSize == 4 || itemSize == 8))
    return dtype = itemSize == 4 ? DType::F32 : DType::F64, true;
  if (kind != 'i' && kind != 'u')
    return false;
  switch (itemSize) {
  case 1:
    return dtype = DType::I8, true;
  case 2:
    return dtype = DType::I16, true;
  case 4:
    return dtype = DType::I32, true;
  case 8:
    return dtype = DType::I64, true;
  default:
    return false;
  }
}
