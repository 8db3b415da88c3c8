//===- FieldRuntime.h - the field runtime package ---------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_DIALECTS_FIELD_FIELDRUNTIME_H
#define MPLANG_RUNTIME_DIALECTS_FIELD_FIELDRUNTIME_H

#include "mplang/Runtime/Kernel.h"

namespace mplang::rt {

/// The kernels of the field ops.
void registerFieldKernels(KernelRegistry &registry);
/// Registers the type hook of the field dialect with the process:
/// !field.gf128 elements are the dtype GF128.
void registerFieldValueTypes();

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DIALECTS_FIELD_FIELDRUNTIME_H
