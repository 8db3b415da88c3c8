//===- ExpandConvoluteTest.cpp - dual expand-convolute encoding -----------===//

#include "mplang/Crypto/Field/ExpandConvolute.h"
#include "FieldTestUtil.h"

#include <random>
#include <tuple>
#include <vector>

using namespace mplang::crypto::field;

namespace {

// Stream t of seed s is AES_K(s ^ {q, t}), so seed {0, t} makes it
// field.aes_expand's stream of seed 0, whose first blocks are AES_K(0) =
// [0x83A62F4BB03AEAA0, 0xBC3ECD119217F0F7] and AES_K({1, 0}) =
// [0x1D0263DF8EA67848, 0x7996A41E96BB8D12] (docs/field.md).
TEST(ExpandConvoluteTest, CoefficientsComeFromTheAesStream) {
  EXPECT_EQ(exConvCoefficients({0, 1}, 1, 0), 0xB03AEAA0u);
  EXPECT_EQ(exConvCoefficients({0, 1}, 1, 1), 0x83A62F4Bu);
  EXPECT_EQ(exConvCoefficients({0, 1}, 1, 2), 0x9217F0F7u);
  EXPECT_EQ(exConvCoefficients({0, 1}, 1, 3), 0xBC3ECD11u);
  EXPECT_EQ(exConvCoefficients({0, 1}, 1, 4), 0x8EA67848u);
  EXPECT_EQ(exConvCoefficients({0, 2}, 2, 7), 0x7996A41Eu);
  // The two passes draw from different streams.
  EXPECT_EQ(exConvCoefficients({0, 2}, 2, 0), 0xB03AEAA0u);
  EXPECT_NE(exConvCoefficients({0, 2}, 1, 0), 0xB03AEAA0u);
}

TEST(ExpandConvoluteTest, PositionsComeFromTheAesStream) {
  // Weight 3: positions 0 and 1 regular over two segments of p / 2, then
  // one uniform. p = 2^33, so a segment is 2^32 and a regular position is
  // k 2^32 plus the word's top 32 bits.
  uint64_t p = uint64_t(1) << 33;
  EXPECT_EQ(exConvPosition({0, 3}, p, 3, 0, 0), 0x83A62F4BULL);
  EXPECT_EQ(exConvPosition({0, 3}, p, 3, 0, 1),
            (uint64_t(1) << 32) + 0xBC3ECD11ULL);
  // The uniform one: the top 33 bits of word 2, the lo word of AES_K({1, 0}).
  EXPECT_EQ(exConvPosition({0, 3}, p, 3, 0, 2), 0x1D0263DF8EA67848ULL >> 31);
  // Odd p: the segments are floor(p / 2) = 500 long (p - 1 is never
  // regular): floor(0x83A62F4BB03AEAA0 * 500 / 2^64) = 257.
  EXPECT_EQ(exConvPosition({0, 3}, 1001, 3, 0, 0), 257u);
}

/// The encoding by its definition, one term at a time.
std::vector<Gf128> reference(const std::vector<Gf128> &e, size_t m, Gf128 seed,
                             uint64_t weight, uint64_t band) {
  size_t p = e.size() - m;
  std::vector<Gf128> x(e.begin() + m, e.end());
  for (unsigned pass : {1, 2})
    for (size_t j = 0; j < p; ++j) {
      uint32_t c = exConvCoefficients(seed, pass, j);
      if (j > band)
        x[j] ^= x[j - band - 1];
      for (uint64_t l = 1; l <= band && l <= j; ++l)
        if (c >> (l - 1) & 1)
          x[j] ^= x[j - l];
    }
  std::vector<Gf128> y(e.begin(), e.begin() + m);
  for (size_t r = 0; r < m; ++r)
    for (uint64_t k = 0; k < weight; ++k)
      y[r] ^= x[exConvPosition(seed, p, weight, r, k)];
  return y;
}

/// Column `c` of a row-major matrix of `width` columns.
std::vector<Gf128> column(const std::vector<Gf128> &rows, size_t width,
                          size_t c) {
  std::vector<Gf128> v;
  for (size_t i = c; i < rows.size(); i += width)
    v.push_back(rows[i]);
  return v;
}

class ExpandConvoluteIsaTest : public PerIsaTest {};

// Sizes around the vector path's start (row 32), its groups of 4 / width
// rows and its chunks of 2048 rows, bands 24 (vectorised) and others,
// widths 1 to 3 (3 is never vectorised).
TEST_P(ExpandConvoluteIsaTest, MatchesTheDefinition) {
  std::mt19937_64 rng(7);
  for (auto [n, m, weight, band] :
       {std::tuple<size_t, size_t, uint64_t, uint64_t>{2, 1, 1, 1},
        {40, 20, 7, 24},
        {60, 30, 7, 24},
        {61, 27, 7, 24},
        {300, 100, 3, 5},
        {999, 500, 7, 32},
        {5000, 1000, 7, 24},
        {4201, 2100, 11, 24}}) {
    for (size_t width : {1, 2, 3}) {
      std::vector<Gf128> e = randomVector(n * width, rng);
      Gf128 seed = {rng(), rng()};
      std::vector<Gf128> y(m * width);
      exConvEncode(e, width, seed, weight, band, y, GetParam());
      for (size_t c = 0; c < width; ++c)
        EXPECT_EQ(column(y, width, c),
                  reference(column(e, width, c), m, seed, weight, band))
            << "n " << n << " m " << m << " weight " << weight << " band "
            << band << " width " << width << " column " << c;
      if (width == 1) {
        exConvEncodeInPlace(e, m, seed, weight, band, GetParam());
        EXPECT_EQ(std::vector<Gf128>(e.begin(), e.begin() + m), y)
            << "in place: n " << n << " m " << m;
      }
    }
  }
}

INSTANTIATE_PER_ISA(ExpandConvoluteIsaTest);

// The code is systematic: noise in the first m rows reaches its own output
// and nothing else.
TEST(ExpandConvoluteTest, SystematicPart) {
  size_t n = 200, m = 90;
  std::vector<Gf128> e(n);
  e[17] = {0x1234, 0x5678};
  std::vector<Gf128> y(m);
  exConvEncode(e, 1, {3, 4}, 7, 24, y);
  for (size_t r = 0; r < m; ++r)
    EXPECT_EQ(y[r], r == 17 ? e[17] : Gf128{}) << "output " << r;
}

// Noise in the last row is never convolved into another row: it reaches
// output r once per position of r at p - 1.
TEST(ExpandConvoluteTest, LastParityRow) {
  size_t n = 64, m = 40, p = n - m;
  Gf128 seed = {5, 6}, v = {0xABCD, 0xEF01};
  std::vector<Gf128> e(n);
  e[n - 1] = v;
  std::vector<Gf128> y(m);
  exConvEncode(e, 1, seed, 7, 24, y);
  for (size_t r = 0; r < m; ++r) {
    unsigned hits = 0;
    for (uint64_t k = 0; k < 7; ++k)
      hits += exConvPosition(seed, p, 7, r, k) == p - 1;
    EXPECT_EQ(y[r], hits % 2 ? v : Gf128{}) << "output " << r;
  }
}

TEST(ExpandConvoluteTest, IsLinear) {
  expectLinear(3000, 1400,
               [](llvm::ArrayRef<Gf128> in, llvm::MutableArrayRef<Gf128> out) {
                 exConvEncode(in, 1, {9, 9}, 7, 24, out);
               });
}

// Silent VOLE's two sides: rank 0 encodes (v, v + u) as one matrix, rank 1
// encodes w = v + u * delta alone; then E(w) = E(v) + E(u) * delta.
TEST(ExpandConvoluteTest, VoleSidesAgree) {
  std::mt19937_64 rng(13);
  size_t n = 5000, m = 2400;
  std::vector<Gf128> u = randomVector(n, rng), v = randomVector(n, rng);
  Gf128 delta = {rng(), rng()};
  std::vector<Gf128> w(n), rows(2 * n);
  for (size_t i = 0; i < n; ++i) {
    w[i] = v[i] ^ mul(u[i], delta);
    rows[2 * i] = v[i];
    rows[2 * i + 1] = v[i] ^ u[i];
  }
  std::vector<Gf128> ew(m), evvu(2 * m);
  exConvEncode(w, 1, {1, 2}, 7, 24, ew);
  exConvEncode(rows, 2, {1, 2}, 7, 24, evvu);
  for (size_t r = 0; r < m; ++r) {
    Gf128 ev = evvu[2 * r], eu = evvu[2 * r] ^ evvu[2 * r + 1];
    EXPECT_EQ(ew[r], ev ^ mul(eu, delta)) << "row " << r;
  }
}

} // namespace
