//===- X25519.h - X25519 key agreement (RFC 7748) ---------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_PRIMITIVES_X25519_H
#define MPLANG_CRYPTO_PRIMITIVES_X25519_H

#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>

namespace mplang::crypto {

/// A private scalar or a public u-coordinate, as RFC 7748 encodes them.
using X25519Key = std::array<uint8_t, 32>;

llvm::Error x25519Keygen(X25519Key &privateKey);
llvm::Error x25519PublicKey(const X25519Key &privateKey, X25519Key &out);
/// Fails for a public key of small order (an all-zero secret).
llvm::Error x25519Agree(const X25519Key &privateKey,
                        const X25519Key &publicKey, X25519Key &secret);

} // namespace mplang::crypto

#endif // MPLANG_CRYPTO_PRIMITIVES_X25519_H
