//===- RnsPoly.cpp - Polynomials in residue number system form ------------===//

#include "mplang/Crypto/BFV/RnsPoly.h"
#include "RnsIfma.h"

#include <cassert>

namespace mplang::bfv {

RnsBase::RnsBase(const std::vector<uint64_t> &primes, size_t n) : n(n) {
  for (uint64_t p : primes)
    ntts.push_back(std::make_shared<NttTables>(Modulus(p), n));
}

std::vector<uint64_t> RnsBase::primes() const {
  std::vector<uint64_t> result;
  for (const auto &t : ntts)
    result.push_back(t->modulus().value());
  return result;
}

RnsBase RnsBase::prefix(size_t count) const {
  RnsBase r;
  r.n = n;
  r.ntts.assign(ntts.begin(), ntts.begin() + count);
  return r;
}

RnsBase RnsBase::concat(const RnsBase &other) const {
  RnsBase r = *this;
  r.ntts.insert(r.ntts.end(), other.ntts.begin(), other.ntts.end());
  return r;
}

void RnsPoly::forwardNtt(const RnsBase &base) {
  assert(base.size() <= numModuli && base.degree() == n);
  for (size_t i = 0; i < base.size(); ++i)
    base.ntt(i).forward(component(i));
}

void RnsPoly::inverseNtt(const RnsBase &base) {
  assert(base.size() <= numModuli && base.degree() == n);
  for (size_t i = 0; i < base.size(); ++i)
    base.ntt(i).inverse(component(i));
}

/// x = op(x, y) over the primes of `base`: `vectorOp(x, y, n, q)` on whole
/// components when the IFMA kernels apply, else `scalarOp(q, x_i, y_i)`.
template <typename VectorOp, typename ScalarOp>
static void combineInPlace(const RnsBase &base, RnsPoly &x, const RnsPoly &y,
                           VectorOp vectorOp, ScalarOp scalarOp) {
  const bool vector = ifma::usable(base);
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    uint64_t *xm = x.component(m);
    const uint64_t *ym = y.component(m);
    if (vector) {
      vectorOp(xm, ym, x.n, q.value());
      continue;
    }
    for (size_t i = 0; i < x.n; ++i)
      xm[i] = scalarOp(q, xm[i], ym[i]);
  }
}

void RnsPoly::addInPlace(const RnsBase &base, const RnsPoly &other,
                         bool subtract) {
  combineInPlace(
      base, *this, other,
      [subtract](uint64_t *x, const uint64_t *y, size_t n, uint64_t q) {
        ifma::addMod(x, y, n, q, subtract);
      },
      [subtract](const Modulus &q, uint64_t x, uint64_t y) {
        return subtract ? q.sub(x, y) : q.add(x, y);
      });
}

void RnsPoly::multiplyPointwise(const RnsBase &base, const RnsPoly &other) {
  combineInPlace(
      base, *this, other,
      [](uint64_t *x, const uint64_t *y, size_t n, uint64_t q) {
        ifma::mulMod(x, y, n, q, x);
      },
      [](const Modulus &q, uint64_t x, uint64_t y) { return q.mul(x, y); });
}

RnsPoly RnsPoly::applyGalois(const RnsBase &base, uint32_t g) const {
  RnsPoly out(numModuli, n);
  const size_t mask = 2 * n - 1;
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    const uint64_t *in = component(m);
    uint64_t *o = out.component(m);
    // X^i -> X^(i g mod 2n), and X^(n + k) = -X^k.
    for (size_t i = 0, e = 0; i < n; ++i, e = (e + g) & mask) {
      if (e < n)
        o[e] = in[i];
      else
        o[e - n] = q.neg(in[i]);
    }
  }
  return out;
}

} // namespace mplang::bfv
