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
  // Prime by prime, so that the inner loops run over coefficients.
  std::vector<long double> frac(n, 0.0L);
  for (size_t i = 0; i < l; ++i) {
    const uint64_t *x = in + i * n;
    const long double th = theta[i];
    for (size_t c = 0; c < n; ++c)
      frac[c] += static_cast<long double>(x[c]) * th;
  }
  std::vector<uint64_t> rounded(n);
  for (size_t c = 0; c < n; ++c)
    rounded[c] = static_cast<uint64_t>(frac[c] + 0.5L); // frac >= 0
  for (size_t k = 0; k < outs.size(); ++k) {
    const Modulus o = outs[k];
    const uint64_t *w = &omega[k * l];
    uint64_t *dst = out + k * n;
    for (size_t c = 0; c < n; ++c) {
      u128 acc = rounded[c];
      for (size_t i = 0; i < l; ++i)
        acc += static_cast<u128>(in[i * n + c]) * w[i];
      dst[c] = o.reduce128(acc);
    }
    if (mu.empty())
      continue;
    const ShoupConst m = mu[k];
    const uint64_t *x = in + (l + k) * n;
    for (size_t c = 0; c < n; ++c)
      dst[c] = o.add(dst[c], o.mulShoup(x[c], m));
  }
}

} // namespace mplang::bfv
