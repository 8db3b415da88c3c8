//===- BFVArithmeticTest.cpp - Modular arithmetic, NTT, PRG, parameters ---===//

#include "BFVTestUtil.h"

#include "gtest/gtest.h"

#include <random>

using namespace mplang::crypto::bfv;
using namespace mplang::crypto::bfv::test;

namespace {

TEST(BFVModulusTest, ReductionMatchesDivision) {
  std::mt19937_64 rng(1);
  for (uint64_t q : {uint64_t(3), uint64_t(1032193), uint64_t(0xffffee001),
                     (uint64_t(1) << 61) - 1}) {
    Modulus m(q);
    for (int i = 0; i < 2000; ++i) {
      u128 x = (static_cast<u128>(rng()) << 64) | rng();
      uint64_t w = rng(), a = rng() % q, b = rng() % q;
      ASSERT_EQ(m.reduce128(x), static_cast<uint64_t>(x % q));
      ASSERT_EQ(m.reduce(w), w % q);
      u128 small = static_cast<u128>(a) * b + w % q;
      ASSERT_EQ(m.quotient128(small), static_cast<uint64_t>(small / q));
      ASSERT_EQ(m.mul(a, b),
                static_cast<uint64_t>(static_cast<u128>(a) * b % q));
      ASSERT_EQ(m.mulShoup(w, m.shoup(a)),
                static_cast<uint64_t>(static_cast<u128>(w) * a % q));
      if (a) {
        ASSERT_EQ(m.mul(a, m.inv(a)), 1u);
      }
    }
  }
}

TEST(BFVModulusTest, Primality) {
  for (uint64_t p : {2ull, 3ull, 1032193ull, 536903681ull, 0xffffee001ull,
                     0x1ffffe0001ull, 18446744073709551557ull})
    EXPECT_TRUE(isPrime(p)) << p;
  // Carmichael numbers and a strong pseudoprime to several small bases.
  for (uint64_t c : {1ull, 561ull, 1105ull, 3215031751ull,
                     3825123056546413051ull, 1032195ull})
    EXPECT_FALSE(isPrime(c)) << c;
}

TEST(BFVModulusTest, NttPrimes) {
  std::vector<uint64_t> primes = generateNttPrimes(36, 4096, 3);
  ASSERT_EQ(primes.size(), 3u);
  // SEAL's 36-bit BFVDefault primes for n = 4096 are the two largest.
  EXPECT_EQ(primes[0], 0xffffee001ull);
  EXPECT_EQ(primes[1], 0xffffc4001ull);
  for (uint64_t p : primes) {
    EXPECT_TRUE(isPrime(p));
    EXPECT_EQ(p % 8192, 1u);
    EXPECT_EQ(64 - __builtin_clzll(p), 36);
  }
  EXPECT_TRUE(generateNttPrimes(20, 1 << 15, 100).empty());
}

TEST(BFVParamsTest, DefaultSetsMeetSecurityBound) {
  for (size_t n : {4096u, 8192u, 16384u}) {
    ContextPtr ctx = llvm::cantFail(Context::create(n, 786433));
    const RnsBase &qp = ctx->keyBase();
    EXPECT_EQ(qp.size(), defaultCoeffModulusBits(n).size());
    int total = 0;
    for (size_t i = 0; i < qp.size(); ++i) {
      uint64_t p = qp.modulus(i).value();
      EXPECT_TRUE(isPrime(p));
      EXPECT_EQ(p % (2 * n), 1u);
      EXPECT_EQ(qp.modulus(i).bits(), defaultCoeffModulusBits(n)[i]);
      for (size_t j = 0; j < i; ++j)
        EXPECT_NE(p, qp.modulus(j).value());
      total += qp.modulus(i).bits();
    }
    EXPECT_LE(total, maxCoeffModulusBits(n));
  }
}

TEST(BFVParamsTest, RejectsBadParameters) {
  EXPECT_TRUE(failed(Context::create(2048)));
  EXPECT_TRUE(failed(Context::create(4096, 1032195))); // not prime
  EXPECT_TRUE(failed(Context::create(4096, 1000003))); // prime, not 1 mod 2n
  EXPECT_TRUE(failed(Context::create(4096, 1032193, {40, 40, 40})));
  EXPECT_TRUE(failed(Context::create(4096, 1032193, {36})));
  EXPECT_FALSE(failed(Context::create(4096, 1032193, {30, 30, 30})));
}

/// Reference negacyclic product in Z_q[X]/(X^n + 1).
std::vector<uint64_t> schoolbook(const std::vector<uint64_t> &a,
                                 const std::vector<uint64_t> &b,
                                 const Modulus &q) {
  size_t n = a.size();
  std::vector<uint64_t> c(n, 0);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      uint64_t p = q.mul(a[i], b[j]);
      size_t k = i + j;
      c[k % n] = k < n ? q.add(c[k], p) : q.sub(c[k - n], p);
    }
  return c;
}

TEST(BFVNttTest, MatchesSchoolbookProduct) {
  std::mt19937_64 rng(2);
  for (size_t n : {2u, 16u, 256u, 1024u}) {
    for (int bits : {20, 36, 60}) {
      Modulus q(generateNttPrimes(bits, n, 1)[0]);
      NttTables ntt(q, n);
      std::vector<uint64_t> a(n), b(n);
      for (size_t i = 0; i < n; ++i)
        a[i] = rng() % q.value(), b[i] = rng() % q.value();
      std::vector<uint64_t> want = schoolbook(a, b, q), fa = a, fb = b;
      ntt.forward(fa.data());
      ntt.forward(fb.data());
      for (size_t i = 0; i < n; ++i)
        fa[i] = q.mul(fa[i], fb[i]);
      ntt.inverse(fa.data());
      EXPECT_EQ(fa, want) << "n=" << n << " bits=" << bits;
    }
  }
}

TEST(BFVNttTest, ForwardInverseIdentityAndOrder) {
  std::mt19937_64 rng(3);
  for (size_t n : {4096u, 8192u, 16384u}) {
    Modulus q(generateNttPrimes(49, n, 1)[0]);
    NttTables ntt(q, n);
    std::vector<uint64_t> a(n);
    for (uint64_t &x : a)
      x = rng() % q.value();
    std::vector<uint64_t> f = a;
    ntt.forward(f.data());
    // Entry j is the evaluation at psi^(2 bitrev(j) + 1).
    for (size_t j : {size_t(0), size_t(1), n / 2 + 3, n - 1}) {
      uint64_t x = q.pow(ntt.psi(), 2 * bitReverse(j, __builtin_ctzll(n)) + 1);
      uint64_t eval = 0;
      for (size_t i = n; i-- > 0;)
        eval = q.add(q.mul(eval, x), a[i]);
      EXPECT_EQ(f[j], eval);
    }
    ntt.inverse(f.data());
    EXPECT_EQ(f, a);
  }
}

TEST(BFVNttTest, BackendsAgree) {
  if (!nttBackendSupported(NttBackend::Avx512Ifma))
    GTEST_SKIP() << "no AVX-512 IFMA on this CPU";
  std::mt19937_64 rng(4);
  for (size_t n : {16u, 32u, 4096u, 16384u}) {
    for (int bits : {30, 49}) {
      NttTables ntt(Modulus(generateNttPrimes(bits, n, 1)[0]), n);
      ASSERT_EQ(ntt.backend(), NttBackend::Avx512Ifma);
      std::vector<uint64_t> a(n);
      for (uint64_t &x : a)
        x = rng() % ntt.modulus().value();
      std::vector<uint64_t> scalar = a, vector = a;
      ntt.forward(scalar.data(), NttBackend::Scalar);
      ntt.forward(vector.data(), NttBackend::Avx512Ifma);
      EXPECT_EQ(vector, scalar) << "forward n=" << n << " bits=" << bits;
      ntt.inverse(scalar.data(), NttBackend::Scalar);
      ntt.inverse(vector.data(), NttBackend::Avx512Ifma);
      EXPECT_EQ(vector, scalar) << "inverse n=" << n << " bits=" << bits;
      EXPECT_EQ(vector, a);
    }
  }
  // Below 16 values, and for 60-bit primes (beyond 52-bit lanes): scalar.
  EXPECT_EQ(NttTables(Modulus(generateNttPrimes(30, 8, 1)[0]), 8).backend(),
            NttBackend::Scalar);
  EXPECT_EQ(
      NttTables(Modulus(generateNttPrimes(60, 4096, 1)[0]), 4096).backend(),
      NttBackend::Scalar);
}

// The product by a factor in NTT form (multiply-plain's) on whichever
// backend runs here, for primes up to the largest the vector path takes
// (below 2^50) and beyond: the transform's values are chosen (as the
// inverse transform of the wanted ones), so the products are known.
TEST(BFVNttTest, ForwardTimesFactor) {
  std::mt19937_64 rng(5);
  const size_t n = 4096;
  for (int bits : {20, 36, 49, 50, 60}) {
    NttTables ntt(Modulus(generateNttPrimes(bits, n, 1)[0]), n);
    const uint64_t q = ntt.modulus().value();
    // (q - 1)^2 = 1, (q - 1) 2 = q - 2, 0 x = 0, then random products.
    std::vector<uint64_t> evals(n, q - 1), factor(n, q - 1), want(n, 1);
    factor[1] = 2;
    want[1] = q - 2;
    evals[2] = 0;
    want[2] = 0;
    for (size_t i = 3; i < n; ++i) {
      evals[i] = rng() % q;
      factor[i] = rng() % q;
      want[i] = static_cast<uint64_t>(static_cast<unsigned __int128>(evals[i]) *
                                      factor[i] % q);
    }
    std::vector<uint64_t> a = evals, out(n);
    ntt.inverse(a.data());
    ntt.forward(a.data(), out.data(), factor.data());
    EXPECT_EQ(out, want) << "bits=" << bits;
  }
}

TEST(BFVPrgTest, ChaCha20ZeroKeyVector) {
  // First keystream words for the all-zero key and nonce.
  Prg prg(Seed{});
  EXPECT_EQ(prg.next64(), 0x903df1a0ade0b876ull);
  EXPECT_EQ(prg.next64(), 0x28bd8653e56a5d40ull);
}

TEST(BFVPrgTest, VectorAndScalarKeystreamsAgree) {
  Seed seed = llvm::cantFail(randomSeed());
  std::vector<uint32_t> vector(16 * 40), scalar(16 * 40);
  chacha20Blocks(seed, (uint64_t(1) << 32) - 20, 40, vector.data());
  chacha20Blocks(seed, (uint64_t(1) << 32) - 20, 40, scalar.data(),
                 /*vector=*/false);
  EXPECT_EQ(vector, scalar);
}

TEST(BFVPrgTest, SamplerMoments) {
  Prg prg(llvm::cantFail(randomSeed()));
  const int count = 200000;
  double sum = 0, sumSq = 0;
  int ternary[3] = {0, 0, 0};
  for (int i = 0; i < count; ++i) {
    int e = prg.centeredBinomial();
    ASSERT_LE(std::abs(e), 21);
    sum += e;
    sumSq += e * e;
    ++ternary[prg.ternary() + 1];
  }
  EXPECT_NEAR(sum / count, 0.0, 0.05);
  EXPECT_NEAR(std::sqrt(sumSq / count), 3.24, 0.05);
  for (int c : ternary)
    EXPECT_NEAR(c, count / 3.0, count / 100.0);
  Modulus q(0xffffee001ull);
  for (int i = 0; i < 1000; ++i)
    EXPECT_LT(prg.uniform(q), q.value());
}

} // namespace
