//===- BFVModSwitchTest.cpp - Dropping primes from ciphertexts ------------===//

#include "BFVTestUtil.h"
#include "mplang/Crypto/BFV/Serialization.h"

#include "gtest/gtest.h"

#include <random>

using namespace mplang::crypto::bfv;
using namespace mplang::crypto::bfv::test;
using llvm::cantFail;

namespace {

class BFVModSwitchTest : public DegreeTest<1> {
protected:
  size_t primes() { return ctx().dataBase().size(); }
};

TEST_P(BFVModSwitchTest, DecryptsAtEveryLevel) {
  auto a = random(), b = random();
  std::vector<int64_t> prod(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    prod[i] = a[i] * b[i];
  Ciphertext fresh = s().encrypt(a);
  Ciphertext product = cantFail(s().eval.relinearize(
      cantFail(s().eval.mul(fresh, s().encrypt(b))), s().rk));
  SymmetricEncryptor sym(s().ctx, s().keygen.secretKey());
  Ciphertext seeded = cantFail(sym.encrypt(s().encode(a)));
  for (size_t drop = 1; drop < primes(); ++drop) {
    Ciphertext x = cantFail(s().eval.modSwitch(fresh, drop));
    Ciphertext p = cantFail(s().eval.modSwitch(product, drop));
    Ciphertext y = cantFail(s().eval.modSwitch(seeded, drop));
    EXPECT_EQ(x.numPrimes(), primes() - drop);
    EXPECT_FALSE(y.seed.has_value());
    EXPECT_EQ(s().decrypt(x), a);
    EXPECT_EQ(s().decrypt(p), prod);
    EXPECT_EQ(s().decrypt(y), a);
    // One prime at a time gives the same result as several at once.
    if (drop > 1) {
      EXPECT_EQ(cantFail(s().eval.modSwitch(
                             cantFail(s().eval.modSwitch(fresh, drop - 1)), 1))
                    .polys,
                x.polys);
    }
    std::printf("n=%zu, %zu of %zu primes: budget fresh %d -> %d, after mul "
                "%d -> %d bits\n",
                GetParam(), primes() - drop, primes(), s().budget(fresh),
                s().budget(x), s().budget(product), s().budget(p));
  }
}

TEST_P(BFVModSwitchTest, NoiseBudgetAfterSwitching) {
  // Rounding adds noise of about (1 + ||s||) / 2, as much as a fresh
  // encryption has relative to its modulus: the budget becomes the smaller
  // of the one before and that of a fresh ciphertext over the remaining
  // primes, i.e. a fresh ciphertext loses the dropped prime's bits and a
  // noisier one loses less.
  Ciphertext fresh = s().encrypt({1, 2, 3});
  Ciphertext product = cantFail(
      s().eval.relinearize(cantFail(s().eval.mul(fresh, fresh)), s().rk));
  int dropped = ctx().dataBase().modulus(primes() - 1).bits();
  int freshAfter = s().budget(cantFail(s().eval.modSwitch(fresh, 1)));
  EXPECT_NEAR(freshAfter, s().budget(fresh) - dropped, 2);
  EXPECT_GE(s().budget(cantFail(s().eval.modSwitch(product, 1))),
            std::min(s().budget(product), freshAfter) - 1);
}

TEST_P(BFVModSwitchTest, SerializesSmaller) {
  auto a = random();
  Ciphertext fresh = s().encrypt(a);
  size_t full = serialize(ctx(), fresh).size();
  for (size_t drop = 1; drop < primes(); ++drop) {
    Ciphertext x = cantFail(s().eval.modSwitch(fresh, drop));
    std::vector<uint8_t> bytes = serialize(ctx(), x);
    int bits = 0;
    for (size_t k = 0; k < x.numPrimes(); ++k)
      bits += ctx().dataBase().modulus(k).bits();
    // Header, prime count, size, then 2 polynomials.
    EXPECT_EQ(bytes.size(), 24u + 2 + 2 * size_t(bits) * GetParam() / 8);
    Ciphertext back = cantFail(deserializeCiphertext(ctx(), bytes));
    EXPECT_EQ(back.polys, x.polys);
    EXPECT_EQ(s().decrypt(back), a);
    std::printf("ciphertext n=%zu: %zu B over all primes, %zu B over %zu\n",
                GetParam(), full, bytes.size(), x.numPrimes());
  }
}

TEST_P(BFVModSwitchTest, OnlyDecryptionAcceptsSwitchedCiphertexts) {
  Ciphertext x = cantFail(s().eval.modSwitch(s().encrypt({1, 2}), 1));
  Ciphertext y = s().encrypt({3, 4});
  EXPECT_TRUE(failed(s().eval.add(x, y)));
  EXPECT_TRUE(failed(s().eval.mulPlain(x, s().encode({1}))));
  EXPECT_TRUE(failed(s().eval.mul(x, x)));
  EXPECT_TRUE(failed(s().eval.rotateRows(x, 1, s().gk)));
  EXPECT_TRUE(failed(s().eval.modSwitch(y, 0)));
  EXPECT_TRUE(failed(s().eval.modSwitch(y, primes())));
  EXPECT_TRUE(failed(s().eval.modSwitch(x, primes() - 1)));
  Ciphertext mixed = y;
  mixed.polys[1] = x.polys[1];
  EXPECT_TRUE(failed(s().decryptor.decrypt(mixed)));
}

TEST_P(BFVModSwitchTest, RejectsCorruptSwitchedInput) {
  std::vector<uint8_t> good =
      serialize(ctx(), cantFail(s().eval.modSwitch(s().encrypt({5}), 1)));
  ASSERT_FALSE(failed(deserializeCiphertext(ctx(), good)));
  for (size_t len : {size_t(6), size_t(24), size_t(25), size_t(26),
                     good.size() / 2, good.size() - 1}) {
    std::vector<uint8_t> cut(good.begin(), good.begin() + len);
    EXPECT_TRUE(failed(deserializeCiphertext(ctx(), cut))) << len;
  }
  // Prime counts 0 and L (the unswitched form has its own kind).
  for (uint8_t count : {uint8_t(0), uint8_t(primes()), uint8_t(255)}) {
    auto bad = good;
    bad[24] = count;
    EXPECT_TRUE(failed(deserializeCiphertext(ctx(), bad)));
  }
  // A claimed 255 polynomials is refused before anything is allocated.
  auto many = good;
  many[25] = 255;
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), many)));
  auto longer = good;
  longer.push_back(0);
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), longer)));
}

INSTANTIATE_TEST_SUITE_P(Degrees, BFVModSwitchTest,
                         ::testing::Values(4096u, 8192u));

TEST(BFVModSwitchPortableTest, WidePrimes) {
  Session wide(8192, 1032193, {1}, {52, 52, 52, 60});
  Ciphertext x = wide.encrypt({1, -2, 3});
  for (size_t drop : {1u, 2u})
    EXPECT_EQ(wide.decrypt(cantFail(wide.eval.modSwitch(x, drop))),
              padded({1, -2, 3}, 8192));
}

} // namespace
