//===- RnsPoly.h - Polynomials in residue number system form ----*- C++ -*-===//

#ifndef MPLANG_CRYPTO_BFV_RNSPOLY_H
#define MPLANG_CRYPTO_BFV_RNSPOLY_H

#include "mplang/Crypto/BFV/Ntt.h"
#include "mplang/Crypto/BFV/PolyAllocator.h"

#include <memory>
#include <vector>

namespace mplang::crypto::bfv {

/// A set of pairwise coprime NTT-friendly primes for ring degree n.
class RnsBase {
public:
  RnsBase() = default;
  RnsBase(const std::vector<uint64_t> &primes, size_t n);

  size_t size() const { return ntts.size(); }
  size_t degree() const { return n; }
  const Modulus &modulus(size_t i) const { return ntts[i]->modulus(); }
  const NttTables &ntt(size_t i) const { return *ntts[i]; }
  std::vector<uint64_t> primes() const;
  /// The first `count` primes of this base (sharing the tables).
  RnsBase prefix(size_t count) const;
  /// This base followed by `other` (sharing the tables).
  RnsBase concat(const RnsBase &other) const;

private:
  size_t n = 0;
  std::vector<std::shared_ptr<const NttTables>> ntts;
};

/// n coefficients per prime, stored prime after prime. Whether the values
/// are coefficients or NTT evaluations is up to the owner.
struct RnsPoly {
  RnsPoly() = default;
  RnsPoly(size_t numModuli, size_t n)
      : numModuli(numModuli), n(n), data(numModuli * n, 0) {}
  /// A numModuli x n polynomial with unspecified contents, for results that
  /// are written in full.
  static RnsPoly uninitialized(size_t numModuli, size_t n) {
    RnsPoly p;
    p.reshape(numModuli, n);
    return p;
  }

  uint64_t *component(size_t i) { return data.data() + i * n; }
  const uint64_t *component(size_t i) const { return data.data() + i * n; }

  /// Gives this polynomial the shape numModuli x n, reusing its storage;
  /// the contents are unspecified.
  void reshape(size_t numModuli, size_t n) {
    this->numModuli = numModuli;
    this->n = n;
    data.resize(numModuli * n);
  }

  void forwardNtt(const RnsBase &base);
  void inverseNtt(const RnsBase &base);
  /// this += other (or -= with `subtract`) over the primes of `base`.
  void addInPlace(const RnsBase &base, const RnsPoly &other,
                  bool subtract = false);
  /// a + b (or a - b) over the primes of `base`, in one pass.
  static RnsPoly sum(const RnsBase &base, const RnsPoly &a, const RnsPoly &b,
                     bool subtract = false);
  /// this *= other, coefficient-wise over the primes of `base` (NTT form).
  void multiplyPointwise(const RnsBase &base, const RnsPoly &other);
  /// a * b coefficient-wise over the primes of `base`, in one pass.
  static RnsPoly product(const RnsBase &base, const RnsPoly &a,
                         const RnsPoly &b);
  /// p(X) -> p(X^g) for odd g, on coefficient form.
  RnsPoly applyGalois(const RnsBase &base, uint32_t g) const;

  friend bool operator==(const RnsPoly &a, const RnsPoly &b) {
    return a.numModuli == b.numModuli && a.n == b.n && a.data == b.data;
  }

  size_t numModuli = 0;
  size_t n = 0;
  std::vector<uint64_t, PolyAllocator<uint64_t>> data;
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_RNSPOLY_H
