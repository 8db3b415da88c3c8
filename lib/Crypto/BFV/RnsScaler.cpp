//===- RnsScaler.cpp - Scale by t/Q and round in RNS ----------------------===//

#include "RnsScaler.h"
#include "BigUInt.h"

#include <algorithm>
#include <cmath>

namespace mplang::crypto::bfv {

static constexpr int kSplit = 26;

RnsScaler::RnsScaler(const RnsBase &q, const RnsBase &e, const Modulus &t)
    : n(q.degree()) {
  std::vector<uint64_t> all = q.concat(e).primes();
  BigUInt qe = BigUInt::product(all), eProd = BigUInt::product(e.primes());
  BigUInt qProd = BigUInt::product(q.primes());
  double qValue = 1;
  for (uint64_t prime : q.primes())
    qValue *= static_cast<double>(prime);
  exhaustedAt = std::ldexp(1.0, qProd.bitLength() - 2) / qValue;
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
    const uint64_t qi = qs[i].value();
    u128 shifted = static_cast<u128>(rem) << kSplit;
    thetaHigh.push_back(static_cast<uint64_t>(shifted / qi));
    thetaLow.push_back(
        static_cast<double>(static_cast<uint64_t>(shifted % qi)) /
        static_cast<double>(qi));
    theta.push_back(static_cast<double>(rem) / static_cast<double>(qi));
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

void RnsScaler::scale(const uint64_t *in, uint64_t *out,
                      double *distance) const {
  const size_t l = qs.size();
  // Prime by prime, so that the inner loops run over coefficients. The
  // scratch is thread-local so that calls do not page-fault on fresh memory.
  thread_local std::vector<u128> whole, rounded;
  thread_local std::vector<double> frac;
  whole.assign(n, 0);
  frac.assign(n, 0.0);
  rounded.resize(n);
  for (size_t i = 0; i < l; ++i) {
    const uint64_t *x = in + i * n;
    const uint64_t high = thetaHigh[i];
    const double low = thetaLow[i], th = theta[i];
    for (size_t c = 0; c < n; ++c) {
      uint64_t xh = x[c] >> kSplit, xl = x[c] & ((uint64_t(1) << kSplit) - 1);
      whole[c] += static_cast<u128>(xh) * high;
      frac[c] += static_cast<double>(xh) * low + static_cast<double>(xl) * th;
    }
  }
  for (size_t c = 0; c < n; ++c) // frac >= 0
    rounded[c] = whole[c] + static_cast<uint64_t>(frac[c] + 0.5);
  // frac holds t x / Q less an integer, to about 2^-18 (its terms are below
  // 2^35): the distance's error is that small too.
  if (distance) {
    double largest = 0;
    for (size_t c = 0; c < n; ++c) {
      double nearest =
          static_cast<double>(static_cast<uint64_t>(frac[c] + 0.5));
      largest = std::max(largest, std::abs(frac[c] - nearest));
    }
    *distance = largest;
  }
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

} // namespace mplang::crypto::bfv
