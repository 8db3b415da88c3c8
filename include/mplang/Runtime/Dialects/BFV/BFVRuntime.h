//===- BFVRuntime.h - the bfv runtime package -------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_DIALECTS_BFV_BFVRUNTIME_H
#define MPLANG_RUNTIME_DIALECTS_BFV_BFVRUNTIME_H

#include "mplang/Runtime/Kernel.h"

namespace mplang::rt {

/// The kernels of the bfv ops.
void registerBFVKernels(KernelRegistry &registry);
/// Registers what bfv types hold with the process: the type hook (BFV
/// objects of a kind and parameters) and the loaders of every BFV kind.
void registerBFVValueTypes();

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DIALECTS_BFV_BFVRUNTIME_H
