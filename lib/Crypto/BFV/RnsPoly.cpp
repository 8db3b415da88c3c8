//===- RnsPoly.cpp - Polynomials in residue number system form ------------===//

#include "mplang/Crypto/BFV/RnsPoly.h"
#include "RnsIfma.h"

#include <cassert>

namespace mplang::crypto::bfv {

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

/// out = op(x, y) over the primes of `base`: `vectorOp(x, y, n, q, out)` on
/// whole components when the IFMA kernels apply, else `scalarOp(q, x_i,
/// y_i)`. out may be x.
template <typename VectorOp, typename ScalarOp>
static void combine(const RnsBase &base, const RnsPoly &x, const RnsPoly &y,
                    RnsPoly &out, VectorOp vectorOp, ScalarOp scalarOp) {
  const bool vector = ifma::usable(base);
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    const uint64_t *xm = x.component(m), *ym = y.component(m);
    uint64_t *om = out.component(m);
    if (vector) {
      vectorOp(xm, ym, x.n, q.value(), om);
      continue;
    }
    for (size_t i = 0; i < x.n; ++i)
      om[i] = scalarOp(q, xm[i], ym[i]);
  }
}

static void addOrSub(const RnsBase &base, const RnsPoly &a, const RnsPoly &b,
                     RnsPoly &out, bool subtract) {
  combine(
      base, a, b, out,
      [subtract](const uint64_t *x, const uint64_t *y, size_t n, uint64_t q,
                 uint64_t *o) { ifma::addMod(x, y, n, q, subtract, o); },
      [subtract](const Modulus &q, uint64_t x, uint64_t y) {
        return subtract ? q.sub(x, y) : q.add(x, y);
      });
}

void RnsPoly::addInPlace(const RnsBase &base, const RnsPoly &other,
                         bool subtract) {
  addOrSub(base, *this, other, *this, subtract);
}

RnsPoly RnsPoly::sum(const RnsBase &base, const RnsPoly &a, const RnsPoly &b,
                     bool subtract) {
  RnsPoly out = uninitialized(a.numModuli, a.n);
  addOrSub(base, a, b, out, subtract);
  return out;
}

static void multiply(const RnsBase &base, const RnsPoly &a, const RnsPoly &b,
                     RnsPoly &out) {
  combine(base, a, b, out, ifma::mulMod,
          [](const Modulus &q, uint64_t x, uint64_t y) { return q.mul(x, y); });
}

void RnsPoly::multiplyPointwise(const RnsBase &base, const RnsPoly &other) {
  multiply(base, *this, other, *this);
}

RnsPoly RnsPoly::product(const RnsBase &base, const RnsPoly &a,
                         const RnsPoly &b) {
  RnsPoly out = uninitialized(base.size(), a.n);
  multiply(base, a, b, out);
  return out;
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

} // namespace mplang::crypto::bfv
