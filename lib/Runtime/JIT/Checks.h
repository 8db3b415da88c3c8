//===- Checks.h - run-time checks in compiled code --------------*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_JIT_CHECKS_H
#define MPLANG_LIB_RUNTIME_JIT_CHECKS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mplang::rt::jit {

/// Guards every op of `fn` that the interpreter can fail on, recording a
/// failure in `errors` (a memref<i64>, 0 while none) instead of running the
/// op on bad operands; loops stop once a failure is recorded or `stop` (a
/// memref<i64> another thread may set) is not 0. Runs on tensor IR whose
/// element-wise ops are already linalg.generic bodies.
void insertChecks(mlir::func::FuncOp fn, mlir::Value errors, mlir::Value stop);

} // namespace mplang::rt::jit

#endif // MPLANG_LIB_RUNTIME_JIT_CHECKS_H
