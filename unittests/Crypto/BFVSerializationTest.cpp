//===- BFVSerializationTest.cpp - Round trips and rejection of bad input --===//

#include "BFVTestUtil.h"
#include "mplang/Crypto/BFV/Serialization.h"

#include "gtest/gtest.h"

using namespace mplang::crypto::bfv;
using namespace mplang::crypto::bfv::test;
using llvm::cantFail;

namespace {

class BFVSerializationTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { s = new Session(4096, 1032193, {1}); }
  static void TearDownTestSuite() { delete s; }
  static Session *s;
  const Context &ctx() { return *s->ctx; }
};
Session *BFVSerializationTest::s;

TEST_F(BFVSerializationTest, RoundTrips) {
  Ciphertext ct = s->encrypt({1, 2, 3, 4});
  std::vector<uint8_t> bytes = serialize(ctx(), ct);
  // 2 polys x (36 + 36) bits x 4096 coefficients, plus 25 header bytes.
  EXPECT_EQ(bytes.size(), 24u + 1 + 2 * 72 * 4096 / 8);
  Ciphertext back = cantFail(deserializeCiphertext(ctx(), bytes));
  EXPECT_EQ(back.polys, ct.polys);

  Ciphertext prod = cantFail(s->eval.mul(ct, ct));
  EXPECT_EQ(
      cantFail(deserializeCiphertext(ctx(), serialize(ctx(), prod))).polys,
      prod.polys);

  const SecretKey &sk = s->keygen.secretKey();
  std::vector<uint8_t> skBytes = serialize(ctx(), sk);
  EXPECT_EQ(skBytes.size(), 24u + 4096 / 4);
  SecretKey sk2 = cantFail(deserializeSecretKey(ctx(), skBytes));
  EXPECT_EQ(sk2.coeffs, sk.coeffs);
  EXPECT_EQ(sk2.ntt, sk.ntt);

  PublicKey pk = cantFail(deserializePublicKey(ctx(), serialize(ctx(), s->pk)));
  EXPECT_EQ(pk.a, s->pk.a);
  EXPECT_EQ(pk.b, s->pk.b);

  std::vector<uint8_t> rkBytes = serialize(ctx(), s->rk);
  RelinKeys rk = cantFail(deserializeRelinKeys(ctx(), rkBytes));
  ASSERT_EQ(rk.key.b.size(), s->rk.key.b.size());
  for (size_t j = 0; j < rk.key.b.size(); ++j) {
    EXPECT_EQ(rk.key.a[j], s->rk.key.a[j]);
    EXPECT_EQ(rk.key.b[j], s->rk.key.b[j]);
  }
  GaloisKeys gk =
      cantFail(deserializeGaloisKeys(ctx(), serialize(ctx(), s->gk)));
  EXPECT_EQ(gk.keys.size(), s->gk.keys.size());

  // Loaded material still works end to end.
  Decryptor dec(s->ctx, sk2);
  Encryptor enc(s->ctx, pk);
  Evaluator &ev = s->eval;
  Ciphertext x = cantFail(enc.encrypt(s->encode({5, 6})));
  Ciphertext y = cantFail(ev.rotateRows(
      cantFail(ev.relinearize(cantFail(ev.mul(x, x)), rk)), 1, gk));
  std::vector<int64_t> want = padded({36}, 4096);
  want[2047] = 25;
  EXPECT_EQ(cantFail(s->encoder.decode(cantFail(dec.decrypt(y)))), want);
  std::printf("sizes n=4096: ct %zu B, sk %zu B, relin keys %zu B\n",
              bytes.size(), skBytes.size(), rkBytes.size());
}

TEST_F(BFVSerializationTest, RejectsCorruptInput) {
  std::vector<uint8_t> good = serialize(ctx(), s->encrypt({1, 2, 3}));
  ASSERT_FALSE(failed(deserializeCiphertext(ctx(), good)));

  auto truncated = good;
  truncated.resize(good.size() - 1);
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), truncated)));
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), {good.data(), 10})));
  auto longer = good;
  longer.push_back(0);
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), longer)));

  auto badMagic = good, badVersion = good, badKind = good, badParams = good;
  badMagic[0] ^= 1;
  badVersion[4] = 2;
  badKind[5] = 3;
  badParams[20] ^= 1; // fingerprint
  for (const auto &bad : {badMagic, badVersion, badKind, badParams})
    EXPECT_TRUE(failed(deserializeCiphertext(ctx(), bad)));
  EXPECT_TRUE(failed(deserializePublicKey(ctx(), good)));

  // A residue >= q_0: set the first coefficient's 36 bits to all ones.
  auto outOfRange = good;
  for (int i = 25; i < 29; ++i)
    outOfRange[i] = 0xff;
  outOfRange[29] |= 0x0f;
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), outOfRange)));

  // Same data under other parameters.
  ContextPtr other = cantFail(Context::create(8192, 1032193));
  EXPECT_TRUE(failed(deserializeCiphertext(*other, good)));
  ContextPtr otherT = cantFail(Context::create(4096, 786433));
  EXPECT_TRUE(failed(deserializeCiphertext(*otherT, good)));
  EXPECT_TRUE(failed(deserializeRelinKeys(*otherT, serialize(ctx(), s->rk))));

  auto skBytes = serialize(ctx(), s->keygen.secretKey());
  skBytes[30] = 0xff; // 2-bit code 3 is not a ternary value
  EXPECT_TRUE(failed(deserializeSecretKey(ctx(), skBytes)));
}

} // namespace
