//===- BFVSanitizeTest.cpp - flooding hides how a ciphertext was made -----===//

#include "BFVTestUtil.h"

#include "llvm/ADT/APInt.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace mplang::crypto::bfv;
using namespace mplang::crypto::bfv::test;
using llvm::cantFail;

namespace {

/// `v` as a double (APInt::roundToDouble is off by a factor of two for
/// some widths).
double toDouble(const llvm::APInt &v) {
  unsigned bits = v.getActiveBits(), shift = bits > 64 ? bits - 64 : 0;
  return std::ldexp(static_cast<double>(v.lshr(shift).getZExtValue()), shift);
}

/// The invariant noise of every coefficient of `ct` (size 2): the centred
/// t (c_0 + c_1 s) mod Q, over Q, composed exactly from the residues.
std::vector<double> invariantNoise(const Session &s, const Ciphertext &ct) {
  const size_t n = s.ctx->degree(), primes = ct.numPrimes();
  const RnsBase base = s.ctx->dataBase().prefix(primes);
  RnsPoly x = ct.polys[1];
  x.forwardNtt(base);
  x.multiplyPointwise(base, s.keygen.secretKey().ntt);
  x.inverseNtt(base);
  constexpr unsigned kWidth = 512; // Q < 2^438
  llvm::APInt q(kWidth, 1);
  for (size_t j = 0; j < primes; ++j)
    q *= llvm::APInt(kWidth, base.modulus(j).value());
  // t x = sum_j [x_j t (Q/q_j)^-1]_{q_j} Q/q_j mod Q.
  std::vector<llvm::APInt> qHat;
  std::vector<uint64_t> factor;
  for (size_t j = 0; j < primes; ++j) {
    const Modulus qj = base.modulus(j);
    qHat.push_back(q.udiv(llvm::APInt(kWidth, qj.value())));
    factor.push_back(qj.mul(qj.reduce(s.ctx->plainModulus().value()),
                            qj.inv(qHat.back().urem(qj.value()))));
  }
  double qValue = toDouble(q);
  std::vector<double> noise(n);
  for (size_t i = 0; i < n; ++i) {
    llvm::APInt v(kWidth, 0);
    for (size_t j = 0; j < primes; ++j) {
      const Modulus qj = base.modulus(j);
      uint64_t xi = qj.add(x.component(j)[i], ct.polys[0].component(j)[i]);
      v += qHat[j] * llvm::APInt(kWidth, qj.mul(xi, factor[j]));
    }
    v = v.urem(q);
    noise[i] =
        v.ugt(q.lshr(1)) ? -toDouble(q - v) / qValue : toDouble(v) / qValue;
  }
  return noise;
}

/// The two-sample Kolmogorov-Smirnov statistic: the largest distance
/// between the empirical distribution functions.
double ksDistance(std::vector<double> a, std::vector<double> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  double largest = 0;
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    double v = std::min(a[i], b[j]);
    while (i < a.size() && a[i] == v)
      ++i;
    while (j < b.size() && b[j] == v)
      ++j;
    largest = std::max(largest,
                       std::abs(double(i) / a.size() - double(j) / b.size()));
  }
  return largest;
}

/// The noise magnitudes of `count` ciphertexts computed by `make`,
/// coefficient by coefficient (magnitudes: the noise is symmetric, and a
/// difference of scale then moves the whole distribution).
template <typename Make>
std::vector<double> noiseSamples(const Session &s, int count, Make make) {
  std::vector<double> all;
  for (int i = 0; i < count; ++i) {
    for (double v : invariantNoise(s, make()))
      all.push_back(std::abs(v));
  }
  return all;
}

class BFVSanitizeTest : public DegreeTest<2> {};

TEST_P(BFVSanitizeTest, DecryptsToTheSamePlaintextOverTheFirstPrime) {
  std::vector<int64_t> x = {3, -1, 4, 1, -5}, m = {2, 7, -1, 8, 2};
  Ciphertext product =
      cantFail(s().eval.mulPlain(s().encrypt(x), s().encode(m)));
  Ciphertext safe = cantFail(s().encryptor.sanitize(product));
  EXPECT_EQ(safe.numPrimes(), 1u);
  EXPECT_FALSE(safe.seed);
  std::vector<int64_t> want = padded({6, -7, -4, 8, -10}, GetParam());
  EXPECT_EQ(s().decrypt(safe), want);
  // The flood takes all but about one bit of the budget.
  EXPECT_GE(s().budget(safe), 1);
  EXPECT_LE(s().budget(safe), 2);
  // Only decryption and serialization accept it.
  EXPECT_TRUE(failed(s().eval.add(safe, safe)));
}

TEST_P(BFVSanitizeTest, RefusesWhatItCannotRerandomize) {
  Ciphertext x = s().encrypt({1, 2});
  Ciphertext square = cantFail(s().eval.mul(x, x));
  llvm::Expected<Ciphertext> r = s().encryptor.sanitize(square);
  ASSERT_FALSE(r);
  EXPECT_EQ(llvm::toString(r.takeError()),
            "bfv: relinearize before sanitizing");
  EXPECT_TRUE(failed(s().encryptor.sanitize(cantFail(s().eval.modSwitch(x)))));
}

INSTANTIATE_TEST_SUITE_P(Degrees, BFVSanitizeTest,
                         ::testing::Values(4096u, 8192u));

/// The evaluator multiplies P0's ciphertext by its own plaintext: 1 (the
/// constant polynomial, which keeps the fresh noise) or random slots (25
/// bits more noise). Without sanitizing, the key holder tells the two apart
/// from the noise alone; after bfv.sanitize, a two-sample KS test at a
/// false-alarm rate below 10^-9 finds no difference.
TEST(BFVSanitizeStatisticsTest, NoiseDoesNotDependOnTheEvaluatorsInput) {
  constexpr size_t n = 8192;
  constexpr int kCiphertexts = 2; // 16384 coefficients per side
  Session s(n, 1032193, {});
  std::vector<int64_t> x(n), random(n);
  std::mt19937_64 rng(7);
  for (size_t i = 0; i < n; ++i) {
    x[i] = static_cast<int64_t>(rng() % 1000);
    random[i] = static_cast<int64_t>(rng() % 1032193);
  }
  Ciphertext cx = s.encrypt(x);
  Plaintext one = s.encode(std::vector<int64_t>(n, 1)), mask = s.encode(random);
  auto times = [&](const Plaintext &p) {
    return cantFail(s.eval.mulPlain(cx, p));
  };
  // c = 3.27 in D > c sqrt(2 / N): probability 2 exp(-2 c^2) < 10^-9 for
  // samples of one distribution.
  const double threshold = 3.27 * std::sqrt(2.0 / (kCiphertexts * n));

  double raw =
      ksDistance(noiseSamples(s, kCiphertexts, [&] { return times(one); }),
                 noiseSamples(s, kCiphertexts, [&] { return times(mask); }));
  EXPECT_GT(raw, 0.9) << "the noise before sanitizing tells the inputs apart";

  auto sanitized = [&](const Plaintext &p) {
    return [&, p] { return cantFail(s.encryptor.sanitize(times(p))); };
  };
  double flooded = ksDistance(noiseSamples(s, kCiphertexts, sanitized(one)),
                              noiseSamples(s, kCiphertexts, sanitized(mask)));
  EXPECT_LT(flooded, threshold);
  llvm::outs() << "KS distance: " << raw << " before, " << flooded
               << " after sanitizing (threshold " << threshold << ")\n";
}

} // namespace
