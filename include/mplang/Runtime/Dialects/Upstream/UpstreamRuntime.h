//===- UpstreamRuntime.h - kernels of MLIR dialects -------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_DIALECTS_UPSTREAM_UPSTREAMRUNTIME_H
#define MPLANG_RUNTIME_DIALECTS_UPSTREAM_UPSTREAMRUNTIME_H

#include "mplang/Runtime/Kernel.h"

namespace mplang::rt {

/// arith: constants, integer and float arithmetic, comparisons, casts.
void registerArithKernels(KernelRegistry &registry);
/// tensor: construction, elements, slices, reshapes.
void registerTensorKernels(KernelRegistry &registry);
/// linalg: fill, map, reduce, broadcast, transpose, matmul.
void registerLinalgKernels(KernelRegistry &registry);
/// scf branches and loops, func.call.
void registerControlFlowKernels(KernelRegistry &registry);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DIALECTS_UPSTREAM_UPSTREAMRUNTIME_H
