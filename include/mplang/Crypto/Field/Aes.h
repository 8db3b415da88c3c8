//===- Aes.h - AES-128 encryption and the aes_expand PRG --------*- C++ -*-===//
//
// Blocks are Gf128 values; a block's bytes are its little-endian encoding, so
// a key or plaintext given as bytes b0..b15 is {lo = b0..b7, hi = b8..b15}.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_FIELD_AES_H
#define MPLANG_CRYPTO_FIELD_AES_H

#include "mplang/Crypto/Field/Gf128.h"

#include <array>

namespace mplang::crypto::field {

/// AES-128 (FIPS-197) with an expanded key.
class Aes128 {
public:
  explicit Aes128(Gf128 key);

  /// out[i] = E_K(in[i]); `out` may be `in` itself.
  void encrypt(llvm::ArrayRef<Gf128> in, llvm::MutableArrayRef<Gf128> out,
               Isa isa = bestIsa()) const;
  Gf128 encrypt(Gf128 block) const;

  /// Counter mode: out[i] = E_K(base ^ {first + i, 0}), the counter
  /// wrapping modulo 2^64.
  void encryptCounter(Gf128 base, uint64_t first,
                      llvm::MutableArrayRef<Gf128> out,
                      Isa isa = bestIsa()) const;

  const std::array<Gf128, 11> &getRoundKeys() const { return roundKeys; }

private:
  std::array<Gf128, 11> roundKeys;
};

/// The fixed aes_expand key: the bytes 44 73 70 03 2e 8a 19 13 d3 08 a3 85 88
/// 6a 3f 24 (fractional digits of pi).
constexpr Gf128 kAesExpandKey = {0x13198A2E03707344ULL, 0x243F6A8885A308D3ULL};

/// Rows shorter than this are encrypted as one array rather than per seed.
constexpr size_t kAesExpandRowMin = 16;

/// field.aes_expand: out[i * length + j] = E_K(x) with x = seeds[i] ^ {j, 0}
/// and K = kAesExpandKey, or E_K(x) ^ x with `feedForward`. `out` holds
/// seeds.size() * length blocks.
void aesExpand(llvm::ArrayRef<Gf128> seeds, size_t length,
               llvm::MutableArrayRef<Gf128> out, bool feedForward = false,
               Isa isa = bestIsa());

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_AES_H
