//===- SimpRegionKernels.h - simp's branches and loops ----------*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_DIALECTS_SIMP_SIMPREGIONKERNELS_H
#define MPLANG_LIB_RUNTIME_DIALECTS_SIMP_SIMPREGIONKERNELS_H

#include "mplang/Runtime/Kernel.h"

namespace mplang::rt {

/// simp.uniform_cond, simp.if_present and simp.while_loop.
void registerSimpRegionKernels(KernelRegistry &registry);

} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_DIALECTS_SIMP_SIMPREGIONKERNELS_H
