//===- StoreRuntime.h - the store runtime package ---------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_DIALECTS_STORE_STORERUNTIME_H
#define MPLANG_RUNTIME_DIALECTS_STORE_STORERUNTIME_H

#include "mplang/Runtime/Kernel.h"

namespace mplang::rt {

/// store.load and store.save.
void registerStoreKernels(KernelRegistry &registry);
/// store.csv_rows, store.csv_keys and store.csv_select.
void registerCsvKernels(KernelRegistry &registry);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DIALECTS_STORE_STORERUNTIME_H
