//===- Pipeline.h - an outlined function to the LLVM dialect ---*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_JIT_PIPELINE_H
#define MPLANG_LIB_RUNTIME_JIT_PIPELINE_H

#include "mplang/Runtime/JIT/JIT.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace mplang::rt::jit {

/// The function the compiled code is entered through.
constexpr llvm::StringLiteral kEntryName = "entry";

/// The dialects and interfaces `lowerToLLVM` needs in its context.
void registerPipelineDialects(mlir::DialectRegistry &registry);

/// Lowers `module`, holding one function `@jit` as the outliner made it, to
/// the LLVM dialect with `@entry` taking memrefs (see CompiledGroup); fails
/// between stages once `deadline` passed.
mlir::LogicalResult lowerToLLVM(mlir::ModuleOp module, Deadline deadline);

} // namespace mplang::rt::jit

#endif // MPLANG_LIB_RUNTIME_JIT_PIPELINE_H
