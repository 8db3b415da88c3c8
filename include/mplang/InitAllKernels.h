//===- InitAllKernels.h - every runtime package -----------------*- C++ -*-===//
//
// The runtime packages (lib/Runtime/Dialects) give each dialect its kernels
// and what its types hold at run time, as InitAllDialects.h gives its IR.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_INITALLKERNELS_H
#define MPLANG_INITALLKERNELS_H

#include "mplang/Runtime/Dialects/BFV/BFVRuntime.h"
#include "mplang/Runtime/Dialects/Crypto/CryptoRuntime.h"
#include "mplang/Runtime/Dialects/Field/FieldRuntime.h"
#include "mplang/Runtime/Dialects/Simp/SimpRuntime.h"
#include "mplang/Runtime/Dialects/Store/StoreRuntime.h"
#include "mplang/Runtime/Dialects/Upstream/UpstreamRuntime.h"

namespace mplang {

/// Registers with the process what every dialect's types hold at run time:
/// their type hooks (getDType, checkValueType) and the loaders of their
/// opaque values (deserializeValue). A process binds, checks or decodes
/// values only after it; registering again changes nothing.
inline void registerAllValueTypes() {
  rt::registerBFVValueTypes();
  rt::registerCryptoValueTypes();
  rt::registerFieldValueTypes();
}

/// Adds the kernels of every runtime package to `registry` (and registers
/// their value types).
inline void registerAllKernels(rt::KernelRegistry &registry) {
  rt::registerArithKernels(registry);
  rt::registerTensorKernels(registry);
  rt::registerLinalgKernels(registry);
  rt::registerControlFlowKernels(registry);
  rt::registerSimpKernels(registry);
  rt::registerBFVKernels(registry);
  rt::registerFieldKernels(registry);
  rt::registerStoreKernels(registry);
  rt::registerCsvKernels(registry);
  rt::registerCryptoKernels(registry);
}

/// Every kernel mplang-run supports, built on first use.
inline const rt::KernelRegistry &getAllKernels() {
  static const rt::KernelRegistry registry = [] {
    rt::KernelRegistry r;
    registerAllKernels(r);
    return r;
  }();
  return registry;
}

} // namespace mplang

#endif // MPLANG_INITALLKERNELS_H
