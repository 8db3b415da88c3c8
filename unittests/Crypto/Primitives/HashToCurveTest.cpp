//===- HashToCurveTest.cpp - RFC 9380 P-256 known answers -----------------===//

#include "TestUtil.h"

#include "mplang/Crypto/Primitives/Group.h"

using namespace mplang::crypto;

namespace {

std::string hashed(llvm::StringRef msg, llvm::StringRef dst) {
  Point p;
  EXPECT_TRUE(succeeded(hashToCurve(
      {reinterpret_cast<const uint8_t *>(msg.data()), msg.size()}, dst, p)));
  return hex(p);
}

// RFC 9380 appendix J.1.1, P256_XMD:SHA-256_SSWU_RO_: the points P as
// 04 || x || y.
TEST(HashToCurve, Rfc9380Vectors) {
  const char *dst = "QUUX-V01-CS02-with-P256_XMD:SHA-256_SSWU_RO_";
  EXPECT_EQ(hashed("", dst),
            "042c15230b26dbc6fc9a37051158c95b79656e17a1a920b11394ca91c44247d3e4"
            "8a7a74985cc5c776cdfe4b1f19884970453912e9d31528c060be9ab5c43e8415");
  EXPECT_EQ(hashed("abc", dst),
            "040bb8b87485551aa43ed54f009230450b492fead5f1cc91658775dac4a3388a0f"
            "5c41b3d0731a27a7b14bc0bf0ccded2d8751f83493404c84a88e71ffd424212e");
  EXPECT_EQ(hashed("abcdef0123456789", dst),
            "0465038ac8f2b1def042a5df0b33b1f4eca6bff7cb0f9c6c1526811864e544ed80"
            "cad44d40a656e7aff4002a8de287abc8ae0482b5ae825822bb870d6df9b56ca3");
  EXPECT_EQ(hashed("q128_" + std::string(128, 'q'), dst),
            "044be61ee205094282ba8a2042bcb48d88dfbb609301c49aa8b078533dc65a0b5d"
            "98f8df449a072c4721d241a3b1236d3caccba603f916ca680f4539d2bfb3c29e");
  EXPECT_EQ(hashed("a512_" + std::string(512, 'a'), dst),
            "04457ae2981f70ca85d8e24c308b14db22f3e3862c5ea0f652ca38b5e49cd64bc5"
            "ecb9f0eadc9aeed232dabc53235368c1394c78de05dd96893eefa62b0f4757dc");
}

// The tag separates domains; its length is one byte of the encoding.
TEST(HashToCurve, TagSeparatesAndIsBounded) {
  EXPECT_NE(hashed("abc", kHashToPointDst),
            hashed("abc", "QUUX-V01-CS02-with-P256_XMD:SHA-256_SSWU_RO_"));
  Point p;
  const uint8_t msg[] = {'a'};
  EXPECT_TRUE(failedWith(hashToCurve(msg, std::string(256, 't'), p)));
  EXPECT_TRUE(failedWith(hashToCurve(msg, "", p)));
}

} // namespace
