//===- AesTest.cpp - AES-128 and aes_expand known answers -----------------===//

#include "mplang/Crypto/Field/Aes.h"
#include "FieldTestUtil.h"

#include <vector>

using namespace mplang::crypto::field;

namespace {

class AesTest : public PerIsaTest {};

// FIPS-197 appendices B and C.1.
TEST_P(AesTest, Fips197Vectors) {
  Aes128 appendixB(fromHex("2b7e151628aed2a6abf7158809cf4f3c"));
  Aes128 appendixC(fromHex("000102030405060708090a0b0c0d0e0f"));
  Gf128 block = fromHex("3243f6a8885a308d313198a2e0370734");
  appendixB.encrypt(block, block, GetParam());
  EXPECT_EQ(block, fromHex("3925841d02dc09fbdc118597196a0b32"));
  block = fromHex("00112233445566778899aabbccddeeff");
  appendixC.encrypt(block, block, GetParam());
  EXPECT_EQ(block, fromHex("69c4e0d86a7b0430d8cdb78070b4c55a"));
}

// Every length up to 70 blocks covers the interleaved loops and their tails.
TEST_P(AesTest, BatchesMatchSingleBlocks) {
  Aes128 cipher(fromHex("000102030405060708090a0b0c0d0e0f"));
  for (size_t n = 1; n <= 70; ++n) {
    std::vector<Gf128> in(n), out(n);
    for (size_t i = 0; i < n; ++i)
      in[i] = {i * 0x9E3779B97F4A7C15ULL, n};
    cipher.encrypt(in, out, GetParam());
    for (size_t i = 0; i < n; ++i) {
      Gf128 single = in[i];
      cipher.encrypt(single, single, Isa::Portable);
      ASSERT_EQ(out[i], single) << "block " << i << " of " << n;
    }
  }
}

// Upstream mplang's field.aes_expand goldens.
TEST_P(AesTest, AesExpandGoldens) {
  Gf128 first = {0x83A62F4BB03AEAA0ULL, 0xBC3ECD119217F0F7ULL};
  Gf128 second = {0x1D0263DF8EA67848ULL, 0x7996A41E96BB8D12ULL};
  std::vector<Gf128> out(4);
  aesExpand({{0, 0}, {1, 0}}, 2, out, false, GetParam());
  EXPECT_EQ(out, (std::vector<Gf128>{first, second, second, first}));

  out.resize(2);
  aesExpand({{0x0123456789ABCDEFULL, 0xFEDCBA9876543210ULL}}, 2, out, false,
            GetParam());
  EXPECT_EQ(out, (std::vector<Gf128>{
                     {0xA0D3F3BCEE4586B5ULL, 0x9D834C94FBF0F005ULL},
                     {0xE65E1A9EDDF2875FULL, 0xABC058109BD474CDULL}}));
}

// The feed-forward form xors each input block into its output: seed 0, block
// 1 of the goldens above becomes E_K({1, 0}) ^ {1, 0}.
TEST_P(AesTest, AesExpandFeedForward) {
  std::vector<Gf128> out(4);
  aesExpand({{0, 0}, {1, 0}}, 2, out, true, GetParam());
  Gf128 first = {0x83A62F4BB03AEAA0ULL, 0xBC3ECD119217F0F7ULL};
  Gf128 second = {0x1D0263DF8EA67848ULL, 0x7996A41E96BB8D12ULL};
  Gf128 one = {1, 0};
  EXPECT_EQ(out,
            (std::vector<Gf128>{first, second ^ one, second ^ one, first}));

  // Long rows take the counter path; the feed-forward is the same.
  std::vector<Gf128> seeds = {{7, 8}, {9, 10}};
  std::vector<Gf128> plain(2 * 300), fed(2 * 300);
  aesExpand(seeds, 300, plain, false, GetParam());
  aesExpand(seeds, 300, fed, true, GetParam());
  for (uint64_t k = 0; k < plain.size(); ++k) {
    Gf128 counter = {k % 300, 0};
    ASSERT_EQ(fed[k], plain[k] ^ seeds[k / 300] ^ counter);
  }
}

// Short rows go in batches of 256 seeds: 1000 seeds of 3 blocks (a partial
// last batch), by the definition, with and without the feed-forward.
TEST_P(AesTest, ShortRowsAcrossBatches) {
  std::vector<Gf128> seeds(1000);
  for (uint64_t i = 0; i < seeds.size(); ++i)
    seeds[i] = {i * 0x9E3779B97F4A7C15ULL, ~i};
  std::vector<Gf128> plain(3 * seeds.size()), fed(3 * seeds.size());
  aesExpand(seeds, 3, plain, false, GetParam());
  aesExpand(seeds, 3, fed, true, GetParam());
  Aes128 cipher(kAesExpandKey);
  for (size_t i = 0; i < seeds.size(); ++i)
    for (uint64_t j = 0; j < 3; ++j) {
      Gf128 x = seeds[i] ^ Gf128 { j, 0 };
      ASSERT_EQ(plain[3 * i + j], cipher.encrypt(x)) << i << ", " << j;
      ASSERT_EQ(fed[3 * i + j], cipher.encrypt(x) ^ x) << i << ", " << j;
    }
}

INSTANTIATE_PER_ISA(AesTest);

TEST(AesKeyScheduleTest, Fips197AppendixA1) {
  Aes128 cipher(fromHex("2b7e151628aed2a6abf7158809cf4f3c"));
  EXPECT_EQ(cipher.getRoundKeys()[1],
            fromHex("a0fafe1788542cb123a339392a6c7605"));
  EXPECT_EQ(cipher.getRoundKeys()[10],
            fromHex("d014f9a8c9ee2589e13f0cc8b6630ca6"));
}

TEST(AesExpandTest, KeyIsPiDigits) {
  EXPECT_EQ(kAesExpandKey, fromHex("447370032e8a1913d308a385886a3f24"));
}

// Long outputs cross the generator's chunk boundary mid-seed.
TEST(AesExpandTest, CounterRestartsForEachSeed) {
  std::vector<Gf128> seeds = {{7, 8}, {9, 10}};
  std::vector<Gf128> out(2 * 300);
  aesExpand(seeds, 300, out);
  Aes128 cipher(kAesExpandKey);
  for (size_t i = 0; i < 2; ++i)
    for (uint64_t j = 0; j < 300; ++j)
      ASSERT_EQ(out[i * 300 + j],
                cipher.encrypt(Gf128{seeds[i].lo ^ j, seeds[i].hi}));
}

} // namespace
