//===- Ntt.h - Negacyclic number-theoretic transform ------------*- C++ -*-===//
//
// Forward transform: Cooley-Tukey with Harvey's lazy butterflies (values stay
// in [0, 4q)), natural-order input, bit-reversed output: entry j holds the
// evaluation at psi^(2*bitrev(j)+1). Inverse: Gentleman-Sande, with 1/n folded
// into the last stage.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_NTT_H
#define MPLANG_CRYPTO_BFV_NTT_H

#include "mplang/Crypto/BFV/Modulus.h"

#include <cstddef>
#include <vector>

namespace mplang::bfv {

class NttTables {
public:
  /// Requires q prime, q = 1 mod 2n, n a power of two >= 2.
  NttTables(const Modulus &q, size_t n);

  const Modulus &modulus() const { return q; }
  size_t size() const { return n; }
  uint64_t psi() const { return rootPowers[n / 2].value; }

  /// In-place transforms; input and output in [0, q).
  void forward(uint64_t *a) const;
  void inverse(uint64_t *a) const;

private:
  Modulus q;
  size_t n;
  int logN;
  std::vector<ShoupConst> rootPowers;    // psi^bitrev(i)
  std::vector<ShoupConst> invRootPowers; // psi^-(bitrev(i)) in GS order
  ShoupConst invN, invNTimesLastRoot;
};

uint32_t bitReverse(uint32_t x, int bits);

} // namespace mplang::bfv

#endif // MPLANG_CRYPTO_BFV_NTT_H
