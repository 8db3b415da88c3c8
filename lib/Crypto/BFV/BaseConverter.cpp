//===- BaseConverter.cpp - Exact RNS base extension -----------------------===//

#include "BaseConverter.h"
#include "BigUInt.h"
#include "RnsIfma.h"

namespace mplang::crypto::bfv {

BaseConverter::BaseConverter(const RnsBase &from, const RnsBase &to)
    : from(from), to(to) {
  std::vector<uint64_t> qs = from.primes();
  BigUInt q = BigUInt::product(qs);
  for (size_t i = 0; i < qs.size(); ++i) {
    const Modulus qi = from.modulus(i);
    BigUInt qHat = q;
    qHat.divWord(qs[i]);
    qHatInv.push_back(qi.shoup(qi.inv(qHat.modWord(qs[i]))));
    qInv.push_back(1.0 / static_cast<double>(qs[i]));
  }
  useIfma = ifma::usable(from) && ifma::usable(to);
  for (size_t k = 0; k < to.size(); ++k) {
    uint64_t r = to.modulus(k).value();
    for (size_t i = 0; i < qs.size(); ++i) {
      BigUInt qHat = q;
      qHat.divWord(qs[i]);
      qHatModTo.push_back(qHat.modWord(r));
    }
    uint64_t qMod = q.modWord(r);
    for (size_t v = 0; v <= qs.size(); ++v)
      qMultiplesModTo.push_back(to.modulus(k).mul(v, qMod));
  }
}

void BaseConverter::convert(const uint64_t *in, uint64_t *out) const {
  const size_t n = from.degree(), l = from.size();
  // Prime by prime, so that the inner loops run over coefficients. The
  // scratch is thread-local so that calls do not page-fault on fresh memory.
  thread_local std::vector<uint64_t> y;
  thread_local std::vector<double> frac;
  thread_local std::vector<uint8_t> v;
  y.resize(l * n);
  frac.assign(n, 0.0);
  v.resize(n);
  for (size_t i = 0; i < l; ++i) {
    const Modulus qi = from.modulus(i);
    const ShoupConst h = qHatInv[i];
    const double inv = qInv[i];
    const uint64_t *x = in + i * n;
    uint64_t *yi = y.data() + i * n;
    for (size_t c = 0; c < n; ++c) {
      yi[c] = qi.mulShoup(x[c], h);
      frac[c] += static_cast<double>(yi[c]) * inv;
    }
  }
  // x = sum_i y_i Q/q_i - v Q with v the nearest integer to sum_i y_i/q_i
  // (0 <= v <= l).
  for (size_t c = 0; c < n; ++c)
    v[c] = static_cast<uint8_t>(frac[c] + 0.5);
  for (size_t k = 0; k < to.size(); ++k) {
    const Modulus r = to.modulus(k);
    const uint64_t *hat = &qHatModTo[k * l];
    const uint64_t *qMultiple = &qMultiplesModTo[k * (l + 1)];
    uint64_t *o = out + k * n;
    if (useIfma) {
      ifma::dotMinusMultiple(y.data(), n, l, hat, v.data(), qMultiple,
                             r.value(), o);
      continue;
    }
    for (size_t c = 0; c < n; ++c) {
      u128 acc = 0;
      for (size_t i = 0; i < l; ++i)
        acc += static_cast<u128>(y[i * n + c]) * hat[i];
      o[c] = r.sub(r.reduce128(acc), qMultiple[v[c]]);
    }
  }
}

} // namespace mplang::crypto::bfv
