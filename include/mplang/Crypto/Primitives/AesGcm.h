//===- AesGcm.h - AES-256-GCM -----------------------------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_PRIMITIVES_AESGCM_H
#define MPLANG_CRYPTO_PRIMITIVES_AESGCM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>

namespace mplang::crypto {

constexpr size_t kAesKeyBytes = 32, kGcmNonceBytes = 12, kGcmTagBytes = 16;

/// Encrypts `plaintext` into `out`: the ciphertext, then the 16-byte tag
/// (out.size() == plaintext.size() + 16). The key has 32 bytes, the nonce
/// 12.
llvm::Error aesGcmEncrypt(llvm::ArrayRef<uint8_t> key,
                          llvm::ArrayRef<uint8_t> nonce,
                          llvm::ArrayRef<uint8_t> aad,
                          llvm::ArrayRef<uint8_t> plaintext,
                          llvm::MutableArrayRef<uint8_t> out);

/// The inverse: `input` is the ciphertext and tag, out.size() ==
/// input.size() - 16. Fails, leaving `out` zeroed, unless the tag verifies.
llvm::Error aesGcmDecrypt(llvm::ArrayRef<uint8_t> key,
                          llvm::ArrayRef<uint8_t> nonce,
                          llvm::ArrayRef<uint8_t> aad,
                          llvm::ArrayRef<uint8_t> input,
                          llvm::MutableArrayRef<uint8_t> out);

} // namespace mplang::crypto

#endif // MPLANG_CRYPTO_PRIMITIVES_AESGCM_H
