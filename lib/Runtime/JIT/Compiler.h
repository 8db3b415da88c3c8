//===- Compiler.h - outlined functions to native code ----------*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_JIT_COMPILER_H
#define MPLANG_LIB_RUNTIME_JIT_COMPILER_H

#include "mplang/Runtime/TypeConversion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include <atomic>
#include <memory>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace mplang::rt::jit {

/// One compiled function. Every argument and result is passed as a memref
/// (scalars as rank-0 memrefs) to the entry, which writes the results into
/// buffers the caller allocated, then a memref<i64> for failed checks and
/// one for the stop flag (see Checks.h).
class CompiledGroup {
public:
  CompiledGroup(std::unique_ptr<mlir::ExecutionEngine> engine,
                void (*entry)(void **), mlir::FunctionType type);
  ~CompiledGroup();

  /// Computes `results` from `args` (tensors of the function's types); false
  /// when a check failed or `stop` was set, and then `results` are unset.
  bool run(llvm::ArrayRef<Value> args, llvm::MutableArrayRef<Value> results,
           std::atomic<int64_t> &stop) const;

private:
  std::unique_ptr<mlir::ExecutionEngine> engine;
  void (*entry)(void **);
  llvm::SmallVector<TensorLayout> inputs, outputs;
};

/// Compiles `fn` (a function the outliner made) or returns the cached
/// result of an identical function; null with `error` set if it fails.
/// Thread-safe; compiled code lives as long as the process.
std::shared_ptr<const CompiledGroup>
compile(mlir::func::FuncOp fn, llvm::StringRef dumpDir, std::string &error);

} // namespace mplang::rt::jit

#endif // MPLANG_LIB_RUNTIME_JIT_COMPILER_H
