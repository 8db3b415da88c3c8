//===- BFVNoiseCheckTest.cpp - decryption refuses exhausted ciphertexts ---===//

#include "BFVTestUtil.h"

using namespace mplang::crypto::bfv;
using namespace mplang::crypto::bfv::test;
using llvm::cantFail;

namespace {

/// Multiplies until the budget is spent: at every depth, decryption succeeds
/// with the right values exactly when the measured budget is above 0.
TEST(BFVNoiseCheckTest, DecryptFailsExactlyWhenTheBudgetIsZero) {
  Session s(4096, 1032193, {});
  std::vector<int64_t> values = {2, -3, 5, 7};
  Ciphertext x = s.encrypt(values);
  Ciphertext acc = x;
  std::vector<int64_t> want = padded(values, 4096);
  int depth = 0;
  for (; depth < 6; ++depth) {
    int budget = s.budget(acc);
    llvm::Expected<Plaintext> pt = s.decryptor.decrypt(acc);
    if (budget == 0) {
      ASSERT_FALSE(pt) << "depth " << depth;
      std::string message = llvm::toString(pt.takeError());
      EXPECT_NE(
          message.find("noise budget is exhausted, so its plaintext is lost"),
          std::string::npos)
          << message;
      break;
    }
    ASSERT_TRUE(bool(pt)) << llvm::toString(pt.takeError());
    EXPECT_EQ(cantFail(s.encoder.decode(*pt)), want) << "depth " << depth;
    acc = cantFail(s.eval.relinearize(cantFail(s.eval.mul(acc, x)), s.rk));
    for (size_t i = 0; i < values.size(); ++i)
      want[i] = want[i] * values[i] % 1032193;
  }
  // n = 4096's default primes hold one multiplication, not two.
  EXPECT_EQ(depth, 2);
}

/// The check reads a modulus-switched ciphertext over its remaining primes.
TEST(BFVNoiseCheckTest, ChecksSwitchedCiphertexts) {
  Session s(8192, 1032193, {});
  Ciphertext x = s.encrypt({4, 5});
  Ciphertext switched = cantFail(s.eval.modSwitch(x));
  EXPECT_GT(s.budget(switched), 0);
  EXPECT_EQ(s.decrypt(switched), padded({4, 5}, 8192));
}

} // namespace
