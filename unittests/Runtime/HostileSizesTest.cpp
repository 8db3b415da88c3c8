//===- HostileSizesTest.cpp - no allocation for bytes that never came ----===//
//
// Sizes on the wire are claims: a few bytes that declare a large object must
// be refused before anything of that size is allocated. Counts what this
// thread allocates with operator new (not under ASan, which owns it).
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/BFV/BatchEncoder.h"
#include "mplang/Crypto/BFV/Encryptor.h"
#include "mplang/Crypto/BFV/Serialization.h"
#include "mplang/Runtime/Dialects/BFV/BFVValues.h"
#include "mplang/Runtime/Serialize.h"

#include "gtest/gtest.h"
#include <cstdlib>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define MPLANG_COUNTS_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MPLANG_COUNTS_ALLOCATIONS 0
#endif
#endif
#ifndef MPLANG_COUNTS_ALLOCATIONS
#define MPLANG_COUNTS_ALLOCATIONS 1
#endif

namespace {
thread_local size_t allocatedBytes = 0;
} // namespace

#if MPLANG_COUNTS_ALLOCATIONS
void *operator new(size_t size) {
  allocatedBytes += size;
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
#endif

using namespace mplang::rt;

namespace {

/// Bytes `fn` allocated on this thread.
template <typename Fn> size_t allocatedBy(Fn fn) {
  size_t before = allocatedBytes;
  fn();
  return allocatedBytes - before;
}

constexpr size_t kSmall = 64 << 10;

class HostileSizesTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    ASSERT_TRUE(getBFVContext(4096, 1032193, {36, 36, 37}, ctx).isOk());
    gen.emplace(llvm::cantFail(mplang::crypto::bfv::KeyGenerator::create(ctx)));
  }
  static void TearDownTestSuite() {
    gen.reset();
    ctx.reset();
  }
  void SetUp() override {
    if (!MPLANG_COUNTS_ALLOCATIONS)
      GTEST_SKIP() << "ASan owns operator new";
  }

  static mplang::crypto::bfv::ContextPtr ctx;
  static std::optional<mplang::crypto::bfv::KeyGenerator> gen;
};
mplang::crypto::bfv::ContextPtr HostileSizesTest::ctx;
std::optional<mplang::crypto::bfv::KeyGenerator> HostileSizesTest::gen;

TEST_F(HostileSizesTest, CountsAllocations) {
  EXPECT_GE(allocatedBy([] { std::vector<char> bytes(100000); }), 100000u);
}

TEST_F(HostileSizesTest, CiphertextOfManyPolynomials) {
  mplang::crypto::bfv::PublicKey pk = llvm::cantFail(gen->createPublicKey());
  mplang::crypto::bfv::Plaintext pt =
      llvm::cantFail(mplang::crypto::bfv::BatchEncoder(ctx).encode({1, 2}));
  mplang::crypto::bfv::Ciphertext ct =
      llvm::cantFail(mplang::crypto::bfv::Encryptor(ctx, pk).encrypt(pt));
  std::vector<uint8_t> bytes = mplang::crypto::bfv::serialize(*ctx, ct);
  bytes[24] = 255; // polynomials: 255 x 2 x 4096 residues, 16 MiB
  bytes.resize(62);
  llvm::Expected<mplang::crypto::bfv::Ciphertext> out =
      mplang::crypto::bfv::Ciphertext();
  size_t used = allocatedBy(
      [&] { out = mplang::crypto::bfv::deserializeCiphertext(*ctx, bytes); });
  ASSERT_FALSE(out);
  EXPECT_EQ(llvm::toString(out.takeError()), "bfv deserialize: truncated data");
  EXPECT_LT(used, kSmall);
}

TEST_F(HostileSizesTest, KeysCutAfterTheirHeaders) {
  std::vector<std::vector<uint8_t>> keys = {
      mplang::crypto::bfv::serialize(*ctx,
                                     llvm::cantFail(gen->createRelinKeys())),
      mplang::crypto::bfv::serialize(
          *ctx, llvm::cantFail(gen->createGaloisKeys({1}))),
      mplang::crypto::bfv::serialize(*ctx,
                                     llvm::cantFail(gen->createPublicKey())),
      mplang::crypto::bfv::serialize(*ctx, gen->secretKey())};
  // Galois keys: claim 4096 of them.
  keys[1][24] = 0x00;
  keys[1][25] = 0x10;
  for (auto &bytes : keys)
    bytes.resize(100);
  auto failsSmall = [&](auto load, const std::vector<uint8_t> &bytes) {
    llvm::Error err = llvm::Error::success();
    size_t used = allocatedBy([&] { err = load(*ctx, bytes).takeError(); });
    EXPECT_EQ(llvm::toString(std::move(err)),
              "bfv deserialize: truncated data");
    EXPECT_LT(used, kSmall);
  };
  failsSmall(mplang::crypto::bfv::deserializeRelinKeys, keys[0]);
  failsSmall(mplang::crypto::bfv::deserializeGaloisKeys, keys[1]);
  failsSmall(mplang::crypto::bfv::deserializePublicKey, keys[2]);
  failsSmall(mplang::crypto::bfv::deserializeSecretKey, keys[3]);
}

TEST_F(HostileSizesTest, MessageReaderDoesNotTrustTheDeclaredSize) {
  std::string head = std::string("\x02\x0e") + "bfv.ciphertext";
  MessageReader reader(1ull << 30);
  size_t used = allocatedBy([&] { reader.feed(head); });
  EXPECT_FALSE(reader.complete());
  EXPECT_LT(used, size_t(2) << 20);
}

} // namespace
