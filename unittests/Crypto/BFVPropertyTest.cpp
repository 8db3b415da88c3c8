//===- BFVPropertyTest.cpp - Random-vector tests at every degree ----------===//
//
// Every operation is compared with the same arithmetic on plain vectors mod
// t, for n = 4096, 8192 and 16384.
//
//===----------------------------------------------------------------------===//

#include "BFVTestUtil.h"
#include "mplang/Crypto/BFV/Serialization.h"

#include "gtest/gtest.h"

#include <random>

using namespace mplang::crypto::bfv;
using namespace mplang::crypto::bfv::test;
using llvm::cantFail;

namespace {

constexpr uint64_t kT = 786433; // 3 * 2^18 + 1: batching for all three n

class BFVPropertyTest : public ::testing::TestWithParam<size_t> {
protected:
  static void SetUpTestSuite() {
    for (size_t n : {4096u, 8192u, 16384u})
      sessions[n] = new Session(n, kT, {1, 2, 4, 8, -1, -2, -4, -8, 37});
  }
  static void TearDownTestSuite() {
    for (auto &[n, s] : sessions)
      delete s;
  }
  static std::map<size_t, Session *> sessions;

  Session &s() { return *sessions.at(GetParam()); }
  size_t n() { return GetParam(); }

  std::vector<int64_t> random() {
    std::vector<int64_t> v(n());
    for (int64_t &x : v)
      x = static_cast<int64_t>(rng() % kT) - static_cast<int64_t>(kT / 2);
    return v;
  }
  /// Slot-wise f mod t, centred.
  template <typename F>
  std::vector<int64_t> zip(const std::vector<int64_t> &a,
                           const std::vector<int64_t> &b, F f) {
    std::vector<int64_t> r(a.size());
    const int64_t t = static_cast<int64_t>(kT);
    for (size_t i = 0; i < a.size(); ++i) {
      int64_t v = f(static_cast<__int128>(a[i]), b[i]) % t;
      v = v < 0 ? v + t : v;
      r[i] = v > t / 2 ? v - t : v;
    }
    return r;
  }
  std::vector<int64_t> rotated(const std::vector<int64_t> &a, int64_t step) {
    int64_t half = static_cast<int64_t>(n() / 2);
    std::vector<int64_t> r(a.size());
    for (int64_t row = 0; row < 2; ++row)
      for (int64_t i = 0; i < half; ++i)
        r[row * half + i] = a[row * half + ((i + step) % half + half) % half];
    return r;
  }

  std::mt19937_64 rng{static_cast<uint64_t>(GetParam())};
};
std::map<size_t, Session *> BFVPropertyTest::sessions;

TEST_P(BFVPropertyTest, AddSubNegate) {
  auto a = random(), b = random();
  Ciphertext ca = s().encrypt(a), cb = s().encrypt(b);
  auto plus = [](__int128 x, int64_t y) { return static_cast<int64_t>(x + y); };
  auto minus = [](__int128 x, int64_t y) {
    return static_cast<int64_t>(x - y);
  };
  EXPECT_EQ(s().decrypt(cantFail(s().eval.add(ca, cb))), zip(a, b, plus));
  EXPECT_EQ(s().decrypt(cantFail(s().eval.sub(ca, cb))), zip(a, b, minus));
  EXPECT_EQ(s().decrypt(cantFail(s().eval.negate(ca))),
            zip(std::vector<int64_t>(n(), 0), a, minus));
  Plaintext pb = s().encode(b);
  EXPECT_EQ(s().decrypt(cantFail(s().eval.addPlain(ca, pb))), zip(a, b, plus));
  EXPECT_EQ(s().decrypt(cantFail(s().eval.subPlain(ca, pb))), zip(a, b, minus));
  EXPECT_EQ(s().decrypt(cantFail(s().eval.subFromPlain(pb, ca))),
            zip(b, a, minus));
}

TEST_P(BFVPropertyTest, Multiply) {
  auto a = random(), b = random();
  Ciphertext ca = s().encrypt(a), cb = s().encrypt(b);
  auto times = [](__int128 x, int64_t y) {
    return static_cast<int64_t>(x * y % static_cast<int64_t>(kT));
  };
  auto want = zip(a, b, times);
  EXPECT_EQ(s().decrypt(cantFail(s().eval.mulPlain(ca, s().encode(b)))), want);
  PreparedPlaintext mask = cantFail(s().eval.preparePlain(s().encode(b)));
  EXPECT_EQ(s().decrypt(cantFail(s().eval.mulPlain(ca, mask))), want);
  Ciphertext prod = cantFail(s().eval.mul(ca, cb));
  EXPECT_EQ(s().decrypt(prod), want);
  EXPECT_EQ(s().decrypt(cantFail(s().eval.relinearize(prod, s().rk))), want);
  EXPECT_EQ(s().decrypt(cantFail(
                s().eval.relinearize(cantFail(s().eval.mul(ca, ca)), s().rk))),
            zip(a, a, times));
}

TEST_P(BFVPropertyTest, Rotate) {
  auto a = random();
  Ciphertext ca = s().encrypt(a);
  // 37 and -1 have their own keys; 5, 6 and -3 compose keys for +-2^i.
  for (int64_t step : {1, 37, -1, 5, 6, -3, 0})
    EXPECT_EQ(s().decrypt(cantFail(s().eval.rotateRows(ca, step, s().gk))),
              rotated(a, step))
        << "step " << step;
  std::vector<int64_t> swapped(a.begin() + n() / 2, a.end());
  swapped.insert(swapped.end(), a.begin(), a.begin() + n() / 2);
  EXPECT_EQ(s().decrypt(cantFail(s().eval.rotateColumns(ca, s().gk))), swapped);
}

TEST_P(BFVPropertyTest, Depth) {
  // Multiply by fresh encryptions of 3 until decryption refuses the noise
  // (or, were the check too lax, gives wrong values).
  std::vector<int64_t> want = random(), three(n(), 3);
  Ciphertext ct = s().encrypt(want);
  int depth = 0;
  for (;; ++depth) {
    ct = cantFail(s().eval.relinearize(
        cantFail(s().eval.mul(ct, s().encrypt(three))), s().rk));
    want = zip(want, three, [](__int128 x, int64_t y) {
      return static_cast<int64_t>(x * y % static_cast<int64_t>(kT));
    });
    llvm::Expected<Plaintext> pt = s().decryptor.decrypt(ct);
    if (!pt) {
      llvm::consumeError(pt.takeError());
      break;
    }
    if (cantFail(s().encoder.decode(*pt)) != want)
      break;
    ASSERT_LT(depth, 40);
  }
  std::printf("depth n=%zu t=%llu: %d multiplications\n", n(),
              static_cast<unsigned long long>(kT), depth);
  int minimum = n() == 4096 ? 1 : n() == 8192 ? 3 : 7;
  EXPECT_GE(depth, minimum);
}

TEST_P(BFVPropertyTest, KeysHoldNoSecret) {
  const Context &ctx = *s().ctx;
  const SecretKey &sk = s().keygen.secretKey();
  const RnsBase &qp = ctx.keyBase();
  std::vector<uint8_t> skBytes = serialize(ctx, sk);
  std::vector<const KeySwitchKey *> keys{&s().rk.key};
  for (const auto &[g, key] : s().gk.keys)
    keys.push_back(&key);
  for (const KeySwitchKey *key : keys)
    for (size_t j = 0; j < key->b.size(); ++j)
      for (size_t m = 0; m < qp.size(); ++m) {
        // No component equals s or -s.
        const Modulus &q = qp.modulus(m);
        const uint64_t *b = key->b[j].component(m), *a = key->a[j].component(m),
                       *sm = sk.ntt.component(m);
        bool equalS = true, equalNegS = true;
        for (size_t i = 0; i < n(); ++i) {
          equalS &= b[i] == sm[i] || a[i] == sm[i];
          equalNegS &= b[i] == q.neg(sm[i]);
        }
        EXPECT_FALSE(equalS || equalNegS);
      }
  // Serialized public material does not embed the serialized secret key.
  auto contains = [&](const std::vector<uint8_t> &hay) {
    std::vector<uint8_t> body(skBytes.begin() + 24, skBytes.begin() + 24 + 64);
    return std::search(hay.begin(), hay.end(), body.begin(), body.end()) !=
           hay.end();
  };
  EXPECT_FALSE(contains(serialize(ctx, s().rk)));
  EXPECT_FALSE(contains(serialize(ctx, s().gk)));
  EXPECT_FALSE(contains(serialize(ctx, s().pk)));
}

INSTANTIATE_TEST_SUITE_P(AllDegrees, BFVPropertyTest,
                         ::testing::Values(4096, 8192, 16384));

} // namespace
