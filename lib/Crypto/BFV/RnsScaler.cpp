//===- RnsScaler.cpp - Scale by t/Q and round in RNS ----------------------===//

#include "RnsScaler.h"
#include "BigUInt.h"

namespace mplang::bfv {

RnsScaler::RnsScaler(const RnsBase &q, const RnsBase &e, const Modulus &t)
    : n(q.degree()) {
  std::vector<uint64_t> all = q.concat(e).primes();
  BigUInt qe = BigUInt::product(all), eProd = BigUInt::product(e.primes());
  for (size_t i = 0; i < q.size(); ++i)
    qs.push_back(q.modulus(i));
  for (size_t k = 0; k < e.size(); ++k)
    outs.push_back(e.modulus(k));
  if (outs.empty())
    outs.push_back(t);

  auto lambda = [&](size_t j) {
    Modulus m(all[j]);
    BigUInt hat = qe;
    hat.divWord(all[j]);
    return m.inv(hat.modWord(all[j]));
  };
  std::vector<std::vector<uint64_t>> omegaByPrime;
  for (size_t i = 0; i < qs.size(); ++i) {
    BigUInt num = eProd;
    num.mulWord(t.value());
    num.mulWord(lambda(i));
    uint64_t rem = num.divWord(qs[i].value());
    theta.push_back(static_cast<long double>(rem) /
                    static_cast<long double>(qs[i].value()));
    std::vector<uint64_t> row;
    for (const Modulus &o : outs)
      row.push_back(num.modWord(o.value()));
    omegaByPrime.push_back(row);
  }
  for (size_t k = 0; k < outs.size(); ++k)
    for (size_t i = 0; i < qs.size(); ++i)
      omega.push_back(omegaByPrime[i][k]);
  for (size_t k = 0; k < e.size(); ++k) {
    const Modulus ek = outs[k];
    BigUInt eHat = eProd;
    eHat.divWord(ek.value());
    uint64_t m = ek.mul(ek.mul(t.value() % ek.value(), lambda(qs.size() + k)),
                        eHat.modWord(ek.value()));
    mu.push_back(ek.shoup(m));
  }
}

void RnsScaler::scale(const uint64_t *in, uint64_t *out) const {
  const size_t l = qs.size();
  for (size_t c = 0; c < n; ++c) {
    long double frac = 0;
    for (size_t i = 0; i < l; ++i)
      frac += static_cast<long double>(in[i * n + c]) * theta[i];
    uint64_t rounded = static_cast<uint64_t>(frac + 0.5L); // frac >= 0
    for (size_t k = 0; k < outs.size(); ++k) {
      const Modulus o = outs[k];
      const uint64_t *w = &omega[k * l];
      u128 acc = rounded;
      for (size_t i = 0; i < l; ++i)
        acc += static_cast<u128>(in[i * n + c]) * w[i];
      uint64_t r = o.reduce128(acc);
      if (!mu.empty())
        r = o.add(r, o.mulShoup(in[(l + k) * n + c], mu[k]));
      out[k * n + c] = r;
    }
  }
}

} // namespace mplang::bfv
