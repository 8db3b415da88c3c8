//===- Random.h - bytes from the OS CSPRNG ----------------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_PRIMITIVES_RANDOM_H
#define MPLANG_CRYPTO_PRIMITIVES_RANDOM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>

namespace mplang::crypto {

/// Fills `out` from OpenSSL's RAND_bytes (a DRBG seeded by the OS).
llvm::Error randomBytes(llvm::MutableArrayRef<uint8_t> out);

} // namespace mplang::crypto

#endif // MPLANG_CRYPTO_PRIMITIVES_RANDOM_H
