//===- KnownAnswerTest.cpp - published vectors for hash, KDF, AEAD, X25519 ===//

#include "TestUtil.h"

#include "mplang/Crypto/Primitives/AesGcm.h"
#include "mplang/Crypto/Primitives/Hash.h"
#include "mplang/Crypto/Primitives/X25519.h"

#include <gtest/gtest.h>

using namespace mplang::crypto;

namespace {

std::string sha256Hex(llvm::StringRef text) {
  uint8_t digest[kSha256Bytes];
  EXPECT_TRUE(succeeded(sha256(llvm::arrayRefFromStringRef(text), digest)));
  return hex(digest);
}

// FIPS 180-2 appendix B.1 and B.2, and the empty message.
TEST(Sha256, Fips180Vectors) {
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a"
                              "9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca4"
                           "95991b7852b855");
}

TEST(Sha256, RowsMatchOneByOne) {
  std::string rows = "abcabdabe";
  uint8_t digests[3 * kSha256Bytes];
  ASSERT_TRUE(succeeded(
      sha256Rows(reinterpret_cast<const uint8_t *>(rows.data()), 3, 3, digests)));
  EXPECT_EQ(hex(llvm::ArrayRef<uint8_t>(digests, kSha256Bytes)),
            sha256Hex("abc"));
  EXPECT_EQ(hex(llvm::ArrayRef<uint8_t>(digests + 64, kSha256Bytes)),
            sha256Hex("abe"));
}

// RFC 5869 A.1 (test case 1) and A.3 (no salt, no info).
TEST(Hkdf, Rfc5869) {
  std::vector<uint8_t> okm(42);
  ASSERT_TRUE(succeeded(hkdfSha256(std::vector<uint8_t>(22, 0x0b),
                               unhex("000102030405060708090a0b0c"),
                               unhex("f0f1f2f3f4f5f6f7f8f9"), okm)));
  EXPECT_EQ(hex(okm), "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d5"
                      "6ecc4c5bf34007208d5b887185865");
  ASSERT_TRUE(succeeded(
      hkdfSha256(std::vector<uint8_t>(22, 0x0b), {}, {}, okm)));
  EXPECT_EQ(hex(okm), "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5"
                      "f3c738d2d9d201395faa4b61a96c8");
}

// McGrew and Viega, "The Galois/Counter Mode of Operation", test cases 14
// and 16 (256-bit keys).
TEST(HmacSha256, Rfc4231) {
  auto text = [](llvm::StringRef s) {
    return llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(s.data()), s.size());
  };
  llvm::Expected<HmacSha256> jefe = HmacSha256::create(text("Jefe"));
  ASSERT_TRUE(bool(jefe)) << llvm::toString(jefe.takeError());
  uint8_t out[kSha256Bytes];
  // Test case 2, twice: one keyed object serves many messages.
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(
        succeeded(jefe->mac(text("what do ya want for nothing?"), out)));
    EXPECT_EQ(hex(out), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec5"
                        "8b964ec3843");
  }
  // Test case 1.
  llvm::Expected<HmacSha256> key = HmacSha256::create(
      std::vector<uint8_t>(20, 0x0b));
  ASSERT_TRUE(bool(key)) << llvm::toString(key.takeError());
  ASSERT_TRUE(succeeded(key->mac(text("Hi There"), out)));
  EXPECT_EQ(hex(out), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376"
                      "c2e32cff7");
}

TEST(AesGcm, McGrewViega) {
  std::vector<uint8_t> out(32);
  ASSERT_TRUE(succeeded(aesGcmEncrypt(std::vector<uint8_t>(32), std::vector<uint8_t>(12),
                                  {}, std::vector<uint8_t>(16), out)));
  EXPECT_EQ(hex(out), "cea7403d4d606b6e074ec5d3baf39d18"
                      "d0d1c8a799996bf0265b98b5d48ab919");

  std::vector<uint8_t> key = unhex("feffe9928665731c6d6a8f9467308308feffe99286"
                                   "65731c6d6a8f9467308308");
  std::vector<uint8_t> nonce = unhex("cafebabefacedbaddecaf888");
  std::vector<uint8_t> aad = unhex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
  std::vector<uint8_t> plain = unhex(
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c9"
      "5956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
  std::vector<uint8_t> sealed(plain.size() + 16);
  ASSERT_TRUE(succeeded(aesGcmEncrypt(key, nonce, aad, plain, sealed)));
  EXPECT_EQ(hex(sealed),
            "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb"
            "08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
            "76fc6ece0f4e1768cddf8853bb2d551b");

  std::vector<uint8_t> opened(plain.size());
  ASSERT_TRUE(succeeded(aesGcmDecrypt(key, nonce, aad, sealed, opened)));
  EXPECT_EQ(opened, plain);

  // A flipped ciphertext bit, a wrong key or wrong associated data fail and
  // leave no plaintext behind.
  std::vector<uint8_t> tampered = sealed;
  tampered[5] ^= 1;
  EXPECT_TRUE(failedWith(aesGcmDecrypt(key, nonce, aad, tampered, opened)));
  EXPECT_EQ(opened, std::vector<uint8_t>(plain.size()));
  std::vector<uint8_t> otherKey = key;
  otherKey[0] ^= 0x80;
  EXPECT_TRUE(failedWith(aesGcmDecrypt(otherKey, nonce, aad, sealed, opened)));
  EXPECT_TRUE(failedWith(aesGcmDecrypt(key, nonce, {}, sealed, opened)));
}

X25519Key key(llvm::StringRef hexText) {
  X25519Key k;
  std::vector<uint8_t> bytes = unhex(hexText);
  std::copy(bytes.begin(), bytes.end(), k.begin());
  return k;
}

// RFC 7748 section 6.1.
TEST(X25519, Rfc7748) {
  X25519Key alice = key("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177"
                        "fba51db92c2a"),
            bob = key("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b"
                      "27ff88e0eb");
  X25519Key alicePub, bobPub, s1, s2;
  ASSERT_TRUE(succeeded(x25519PublicKey(alice, alicePub)));
  ASSERT_TRUE(succeeded(x25519PublicKey(bob, bobPub)));
  EXPECT_EQ(hex(alicePub), "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eb"
                           "a4a98eaa9b4e6a");
  EXPECT_EQ(hex(bobPub), "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc"
                         "7e146f882b4f");
  ASSERT_TRUE(succeeded(x25519Agree(alice, bobPub, s1)));
  ASSERT_TRUE(succeeded(x25519Agree(bob, alicePub, s2)));
  EXPECT_EQ(hex(s1), "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c"
                     "1e161742");
  EXPECT_EQ(s1, s2);
  // The point u = 0 has small order: its secret is all zeros.
  EXPECT_TRUE(failedWith(x25519Agree(alice, X25519Key{}, s1)));
}

} // namespace
