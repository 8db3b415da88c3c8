//===- Kernel.cpp - kernel base and the default registry ------------------===//

#include "mplang/Runtime/Kernel.h"
#include "mplang/Runtime/BFVValues.h"
#include "mplang/Runtime/CryptoValues.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mplang::rt;

Kernel::~Kernel() = default;

Status Kernel::compute(llvm::ArrayRef<Value>,
                       llvm::MutableArrayRef<Value>) const {
  llvm_unreachable("asynchronous kernels have no compute()");
}

void Kernel::start(const std::shared_ptr<Invocation> &) const {
  llvm_unreachable("synchronous kernels have no start()");
}

void KernelRegistry::registerDefaultOpaqueLoaders() {
  registerBFVLoaders();
  registerCryptoLoaders();
}

const KernelRegistry &KernelRegistry::getDefault() {
  static const KernelRegistry registry = [] {
    KernelRegistry r;
    registerArithKernels(r);
    registerTensorKernels(r);
    registerLinalgKernels(r);
    registerControlFlowKernels(r);
    registerSimpKernels(r);
    registerBFVKernels(r);
    registerFieldKernels(r);
    registerStoreKernels(r);
    registerCsvKernels(r);
    registerCryptoKernels(r);
    return r;
  }();
  return registry;
}
