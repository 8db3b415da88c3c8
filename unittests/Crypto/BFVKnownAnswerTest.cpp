//===- BFVKnownAnswerTest.cpp - Known answers from the bfv dialect spec ---===//
//
// N = 4096, t = 1032193, as in upstream mplang's tests.
//
//===----------------------------------------------------------------------===//

#include "BFVTestUtil.h"

#include "gtest/gtest.h"

using namespace mplang::crypto::bfv;
using namespace mplang::crypto::bfv::test;
using llvm::cantFail;

namespace {

class BFVKnownAnswerTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { s = new Session(4096, 1032193, {1}); }
  static void TearDownTestSuite() { delete s; }
  static Session *s;

  std::vector<int64_t> expect(std::vector<int64_t> v) {
    return padded(v, 4096);
  }
  Ciphertext a() { return s->encrypt({1, 2, 3, 4}); }
  Ciphertext b() { return s->encrypt({10, 20, 30, 40}); }
};
Session *BFVKnownAnswerTest::s;

TEST_F(BFVKnownAnswerTest, EncryptDecrypt) {
  EXPECT_EQ(s->decrypt(a()), expect({1, 2, 3, 4}));
  EXPECT_EQ(s->decrypt(s->encrypt({-5, 516096, -516096})),
            expect({-5, 516096, -516096}));
}

TEST_F(BFVKnownAnswerTest, Add) {
  EXPECT_EQ(s->decrypt(cantFail(s->eval.add(a(), b()))),
            expect({11, 22, 33, 44}));
}

TEST_F(BFVKnownAnswerTest, MulRelin) {
  Ciphertext prod = cantFail(s->eval.mul(a(), b()));
  EXPECT_EQ(prod.size(), 3u);
  EXPECT_EQ(s->decrypt(prod), expect({10, 40, 90, 160}));
  Ciphertext relin = cantFail(s->eval.relinearize(prod, s->rk));
  EXPECT_EQ(relin.size(), 2u);
  EXPECT_EQ(s->decrypt(relin), expect({10, 40, 90, 160}));
}

TEST_F(BFVKnownAnswerTest, SumTimesFirst) {
  Ciphertext x = a();
  Ciphertext sum = cantFail(s->eval.add(x, b()));
  EXPECT_EQ(s->decrypt(cantFail(
                s->eval.relinearize(cantFail(s->eval.mul(sum, x)), s->rk))),
            expect({11, 44, 99, 176}));
}

TEST_F(BFVKnownAnswerTest, SubAndPlainOps) {
  Plaintext p1 = s->encode({1, 2, 3, 4}), p2 = s->encode({10, 20, 30, 40});
  EXPECT_EQ(s->decrypt(cantFail(s->eval.sub(b(), a()))),
            expect({9, 18, 27, 36}));
  EXPECT_EQ(s->decrypt(cantFail(s->eval.addPlain(a(), p2))),
            expect({11, 22, 33, 44}));
  EXPECT_EQ(s->decrypt(cantFail(s->eval.mulPlain(a(), p2))),
            expect({10, 40, 90, 160}));
  EXPECT_EQ(s->decrypt(cantFail(s->eval.subPlain(b(), p1))),
            expect({9, 18, 27, 36}));
  EXPECT_EQ(s->decrypt(cantFail(s->eval.subFromPlain(p1, b()))),
            expect({-9, -18, -27, -36}));
}

TEST_F(BFVKnownAnswerTest, Square) {
  Ciphertext x = s->encrypt({2, 2, 2, 2});
  EXPECT_EQ(s->decrypt(cantFail(
                s->eval.relinearize(cantFail(s->eval.mul(x, x)), s->rk))),
            expect({4, 4, 4, 4}));
}

TEST_F(BFVKnownAnswerTest, RotateRowsByOne) {
  std::vector<int64_t> want = expect({2, 3, 4});
  want[2047] = 1;
  EXPECT_EQ(s->decrypt(cantFail(s->eval.rotateRows(a(), 1, s->gk))), want);
}

TEST_F(BFVKnownAnswerTest, RotateColumns) {
  std::vector<int64_t> want(4096, 0);
  for (int i = 0; i < 4; ++i)
    want[2048 + i] = i + 1;
  EXPECT_EQ(s->decrypt(cantFail(s->eval.rotateColumns(a(), s->gk))), want);
}

TEST_F(BFVKnownAnswerTest, MatrixRoundTrip) {
  std::vector<int64_t> values(100);
  for (int i = 0; i < 100; ++i)
    values[i] = i;
  EXPECT_EQ(s->decrypt(s->encrypt(values)), expect(values));
}

TEST_F(BFVKnownAnswerTest, NoiseBudget) {
  Ciphertext x = a();
  int fresh = s->budget(x);
  int afterMul = s->budget(
      cantFail(s->eval.relinearize(cantFail(s->eval.mul(x, b())), s->rk)));
  EXPECT_GE(fresh, 40);
  EXPECT_GT(afterMul, 0);
  EXPECT_LT(afterMul, fresh);
  std::printf("noise budget n=4096: fresh %d bits, after mul+relin %d bits\n",
              fresh, afterMul);
}

TEST(BFVPortablePathTest, WidePrimes) {
  // Primes above 2^50 take the portable NTT and base-conversion paths.
  Session wide(8192, 1032193, {1}, {52, 52, 52, 60});
  EXPECT_EQ(wide.ctx->dataBase().ntt(0).backend(), NttBackend::Scalar);
  Ciphertext a = wide.encrypt({1, 2, 3, 4}), b = wide.encrypt({10, 20, 30, 40});
  Ciphertext prod =
      cantFail(wide.eval.relinearize(cantFail(wide.eval.mul(a, b)), wide.rk));
  EXPECT_EQ(wide.decrypt(prod), padded({10, 40, 90, 160}, 8192));
  std::vector<int64_t> want = padded({2, 3, 4}, 8192);
  want[4095] = 1;
  EXPECT_EQ(wide.decrypt(cantFail(wide.eval.rotateRows(a, 1, wide.gk))), want);
  EXPECT_EQ(wide.decrypt(cantFail(wide.eval.sub(b, a))),
            padded({9, 18, 27, 36}, 8192));
  PreparedPlaintext mask =
      cantFail(wide.eval.preparePlain(wide.encode({1, -1, 2, 0})));
  EXPECT_EQ(wide.decrypt(cantFail(wide.eval.mulPlain(b, mask))),
            padded({10, -20, 60, 0}, 8192));
}

TEST_F(BFVKnownAnswerTest, Errors) {
  // Upstream's default t is not 1 mod 2n at n = 16384: no batching.
  EXPECT_TRUE(failed(Context::create(16384, 1032193)));
  EXPECT_TRUE(failed(s->encoder.encode(std::vector<int64_t>(4097, 1))));
  EXPECT_TRUE(failed(s->eval.rotateRows(a(), 3, GaloisKeys())));
  Ciphertext truncated = a();
  truncated.polys[1].data.pop_back();
  EXPECT_TRUE(failed(s->eval.add(a(), truncated)));
  EXPECT_TRUE(failed(s->decryptor.decrypt(truncated)));
  EXPECT_TRUE(failed(s->eval.mulPlain(a(), PreparedPlaintext())));
  for (size_t i : {size_t(0), size_t(4095)}) {
    Plaintext outOfRange = s->encode({1});
    outOfRange.coeffs[i] = 1032193;
    EXPECT_TRUE(failed(s->encoder.decode(outOfRange)));
    EXPECT_TRUE(failed(s->eval.preparePlain(outOfRange)));
  }
}

} // namespace
