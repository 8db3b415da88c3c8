//===- Pipeline.h - an outlined function to the LLVM dialect ---*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_JIT_PIPELINE_H
#define MPLANG_LIB_RUNTIME_JIT_PIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace mplang::rt::jit {

/// The function the compiled code is entered through.
constexpr llvm::StringLiteral kEntryName = "entry";

/// The dialects and interfaces `lowerToLLVM` needs in its context.
void registerPipelineDialects(mlir::DialectRegistry &registry);

/// Lowers `module`, holding one function `@jit` as the outliner made it, to
/// the LLVM dialect with `@entry` taking memrefs (see CompiledGroup).
mlir::LogicalResult lowerToLLVM(mlir::ModuleOp module);

} // namespace mplang::rt::jit

#endif // MPLANG_LIB_RUNTIME_JIT_PIPELINE_H
