//===- Ciphertext.h - BFV plaintexts and ciphertexts ------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_BFV_CIPHERTEXT_H
#define MPLANG_CRYPTO_BFV_CIPHERTEXT_H

#include "mplang/Crypto/BFV/RnsPoly.h"

#include <vector>

namespace mplang::bfv {

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
  std::vector<RnsPoly> polys;
};

} // namespace mplang::bfv

#endif // MPLANG_CRYPTO_BFV_CIPHERTEXT_H
