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

/// The SEC1 compressed encoding, as the published multiples are written.
std::string encode(const Point &p) {
  uint8_t bytes[kPointBytes];
  compressPoint(p, bytes);
  return hex(bytes);
}

std::string multipleOfG(const Scalar &k) {
  Point p;
  EXPECT_TRUE(succeeded(mulPoint(k, nullptr, p)));
  return encode(p);
}

// SEC 2 / FIPS 186-4 generator and its published small multiples.
const char *kG =
    "036b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
const char *k2G =
    "037cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978";
const char *k3G =
    "025ecbe4d1a6330a44c8f7ef951d4bf165e6c6b721efada985fb41661bc6e7fd6c";

TEST(P256, KnownMultiples) {
  EXPECT_EQ(encode(generator()), kG);
  EXPECT_EQ(multipleOfG(scalar(1)), kG);
  EXPECT_EQ(multipleOfG(scalar(2)), k2G);
  EXPECT_EQ(multipleOfG(scalar(3)), k3G);
  // (n - 1) G = -G: the same x, the other y parity.
  Scalar minusOne;
  std::vector<uint8_t> n =
      unhex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550");
  std::copy(n.begin(), n.end(), minusOne.begin());
  EXPECT_EQ(multipleOfG(minusOne), std::string("02") + (kG + 2));
  EXPECT_TRUE(isCanonicalScalar(minusOne));
  minusOne[31] = 0x51; // the order itself
  EXPECT_FALSE(isCanonicalScalar(minusOne));
}

TEST(P256, AlgebraAndEncodings) {
  Point g = generator(), twoG, threeG, back, zero;
  ASSERT_TRUE(succeeded(addPoints(g, g, false, twoG)));
  EXPECT_EQ(encode(twoG), k2G);
  ASSERT_TRUE(succeeded(mulPoint(scalar(3), &g, threeG)));
  EXPECT_EQ(encode(threeG), k3G);
  ASSERT_TRUE(succeeded(addPoints(threeG, g, true, back)));
  EXPECT_EQ(encode(back), k2G);
  ASSERT_TRUE(succeeded(addPoints(g, g, true, zero)));
  EXPECT_EQ(zero, Point{});
  EXPECT_EQ(encode(zero), std::string(66, '0'));
  // The identity is neutral in sums and absorbing in products.
  ASSERT_TRUE(succeeded(addPoints(zero, g, false, back)));
  EXPECT_EQ(back, g);
  ASSERT_TRUE(succeeded(mulPoint(scalar(5), &zero, back)));
  EXPECT_EQ(back, Point{});

  // Held uncompressed: 04, x, y of G (SEC 2).
  EXPECT_EQ(hex(g), "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a1394"
                    "5d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ece"
                    "cbb6406837bf51f5");
  Point decoded;
  std::vector<uint8_t> bytes = unhex(k3G);
  ASSERT_TRUE(succeeded(decompressPoint(bytes.data(), decoded)));
  EXPECT_EQ(decoded, threeG);
  std::vector<uint8_t> identity(kPointBytes);
  ASSERT_TRUE(succeeded(decompressPoint(identity.data(), decoded)));
  EXPECT_EQ(decoded, Point{});
}

TEST(P256, InvalidEncodings) {
  Point p;
  std::vector<uint8_t> bytes = unhex(kG);
  bytes[0] = 4; // uncompressed prefix, too short
  EXPECT_TRUE(failedWith(decompressPoint(bytes.data(), p)));
  bytes[0] = 0; // identity prefix with a non-zero x
  EXPECT_TRUE(failedWith(decompressPoint(bytes.data(), p)));
  std::vector<uint8_t> big(kPointBytes, 0xff); // x >= p
  big[0] = 2;
  EXPECT_TRUE(failedWith(decompressPoint(big.data(), p)));
  // x = 3 has no point on P-256 (27 - 9 + b is not a square mod p).
  std::vector<uint8_t> offCurve(kPointBytes);
  offCurve[0] = 2;
  offCurve[32] = 3;
  EXPECT_TRUE(failedWith(decompressPoint(offCurve.data(), p)));
  // A held point off the curve is refused by the arithmetic.
  Point bad = generator();
  bad[64] ^= 1;
  EXPECT_TRUE(failedWith(addPoints(bad, bad, false, p)));
  EXPECT_TRUE(failedWith(mulPoint(scalar(2), &bad, p)));
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
  ASSERT_TRUE(
      succeeded(combineScalars(inverse, scalar(3), ScalarOp::Mul, one)));
  EXPECT_EQ(hex(one), hex(scalar(1)));
  Point p;
  ASSERT_TRUE(succeeded(mulPoint(inverse, nullptr, p)));
  ASSERT_TRUE(succeeded(mulPoint(scalar(3), &p, p)));
  EXPECT_EQ(encode(p), kG);
  EXPECT_TRUE(failedWith(invertScalar(scalar(0), inverse)));
}

} // namespace
