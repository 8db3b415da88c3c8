//===- BFVSymmetricTest.cpp - Secret-key encryption and seeded ciphertexts ===//

#include "BFVTestUtil.h"
#include "mplang/Crypto/BFV/Serialization.h"

#include "gtest/gtest.h"

#include <random>

using namespace mplang::crypto::bfv;
using namespace mplang::crypto::bfv::test;
using llvm::cantFail;

namespace {

class BFVSymmetricTest : public DegreeTest<0> {
protected:
  SymmetricEncryptor symmetric() {
    return SymmetricEncryptor(s().ctx, s().keygen.secretKey());
  }
  Ciphertext encrypt(llvm::ArrayRef<int64_t> v) {
    return cantFail(symmetric().encrypt(s().encode(v)));
  }
};

TEST_P(BFVSymmetricTest, DecryptsAndComputes) {
  auto a = random(), b = random();
  Ciphertext ca = encrypt(a), cb = encrypt(b);
  EXPECT_TRUE(ca.seed.has_value());
  EXPECT_EQ(s().decrypt(ca), a);
  std::vector<int64_t> sum(a.size()), prod(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    sum[i] = a[i] + b[i];
    prod[i] = a[i] * b[i];
  }
  EXPECT_EQ(s().decrypt(cantFail(s().eval.add(ca, cb))), sum);
  EXPECT_EQ(s().decrypt(cantFail(
                s().eval.relinearize(cantFail(s().eval.mul(ca, cb)), s().rk))),
            prod);
  // Mixed with public-key ciphertexts under the same secret key.
  EXPECT_EQ(s().decrypt(cantFail(s().eval.add(ca, s().encrypt(b)))), sum);
}

TEST_P(BFVSymmetricTest, NoiseBudget) {
  // Its noise is e alone: at least the budget of a public-key encryption.
  Ciphertext sym = encrypt({1, 2, 3}), pub = s().encrypt({1, 2, 3});
  EXPECT_GE(s().budget(sym), s().budget(pub));
  std::printf("noise budget n=%zu: symmetric %d bits, public key %d bits\n",
              GetParam(), s().budget(sym), s().budget(pub));
}

TEST_P(BFVSymmetricTest, SeededSerializationIsHalfSize) {
  auto v = random();
  Ciphertext ct = encrypt(v);
  std::vector<uint8_t> seeded = serialize(ctx(), ct);
  std::vector<uint8_t> full = serialize(ctx(), s().encrypt(v));
  // c_0 plus a 32-byte seed instead of c_1.
  EXPECT_EQ(seeded.size(), (full.size() - 25) / 2 + 24 + 32);
  Ciphertext back = cantFail(deserializeCiphertext(ctx(), seeded));
  EXPECT_EQ(back.polys, ct.polys);
  EXPECT_EQ(back.seed, ct.seed);
  EXPECT_EQ(s().decrypt(back), v);
  // Loaded, it serializes the same way again.
  EXPECT_EQ(serialize(ctx(), back), seeded);
  std::printf("ciphertext n=%zu: public key %zu B, seeded %zu B\n", GetParam(),
              full.size(), seeded.size());
}

TEST_P(BFVSymmetricTest, OperationsDropTheSeedWhenC1Changes) {
  auto v = random();
  Ciphertext ct = encrypt(v);
  size_t fullSize = serialize(ctx(), s().encrypt(v)).size();
  // Adding a plaintext changes c_0 only: the seed still describes c_1.
  Ciphertext plus = cantFail(s().eval.addPlain(ct, s().encode(v)));
  EXPECT_TRUE(plus.seed.has_value());
  Ciphertext loaded =
      cantFail(deserializeCiphertext(ctx(), serialize(ctx(), plus)));
  EXPECT_EQ(loaded.polys, plus.polys);
  for (const Ciphertext &changed :
       {cantFail(s().eval.add(ct, ct)), cantFail(s().eval.negate(ct)),
        cantFail(s().eval.mulPlain(ct, s().encode(v))),
        cantFail(s().eval.rotateRows(ct, 1, s().gk))}) {
    EXPECT_FALSE(changed.seed.has_value());
    EXPECT_EQ(serialize(ctx(), changed).size(), fullSize);
  }
}

TEST_P(BFVSymmetricTest, RejectsCorruptSeededInput) {
  std::vector<uint8_t> good = serialize(ctx(), encrypt({1, 2, 3}));
  ASSERT_FALSE(failed(deserializeCiphertext(ctx(), good)));
  // Every truncation, including one that keeps c_0 but cuts the seed.
  for (size_t len : {size_t(0), size_t(6), size_t(24), size_t(25),
                     good.size() / 2, good.size() - 32, good.size() - 1}) {
    std::vector<uint8_t> cut(good.begin(), good.begin() + len);
    EXPECT_TRUE(failed(deserializeCiphertext(ctx(), cut))) << len;
  }
  auto longer = good;
  longer.push_back(0);
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), longer)));
  // A residue of c_0 >= q_0 (all ones in the first coefficient).
  auto outOfRange = good;
  for (int i = 24; i < 32; ++i)
    outOfRange[i] = 0xff;
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), outOfRange)));
  // The same bytes read as a plain ciphertext do not fit.
  auto asPlain = good;
  asPlain[5] = 1;
  EXPECT_TRUE(failed(deserializeCiphertext(ctx(), asPlain)));
  // A different seed still loads (any seed is valid) but no longer
  // decrypts: its noise is uniform, so decryption refuses it.
  auto otherSeed = good;
  otherSeed.back() ^= 1;
  Ciphertext wrong = cantFail(deserializeCiphertext(ctx(), otherSeed));
  EXPECT_TRUE(failed(s().decryptor.decrypt(wrong)));
}

INSTANTIATE_TEST_SUITE_P(Degrees, BFVSymmetricTest,
                         ::testing::Values(4096u, 8192u));

TEST(BFVSymmetricPortableTest, WidePrimes) {
  // Primes above 2^50 take the portable paths.
  Session wide(8192, 1032193, {1}, {52, 52, 52, 60});
  SymmetricEncryptor enc(wide.ctx, wide.keygen.secretKey());
  Ciphertext ct = cantFail(enc.encrypt(wide.encode({7, -8, 9})));
  EXPECT_EQ(wide.decrypt(ct), padded({7, -8, 9}, 8192));
  Ciphertext back =
      cantFail(deserializeCiphertext(*wide.ctx, serialize(*wide.ctx, ct)));
  EXPECT_EQ(wide.decrypt(cantFail(wide.eval.add(back, ct))),
            padded({14, -16, 18}, 8192));
}

} // namespace
