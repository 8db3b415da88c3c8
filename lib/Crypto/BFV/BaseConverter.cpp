//===- BaseConverter.cpp - Exact RNS base extension -----------------------===//

#include "BaseConverter.h"
#include "BigUInt.h"

namespace mplang::bfv {

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
  for (size_t k = 0; k < to.size(); ++k) {
    uint64_t r = to.modulus(k).value();
    for (size_t i = 0; i < qs.size(); ++i) {
      BigUInt qHat = q;
      qHat.divWord(qs[i]);
      qHatModTo.push_back(qHat.modWord(r));
    }
    qModTo.push_back(q.modWord(r));
  }
}

void BaseConverter::convert(const uint64_t *in, uint64_t *out) const {
  const size_t n = from.degree(), l = from.size();
  std::vector<uint64_t> y(l);
  for (size_t c = 0; c < n; ++c) {
    double frac = 0;
    for (size_t i = 0; i < l; ++i) {
      y[i] = from.modulus(i).mulShoup(in[i * n + c], qHatInv[i]);
      frac += static_cast<double>(y[i]) * qInv[i];
    }
    // x = sum_i y_i Q/q_i - v Q with v the nearest integer to sum_i y_i/q_i.
    uint64_t v = static_cast<uint64_t>(frac + 0.5); // frac >= 0
    for (size_t k = 0; k < to.size(); ++k) {
      const Modulus r = to.modulus(k);
      const uint64_t *hat = &qHatModTo[k * l];
      u128 acc = 0;
      for (size_t i = 0; i < l; ++i)
        acc += static_cast<u128>(y[i]) * hat[i];
      out[k * n + c] = r.sub(r.reduce128(acc), r.mul(v, qModTo[k]));
    }
  }
}

} // namespace mplang::bfv
