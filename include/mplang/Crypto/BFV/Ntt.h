//===- Ntt.h - Negacyclic number-theoretic transform ------------*- C++ -*-===//
//
// Forward transform: Cooley-Tukey with Harvey's lazy butterflies (values stay
// in [0, 4q)), natural-order input, bit-reversed output: entry j holds the
// evaluation at psi^(2*bitrev(j)+1). Inverse: Gentleman-Sande, with 1/n folded
// into the last stage.
//
// With AVX-512 IFMA (8 lanes of 52-bit multiply-add, checked at run time)
// and q < 2^50, so that lazy values below 4q fit in 52 bits, all stages run
// vectorized for n >= 16; otherwise the portable path runs.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_NTT_H
#define MPLANG_CRYPTO_BFV_NTT_H

#include "mplang/Crypto/BFV/Modulus.h"

#include <cstddef>
#include <vector>

namespace mplang::crypto::bfv {

enum class NttBackend { Scalar, Avx512Ifma };

/// Whether this CPU can run `backend` (checked once, at run time).
bool nttBackendSupported(NttBackend backend);

class NttTables {
public:
  /// Requires q prime, q = 1 mod 2n, n a power of two >= 2.
  NttTables(const Modulus &q, size_t n);

  const Modulus &modulus() const { return q; }
  size_t size() const { return n; }
  uint64_t psi() const { return rootPowers[n / 2].value; }

  /// The fastest backend usable for this modulus on this CPU.
  NttBackend backend() const { return best; }

  /// In-place transforms; input and output in [0, q).
  void forward(uint64_t *a) const { forward(a, best); }
  void inverse(uint64_t *a) const { inverse(a, best); }
  /// With an explicit backend; Avx512Ifma falls back to Scalar when it is
  /// unsupported here.
  void forward(uint64_t *a, NttBackend backend) const;
  void inverse(uint64_t *a, NttBackend backend) const;
  /// Out of place, which saves a copy when the input must be kept (`in`
  /// may be `out`), and times `factor` (NTT form, below q) pointwise unless
  /// it is null.
  void forward(const uint64_t *in, uint64_t *out,
               const uint64_t *factor = nullptr) const;

private:
  void forwardIfma(const uint64_t *in, uint64_t *out) const;

  Modulus q;
  size_t n;
  int logN;
  std::vector<ShoupConst> rootPowers;    // psi^bitrev(i)
  std::vector<ShoupConst> invRootPowers; // psi^-(bitrev(i)) in GS order
  ShoupConst invN, invNTimesLastRoot;
  // Root values and floor(w 2^52 / q) companions for the IFMA path (empty
  // if unusable).
  std::vector<uint64_t> rootValues, rootQuot52, invRootValues, invRootQuot52;
  uint64_t invNQuot52 = 0, invNTimesLastRootQuot52 = 0;
  NttBackend best = NttBackend::Scalar;
};

uint32_t bitReverse(uint32_t x, int bits);

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_NTT_H
