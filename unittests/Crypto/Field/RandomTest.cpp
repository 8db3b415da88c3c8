//===- RandomTest.cpp - OS randomness and the AES-CTR generator -----------===//

#include "mplang/Crypto/Field/Random.h"
#include "FieldTestUtil.h"

#include <vector>

using namespace mplang::crypto::field;

namespace {

TEST(RandomTest, OsBlocksDiffer) {
  llvm::Expected<Gf128> a = osRandomBlock(), b = osRandomBlock();
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_NE(*a, *b);
}

// Block c of the stream is E_seed({c, 0}); E_0(0) is the classic
// 66e94bd4ef8a2c3b884cfa59ca342b2e.
TEST(RandomTest, PrgIsAesCounterMode) {
  Prg prg(Gf128{0, 0});
  std::vector<Gf128> first(1), rest(300);
  prg.fill(first);
  prg.fill(rest);
  EXPECT_EQ(first[0], fromHex("66e94bd4ef8a2c3b884cfa59ca342b2e"));
  Aes128 cipher(Gf128{0, 0});
  for (uint64_t c = 0; c < rest.size(); ++c)
    ASSERT_EQ(rest[c], cipher.encrypt(Gf128{c + 1, 0}));
}

TEST(RandomTest, OsSeededGeneratorsDiffer) {
  llvm::Expected<Prg> a = Prg::fromOs(), b = Prg::fromOs();
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  std::vector<Gf128> x(1), y(1);
  a->fill(x);
  b->fill(y);
  EXPECT_NE(x[0], y[0]);
}

} // namespace
