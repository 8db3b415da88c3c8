//===- Hash.h - SHA-256, HMAC-SHA256 and HKDF-SHA256 ------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_PRIMITIVES_HASH_H
#define MPLANG_CRYPTO_PRIMITIVES_HASH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>

namespace mplang::crypto {

constexpr size_t kSha256Bytes = 32;

/// SHA-256 of `data` into the 32 bytes at `out`.
llvm::Error sha256(llvm::ArrayRef<uint8_t> data, uint8_t *out);

/// SHA-256 of the concatenation of `parts` into the 32 bytes at `out`.
llvm::Error sha256Parts(llvm::ArrayRef<llvm::ArrayRef<uint8_t>> parts,
                        uint8_t *out);

/// SHA-256 of each of the `rows` consecutive `rowBytes`-byte rows of
/// `data`, digest `i` at `out + 32 * i`.
llvm::Error sha256Rows(const uint8_t *data, size_t rows, size_t rowBytes,
                       uint8_t *out);

/// RFC 5869 HKDF-SHA256 filling `out` (at most 8160 bytes).
llvm::Error hkdfSha256(llvm::ArrayRef<uint8_t> ikm,
                       llvm::ArrayRef<uint8_t> salt,
                       llvm::ArrayRef<uint8_t> info,
                       llvm::MutableArrayRef<uint8_t> out);

/// RFC 2104 HMAC-SHA256 under one key, for many messages.
class HmacSha256 {
public:
  static llvm::Expected<HmacSha256> create(llvm::ArrayRef<uint8_t> key);
  HmacSha256(HmacSha256 &&other) noexcept;
  ~HmacSha256();
  /// The 32-byte MAC of `message` at `out`.
  llvm::Error mac(llvm::ArrayRef<uint8_t> message, uint8_t *out) const;

private:
  explicit HmacSha256(void *keyed) : keyed(keyed) {}
  /// An EVP_MAC_CTX holding the key, copied per message.
  void *keyed;
};

} // namespace mplang::crypto

#endif // MPLANG_CRYPTO_PRIMITIVES_HASH_H
