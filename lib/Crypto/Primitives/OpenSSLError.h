//===- OpenSSLError.h - OpenSSL failures as llvm::Error ---------*- C++ -*-===//

#ifndef MPLANG_LIB_CRYPTO_PRIMITIVES_OPENSSLERROR_H
#define MPLANG_LIB_CRYPTO_PRIMITIVES_OPENSSLERROR_H

#include "llvm/Support/Error.h"

namespace mplang::crypto {

/// An error saying `what` failed, with OpenSSL's reason; clears the
/// thread's OpenSSL error queue so that it never leaks into a later call.
llvm::Error opensslError(const llvm::Twine &what);

} // namespace mplang::crypto

#endif // MPLANG_LIB_CRYPTO_PRIMITIVES_OPENSSLERROR_H
