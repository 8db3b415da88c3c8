//===- Evaluator.h - Homomorphic operations on BFV ciphertexts --*- C++ -*-===//
//
// All operations are slot-wise modulo t. ct x ct uses HPS RNS tensoring:
// both operands are extended exactly from Q to an auxiliary base R, the
// tensor product is formed in Q R and scaled by t/Q into R, then converted
// back to Q. Relinearization and rotations use RNS-decomposed key switching
// with one special prime.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_EVALUATOR_H
#define MPLANG_CRYPTO_BFV_EVALUATOR_H

#include "mplang/Crypto/BFV/Ciphertext.h"
#include "mplang/Crypto/BFV/Keys.h"

namespace mplang::crypto::bfv {

class Evaluator {
public:
  explicit Evaluator(ContextPtr ctx) : ctx(std::move(ctx)) {}

  llvm::Expected<Ciphertext> add(const Ciphertext &a,
                                 const Ciphertext &b) const;
  llvm::Expected<Ciphertext> sub(const Ciphertext &a,
                                 const Ciphertext &b) const;
  llvm::Expected<Ciphertext> negate(const Ciphertext &a) const;
  llvm::Expected<Ciphertext> addPlain(const Ciphertext &a,
                                      const Plaintext &b) const;
  /// a - b.
  llvm::Expected<Ciphertext> subPlain(const Ciphertext &a,
                                      const Plaintext &b) const;
  /// a - b with a plaintext minuend.
  llvm::Expected<Ciphertext> subFromPlain(const Plaintext &a,
                                          const Ciphertext &b) const;
  llvm::Expected<Ciphertext> mulPlain(const Ciphertext &a,
                                      const Plaintext &b) const;
  /// For a plaintext that multiplies many ciphertexts (a mask): prepare it
  /// once, then each mulPlain saves its transforms.
  llvm::Expected<PreparedPlaintext> preparePlain(const Plaintext &b) const;
  llvm::Expected<Ciphertext> mulPlain(const Ciphertext &a,
                                      const PreparedPlaintext &b) const;
  /// The result has size a.size() + b.size() - 1.
  llvm::Expected<Ciphertext> mul(const Ciphertext &a,
                                 const Ciphertext &b) const;
  /// Size 3 -> 2; size 2 is returned unchanged.
  llvm::Expected<Ciphertext> relinearize(const Ciphertext &a,
                                         const RelinKeys &rk) const;
  /// Rotates both rows left by `step` (negative: right). Uses the key for
  /// the step itself if present, otherwise composes rotations by +-2^i
  /// (non-adjacent form, at most log2(n)/2 + 1 of them).
  llvm::Expected<Ciphertext> rotateRows(const Ciphertext &a, int64_t step,
                                        const GaloisKeys &gk) const;
  /// Divides the ciphertext by its last `drop` primes, rounding: the result
  /// decrypts to the same plaintext with about as many bits of noise budget
  /// (until the budget nears log2 of the remaining modulus over t) and
  /// serializes smaller. Only decryption and serialization accept it.
  llvm::Expected<Ciphertext> modSwitch(const Ciphertext &a,
                                       size_t drop = 1) const;
  /// Swaps the two rows.
  llvm::Expected<Ciphertext> rotateColumns(const Ciphertext &a,
                                           const GaloisKeys &gk) const;
  /// Applies X -> X^g (size-2 ciphertexts only).
  llvm::Expected<Ciphertext> applyGalois(const Ciphertext &a, uint32_t g,
                                         const GaloisKeys &gk) const;

private:
  llvm::Expected<Ciphertext> combine(const Ciphertext &a, const Ciphertext &b,
                                     bool subtract) const;
  /// a times the plaintext whose NTT form is `b`.
  Ciphertext mulPlainNtt(const Ciphertext &a, const RnsPoly &b) const;
  llvm::Expected<Ciphertext>
  combinePlain(const Ciphertext &a, const Plaintext &b, bool subtract) const;

  ContextPtr ctx;
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_EVALUATOR_H
