//===- CryptoValuesTest.cpp - crypto objects as message bytes ---*- C++ -*-===//

#include "mplang/Runtime/Dialects/Crypto/CryptoValues.h"
#include "mplang/Dialect/Crypto/IR/CryptoDialect.h"
#include "mplang/Runtime/Dialects/Crypto/CryptoRuntime.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mplang::rt;

namespace {

class CryptoValuesTest : public ::testing::Test {
protected:
  void SetUp() override {
    registerCryptoValueTypes();
    ctx.loadDialect<mlir::crypto::CryptoDialect>();
  }

  mlir::Type type(llvm::StringRef text) { return mlir::parseType(text, &ctx); }

  /// Points k * G for k = 1, 2, ... in a batch of `shape`.
  Value pointBatch(llvm::ArrayRef<int64_t> shape, size_t count) {
    std::vector<mplang::crypto::Point> points;
    for (size_t i = 0; i < count; ++i) {
      mplang::crypto::Scalar k{};
      k[31] = uint8_t(i + 1);
      points.emplace_back();
      EXPECT_FALSE(bool(mplang::crypto::mulPoint(k, nullptr, points.back())));
    }
    return Value::opaque(
        std::make_shared<PointArray>(shape, std::move(points)));
  }

  /// Deserializes `bytes`, expecting an error that mentions `what`.
  void expectRejected(const std::string &bytes, llvm::StringRef what) {
    Value out;
    Status s = deserializeValue(bytes, out);
    ASSERT_FALSE(s.isOk());
    EXPECT_NE(s.message().find(what.str()), std::string::npos) << s.message();
  }

  mlir::MLIRContext ctx;
};

TEST_F(CryptoValuesTest, PointsRoundTripAndTypeCheck) {
  Value in = pointBatch({2, 2}, 4);
  std::string bytes = serializeValue(in);
  Value out;
  ASSERT_TRUE(deserializeValue(bytes, out).isOk());
  EXPECT_EQ(serializeValue(out), bytes);
  EXPECT_TRUE(
      checkValueType(out, type("tensor<2x2x!crypto.point<p256>>")).isOk());
  Status shape = checkValueType(out, type("tensor<4x!crypto.point<p256>>"));
  EXPECT_EQ(shape.message(),
            "a batch of crypto.point<p256> of another shape where "
            "tensor<4x!crypto.point<p256>> is declared");
  Status kind = checkValueType(out, type("!crypto.scalar<p256>"));
  EXPECT_EQ(kind.message(), "a crypto.point<p256> where !crypto.scalar<p256> "
                            "is declared");
}

TEST_F(CryptoValuesTest, ScalarsAndKeysRoundTrip) {
  std::vector<uint8_t> bytes(64, 0);
  bytes[31] = 5;
  bytes[63] = 7;
  Value scalars = Value::opaque(std::make_shared<ByteArray>(
      "crypto.scalar<p256>", llvm::ArrayRef<int64_t>{2}, bytes));
  Value out;
  ASSERT_TRUE(deserializeValue(serializeValue(scalars), out).isOk());
  EXPECT_TRUE(
      checkValueType(out, type("tensor<2x!crypto.scalar<p256>>")).isOk());
  Value key = Value::opaque(std::make_shared<ByteArray>(
      "crypto.public_key<x25519>", llvm::ArrayRef<int64_t>{},
      std::vector<uint8_t>(32, 9)));
  ASSERT_TRUE(deserializeValue(serializeValue(key), out).isOk());
  EXPECT_TRUE(checkValueType(out, type("!crypto.public_key<x25519>")).isOk());
  EXPECT_FALSE(checkValueType(out, type("!crypto.private_key<x25519>")).isOk());
}

// Nothing from the wire is trusted: sizes, shapes and encodings.
TEST_F(CryptoValuesTest, HostileMessagesAreRejected) {
  std::string good = serializeValue(pointBatch({2}, 2));
  expectRejected(good.substr(0, good.size() - 1), "does not match");
  expectRejected(good + "x", "does not match");

  // Header: opaque marker, kind length, kind, then rank and dimensions.
  size_t header = 2 + std::string("crypto.point<p256>").size();
  std::string badRank = good;
  badRank[header] = char(17);
  expectRejected(badRank, "malformed batch header");
  std::string hugeShape = good;
  int64_t huge = int64_t(1) << 62;
  std::memcpy(&hugeShape[header + 1], &huge, sizeof(huge));
  expectRejected(hugeShape, "does not match");
  std::string negative = good;
  int64_t minusTwo = -2;
  std::memcpy(&negative[header + 1], &minusTwo, sizeof(minusTwo));
  expectRejected(negative, "does not match");

  // The second point's x replaced by 3, which has no point on P-256.
  std::string offCurve = good;
  size_t second = header + 1 + 8 + 33;
  offCurve[second] = 2;
  std::fill(offCurve.begin() + second + 1, offCurve.begin() + second + 33, 0);
  offCurve[second + 32] = 3;
  expectRejected(offCurve, "point 1: invalid P-256 point encoding");

  // A scalar equal to the group order is not canonical.
  std::vector<uint8_t> order = {0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
                                0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
                                0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51};
  Value scalar = Value::opaque(std::make_shared<ByteArray>(
      "crypto.scalar<p256>", llvm::ArrayRef<int64_t>{}, order));
  expectRejected(serializeValue(scalar), "not below the group order");
}

} // namespace
