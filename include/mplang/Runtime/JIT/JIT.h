//===- JIT.h - native code for party-local computation ---------*- C++ -*-===//
//
// Groups of local ops (arith, tensor, linalg, scf) in a rank's program are
// outlined into private functions marked `mplang.jit`; calls to them run as
// one kernel compiled by MLIR's own pipelines and ExecutionEngine. Ops with
// no lowering (simp, bfv, field) stay interpreted. See docs/jit.md.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_JIT_JIT_H
#define MPLANG_RUNTIME_JIT_JIT_H

#include "mplang/Runtime/Kernel.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/CommandLine.h"
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace mplang::rt::jit {

/// Off: the interpreter alone (the reference). On: every group with an op
/// other than a constant. Auto: groups the interpreter would take at least
/// `kAutoMinSteps` steps of about 0.3 us for (about 40 ms, what compiling a
/// group takes): loops with that many iterations times body ops or an
/// unknown count, reductions and element-wise chains over big tensors (a
/// whole-tensor kernel counts a step per `kAutoElementsPerStep` elements).
enum class Mode { Off, On, Auto };
constexpr double kAutoMinSteps = 1 << 17;
constexpr double kAutoElementsPerStep = 128;
/// The most ops (nested ones included) a compiled group holds: compile time
/// grows with a group's size, and a compile cannot be stopped midway. A
/// larger loop's body is compiled in parts.
constexpr int64_t kMaxGroupOps = 1000;
/// What --jit-cache keeps by default: 256 MiB (--jit-cache-max-kb).
constexpr uint64_t kDefaultCacheBytes = uint64_t(256) << 20;

/// When compiling stops (the run's deadline); none: never.
using Deadline = std::optional<std::chrono::steady_clock::time_point>;

std::optional<Mode> parseMode(llvm::StringRef text);
llvm::StringRef modeName(Mode mode);

struct Options {
  Mode mode = Mode::Auto;
  /// When set, each compiled group's input and LLVM dialect IR are written
  /// there as <hash>.mlir and <hash>.llvm.mlir.
  std::string dumpDir;
  /// When set, compiled object code is kept there for other processes
  /// (docs/jit.md, "The cache"), at most `cacheMaxBytes` of it.
  std::string cacheDir;
  uint64_t cacheMaxBytes = kDefaultCacheBytes;

  /// Registers --jit, --jit-dump, --jit-cache and --jit-cache-max-kb in
  /// `category`, with this struct's defaults (--jit: $MPLANG_JIT when set).
  static void registerCLOptions(llvm::cl::OptionCategory &category);
  /// What those flags gave; an error for a --jit other than off, on or auto.
  static StatusOr<Options> createFromCLOptions();
  /// The flags that give a worker these options.
  void appendArgs(std::vector<std::string> &args) const;
};

/// What --jit defaults to: $MPLANG_JIT when set, else Options' mode.
std::string defaultModeName();

/// Compiled groups a process keeps for reuse, most recently used; a kernel
/// holding an older one keeps it alive.
constexpr size_t kMaxCachedGroups = 256;

/// How many compiled groups the process keeps now.
size_t cachedGroups();

/// The attribute marking outlined functions.
constexpr llvm::StringLiteral kJitAttrName = "mplang.jit";

/// Outlines the groups `mode` selects in every function of `module` (and of
/// its nested modules) into private functions of the same module, replaced
/// by `func.call`s. Outlined code stays valid input for the interpreter.
void outlineLocalGroups(mlir::ModuleOp module, Mode mode);

/// `base` with a `func.call` kernel that runs outlined functions compiled;
/// a function that does not compile is interpreted after a warning.
KernelRegistry makeRegistry(const KernelRegistry &base, const Options &options);

} // namespace mplang::rt::jit

#endif // MPLANG_RUNTIME_JIT_JIT_H
