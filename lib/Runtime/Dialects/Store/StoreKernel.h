//===- StoreKernel.h - kernels that use the rank's object store -*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_DIALECTS_STORE_STOREKERNEL_H
#define MPLANG_LIB_RUNTIME_DIALECTS_STORE_STOREKERNEL_H

#include "mplang/Runtime/Kernel.h"
#include "mplang/Runtime/Store/ObjectStore.h"

#include <functional>

namespace mplang::rt {

using StoreCompute = std::function<Status(
    ObjectStore &, llvm::ArrayRef<Value>, llvm::MutableArrayRef<Value>)>;

/// A kernel running `compute` on the store of the rank that runs it (found
/// through its communicator: a worker has one store, the simulator one per
/// rank).
std::unique_ptr<Kernel> makeStoreKernel(StoreCompute compute);

} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_DIALECTS_STORE_STOREKERNEL_H
