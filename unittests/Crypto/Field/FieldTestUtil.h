//===- FieldTestUtil.h - helpers of the field kernel tests ------*- C++ -*-===//

#ifndef MPLANG_UNITTESTS_CRYPTO_FIELD_FIELDTESTUTIL_H
#define MPLANG_UNITTESTS_CRYPTO_FIELD_FIELDTESTUTIL_H

#include "mplang/Crypto/Field/Gf128.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstring>
#include <ostream>
#include <random>
#include <string>
#include <vector>

namespace mplang::crypto::field {

/// Prints [lo, hi] in hex in gtest failure messages.
inline void PrintTo(Gf128 x, std::ostream *os) {
  std::string text;
  llvm::raw_string_ostream(text) << "[" << llvm::format_hex(x.lo, 18) << ", "
                                 << llvm::format_hex(x.hi, 18) << "]";
  *os << text;
}

/// The element whose 16-byte encoding is the hex string (FIPS-197 order).
inline Gf128 fromHex(llvm::StringRef hex) {
  uint8_t bytes[16] = {};
  for (size_t i = 0; i < 16; ++i)
    bytes[i] = static_cast<uint8_t>(
        std::stoi(hex.substr(2 * i, 2).str(), nullptr, 16));
  Gf128 x;
  std::memcpy(&x, bytes, 16);
  return x;
}

/// Fixture parameterised by Isa; levels this CPU lacks are skipped.
class PerIsaTest : public ::testing::TestWithParam<Isa> {
protected:
  void SetUp() override {
    if (!isSupported(GetParam()))
      GTEST_SKIP() << getIsaName(GetParam()).str() << " not supported here";
  }
};

inline std::string isaTestName(const ::testing::TestParamInfo<Isa> &info) {
  return getIsaName(info.param).str();
}

/// n random elements.
inline std::vector<Gf128> randomVector(size_t n, std::mt19937_64 &rng) {
  std::vector<Gf128> v(n);
  for (Gf128 &x : v)
    x = {rng(), rng()};
  return v;
}

/// Expects a code's encoding of n elements into m to be linear:
/// E(a + b) = E(a) + E(b) for random a and b. `encode(in, out)`.
template <typename Encode>
void expectLinear(size_t n, size_t m, Encode encode) {
  std::mt19937_64 rng(11);
  std::vector<Gf128> a = randomVector(n, rng), b = randomVector(n, rng);
  std::vector<Gf128> sum(n);
  add(a, b, sum);
  std::vector<Gf128> ya(m), yb(m), ysum(m), both(m);
  encode(a, ya);
  encode(b, yb);
  encode(sum, ysum);
  add(ya, yb, both);
  EXPECT_EQ(ysum, both);
}

#define INSTANTIATE_PER_ISA(fixture)                                           \
  INSTANTIATE_TEST_SUITE_P(                                                    \
      AllIsas, fixture,                                                        \
      ::testing::Values(Isa::Portable, Isa::AesClmul, Isa::Avx512),            \
      isaTestName)

} // namespace mplang::crypto::field

#endif // MPLANG_UNITTESTS_CRYPTO_FIELD_FIELDTESTUTIL_H
