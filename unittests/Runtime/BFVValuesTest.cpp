//===- BFVValuesTest.cpp - BFV objects as message bytes ---------*- C++ -*-===//

#include "mplang/Runtime/Dialects/BFV/BFVValues.h"
#include "mplang/Crypto/BFV/Encryptor.h"
#include "mplang/Crypto/BFV/Evaluator.h"
#include "mplang/Dialect/BFV/IR/BFVDialect.h"
#include "mplang/Runtime/Dialects/BFV/BFVRuntime.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"
#include <cstring>
#include <optional>

using namespace mplang::rt;

namespace {

class BFVValuesTest : public ::testing::Test {
protected:
  void SetUp() override {
    registerBFVValueTypes();
    ASSERT_TRUE(getBFVContext(4096, mplang::crypto::bfv::kDefaultPlainModulus,
                              {36, 36, 37}, ctx)
                    .isOk());
    gen.emplace(llvm::cantFail(mplang::crypto::bfv::KeyGenerator::create(ctx)));
    pk = llvm::cantFail(gen->createPublicKey());
    pt = llvm::cantFail(
        mplang::crypto::bfv::BatchEncoder(ctx).encode({1, 2, 3, 4}));
    ct = llvm::cantFail(mplang::crypto::bfv::Encryptor(ctx, pk).encrypt(pt));
  }

  template <typename T> Value wrap(T object) {
    return Value::opaque(std::make_shared<const BFVValue<T>>(ctx, object));
  }

  /// Decrypts and decodes the first four slots of a received ciphertext.
  std::vector<int64_t> firstSlots(const Value &v) {
    EXPECT_EQ(v.getOpaque()->kind(), "bfv.ciphertext");
    const auto &in = static_cast<const BFVCiphertext &>(*v.getOpaque());
    mplang::crypto::bfv::Plaintext out =
        llvm::cantFail(mplang::crypto::bfv::Decryptor(ctx, gen->secretKey())
                           .decrypt(in.get()));
    std::vector<int64_t> slots =
        llvm::cantFail(mplang::crypto::bfv::BatchEncoder(ctx).decode(out));
    return {slots.begin(), slots.begin() + 4};
  }

  mplang::crypto::bfv::ContextPtr ctx;
  std::optional<mplang::crypto::bfv::KeyGenerator> gen;
  mplang::crypto::bfv::PublicKey pk;
  mplang::crypto::bfv::Plaintext pt;
  mplang::crypto::bfv::Ciphertext ct;
};

TEST_F(BFVValuesTest, ContextsAreSharedPerParameterSet) {
  mplang::crypto::bfv::ContextPtr again;
  ASSERT_TRUE(getBFVContext(4096, mplang::crypto::bfv::kDefaultPlainModulus,
                            {36, 36, 37}, again)
                  .isOk());
  EXPECT_EQ(again, ctx);
  EXPECT_FALSE(getBFVContext(4096, 17, {36, 36, 37}, again).isOk());
}

TEST_F(BFVValuesTest, ContextCacheKeepsTheLastFewParameterSets) {
  // Peers and programs can name many parameter sets; each context is large.
  std::vector<uint64_t> moduli;
  std::weak_ptr<const mplang::crypto::bfv::Context> oldest;
  for (uint64_t k = 1; moduli.size() < kMaxCachedBFVContexts + 4; ++k) {
    mplang::crypto::bfv::ContextPtr made;
    if (!getBFVContext(4096, k * 8192 + 1, {36, 36, 37}, made).isOk())
      continue; // not prime: refused before anything is built
    if (moduli.empty())
      oldest = made;
    moduli.push_back(k * 8192 + 1);
    EXPECT_LE(cachedBFVContexts(), kMaxCachedBFVContexts);
  }
  EXPECT_EQ(cachedBFVContexts(), kMaxCachedBFVContexts);
  // Evicted and unused: freed. Asked for again, it is rebuilt the same.
  EXPECT_TRUE(oldest.expired());
  mplang::crypto::bfv::ContextPtr again, same;
  ASSERT_TRUE(getBFVContext(4096, moduli.front(), {36, 36, 37}, again).isOk());
  ASSERT_TRUE(getBFVContext(4096, moduli.front(), {36, 36, 37}, same).isOk());
  EXPECT_EQ(again, same);
  EXPECT_EQ(again->plainModulus().value(), moduli.front());
  // A context in use outlives its eviction: the fixture's still works.
  EXPECT_EQ(firstSlots(wrap(ct)), (std::vector<int64_t>{1, 2, 3, 4}));
}

TEST_F(BFVValuesTest, ValuesAreCheckedAgainstTheirTypes) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::bfv::BFVDialect>();
  auto type = [&](llvm::StringRef text) {
    mlir::Type parsed = mlir::parseType(text, &context);
    EXPECT_TRUE(parsed) << text.str();
    return parsed;
  };
  std::string params = "#bfv.params<n = 4096, t = 1032193, q_bits = [36, "
                       "36, 37]>";
  mlir::Type ctType = type("!bfv.ciphertext<i64, " + params + ">");
  mlir::Type pkType = type("!bfv.public_key<" + params + ">");
  mlir::Type otherT = type("!bfv.ciphertext<i64, #bfv.params<n = 4096, t = "
                           "786433, q_bits = [36, 36, 37]>>");
  EXPECT_TRUE(checkValueType(wrap(ct), ctType).isOk());
  EXPECT_TRUE(checkValueType(wrap(pk), pkType).isOk());
  EXPECT_EQ(checkValueType(wrap(pk), ctType).message(),
            "a bfv.public_key where !bfv.ciphertext<i64, " + params +
                "> is declared");
  EXPECT_EQ(checkValueType(wrap(ct), otherT).message(),
            "a bfv.ciphertext of other parameters than !bfv.ciphertext<i64, "
            "#bfv.params<n = 4096, t = 786433, q_bits = [36, 36, 37]>>");
  Tensor words(DType::I64, {4});
  EXPECT_EQ(checkValueType(Value::tensor(std::move(words)), ctType).message(),
            "a tensor<4xi64> where !bfv.ciphertext<i64, " + params +
                "> is declared");
  EXPECT_EQ(checkValueType(Value::absent(), pkType).message(),
            "no value where !bfv.public_key<" + params + "> is declared");
  EXPECT_EQ(checkValueType(wrap(ct), type("tensor<4xi64>")).message(),
            "a bfv.ciphertext where tensor<4xi64> is declared");
}

TEST_F(BFVValuesTest, PublicKeyBuildsItsEncryptorOnce) {
  BFVPublicKey value(ctx, pk);
  const mplang::crypto::bfv::Encryptor &encryptor = encryptorOf(value);
  EXPECT_EQ(&encryptorOf(value), &encryptor);
  Value sealed = wrap(llvm::cantFail(encryptor.encrypt(pt)));
  EXPECT_EQ(firstSlots(sealed), (std::vector<int64_t>{1, 2, 3, 4}));
}

TEST_F(BFVValuesTest, SecretKeyAndPlaintextKeepDerivedState) {
  BFVSecretKey sk(ctx, gen->secretKey());
  EXPECT_EQ(&decryptorOf(sk), &decryptorOf(sk));
  EXPECT_EQ(&symmetricEncryptorOf(sk), &symmetricEncryptorOf(sk));
  BFVPlaintext mask(ctx, pt);
  const mplang::crypto::bfv::PreparedPlaintext *prepared = preparedOf(mask);
  ASSERT_NE(prepared, nullptr);
  EXPECT_EQ(preparedOf(mask), prepared);
  mplang::crypto::bfv::Plaintext bad = pt;
  bad.coeffs[0] = mplang::crypto::bfv::kDefaultPlainModulus;
  EXPECT_EQ(preparedOf(BFVPlaintext(ctx, bad)), nullptr);
  Value product = wrap(llvm::cantFail(
      mplang::crypto::bfv::Evaluator(ctx).mulPlain(ct, *prepared)));
  EXPECT_EQ(firstSlots(product), (std::vector<int64_t>{1, 4, 9, 16}));
}

TEST_F(BFVValuesTest, SeededAndSwitchedCiphertextsTravelSmaller) {
  BFVSecretKey sk(ctx, gen->secretKey());
  Value seeded = wrap(llvm::cantFail(symmetricEncryptorOf(sk).encrypt(pt)));
  Value switched = wrap(
      llvm::cantFail(mplang::crypto::bfv::Evaluator(ctx).modSwitch(ct, 1)));
  size_t full = serializeValue(wrap(ct)).size();
  for (const Value &v : {seeded, switched}) {
    std::string bytes = serializeValue(v);
    EXPECT_LT(bytes.size(), full * 51 / 100);
    Value out;
    ASSERT_TRUE(deserializeValue(bytes, out).isOk());
    EXPECT_EQ(firstSlots(out), (std::vector<int64_t>{1, 2, 3, 4}));
    // Cut anywhere in the body, it is refused.
    for (size_t len : {bytes.size() - 1, bytes.size() / 2}) {
      Value cut;
      EXPECT_FALSE(deserializeValue(bytes.substr(0, len), cut).isOk());
    }
  }
}

TEST_F(BFVValuesTest, EveryKindRoundTrips) {
  std::vector<Value> values = {wrap(pk),
                               wrap(gen->secretKey()),
                               wrap(llvm::cantFail(gen->createRelinKeys())),
                               wrap(llvm::cantFail(gen->createGaloisKeys({1}))),
                               wrap(mplang::crypto::bfv::BatchEncoder(ctx)),
                               wrap(pt),
                               wrap(ct)};
  for (const Value &v : values) {
    std::string bytes = serializeValue(v);
    Value out;
    ASSERT_TRUE(deserializeValue(bytes, out).isOk())
        << v.getOpaque()->kind().str();
    ASSERT_TRUE(out.isOpaque());
    EXPECT_EQ(out.getOpaque()->kind(), v.getOpaque()->kind());
    EXPECT_EQ(out.getOpaque()->serialize(), v.getOpaque()->serialize());
  }
  Value out;
  ASSERT_TRUE(deserializeValue(serializeValue(wrap(ct)), out).isOk());
  EXPECT_EQ(firstSlots(out), (std::vector<int64_t>{1, 2, 3, 4}));
}

TEST_F(BFVValuesTest, RejectsTruncatedAndHostileBytes) {
  Value out;
  for (const Value &v : {wrap(ct), wrap(pt), wrap(pk)}) {
    std::string bytes = serializeValue(v);
    // Every cut through the headers, then a spread over the body.
    for (size_t n = 0; n < bytes.size(); n += n < 64 ? 1 : 997)
      EXPECT_FALSE(
          deserializeValue(llvm::StringRef(bytes).take_front(n), out).isOk())
          << v.getOpaque()->kind().str() << " cut at " << n;
    EXPECT_FALSE(deserializeValue(bytes + "x", out).isOk());
  }

  std::string bytes = serializeValue(wrap(ct));
  size_t params = 2 + llvm::StringRef("bfv.ciphertext").size();
  auto rejects = [&](size_t at, char byte, llvm::StringRef why) {
    std::string bad = bytes;
    bad[at] = byte;
    Status s = deserializeValue(bad, out);
    EXPECT_FALSE(s.isOk()) << why.str();
    EXPECT_NE(s.message().find(why.str()), std::string::npos) << s.message();
  };
  rejects(2, 'x', "unknown kind 'xfv.ciphertext'");
  rejects(params + 1, 0x30, "invalid BFV parameters"); // n = 12288
  rejects(params + 12, char(200), "truncated BFV parameter header");
  rejects(params + 13, 40, "invalid BFV parameters"); // 40 + 36 + 37 bits
  // The library's own header follows ours (16 bytes).
  rejects(params + 16, 'X', "cannot load bfv.ciphertext");
  // A header naming n = 8192 over an n = 4096 ciphertext.
  rejects(params + 1, 0x20, "do not match");

  // Single corrupted bytes anywhere load as some object or fail cleanly.
  for (const Value &v :
       {wrap(ct), wrap(llvm::cantFail(gen->createGaloisKeys({1, -3})))}) {
    std::string good = serializeValue(v);
    for (size_t at = 0; at < good.size(); at += 1 + at / 8) {
      std::string bad = good;
      bad[at] ^= char(0x5a);
      (void)deserializeValue(bad, out).isOk();
    }
  }

  // A plaintext coefficient of t or more.
  std::string plain = serializeValue(wrap(pt));
  uint64_t t = mplang::crypto::bfv::kDefaultPlainModulus;
  std::memcpy(&plain[plain.size() - 8], &t, 8);
  EXPECT_FALSE(deserializeValue(plain, out).isOk());
}

} // namespace
