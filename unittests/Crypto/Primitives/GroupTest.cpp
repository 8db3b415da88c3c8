//===- GroupTest.cpp - P-256 known multiples, encodings, algebra ----------===//

#include "TestUtil.h"

#include "mplang/Crypto/Primitives/Group.h"

using namespace mplang::crypto;

namespace {

Scalar scalar(uint64_t small) {
  Scalar k{};
  for (int i = 0; i < 8; ++i)
    k[31 - i] = uint8_t(small >> (8 * i));
  return k;
}

std::string encode(const EC_POINT *p) {
  uint8_t bytes[kPointBytes];
  EXPECT_TRUE(succeeded(encodePoint(p, bytes)));
  return hex(bytes);
}

std::string multipleOfG(const Scalar &k) {
  Point p = newPoint();
  EXPECT_TRUE(succeeded(mulPoint(k, nullptr, p.get())));
  return encode(p.get());
}

// SEC 2 / FIPS 186-4 generator and its published small multiples.
const char *kG =
    "036b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
const char *k2G =
    "037cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978";
const char *k3G =
    "025ecbe4d1a6330a44c8f7ef951d4bf165e6c6b721efada985fb41661bc6e7fd6c";

TEST(P256, KnownMultiples) {
  EXPECT_EQ(encode(generator().get()), kG);
  EXPECT_EQ(multipleOfG(scalar(1)), kG);
  EXPECT_EQ(multipleOfG(scalar(2)), k2G);
  EXPECT_EQ(multipleOfG(scalar(3)), k3G);
  // (n - 1) G = -G: the same x, the other y parity.
  Scalar minusOne;
  std::vector<uint8_t> n = unhex(
      "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550");
  std::copy(n.begin(), n.end(), minusOne.begin());
  EXPECT_EQ(multipleOfG(minusOne), std::string("02") + (kG + 2));
  EXPECT_TRUE(isCanonicalScalar(minusOne));
  minusOne[31] = 0x51; // the order itself
  EXPECT_FALSE(isCanonicalScalar(minusOne));
}

TEST(P256, AlgebraAndEncodings) {
  Point g = generator(), twoG = newPoint(), threeG = newPoint(),
        back = newPoint(), zero = newPoint();
  ASSERT_TRUE(succeeded(addPoints(g.get(), g.get(), false, twoG.get())));
  EXPECT_EQ(encode(twoG.get()), k2G);
  ASSERT_TRUE(succeeded(mulPoint(scalar(3), g.get(), threeG.get())));
  EXPECT_EQ(encode(threeG.get()), k3G);
  ASSERT_TRUE(succeeded(addPoints(threeG.get(), g.get(), true, back.get())));
  EXPECT_EQ(encode(back.get()), k2G);
  ASSERT_TRUE(succeeded(addPoints(g.get(), g.get(), true, zero.get())));
  EXPECT_EQ(encode(zero.get()), std::string(66, '0'));

  Point decoded;
  std::vector<uint8_t> bytes = unhex(k3G);
  ASSERT_TRUE(succeeded(decodePoint(bytes.data(), decoded)));
  EXPECT_EQ(encode(decoded.get()), k3G);
  std::vector<uint8_t> identity(kPointBytes);
  ASSERT_TRUE(succeeded(decodePoint(identity.data(), decoded)));
  EXPECT_EQ(encode(decoded.get()), std::string(66, '0'));
}

// Points computed independently (Python: SHA-256, then x^3 - 3x + b a
// square modulo p); "abc" needs four hashes, the item 1 two.
TEST(P256, HashToPoint) {
  auto hashed = [](llvm::ArrayRef<uint8_t> in) {
    Point p;
    EXPECT_TRUE(succeeded(hashToPoint(in, p)));
    return encode(p.get());
  };
  const uint8_t abc[] = {'a', 'b', 'c'};
  EXPECT_EQ(hashed(abc), "02ea6da6fd509a9599cbb07c2bf68ebdc8f18d28242542f8447"
                         "21d1786b4e6c8fe");
  const uint8_t zero[8] = {}, one[8] = {1};
  EXPECT_EQ(hashed(zero), "0289f3b8d7bdd83e972271536edc08fa2c358c0c1b6361492"
                          "4d138ab6c9a67218a");
  EXPECT_EQ(hashed(one), "025d3efd86d775565357055bbea776dbf8325a34ec31739228"
                         "0ae45530cc97dbcc");
}

TEST(P256, InvalidEncodings) {
  Point p;
  std::vector<uint8_t> bytes = unhex(kG);
  bytes[0] = 4; // uncompressed prefix, too short
  EXPECT_TRUE(failedWith(decodePoint(bytes.data(), p)));
  bytes[0] = 0; // identity prefix with a non-zero x
  EXPECT_TRUE(failedWith(decodePoint(bytes.data(), p)));
  std::vector<uint8_t> big(kPointBytes, 0xff); // x >= p
  big[0] = 2;
  EXPECT_TRUE(failedWith(decodePoint(big.data(), p)));
  // x = 3 has no point on P-256 (27 - 9 + b is not a square mod p).
  std::vector<uint8_t> offCurve(kPointBytes);
  offCurve[0] = 2;
  offCurve[32] = 3;
  EXPECT_TRUE(failedWith(decodePoint(offCurve.data(), p)));
}

TEST(P256, RandomAndReducedScalars) {
  Scalar a, b;
  ASSERT_TRUE(succeeded(randomScalar(a)));
  ASSERT_TRUE(succeeded(randomScalar(b)));
  EXPECT_NE(a, b);
  EXPECT_TRUE(isCanonicalScalar(a));
  std::vector<uint8_t> ones(kScalarBytes, 0xff);
  Scalar r;
  ASSERT_TRUE(succeeded(reduceScalar(ones.data(), r)));
  // 2^256 - 1 - n.
  EXPECT_EQ(hex(r),
            "00000000ffffffff00000000000000004319055258e8617b0c46353d039cdaae");
}

// Arithmetic modulo n, and the inverse undoing a multiplication.
TEST(P256, ScalarArithmetic) {
  auto combine = [](uint64_t a, uint64_t b, ScalarOp op) {
    Scalar r;
    EXPECT_TRUE(succeeded(combineScalars(scalar(a), scalar(b), op, r)));
    return hex(r);
  };
  EXPECT_EQ(combine(2, 3, ScalarOp::Add), hex(scalar(5)));
  EXPECT_EQ(combine(3, 2, ScalarOp::Sub), hex(scalar(1)));
  // 2 - 3 = n - 1.
  EXPECT_EQ(combine(2, 3, ScalarOp::Sub),
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550");
  EXPECT_EQ(combine(6, 7, ScalarOp::Mul), hex(scalar(42)));

  Scalar inverse, one;
  ASSERT_TRUE(succeeded(invertScalar(scalar(3), inverse)));
  ASSERT_TRUE(succeeded(
      combineScalars(inverse, scalar(3), ScalarOp::Mul, one)));
  EXPECT_EQ(hex(one), hex(scalar(1)));
  Point p = newPoint();
  ASSERT_TRUE(succeeded(mulPoint(inverse, nullptr, p.get())));
  ASSERT_TRUE(succeeded(mulPoint(scalar(3), p.get(), p.get())));
  EXPECT_EQ(encode(p.get()), kG);
  EXPECT_TRUE(failedWith(invertScalar(scalar(0), inverse)));
}

} // namespace
