//===- KeySwitch.cpp - RNS key switching ----------------------------------===//

#include "KeySwitch.h"
#include "ModSwitch.h"
#include "RnsIfma.h"

#include <algorithm>

namespace mplang::crypto::bfv {

void keySwitch(const Context &ctx, const RnsPoly &c, const KeySwitchKey &key,
               RnsPoly &out0, RnsPoly &out1) {
  const RnsBase &qp = ctx.keyBase();
  const size_t n = ctx.degree(), l = ctx.dataBase().size();
  // Thread-local scratch: fresh buffers would page-fault on every call.
  thread_local RnsPoly acc[2];
  thread_local std::vector<uint64_t> digit, lo0, hi0, lo1, hi1;
  acc[0].reshape(l + 1, n);
  acc[1].reshape(l + 1, n);
  digit.resize(n);
  if (ifma::usable(qp)) {
    // Low and high 52-bit halves of the sums for acc[0] and acc[1].
    for (std::vector<uint64_t> *v : {&lo0, &hi0, &lo1, &hi1})
      v->resize(n);
    for (size_t m = 0; m <= l; ++m) {
      const uint64_t q = qp.modulus(m).value();
      for (std::vector<uint64_t> *v : {&lo0, &hi0, &lo1, &hi1})
        std::fill(v->begin(), v->end(), 0);
      for (size_t j = 0; j < l; ++j) {
        ifma::reduceSmall(c.component(j), n, q, digit.data());
        qp.ntt(m).forward(digit.data());
        ifma::mulAccumulate(digit.data(), key.b[j].component(m), n, lo0.data(),
                            hi0.data());
        ifma::mulAccumulate(digit.data(), key.a[j].component(m), n, lo1.data(),
                            hi1.data());
      }
      ifma::reduceSplit(lo0.data(), hi0.data(), n, q, acc[0].component(m));
      ifma::reduceSplit(lo1.data(), hi1.data(), n, q, acc[1].component(m));
    }
  } else {
    std::vector<u128> sum0(n), sum1(n);
    for (size_t m = 0; m <= l; ++m) {
      const Modulus qm = qp.modulus(m);
      std::fill(sum0.begin(), sum0.end(), 0);
      std::fill(sum1.begin(), sum1.end(), 0);
      for (size_t j = 0; j < l; ++j) {
        const uint64_t *cj = c.component(j);
        for (size_t i = 0; i < n; ++i)
          digit[i] = qm.reduce(cj[i]);
        qp.ntt(m).forward(digit.data());
        const uint64_t *b = key.b[j].component(m), *a = key.a[j].component(m);
        // Each product is below 2^122, so up to 63 digits fit in 128 bits.
        for (size_t i = 0; i < n; ++i) {
          sum0[i] += static_cast<u128>(digit[i]) * b[i];
          sum1[i] += static_cast<u128>(digit[i]) * a[i];
        }
      }
      uint64_t *a0 = acc[0].component(m), *a1 = acc[1].component(m);
      for (size_t i = 0; i < n; ++i) {
        a0[i] = qm.reduce128(sum0[i]);
        a1[i] = qm.reduce128(sum1[i]);
      }
    }
  }

  for (int k = 0; k < 2; ++k) {
    acc[k].inverseNtt(qp);
    divideByLastPrime(qp, acc[k], k ? out1 : out0, /*accumulate=*/true);
  }
}

} // namespace mplang::crypto::bfv
