//===- NoiseModel.cpp - BFV noise growth, operation by operation ----------===//
//
// Every formula is the variance of the invariant noise that the library's
// implementation of the operation produces; docs/bfv.md derives them. The
// samplers' variances come from the library (Prg.h).
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/BFV/Analysis/NoiseModel.h"
#include "mplang/Crypto/BFV/Context.h"
#include "mplang/Crypto/BFV/Encryptor.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::bfv;

/// Decryption fails with probability at most 2^-kFailureBits per
/// ciphertext under the Gaussian tail of the noise coefficients.
static constexpr double kFailureBits = 40;

/// The z with n erfc(z / sqrt 2) = 2^-kFailureBits: the probability that
/// one of n Gaussian coefficients exceeds z standard deviations.
static double tailFactor(int64_t n) {
  double target = std::exp2(-kFailureBits) / static_cast<double>(n);
  double lo = 1, hi = 20;
  for (int i = 0; i < 100; ++i) {
    double mid = (lo + hi) / 2;
    (std::erfc(mid / std::sqrt(2.0)) > target ? lo : hi) = mid;
  }
  return hi;
}

std::optional<NoiseModel> NoiseModel::get(int64_t n, uint64_t t,
                                          llvm::ArrayRef<int64_t> qBits) {
  std::vector<int> bits(qBits.begin(), qBits.end());
  llvm::Expected<std::vector<uint64_t>> primes =
      mplang::crypto::bfv::coeffModulusPrimes(n, t, bits);
  if (!primes) {
    llvm::consumeError(primes.takeError());
    return std::nullopt;
  }
  NoiseModel model;
  model.n = n;
  model.t = static_cast<double>(t);
  double p = static_cast<double>(primes->back());
  model.log2P = std::log2(p);
  // Q stays below 2^438 (the security bound of n = 16384).
  llvm::APInt q(512, 1);
  double log2Q = 0;
  for (uint64_t prime : llvm::ArrayRef(*primes).drop_back()) {
    q *= llvm::APInt(512, prime);
    log2Q += std::log2(static_cast<double>(prime));
    model.log2Q.push_back(log2Q);
    model.bitsQ.push_back(q.getActiveBits());
    model.digitsOverP += std::pow(static_cast<double>(prime) / p, 2);
  }
  model.tail = tailFactor(n);
  model.floodBits = mplang::crypto::bfv::floodingNoiseBits(t, primes->front());
  return model;
}

double NoiseModel::scale(unsigned primes) const {
  return std::exp2(2 * (std::log2(t) - log2Q[primes - 1]));
}

double NoiseModel::rounding(unsigned size) const {
  // E[(s^i)_j^2] = i! n^(i-1) (2/3)^i for a ternary s (the i! pairings of
  // the factors), so u s^i contributes i! n^i (2/3)^i / 12.
  double sum = 0, term = 1;
  for (unsigned i = 0; i < size; ++i) {
    sum += term;
    term *= (i + 1) * n * mplang::crypto::bfv::kTernaryVariance;
  }
  return sum / 12;
}

/// The exponent of `key` in `factors`.
static unsigned exponent(const NoiseFactors &factors, const void *key) {
  for (auto [k, e] : factors)
    if (k == key)
      return e;
  return 0;
}

NoiseFactors mlir::bfv::combineFactors(const NoiseFactors &a,
                                       const NoiseFactors &b, bool product) {
  NoiseFactors r = a;
  for (auto [key, e] : b) {
    auto it = llvm::find_if(r, [&](auto &f) { return f.first == key; });
    if (it == r.end())
      r.push_back({key, e});
    else
      it->second = product ? it->second + e : std::max(it->second, e);
  }
  return r;
}

double NoiseModel::product(double va, const NoiseFactors &a, double vb,
                           const NoiseFactors &b) const {
  double pairings = 1;
  for (auto [key, eb] : b) // times C(ea + eb, eb)
    for (unsigned i = 1, ea = exponent(a, key); i <= eb; ++i)
      pairings = pairings * (ea + i) / i;
  return n * va * vb * pairings;
}

double NoiseModel::keySwitchVariance() const {
  // Digit j is [c]_{q_j} in [0, q_j) (second moment q_j^2 / 3), times the
  // key's error, divided by P; then the rounding of the division by P.
  return scale(getDataPrimes()) *
         (n * mplang::crypto::bfv::kErrorVariance * digitsOverP / 3 +
          rounding(2));
}

Noise NoiseModel::encrypt() const {
  // (e u + e_0 + e_1 s) / P plus the rounding of the division by P, plus
  // the rounding of Delta m (at most 1/2).
  double e = mplang::crypto::bfv::kErrorVariance;
  double overP = (2 * n * mplang::crypto::bfv::kTernaryVariance * e + e) *
                 std::exp2(-2 * log2P);
  Noise r;
  r.variance = scale(getDataPrimes()) * (overP + rounding(2) + 0.25);
  r.factors = {{nullptr, 1}}; // mostly the rounding term u s
  r.primes = getDataPrimes();
  return r;
}

Noise NoiseModel::encryptSymmetric() const {
  Noise r;
  r.variance =
      scale(getDataPrimes()) * (mplang::crypto::bfv::kErrorVariance + 0.25);
  r.primes = getDataPrimes();
  return r;
}

Noise NoiseModel::add(const Noise &a, const Noise &b) const {
  Noise r;
  // One ciphertext twice doubles its noise rather than adding an
  // independent one.
  bool same = a.carrier && a.carrier == b.carrier;
  r.variance = same ? 4 * a.variance : a.variance + b.variance;
  r.flood = a.flood + b.flood;
  r.factors = combineFactors(a.factors, b.factors, /*product=*/false);
  r.size = std::max(a.size, b.size);
  r.primes = std::min(a.primes, b.primes);
  return r;
}

Noise NoiseModel::addPlain(const Noise &a) const {
  Noise r = a;
  r.variance += scale(a.primes) * 0.25; // rounding of Delta m
  return r;
}

Noise NoiseModel::mulPlain(const Noise &a) const {
  // v p for the centred plaintext p: sum_j p_j^2 <= n ((t - 1) / 2)^2.
  Noise r = a;
  r.variance *= n * std::pow((t - 1) / 2, 2);
  return r;
}

Noise NoiseModel::mul(const Noise &a, const Noise &b) const {
  // t c(s) / Q = m + t k + v for each operand, so the product's noise is
  // (m_a + t k_a) v_b + (m_b + t k_b) v_a + v_a v_b + t / Q (rounding)(s),
  // where m + t k = t c(s) / Q - v has coefficients of variance
  // t^2 rounding(size) (c's coefficients are uniform mod Q), a term in
  // s^(size - 1) and the carry k.
  auto carry = [&](const Noise &x) {
    NoiseFactors f = {{nullptr, x.size - 1}};
    if (x.carrier)
      f.push_back({x.carrier, 1});
    return f;
  };
  NoiseFactors carryA = carry(a), carryB = carry(b);
  double crossA =
      product(t * t * rounding(a.size), carryA, b.variance, b.factors);
  double crossB =
      product(t * t * rounding(b.size), carryB, a.variance, a.factors);
  bool same = a.carrier && a.carrier == b.carrier;
  Noise r;
  r.size = a.size + b.size - 1;
  r.primes = getDataPrimes();
  r.variance = (same ? std::pow(std::sqrt(crossA) + std::sqrt(crossB), 2)
                     : crossA + crossB) +
               product(a.variance, a.factors, b.variance, b.factors) +
               scale(r.primes) * rounding(r.size);
  // The noise's terms: carry A times v_b, carry B times v_a, v_a v_b.
  NoiseFactors termA = combineFactors(carryA, b.factors, /*product=*/true);
  NoiseFactors termB = combineFactors(carryB, a.factors, /*product=*/true);
  NoiseFactors termAB = combineFactors(a.factors, b.factors, /*product=*/true);
  r.factors = combineFactors(combineFactors(termA, termB, /*product=*/false),
                             termAB, /*product=*/false);
  return r;
}

Noise NoiseModel::relinearize(const Noise &a) const {
  if (a.size <= 2)
    return a; // returned unchanged
  Noise r = a;
  r.variance += keySwitchVariance();
  r.factors = combineFactors(r.factors, {{nullptr, 1}}, /*product=*/false);
  r.size = 2;
  return r;
}

Noise NoiseModel::rotate(const Noise &a, unsigned keySwitches) const {
  // An automorphism permutes the coefficients (up to sign).
  Noise r = a;
  r.variance += keySwitches * keySwitchVariance();
  if (keySwitches)
    r.factors = combineFactors(r.factors, {{nullptr, 1}}, /*product=*/false);
  return r;
}

Noise NoiseModel::modSwitch(const Noise &a, unsigned drop) const {
  // Each step divides every polynomial by its last prime with rounding.
  Noise r = a;
  for (unsigned i = 0; i < drop && r.primes > 1; ++i) {
    --r.primes;
    r.variance += scale(r.primes) * rounding(r.size);
    r.factors =
        combineFactors(r.factors, {{nullptr, r.size - 1}}, /*product=*/false);
  }
  return r;
}

Noise NoiseModel::sanitize(const Noise &a) const {
  Noise r = modSwitch(add(a, encrypt()), getDataPrimes() - 1);
  r.flood = std::exp2(std::log2(t) + floodBits - log2Q[0]);
  return r;
}

double NoiseModel::getLog2Bound(const Noise &noise) const {
  return std::log2(noise.flood + tail * std::sqrt(noise.variance));
}

int NoiseModel::getBudget(const Noise &noise) const {
  unsigned k = std::max(1u, std::min(noise.primes, getDataPrimes()));
  double log2Max = log2Q[k - 1] + getLog2Bound(noise);
  int bitsMax = log2Max < 0 ? 0 : static_cast<int>(std::floor(log2Max)) + 1;
  return bitsQ[k - 1] - bitsMax - 1;
}

double NoiseModel::getLog2Hidden(int64_t security) const {
  return std::log2(t) + floodBits - log2Q[0] - static_cast<double>(security) -
         std::log2(static_cast<double>(n));
}
