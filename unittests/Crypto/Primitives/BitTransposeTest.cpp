//===- BitTransposeTest.cpp - the fast transpose against a naive one ------===//

#include "mplang/Crypto/Primitives/BitTranspose.h"

#include <gtest/gtest.h>
#include <random>
#include <vector>

using namespace mplang::crypto;

namespace {

bool bitAt(const std::vector<uint8_t> &m, size_t stride, size_t r, size_t c) {
  return (m[r * stride + c / 8] >> (c % 8)) & 1;
}

/// One bit at a time, straight from the definition.
std::vector<uint8_t> naive(const std::vector<uint8_t> &in, size_t rows,
                           size_t columns) {
  std::vector<uint8_t> out(in.size());
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < columns; ++c)
      if (bitAt(in, columns / 8, r, c))
        out[c * (rows / 8) + r / 8] |= uint8_t(1) << (r % 8);
  return out;
}

std::vector<uint8_t> randomMatrix(size_t rows, size_t columns, unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<uint8_t> m(rows * columns / 8);
  for (uint8_t &b : m)
    b = uint8_t(gen());
  return m;
}

// Shapes cover whole 16 x 128 tiles, 8-row and 8-column edges and both at
// once, the OT-extension shape and its inverse.
TEST(BitTranspose, MatchesNaive) {
  const std::pair<size_t, size_t> shapes[] = {
      {8, 8},     {16, 128},  {8, 128},   {16, 8},   {24, 136},
      {128, 4096}, {4096, 128}, {40, 264}, {128, 8}, {8, 1024}};
  unsigned seed = 1;
  for (auto [rows, columns] : shapes) {
    std::vector<uint8_t> in = randomMatrix(rows, columns, seed++);
    std::vector<uint8_t> out(in.size(), 0xAA);
    bitTranspose(in.data(), rows, columns, out.data());
    EXPECT_EQ(out, naive(in, rows, columns)) << rows << " x " << columns;
  }
}

TEST(BitTranspose, TwiceIsIdentity) {
  std::vector<uint8_t> in = randomMatrix(128, 1 << 14, 7);
  std::vector<uint8_t> t(in.size()), back(in.size());
  bitTranspose(in.data(), 128, 1 << 14, t.data());
  bitTranspose(t.data(), 1 << 14, 128, back.data());
  EXPECT_EQ(back, in);
}

// One set bit lands where the definition says.
TEST(BitTranspose, SingleBit) {
  std::vector<uint8_t> in(32 * 256 / 8), out(in.size());
  in[5 * 32 + 19] = 1 << 3; // row 5, column 19 * 8 + 3 = 155
  bitTranspose(in.data(), 32, 256, out.data());
  for (size_t i = 0; i < out.size(); ++i)
    EXPECT_EQ(out[i], i == 155 * 4 ? 1 << 5 : 0) << i;
}

} // namespace
