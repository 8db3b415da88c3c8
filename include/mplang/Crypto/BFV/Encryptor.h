//===- Encryptor.h - BFV encryption and decryption --------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_BFV_ENCRYPTOR_H
#define MPLANG_CRYPTO_BFV_ENCRYPTOR_H

#include "mplang/Crypto/BFV/Ciphertext.h"
#include "mplang/Crypto/BFV/Keys.h"

namespace mplang::crypto::bfv {

/// log2 of the noise Encryptor::sanitize floods with over the first data
/// prime q_0: bits(q_0) - bits(t) - 3, the largest k with t 2^k below an
/// eighth of 2^bits(q_0), so that the flooded ciphertext keeps at least one
/// bit of noise budget. Negative when q_0 leaves no room.
int floodingNoiseBits(uint64_t t, uint64_t firstPrime);

class Encryptor {
public:
  Encryptor(ContextPtr ctx, PublicKey pk)
      : ctx(std::move(ctx)), pk(std::move(pk)) {}

  /// (Delta m + round((b u + e_0) / P), round((a u + e_1) / P)) with the
  /// products over Q P, u ternary and fresh randomness from the OS CSPRNG.
  llvm::Expected<Ciphertext> encrypt(const Plaintext &pt) const;

  /// Circuit privacy for a ciphertext going back to the key holder: adds an
  /// encryption of zero (a fresh c_1 and fresh noise), switches down to the
  /// first data prime, and adds to c_0 noise uniform in [-2^k, 2^k) with
  /// k = floodingNoiseBits(t, q_0). The result decrypts to the same
  /// plaintext; its noise is statistically close to one that does not
  /// depend on how `ct` was computed when the noise of `ct` was at most
  /// 2^-lambda / n of the flood (statistical distance 2^-lambda), which the
  /// compiler's noise analysis checks. After rerandomization the switch's
  /// rounding does not depend on the input either. Only decryption and
  /// serialization accept the result, as after Evaluator::modSwitch.
  llvm::Expected<Ciphertext> sanitize(const Ciphertext &ct) const;

private:
  ContextPtr ctx;
  PublicKey pk;
};

/// Secret-key encryption: (Delta m - a s + e, a) with `a` uniform, expanded
/// from a fresh seed that the ciphertext keeps, so that it serializes in
/// about half the bytes of a public-key ciphertext. Its noise is e alone.
class SymmetricEncryptor {
public:
  SymmetricEncryptor(ContextPtr ctx, SecretKey sk)
      : ctx(std::move(ctx)), sk(std::move(sk)) {}

  llvm::Expected<Ciphertext> encrypt(const Plaintext &pt) const;

private:
  ContextPtr ctx;
  SecretKey sk;
};

class Decryptor {
public:
  Decryptor(ContextPtr ctx, SecretKey sk);

  /// Also accepts modulus-switched ciphertexts. Fails, rather than return
  /// garbage, when the invariant noise budget is 0.
  llvm::Expected<Plaintext> decrypt(const Ciphertext &ct) const;
  /// Bits of noise budget left: log2(Q) - log2(|[t (c_0 + c_1 s + ...)]_Q|)
  /// - 1, or 0 when decryption is no longer guaranteed; Q is the product of
  /// the ciphertext's primes.
  llvm::Expected<int> invariantNoiseBudget(const Ciphertext &ct) const;

private:
  /// c_0 + c_1 s + ... mod the ciphertext's primes, in coefficient form.
  RnsPoly dotSecret(const Ciphertext &ct) const;

  ContextPtr ctx;
  SecretKey sk;
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_ENCRYPTOR_H
