//===- Ntt.cpp - Negacyclic number-theoretic transform --------------------===//

#include "mplang/Crypto/BFV/Ntt.h"
#include "IfmaOps.h"
#include "NttIfma.h"
#include "RnsIfma.h"

#include <algorithm>
#include <cassert>

namespace mplang::crypto::bfv {

uint32_t bitReverse(uint32_t x, int bits) {
  uint32_t r = 0;
  for (int i = 0; i < bits; ++i, x >>= 1)
    r = (r << 1) | (x & 1);
  return r;
}

bool nttBackendSupported(NttBackend backend) {
  return backend == NttBackend::Scalar || ifma::cpuSupported();
}

NttTables::NttTables(const Modulus &q, size_t n)
    : q(q), n(n), logN(__builtin_ctzll(n)), rootPowers(n), invRootPowers(n) {
  assert(n >= 2 && (n & (n - 1)) == 0 && (q.value() - 1) % (2 * n) == 0);
  uint64_t psi = minimalPrimitiveRoot(q, 2 * n);
  uint64_t psiInv = q.inv(psi);
  uint64_t power = 1, invPower = 1;
  for (size_t i = 0; i < n; ++i) {
    uint32_t r = bitReverse(static_cast<uint32_t>(i), logN);
    rootPowers[r] = q.shoup(power);
    invRootPowers[r] = q.shoup(invPower);
    power = q.mul(power, psi);
    invPower = q.mul(invPower, psiInv);
  }
  uint64_t nInv = q.inv(q.reduce(n));
  invN = q.shoup(nInv);
  invNTimesLastRoot = q.shoup(q.mul(nInv, invRootPowers[1].value));

  if (q.value() >= (uint64_t(1) << 50) || n < 16 || !ifma::cpuSupported())
    return;
  auto quot52 = [&](uint64_t w) { return ifma::shoupQuotient52(w, q.value()); };
  for (size_t i = 0; i < n; ++i) {
    rootValues.push_back(rootPowers[i].value);
    rootQuot52.push_back(quot52(rootPowers[i].value));
    invRootValues.push_back(invRootPowers[i].value);
    invRootQuot52.push_back(quot52(invRootPowers[i].value));
  }
  invNQuot52 = quot52(invN.value);
  invNTimesLastRootQuot52 = quot52(invNTimesLastRoot.value);
  best = NttBackend::Avx512Ifma;
}

void NttTables::forwardIfma(const uint64_t *in, uint64_t *out) const {
  const ifma::Roots roots{rootValues.data(), rootQuot52.data()};
  size_t m = 1, t = n / 2;
  if (t < 16 && in != out)
    std::copy(in, in + n, out);
  // Two stages per pass over memory while both distances fill vectors; the
  // first pass reads `in`.
  for (const uint64_t *from = in; t >= 16; m <<= 2, t >>= 2, from = out)
    ifma::forwardTwoStages(from, out, m, t, q.value(), roots);
  for (; t >= 8; m <<= 1, t >>= 1)
    ifma::forwardStage(out, m, t, q.value(), roots);
  ifma::forwardLastStages(out, n, q.value(), roots);
}

void NttTables::forward(const uint64_t *in, uint64_t *out,
                        const uint64_t *factor) const {
  if (best == NttBackend::Avx512Ifma) {
    forwardIfma(in, out);
    // A pass of its own: fused into the last stages, the product was slower.
    if (factor)
      ifma::mulMod(out, factor, n, q.value(), out);
    return;
  }
  if (in != out)
    std::copy(in, in + n, out);
  forward(out, NttBackend::Scalar);
  if (factor)
    for (size_t i = 0; i < n; ++i)
      out[i] = q.mul(out[i], factor[i]);
}

void NttTables::forward(uint64_t *a, NttBackend backend) const {
  const Modulus q = this->q;
  const uint64_t twoQ = 2 * q.value();
  const bool vector =
      backend == NttBackend::Avx512Ifma && best == NttBackend::Avx512Ifma;
  if (vector) {
    forwardIfma(a, a);
    return;
  }
  size_t t = n;
  for (size_t m = 1; m < n; m <<= 1) {
    t >>= 1;
    for (size_t i = 0; i < m; ++i) {
      ShoupConst w = rootPowers[m + i];
      uint64_t *x = a + 2 * i * t, *y = x + t;
      for (size_t j = 0; j < t; ++j) {
        uint64_t u = x[j] >= twoQ ? x[j] - twoQ : x[j];
        uint64_t v = q.mulShoupLazy(y[j], w);
        x[j] = u + v;
        y[j] = u - v + twoQ;
      }
    }
  }
  for (size_t j = 0; j < n; ++j) {
    uint64_t v = a[j] >= twoQ ? a[j] - twoQ : a[j];
    a[j] = v >= q.value() ? v - q.value() : v;
  }
}

void NttTables::inverse(uint64_t *a, NttBackend backend) const {
  const Modulus q = this->q;
  const uint64_t twoQ = 2 * q.value();
  const bool vector =
      backend == NttBackend::Avx512Ifma && best == NttBackend::Avx512Ifma;
  if (vector) {
    const ifma::Roots roots{invRootValues.data(), invRootQuot52.data()};
    ifma::inverseFirstStages(a, n, q.value(), roots);
    size_t h = n / 16, t = 8;
    // Up to the last stage, which scales by 1/n: two stages per pass while
    // both fill vectors and the second is not the last.
    while (h > 1) {
      if (t >= 8 && h >= 4) {
        ifma::inverseTwoStages(a, h, t, q.value(), roots);
        h >>= 2;
        t <<= 2;
      } else {
        ifma::inverseStage(a, h, t, q.value(), roots);
        h >>= 1;
        t <<= 1;
      }
    }
    ifma::inverseLastStage(a, t, q.value(), invN.value, invNQuot52,
                           invNTimesLastRoot.value, invNTimesLastRootQuot52);
    return;
  }
  size_t t = 1;
  for (size_t m = n; m > 2; m >>= 1, t <<= 1) {
    size_t h = m / 2;
    for (size_t i = 0; i < h; ++i) {
      ShoupConst w = invRootPowers[h + i];
      uint64_t *x = a + 2 * i * t, *y = x + t;
      for (size_t j = 0; j < t; ++j) {
        uint64_t u = x[j], v = y[j];
        uint64_t s = u + v;
        x[j] = s >= twoQ ? s - twoQ : s;
        y[j] = q.mulShoupLazy(u - v + twoQ, w);
      }
    }
  }
  // Last stage: scale by 1/n in the same pass.
  uint64_t *x = a, *y = a + t;
  for (size_t j = 0; j < t; ++j) {
    uint64_t u = x[j], v = y[j];
    x[j] = q.mulShoup(u + v, invN);
    y[j] = q.mulShoup(u - v + twoQ, invNTimesLastRoot);
  }
}

} // namespace mplang::crypto::bfv
