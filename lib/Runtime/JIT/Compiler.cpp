//===- Compiler.cpp - outlined functions to native code, cached -----------===//

#include "Compiler.h"
#include "DiskCache.h"
#include "Pipeline.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/xxhash.h"
#include <condition_variable>
#include <list>
#include <mutex>

using namespace mlir;
using namespace mplang::rt;
using namespace mplang::rt::jit;

CompiledGroup::CompiledGroup(std::shared_ptr<void> code, void (*entry)(void **),
                             FunctionType type)
    : code(std::move(code)), entry(entry) {
  for (Type t : type.getInputs())
    inputs.push_back(*getLayout(t));
  for (Type t : type.getResults())
    outputs.push_back(*getLayout(t));
}

namespace {

/// The descriptors of memref arguments, laid out as MLIR's C interface
/// expects them: allocated and aligned pointer, offset, sizes, strides.
class Descriptors {
public:
  void add(const void *data, llvm::ArrayRef<int64_t> shape) {
    starts.push_back(words.size());
    words.push_back(reinterpret_cast<intptr_t>(data));
    words.push_back(reinterpret_cast<intptr_t>(data));
    words.push_back(0);
    llvm::append_range(words, shape);
    int64_t stride = 1;
    size_t strides = words.size();
    words.resize(words.size() + shape.size());
    for (size_t d = shape.size(); d-- > 0;) {
      words[strides + d] = stride;
      stride *= shape[d];
    }
  }

  /// The packed argument array: a pointer to a pointer to each descriptor.
  llvm::SmallVector<void *> pack() {
    pointers.clear();
    for (size_t start : starts)
      pointers.push_back(&words[start]);
    llvm::SmallVector<void *> args;
    for (void *&p : pointers)
      args.push_back(&p);
    return args;
  }

private:
  llvm::SmallVector<int64_t, 64> words;
  llvm::SmallVector<size_t, 8> starts;
  llvm::SmallVector<void *, 8> pointers;
};

} // namespace

bool CompiledGroup::run(llvm::ArrayRef<Value> args,
                        llvm::MutableArrayRef<Value> results,
                        std::atomic<int64_t> &stop) const {
  Descriptors descriptors;
  for (auto [arg, layout] : llvm::zip(args, inputs))
    descriptors.add(arg.getTensor().bytes(), layout.shape);
  llvm::SmallVector<Tensor, 4> outs;
  for (const TensorLayout &layout : outputs) {
    outs.push_back(Tensor::forOverwrite(layout.dtype, layout.shape));
    descriptors.add(outs.back().bytes(), layout.shape);
  }
  int64_t failedCheck = 0;
  descriptors.add(&failedCheck, {});
  static_assert(std::atomic<int64_t>::is_always_lock_free);
  descriptors.add(&stop, {});
  llvm::SmallVector<void *> packed = descriptors.pack();
  entry(packed.data());
  if (failedCheck || stop.load())
    return false;
  for (auto [result, out] : llvm::zip(results, outs))
    result = Value::tensor(std::move(out));
  return true;
}

namespace {

constexpr llvm::StringLiteral kLate = "compiling stopped at its deadline";

bool passed(Deadline deadline) {
  return deadline && std::chrono::steady_clock::now() >= *deadline;
}

/// A group compiled, being compiled, or that does not compile.
struct CompiledEntry {
  // Kernels that hold it keep an evicted group alive.
  std::shared_ptr<const CompiledGroup> compiled;
  std::string error;
  /// Stopped at its deadline.
  bool late = false;
  std::mutex mutex;
  std::condition_variable ready;
  bool done = false;
};

/// The packed entry (ExecutionEngine::lookupPacked's name for it).
constexpr llvm::StringLiteral kPackedEntry = "_mlir__mlir_ciface_entry";

/// Copies between non-contiguous buffers call MLIR's runtime library.
llvm::orc::SymbolMap runtimeSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  symbols[interner("memrefCopy")] = {
      llvm::orc::ExecutorAddr::fromPtr(&memrefCopy),
      llvm::JITSymbolFlags::Exported};
  return symbols;
}

/// Links an object from the disk cache as ExecutionEngine would: RuntimeDyld,
/// the process's symbols and MLIR's runtime library.
std::shared_ptr<const CompiledGroup>
loadGroup(std::unique_ptr<llvm::MemoryBuffer> object, FunctionType type,
          llvm::orc::JITTargetMachineBuilder machine, std::string &error) {
  auto jit =
      llvm::orc::LLJITBuilder()
          .setJITTargetMachineBuilder(std::move(machine))
          .setObjectLinkingLayerCreator([](llvm::orc::ExecutionSession &session,
                                           const llvm::Triple &) {
            return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
                session,
                [] { return std::make_unique<llvm::SectionMemoryManager>(); });
          })
          .create();
  if (!jit) {
    error = llvm::toString(jit.takeError());
    return nullptr;
  }
  llvm::orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process) {
    error = llvm::toString(process.takeError());
    return nullptr;
  }
  dylib.addGenerator(std::move(*process));
  llvm::orc::MangleAndInterner interner((*jit)->getExecutionSession(),
                                        (*jit)->getDataLayout());
  llvm::Error err = dylib.define(
      llvm::orc::absoluteSymbols(runtimeSymbols(std::move(interner))));
  if (!err)
    err = (*jit)->addObjectFile(std::move(object));
  if (err) {
    error = llvm::toString(std::move(err));
    return nullptr;
  }
  auto entry = (*jit)->lookup(kPackedEntry);
  if (!entry) {
    error = llvm::toString(entry.takeError());
    return nullptr;
  }
  return std::make_shared<CompiledGroup>(
      std::shared_ptr<llvm::orc::LLJIT>(std::move(*jit)),
      entry->toPtr<void (*)(void **)>(), type);
}

/// The object code the engine compiled (it keeps it when asked to dump).
std::optional<std::string> objectOf(ExecutionEngine &engine) {
  llvm::SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("mplang-jit", "o", path))
    return std::nullopt;
  engine.dumpToObjectFile(path);
  auto object = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  llvm::sys::fs::remove(path);
  if (!object || (*object)->getBufferSize() == 0)
    return std::nullopt;
  return (*object)->getBuffer().str();
}

/// A fresh context per compilation: compilations run concurrently, and a
/// worker's memory does not grow with the types and attributes of every
/// group drivers sent.
std::unique_ptr<MLIRContext> makeContext() {
  auto context =
      std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED);
  DialectRegistry registry;
  registerPipelineDialects(registry);
  context->appendDialectRegistry(registry);
  context->loadAllAvailableDialects();
  return context;
}

void dump(llvm::StringRef dir, llvm::StringRef name, llvm::StringRef text) {
  llvm::sys::fs::create_directories(dir);
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, name);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec)
    os << text;
}

/// Compiles `text` into `entry`, and sets `object` to its object code when
/// the options have a disk cache; stops at `deadline`.
void compileText(const std::string &text, FunctionType type,
                 const Options &options, Deadline deadline,
                 llvm::orc::JITTargetMachineBuilder machineBuilder,
                 CompiledEntry &entry, std::optional<std::string> &object) {
  llvm::StringRef dumpDir = options.dumpDir;
  std::string diagnostics;
  std::unique_ptr<MLIRContext> context = makeContext();
  ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &d) {
    diagnostics += (diagnostics.empty() ? "" : "; ") + d.str();
    return success();
  });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(context.get()));
  std::string hash = llvm::utohexstr(llvm::xxh3_64bits(text));
  if (!dumpDir.empty())
    dump(dumpDir, hash + ".mlir", text);
  if (!module || failed(lowerToLLVM(*module, deadline))) {
    entry.late = passed(deadline);
    entry.error = entry.late ? kLate.str() : "lowering failed: " + diagnostics;
    return;
  }
  if (!dumpDir.empty()) {
    std::string lowered;
    llvm::raw_string_ostream os(lowered);
    module->print(os);
    dump(dumpDir, hash + ".llvm.mlir", lowered);
  }
  // LLVM's optimization and code generation cannot be stopped midway.
  if (passed(deadline)) {
    entry.error = kLate.str();
    entry.late = true;
    return;
  }
  auto machine = machineBuilder.createTargetMachine();
  if (!machine) {
    entry.error = llvm::toString(machine.takeError());
    return;
  }
  ExecutionEngineOptions engineOptions;
  auto transformer = makeOptimizingTransformer(3, 0, machine->get());
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  engineOptions.enableGDBNotificationListener = false;
  // Keeps the object, for the disk cache.
  engineOptions.enableObjectDump = !options.cacheDir.empty();
  auto engine =
      ExecutionEngine::create(*module, engineOptions, std::move(*machine));
  if (!engine) {
    entry.error = llvm::toString(engine.takeError());
    return;
  }
  (*engine)->registerSymbols(runtimeSymbols);
  auto fn = (*engine)->lookupPacked(("_mlir_ciface_" + kEntryName).str());
  if (!fn) {
    entry.error = llvm::toString(fn.takeError());
    return;
  }
  if (!options.cacheDir.empty())
    object = objectOf(**engine);
  entry.compiled = std::make_shared<CompiledGroup>(
      std::shared_ptr<ExecutionEngine>(std::move(*engine)), *fn, type);
}

/// Fills `entry` from the disk cache or by compiling; says which.
Tracer::CompileSource build(const std::string &text, FunctionType type,
                            const Options &options, Deadline deadline,
                            CompiledEntry &entry, std::string &warning) {
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder) {
    entry.error = llvm::toString(machineBuilder.takeError());
    return Tracer::CompileSource::Compiled;
  }
  machineBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  std::optional<DiskCacheKey> key;
  if (!options.cacheDir.empty()) {
    key = diskCacheKey(text, machineBuilder->getTargetTriple().str() + " " +
                                 machineBuilder->getCPU() + " " +
                                 machineBuilder->getFeatures().getString());
    if (auto object = loadObject(options.cacheDir, *key, warning)) {
      std::string error;
      entry.compiled =
          loadGroup(std::move(object), type, *machineBuilder, error);
      if (entry.compiled)
        return Tracer::CompileSource::DiskCache;
      warning = "JIT cache: cannot load " + key->fileName() + " (" + error +
                "); compiling again";
    }
  }
  std::optional<std::string> object;
  compileText(text, type, options, deadline, std::move(*machineBuilder), entry,
              object);
  if (object)
    storeObject(options.cacheDir, *key, *object, options.cacheMaxBytes,
                warning);
  return Tracer::CompileSource::Compiled;
}

/// The groups compiled in this process, by text. The lock is held only to
/// find or add an entry: a group compiles without it, so a long compile
/// holds up no other group (a job needing the same group waits for it, up
/// to its own deadline).
class Cache {
public:
  static Cache &get() {
    // Never destroyed: compiled code may run until the process exits.
    static Cache *cache = new Cache;
    return *cache;
  }

  CompileResult compile(const std::string &text, FunctionType type,
                        const Options &options, Deadline deadline) {
    CompileResult result;
    if (passed(deadline)) {
      result.error = kLate.str();
      return result;
    }
    std::shared_ptr<CompiledEntry> entry;
    bool mine;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto [it, inserted] = entries.try_emplace(text);
      mine = inserted;
      if (inserted) {
        it->second.entry = std::make_shared<CompiledEntry>();
        recent.push_front(text);
        it->second.age = recent.begin();
        // Workers compile what drivers send: keep the most recent only.
        if (entries.size() > kMaxCachedGroups) {
          entries.erase(recent.back());
          recent.pop_back();
        }
      } else {
        recent.splice(recent.begin(), recent, it->second.age);
      }
      entry = it->second.entry;
    }
    if (mine) {
      result.source =
          build(text, type, options, deadline, *entry, result.warning);
      {
        std::lock_guard<std::mutex> lock(entry->mutex);
        entry->done = true;
      }
      entry->ready.notify_all();
      // A compile stopped at its deadline may succeed for a later job.
      if (entry->late)
        forget(text, entry);
    } else {
      result.source = Tracer::CompileSource::MemoryCache;
      std::unique_lock<std::mutex> lock(entry->mutex);
      auto isDone = [&] { return entry->done; };
      if (!deadline)
        entry->ready.wait(lock, isDone);
      else if (!entry->ready.wait_until(lock, *deadline, isDone)) {
        result.error =
            "the run's deadline passed while another run compiled it";
        return result;
      }
    }
    result.compiled = entry->compiled;
    result.error = entry->error;
    return result;
  }

  size_t size() {
    std::lock_guard<std::mutex> lock(mutex);
    return entries.size();
  }

private:
  struct Slot {
    std::shared_ptr<CompiledEntry> entry;
    std::list<std::string>::iterator age;
  };

  Cache() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  }

  void forget(const std::string &text,
              const std::shared_ptr<CompiledEntry> &entry) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = entries.find(text);
    if (it == entries.end() || it->second.entry != entry)
      return;
    recent.erase(it->second.age);
    entries.erase(it);
  }

  std::mutex mutex;
  std::map<std::string, Slot> entries;
  /// The keys of `entries`, most recently used first.
  std::list<std::string> recent;
};

} // namespace

CompileResult jit::compile(func::FuncOp fn, const Options &options,
                           Deadline deadline) {
  // The text without the symbol name (and without locations) is the key:
  // ranks and programs that outline the same code share it.
  std::string text;
  llvm::raw_string_ostream os(text);
  StringAttr name = fn.getSymNameAttr();
  fn.setSymName("jit");
  fn.print(os, OpPrintingFlags().useLocalScope());
  fn.setSymNameAttr(name);
  return Cache::get().compile(text, fn.getFunctionType(), options, deadline);
}

size_t jit::cachedGroups() { return Cache::get().size(); }
