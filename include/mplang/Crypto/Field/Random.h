//===- Random.h - OS randomness and an AES-CTR generator --------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_FIELD_RANDOM_H
#define MPLANG_CRYPTO_FIELD_RANDOM_H

#include "mplang/Crypto/Field/Aes.h"

#include "llvm/Support/Error.h"

namespace mplang::crypto::field {

/// 16 bytes from getrandom(2).
llvm::Expected<Gf128> osRandomBlock();

/// AES-128 in counter mode: block c of the stream is E_seed({c, 0}).
class Prg {
public:
  explicit Prg(Gf128 seed) : cipher(seed) {}

  /// A generator keyed from the OS CSPRNG.
  static llvm::Expected<Prg> fromOs();

  /// Fills `out` with the next out.size() blocks of the stream.
  void fill(llvm::MutableArrayRef<Gf128> out);

private:
  Aes128 cipher;
  uint64_t counter = 0;
};

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_RANDOM_H
