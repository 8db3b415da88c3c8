//===- SimpRuntime.h - the simp runtime package -----------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_DIALECTS_SIMP_SIMPRUNTIME_H
#define MPLANG_RUNTIME_DIALECTS_SIMP_SIMPRUNTIME_H

#include "mplang/Runtime/Kernel.h"

namespace mplang::rt {

/// Messages, collectives, absent values and simp's branches and loops.
void registerSimpKernels(KernelRegistry &registry);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DIALECTS_SIMP_SIMPRUNTIME_H
