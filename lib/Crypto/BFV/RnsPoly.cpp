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

void RnsPoly::addInPlace(const RnsBase &base, const RnsPoly &other,
                         bool subtract) {
  const bool vector = ifma::usable(base);
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    uint64_t *x = component(m);
    const uint64_t *y = other.component(m);
    if (vector) {
      ifma::addMod(x, y, n, q.value(), subtract);
      continue;
    }
    for (size_t i = 0; i < n; ++i)
      x[i] = subtract ? q.sub(x[i], y[i]) : q.add(x[i], y[i]);
  }
}

void RnsPoly::multiplyPointwise(const RnsBase &base, const RnsPoly &other) {
  const bool vector = ifma::usable(base);
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    uint64_t *x = component(m);
    const uint64_t *y = other.component(m);
    if (vector) {
      ifma::mulMod(x, y, n, q.value(), x);
      continue;
    }
    for (size_t i = 0; i < n; ++i)
      x[i] = q.mul(x[i], y[i]);
  }
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
