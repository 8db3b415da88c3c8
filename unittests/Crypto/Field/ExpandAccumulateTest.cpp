//===- ExpandAccumulateTest.cpp - dual expand-accumulate encoding ---------===//

#include "mplang/Crypto/Field/ExpandAccumulate.h"
#include "FieldTestUtil.h"

#include <random>
#include <vector>

using namespace mplang::crypto::field;

namespace {

// The stream is field.aes_expand's: for seed 0 its first block is
// AES_K(0) = [0x83A62F4BB03AEAA0, 0xBC3ECD119217F0F7] (docs/field.md).
TEST(ExpandAccumulateTest, PositionsComeFromTheAesStream) {
  uint64_t n = uint64_t(1) << 32;
  EXPECT_EQ(eaPosition({0, 0}, n, 3, 0, 0), 0x83A62F4BULL);
  EXPECT_EQ(eaPosition({0, 0}, n, 3, 0, 1), 0xBC3ECD11ULL);
  // Word 3 (output 1, k = 0) is the hi word of block 1, AES_K({1, 0}),
  // which is block 0 of seed {1, 0}.
  EXPECT_EQ(eaPosition({0, 0}, n, 3, 1, 0), eaPosition({1, 0}, n, 3, 0, 1));
  // Scaled to [0, 1000): floor(0x83A62F4BB03AEAA0 * 1000 / 2^64).
  EXPECT_EQ(eaPosition({0, 0}, 1000, 3, 0, 0), 514u);
}

/// y[r] = sum over k of (e[0] + ... + e[p(r, k)]), the definition.
std::vector<Gf128> reference(const std::vector<Gf128> &e, Gf128 seed,
                             uint64_t weight, size_t m) {
  std::vector<Gf128> y(m);
  for (size_t r = 0; r < m; ++r)
    for (uint64_t k = 0; k < weight; ++k) {
      uint64_t p = eaPosition(seed, e.size(), weight, r, k);
      for (uint64_t i = 0; i <= p; ++i)
        y[r] ^= e[i];
    }
  return y;
}

TEST(ExpandAccumulateTest, MatchesTheDefinition) {
  std::mt19937_64 rng(7);
  // Sizes across batch boundaries (512 outputs), odd and even weights.
  for (auto [n, m, weight] : {std::tuple<size_t, size_t, uint64_t>{1, 3, 1},
                              {17, 5, 2},
                              {200, 100, 7},
                              {3000, 1100, 21},
                              {1024, 513, 11}}) {
    std::vector<Gf128> e = randomVector(n, rng);
    Gf128 seed = {rng(), rng()};
    std::vector<Gf128> y(m);
    eaEncode(e, 1, seed, weight, y);
    EXPECT_EQ(y, reference(e, seed, weight, m))
        << "n " << n << " m " << m << " weight " << weight;
  }
}

// One noise element at p reaches output r once per position >= p.
TEST(ExpandAccumulateTest, UnitNoise) {
  size_t n = 64, m = 40, p = 30;
  uint64_t weight = 5;
  Gf128 seed = {3, 4}, v = {0x1234, 0x5678};
  std::vector<Gf128> e(n);
  e[p] = v;
  std::vector<Gf128> y(m);
  eaEncode(e, 1, seed, weight, y);
  for (size_t r = 0; r < m; ++r) {
    unsigned hits = 0;
    for (uint64_t k = 0; k < weight; ++k)
      hits += eaPosition(seed, n, weight, r, k) >= p;
    EXPECT_EQ(y[r], hits % 2 ? v : Gf128{}) << "output " << r;
  }
}

TEST(ExpandAccumulateTest, IsLinear) {
  expectLinear(777, 300,
               [](llvm::ArrayRef<Gf128> in, llvm::MutableArrayRef<Gf128> out) {
                 eaEncode(in, 1, {9, 9}, 21, out);
               });
}

// Columns are encoded as separate vectors would be.
TEST(ExpandAccumulateTest, ColumnsAreIndependent) {
  std::mt19937_64 rng(13);
  size_t n = 999, m = 600;
  std::vector<Gf128> a = randomVector(n, rng), b = randomVector(n, rng);
  std::vector<Gf128> rows(2 * n);
  for (size_t i = 0; i < n; ++i) {
    rows[2 * i] = a[i];
    rows[2 * i + 1] = b[i];
  }
  std::vector<Gf128> ya(m), yb(m), y(2 * m);
  eaEncode(a, 1, {5, 6}, 21, ya);
  eaEncode(b, 1, {5, 6}, 21, yb);
  eaEncode(rows, 2, {5, 6}, 21, y);
  for (size_t r = 0; r < m; ++r) {
    EXPECT_EQ(y[2 * r], ya[r]) << "row " << r;
    EXPECT_EQ(y[2 * r + 1], yb[r]) << "row " << r;
  }
}

} // namespace
