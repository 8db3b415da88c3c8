//===- Ciphertext.h - BFV plaintexts and ciphertexts ------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_BFV_CIPHERTEXT_H
#define MPLANG_CRYPTO_BFV_CIPHERTEXT_H

#include "mplang/Crypto/BFV/Prg.h"
#include "mplang/Crypto/BFV/RnsPoly.h"

#include <optional>

#include <vector>

namespace mplang::crypto::bfv {

/// A polynomial with n coefficients in [0, t).
struct Plaintext {
  std::vector<uint64_t> coeffs;
};

/// A plaintext lifted (centred) to the data primes in NTT form: multiplying
/// by it skips the plaintext's transforms (Evaluator::preparePlain).
struct PreparedPlaintext {
  RnsPoly ntt;
};

/// Polynomials c_0 ... c_k over the data primes, in coefficient form, that
/// decrypt as c_0 + c_1 s + ... + c_k s^k. Fresh ciphertexts have size 2;
/// a product has size 3 until it is relinearized.
struct Ciphertext {
  size_t size() const { return polys.size(); }
  /// The data primes the polynomials are over: all of them, or the first
  /// few after modulus switching.
  size_t numPrimes() const { return polys.empty() ? 0 : polys[0].numModuli; }

  std::vector<RnsPoly> polys;
  /// Set while polys[1] is expandUniform(seed) over the data primes (fresh
  /// secret-key encryptions); serialization then stores the seed instead.
  /// Operations that change polys[1] return ciphertexts without it.
  std::optional<Seed> seed;
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_CIPHERTEXT_H
