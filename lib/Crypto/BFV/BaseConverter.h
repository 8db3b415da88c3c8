//===- BaseConverter.h - Exact RNS base extension ---------------*- C++ -*-===//
//
// Converts the centred representative of x mod Q (|x| < Q/2) into another
// base. Fast base conversion plus the floating-point overflow estimate of
// Halevi, Polyakov and Shoup (2018), which makes it exact except when x is
// within about Q * 2^-50 of +-Q/2.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_BFV_BASECONVERTER_H
#define MPLANG_LIB_CRYPTO_BFV_BASECONVERTER_H

#include "mplang/Crypto/BFV/RnsPoly.h"

namespace mplang::crypto::bfv {

class BaseConverter {
public:
  BaseConverter(const RnsBase &from, const RnsBase &to);

  /// `in` holds from.size() components and `out` to.size() components of n
  /// coefficients each, in coefficient form.
  void convert(const uint64_t *in, uint64_t *out) const;

private:
  RnsBase from, to;
  bool useIfma = false;            // all primes below 2^50 and the CPU has IFMA
  std::vector<ShoupConst> qHatInv; // (Q/q_i)^-1 mod q_i
  std::vector<double> qInv;        // 1/q_i
  std::vector<uint64_t> qHatModTo; // (Q/q_i) mod r_k, [k][i]
  std::vector<uint64_t> qMultiplesModTo; // v Q mod r_k, [k][v], 0 <= v <= l
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_LIB_CRYPTO_BFV_BASECONVERTER_H
