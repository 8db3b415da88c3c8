//===- CryptoKernels.h - helpers shared by the crypto kernels ---*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_DIALECTS_CRYPTO_CRYPTOKERNELS_H
#define MPLANG_LIB_RUNTIME_DIALECTS_CRYPTO_CRYPTOKERNELS_H

#include "mplang/Runtime/Elementwise.h"

#include "llvm/Support/Error.h"

namespace mplang::rt {

/// A tensor's bytes.
inline llvm::ArrayRef<uint8_t> bytesOf(const Tensor &t) {
  return {t.bytes(), t.numBytes()};
}
inline llvm::MutableArrayRef<uint8_t> bytesOf(Tensor &t) {
  return {t.bytes(), t.numBytes()};
}

/// A failed library call as a run-time error naming the op.
Status opError(llvm::StringRef opName, llvm::Error err);

/// Registers the kernels of points, scalars and keys.
void registerCryptoGroupKernels(KernelRegistry &registry);

} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_DIALECTS_CRYPTO_CRYPTOKERNELS_H
