//===- NoiseModel.h - BFV noise growth, operation by operation --*- C++ -*-===//
//
// How the invariant noise of a ciphertext grows through each operation of
// the BFV library (lib/Crypto/BFV), for one parameter set. The invariant
// noise v of a ciphertext over primes with product Q is defined by
//   t (c_0 + c_1 s + ... + c_k s^k) / Q = m + v + t r   (r integral),
// and decryption is right while every |v_i| < 1/2. The model tracks the
// variance of the coefficients of v (average-case, as if they were
// independent), plus a hard bound for flooding noise, and turns them into a
// bound on max |v_i| that fails with probability at most 2^-40 under a
// Gaussian tail. docs/bfv.md derives each formula and compares the bound
// with the budgets the library measures.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_BFV_ANALYSIS_NOISEMODEL_H
#define MPLANG_DIALECT_BFV_ANALYSIS_NOISEMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::bfv {

/// The random polynomials shared by the terms of a noise, with their
/// exponents: the secret key s (key null) and the carries of ciphertexts
/// that products reused (keyed by Noise::carrier). Products of terms in
/// x^a and x^b have x^(a+b), whose coefficients have C(a+b, a) times the
/// variance of a product of independent polynomials (the pairings of x's
/// coefficients); without this, x^k computed as x * x * ... would be
/// underestimated by (k-1)! and more.
using NoiseFactors = llvm::SmallVector<std::pair<const void *, unsigned>, 2>;

/// The factors of a product of two terms (the exponents add), or of a sum
/// of them (the larger exponent of each, which over-counts the pairings of
/// later products).
NoiseFactors combineFactors(const NoiseFactors &a, const NoiseFactors &b,
                            bool product);

/// What the model knows of one ciphertext.
struct Noise {
  /// Variance of each coefficient of the invariant noise.
  double variance = 0;
  /// A bound on the part of the noise added by flooding (bfv.sanitize).
  double flood = 0;
  NoiseFactors factors;
  /// Identifies the ciphertext's polynomials c_i (the op that computed
  /// them), whose carry k = c(s) / Q - (m + v) / t a product multiplies
  /// into the other operand's noise; null when unknown.
  const void *carrier = nullptr;
  /// Polynomials: 2, or 3 after a product until relinearization.
  unsigned size = 2;
  /// Data primes the ciphertext is over (fewer after modulus switching).
  unsigned primes = 0;
};

class NoiseModel {
public:
  /// The model of the parameters `#bfv.params<n, t, qBits>`, or none when
  /// the library would not build them.
  static std::optional<NoiseModel> get(int64_t n, uint64_t t,
                                       llvm::ArrayRef<int64_t> qBits);

  unsigned getDataPrimes() const { return log2Q.size(); }
  int64_t getDegree() const { return n; }

  // The noise of each operation's result.
  Noise encrypt() const;
  Noise encryptSymmetric() const;
  /// Ciphertext plus or minus ciphertext.
  Noise add(const Noise &a, const Noise &b) const;
  /// Ciphertext plus or minus plaintext (either order).
  Noise addPlain(const Noise &a) const;
  /// Ciphertext times any plaintext.
  Noise mulPlain(const Noise &a) const;
  /// Ciphertext times ciphertext.
  Noise mul(const Noise &a, const Noise &b) const;
  Noise relinearize(const Noise &a) const;
  /// `keySwitches` Galois automorphisms, each with its key switch.
  Noise rotate(const Noise &a, unsigned keySwitches) const;
  Noise modSwitch(const Noise &a, unsigned drop) const;
  Noise sanitize(const Noise &a) const;

  /// log2 of the bound on max |v_i|.
  double getLog2Bound(const Noise &noise) const;
  /// The noise budget Decryptor::invariantNoiseBudget would report if the
  /// noise reached its bound: bits(Q) - bits(Q max |v_i|) - 1, negative
  /// when decryption can fail (it needs at least 1).
  int getBudget(const Noise &noise) const;
  /// log2 of the largest input noise bound that bfv.sanitize hides at
  /// statistical distance 2^-`security`: the flood over n times 2^security.
  double getLog2Hidden(int64_t security) const;

private:
  NoiseModel() = default;

  /// (t / Q_k)^2 for the first k data primes.
  double scale(unsigned primes) const;
  /// Variance of the coefficients of sum_{i<size} u_i s^i for u_i uniform
  /// in [-1/2, 1/2]: rounding errors, and (times Q^2) c(s) itself.
  double rounding(unsigned size) const;
  /// Variance of the product of two noise terms.
  double product(double va, const NoiseFactors &a, double vb,
                 const NoiseFactors &b) const;
  /// What one key switch adds at the full level.
  double keySwitchVariance() const;

  int64_t n = 0;
  double t = 0;
  /// log2 and bit length of Q_k = q_0 ... q_{k-1}, indexed by k - 1.
  llvm::SmallVector<double> log2Q;
  llvm::SmallVector<int> bitsQ;
  /// sum_j q_j^2 / P^2 over the data primes (key-switching digits).
  double digitsOverP = 0;
  double log2P = 0;
  /// The tail factor z: max_i |v_i| <= z sigma with probability 1 - 2^-40.
  double tail = 0;
  /// floodingNoiseBits for these parameters (bfv.sanitize).
  int floodBits = 0;
};

} // namespace mlir::bfv

#endif // MPLANG_DIALECT_BFV_ANALYSIS_NOISEMODEL_H
