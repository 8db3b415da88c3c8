//===- RnsScaler.h - Scale by t/Q and round in RNS --------------*- C++ -*-===//
//
// Computes round(t * x / Q) for x given in the base Q + E, either modulo
// every prime of E (E non-empty: HPS multiplication) or modulo t (E empty:
// decryption). With lambda_i = (QE/q_i)^-1 mod q_i,
//   t x / Q = sum_{i in Q} x_i t lambda_i E / q_i
//           + sum_{k in E} x_k t lambda_k E / e_k  - v t E,
// whose last two terms vanish modulo e_k (except the k-th) or modulo t. With
// theta_i = frac(t lambda_i E / q_i) and x = xh 2^26 + xl, x theta_i is
// xh floor(2^26 theta_i) (exact integer) + xh frac(2^26 theta_i) + xl theta_i,
// where the two fractional terms are small enough for doubles.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_BFV_RNSSCALER_H
#define MPLANG_LIB_CRYPTO_BFV_RNSSCALER_H

#include "mplang/Crypto/BFV/RnsPoly.h"

namespace mplang::crypto::bfv {

class RnsScaler {
public:
  RnsScaler(const RnsBase &q, const RnsBase &e, const Modulus &t);

  /// `in`: q.size() + e.size() components; `out`: e.size() components, or one
  /// component mod t when e is empty. With `distance`, also the largest
  /// distance of a t x / Q from its nearest integer, |[t x]_Q| / Q: what
  /// decryption's noise check reads, almost free since the sum is at hand.
  void scale(const uint64_t *in, uint64_t *out,
             double *distance = nullptr) const;
  /// The distance from which the invariant noise budget is 0:
  /// |[t x]_Q| >= 2^(bits(Q) - 2).
  double getExhaustedAt() const { return exhaustedAt; }

private:
  size_t n;
  double exhaustedAt;
  std::vector<Modulus> qs, outs;
  std::vector<uint64_t> thetaHigh;     // floor(2^26 theta_i)
  std::vector<double> thetaLow, theta; // frac(2^26 theta_i), theta_i
  std::vector<uint64_t> omega; // floor(t lambda_i E / q_i) mod out_k, [k][i]
  std::vector<ShoupConst> mu;  // t lambda_k E / e_k mod e_k
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_LIB_CRYPTO_BFV_RNSSCALER_H
