//===- Compiler.h - outlined functions to native code ----------*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_JIT_COMPILER_H
#define MPLANG_LIB_RUNTIME_JIT_COMPILER_H

#include "mplang/Runtime/JIT/JIT.h"
#include "mplang/Runtime/Trace.h"
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
  /// `code` owns the code `entry` points into (an ExecutionEngine, or the
  /// JIT an object from the disk cache was loaded into).
  CompiledGroup(std::shared_ptr<void> code, void (*entry)(void **),
                mlir::FunctionType type);

  /// Computes `results` from `args` (tensors of the function's types); false
  /// when a check failed or `stop` was set, and then `results` are unset.
  bool run(llvm::ArrayRef<Value> args, llvm::MutableArrayRef<Value> results,
           std::atomic<int64_t> &stop) const;

private:
  std::shared_ptr<void> code;
  void (*entry)(void **);
  llvm::SmallVector<TensorLayout> inputs, outputs;
};

struct CompileResult {
  /// Null when `fn` does not compile, and `error` says why.
  std::shared_ptr<const CompiledGroup> compiled;
  std::string error;
  /// What the user should know although it compiled (a corrupt cache
  /// file), or empty.
  std::string warning;
  Tracer::CompileSource source = Tracer::CompileSource::Compiled;
};

/// Compiles `fn` (a function the outliner made), or takes the code of an
/// identical function from the process's cache or from the disk cache of
/// `options`; gives up (an error) once `deadline` passed. Thread-safe, and
/// concurrent compilations of different functions do not wait for each
/// other.
CompileResult compile(mlir::func::FuncOp fn, const Options &options,
                      Deadline deadline);

} // namespace mplang::rt::jit

#endif // MPLANG_LIB_RUNTIME_JIT_COMPILER_H
