//===- Kernel.cpp - the kernel base ---------------------------------------===//

#include "mplang/Runtime/Kernel.h"

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
