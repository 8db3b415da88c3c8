//===- CryptoRuntime.h - the crypto runtime package -------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_DIALECTS_CRYPTO_CRYPTORUNTIME_H
#define MPLANG_RUNTIME_DIALECTS_CRYPTO_CRYPTORUNTIME_H

#include "mplang/Runtime/Kernel.h"

namespace mplang::rt {

/// The kernels of the crypto ops.
void registerCryptoKernels(KernelRegistry &registry);
/// Registers what crypto types hold with the process: the type hook
/// (batches of points, scalars and keys) and their loaders.
void registerCryptoValueTypes();

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DIALECTS_CRYPTO_CRYPTORUNTIME_H
