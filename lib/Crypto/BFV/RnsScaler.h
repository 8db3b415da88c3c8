//===- RnsScaler.h - Scale by t/Q and round in RNS --------------*- C++ -*-===//
//
// Computes round(t * x / Q) for x given in the base Q + E, either modulo
// every prime of E (E non-empty: HPS multiplication) or modulo t (E empty:
// decryption). With lambda_i = (QE/q_i)^-1 mod q_i,
//   t x / Q = sum_{i in Q} x_i t lambda_i E / q_i
//           + sum_{k in E} x_k t lambda_k E / e_k  - v t E,
// whose last two terms vanish modulo e_k (except the k-th) or modulo t. The
// fractional parts of t lambda_i E / q_i are summed in long double.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_BFV_RNSSCALER_H
#define MPLANG_LIB_CRYPTO_BFV_RNSSCALER_H

#include "mplang/Crypto/BFV/RnsPoly.h"

namespace mplang::bfv {

class RnsScaler {
public:
  RnsScaler(const RnsBase &q, const RnsBase &e, const Modulus &t);

  /// `in`: q.size() + e.size() components; `out`: e.size() components, or one
  /// component mod t when e is empty.
  void scale(const uint64_t *in, uint64_t *out) const;

private:
  size_t n;
  std::vector<Modulus> qs, outs;
  std::vector<long double> theta; // frac(t lambda_i E / q_i)
  std::vector<uint64_t> omega;    // floor(t lambda_i E / q_i) mod out_k, [k][i]
  std::vector<ShoupConst> mu;     // t lambda_k E / e_k mod e_k
};

} // namespace mplang::bfv

#endif // MPLANG_LIB_CRYPTO_BFV_RNSSCALER_H
