//===- Compiler.cpp - outlined functions to native code, cached -----------===//

#include "Compiler.h"
#include "Pipeline.h"
#include "mplang/Runtime/JIT/JIT.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/xxhash.h"
#include <list>
#include <mutex>

using namespace mlir;
using namespace mplang::rt;
using namespace mplang::rt::jit;

CompiledGroup::CompiledGroup(std::unique_ptr<ExecutionEngine> engine,
                             void (*entry)(void **), FunctionType type)
    : engine(std::move(engine)), entry(entry) {
  for (Type t : type.getInputs())
    inputs.push_back(*getLayout(t));
  for (Type t : type.getResults())
    outputs.push_back(*getLayout(t));
}

CompiledGroup::~CompiledGroup() = default;

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

class Cache {
public:
  static Cache &get() {
    // Never destroyed: compiled code may run until the process exits.
    static Cache *cache = new Cache;
    return *cache;
  }

  std::shared_ptr<const CompiledGroup> compile(const std::string &text,
                                               FunctionType type,
                                               llvm::StringRef dumpDir,
                                               std::string &error) {
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = entries.try_emplace(text);
    if (inserted) {
      it->second = build(text, type, dumpDir);
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
    error = it->second.error;
    return it->second.compiled;
  }

  size_t size() {
    std::lock_guard<std::mutex> lock(mutex);
    return entries.size();
  }

private:
  struct Entry {
    // Kernels that hold it keep an evicted group alive.
    std::shared_ptr<const CompiledGroup> compiled;
    std::string error;
    std::list<std::string>::iterator age;
  };

  Cache() : context(MLIRContext::Threading::DISABLED) {
    DialectRegistry registry;
    registerPipelineDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  }

  Entry build(const std::string &text, FunctionType type,
              llvm::StringRef dumpDir) {
    Entry entry;
    std::string diagnostics;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      diagnostics += (diagnostics.empty() ? "" : "; ") + d.str();
      return success();
    });
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(text, ParserConfig(&context));
    std::string hash = llvm::utohexstr(llvm::xxh3_64bits(text));
    if (!dumpDir.empty())
      dump(dumpDir, hash + ".mlir", text);
    if (!module || failed(lowerToLLVM(*module))) {
      entry.error = "lowering failed: " + diagnostics;
      return entry;
    }
    if (!dumpDir.empty()) {
      std::string lowered;
      llvm::raw_string_ostream os(lowered);
      module->print(os);
      dump(dumpDir, hash + ".llvm.mlir", lowered);
    }
    auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!machineBuilder) {
      entry.error = llvm::toString(machineBuilder.takeError());
      return entry;
    }
    machineBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
    auto machine = machineBuilder->createTargetMachine();
    if (!machine) {
      entry.error = llvm::toString(machine.takeError());
      return entry;
    }
    ExecutionEngineOptions options;
    auto transformer = makeOptimizingTransformer(3, 0, machine->get());
    options.transformer = transformer;
    options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
    options.enableGDBNotificationListener = false;
    auto engine =
        ExecutionEngine::create(*module, options, std::move(*machine));
    if (!engine) {
      entry.error = llvm::toString(engine.takeError());
      return entry;
    }
    // Copies between non-contiguous buffers call MLIR's runtime library.
    (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap symbols;
      symbols[interner("memrefCopy")] = {
          llvm::orc::ExecutorAddr::fromPtr(&memrefCopy),
          llvm::JITSymbolFlags::Exported};
      return symbols;
    });
    auto fn = (*engine)->lookupPacked(("_mlir_ciface_" + kEntryName).str());
    if (!fn) {
      entry.error = llvm::toString(fn.takeError());
      return entry;
    }
    entry.compiled =
        std::make_shared<CompiledGroup>(std::move(*engine), *fn, type);
    return entry;
  }

  static void dump(llvm::StringRef dir, llvm::StringRef name,
                   llvm::StringRef text) {
    llvm::sys::fs::create_directories(dir);
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (!ec)
      os << text;
  }

  std::mutex mutex;
  MLIRContext context;
  std::map<std::string, Entry> entries;
  /// The keys of `entries`, most recently used first.
  std::list<std::string> recent;
};

} // namespace

std::shared_ptr<const CompiledGroup>
jit::compile(func::FuncOp fn, llvm::StringRef dumpDir, std::string &error) {
  // The text without the symbol name (and without locations) is the key:
  // ranks and programs that outline the same code share it.
  std::string text;
  llvm::raw_string_ostream os(text);
  StringAttr name = fn.getSymNameAttr();
  fn.setSymName("jit");
  fn.print(os, OpPrintingFlags().useLocalScope());
  fn.setSymNameAttr(name);
  return Cache::get().compile(text, fn.getFunctionType(), dumpDir, error);
}

size_t jit::cachedGroups() { return Cache::get().size(); }
