//===- Gf128Test.cpp - GF(2^128) known answers and random checks ----------===//

#include "mplang/Crypto/Field/Gf128.h"
#include "FieldTestUtil.h"

#include <random>
#include <vector>

using namespace mplang::crypto::field;

namespace {

/// Bit-serial reference: Horner's rule over the bits of b, reducing after
/// every shift by x.
Gf128 referenceMul(Gf128 a, Gf128 b) {
  Gf128 product;
  for (int i = 127; i >= 0; --i) {
    bool carry = product.hi >> 63;
    product = {product.lo << 1, (product.hi << 1) | (product.lo >> 63)};
    if (carry)
      product.lo ^= 0x87;
    uint64_t word = i >= 64 ? b.hi : b.lo;
    if ((word >> (i % 64)) & 1)
      product ^= a;
  }
  return product;
}

struct KnownProduct {
  Gf128 a, b, product;
};

// Upstream mplang's GF(2^128) known answers, reference column.
const KnownProduct kKnownProducts[] = {
    {{1, 2}, {3, 4}, {1083, 2}},
    {{0, 1ULL << 63}, {2, 0}, {0x87, 0}},
    {{0, 1ULL << 63}, {0, 1ULL << 63}, {0x1067, 0xC000000000000000ULL}},
    {{5, 0}, {7, 0}, {0x1B, 0}},
    {{1, 0}, {0xDEADBEEF, 0xCAFEBABE}, {0xDEADBEEF, 0xCAFEBABE}},
    {{0xAAAAAAAAAAAAAAAAULL, 0x5555555555555555ULL},
     {0x123456789ABCDEF0ULL, 0xFEDCBA9876543210ULL},
     {0x98AFD795043347EFULL, 0x46DCCB425DC7D069ULL}},
    {{~0ULL, ~0ULL},
     {~0ULL, ~0ULL},
     {0x555555555555402FULL, 0x5555555555555555ULL}},
};

TEST(Gf128ReferenceTest, MatchesKnownProducts) {
  for (const KnownProduct &known : kKnownProducts)
    EXPECT_EQ(referenceMul(known.a, known.b), known.product);
}

class Gf128Test : public PerIsaTest {};

TEST_P(Gf128Test, KnownProducts) {
  for (const KnownProduct &known : kKnownProducts) {
    Gf128 product;
    mul(known.a, known.b, product, GetParam());
    EXPECT_EQ(product, known.product)
        << "a = [" << known.a.lo << ", " << known.a.hi << "]";
  }
}

// 10,000 products; the array length is not a multiple of the vector width
// so every tail path runs too.
TEST_P(Gf128Test, RandomProductsMatchReference) {
  std::mt19937_64 rng(42);
  std::vector<Gf128> a(10000), b(10000), product(10000);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = {rng(), rng()};
    b[i] = {rng(), rng()};
  }
  for (size_t start = 0; start < a.size();) {
    size_t count = std::min<size_t>(start % 37 + 1, a.size() - start);
    mul(llvm::ArrayRef(a).slice(start, count),
        llvm::ArrayRef(b).slice(start, count),
        llvm::MutableArrayRef(product).slice(start, count), GetParam());
    start += count;
  }
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(product[i], referenceMul(a[i], b[i])) << "index " << i;
}

TEST_P(Gf128Test, OutputMayAliasInput) {
  std::vector<Gf128> a = {{1, 2}, {5, 0}}, b = {{3, 4}, {7, 0}};
  mul(a, b, a, GetParam());
  EXPECT_EQ(a, (std::vector<Gf128>{{1083, 2}, {0x1B, 0}}));
}

// Every element times one, across chunk boundaries (256) and in place.
TEST_P(Gf128Test, MulScalarMatchesReference) {
  std::mt19937_64 rng(43);
  std::vector<Gf128> a(1000), out(1000);
  for (Gf128 &x : a)
    x = {rng(), rng()};
  Gf128 b = {rng(), rng()};
  mulScalar(a, b, out, GetParam());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(out[i], referenceMul(a[i], b)) << "index " << i;
  mulScalar(a, b, a, GetParam());
  EXPECT_EQ(a, out);
}

INSTANTIATE_PER_ISA(Gf128Test);

TEST(Gf128Test, ScalarMulUsesBestIsa) {
  EXPECT_EQ(mul(Gf128{1, 2}, Gf128{3, 4}), (Gf128{1083, 2}));
}

TEST(Gf128Test, AddAndXorSum) {
  std::vector<Gf128> a = {{1, 2}, {0xF0, 0x0F}, {0xFF, 0}};
  std::vector<Gf128> b = {{3, 4}, {0x0F, 0xF0}, {0xFF, 0}};
  std::vector<Gf128> sum(3);
  add(a, b, sum);
  EXPECT_EQ(sum, (std::vector<Gf128>{{2, 6}, {0xFF, 0xFF}, {0, 0}}));
  EXPECT_EQ(xorSum(a), (Gf128{0x0E, 0x0D}));
  EXPECT_EQ(xorSum({}), Gf128());
}

TEST(Gf128Test, PrefixSum) {
  std::vector<Gf128> a = {{1, 0x10}, {2, 0x20}, {4, 0x40}, {1, 0x10}};
  std::vector<Gf128> out(4);
  prefixSum(a, out);
  EXPECT_EQ(out,
            (std::vector<Gf128>{{1, 0x10}, {3, 0x30}, {7, 0x70}, {6, 0x60}}));
  // In place, and a single element is itself.
  prefixSum(a, a);
  EXPECT_EQ(a, out);
  std::vector<Gf128> one = {{9, 9}};
  prefixSum(one, one);
  EXPECT_EQ(one, (std::vector<Gf128>{{9, 9}}));
}

TEST(Gf128Test, PrefixSumDownColumns) {
  // Two columns of three rows: each column is scanned on its own.
  std::vector<Gf128> a = {{1, 0}, {0, 1}, {2, 0}, {0, 2}, {4, 0}, {0, 4}};
  std::vector<Gf128> out(6);
  prefixSum(a, out, 2);
  EXPECT_EQ(out, (std::vector<Gf128>{
                     {1, 0}, {0, 1}, {3, 0}, {0, 3}, {7, 0}, {0, 7}}));
}

TEST(Gf128Test, PrefixSumMatchesRunningXor) {
  std::mt19937_64 rng(11);
  std::vector<Gf128> a(1000), out(1000);
  for (Gf128 &x : a)
    x = {rng(), rng()};
  prefixSum(a, out);
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(out[i], xorSum(llvm::ArrayRef(a).take_front(i + 1)))
        << "index " << i;
}

TEST(Gf128Test, ScatterAdd) {
  // Repeated indices accumulate; untouched elements keep dest's value.
  std::vector<Gf128> dest = {{1, 1}, {2, 2}, {3, 3}, {4, 4}};
  ASSERT_FALSE(bool(scatterAdd(dest, {2, 0, 2, 3},
                               {{0x10, 0}, {0x20, 0}, {0x40, 0}, {4, 4}})));
  EXPECT_EQ(dest, (std::vector<Gf128>{{0x21, 1}, {2, 2}, {0x53, 3}, {0, 0}}));
  std::vector<Gf128> one = {{5, 6}};
  ASSERT_FALSE(bool(scatterAdd(one, {0, 0}, {{1, 0}, {0, 1}})));
  EXPECT_EQ(one, (std::vector<Gf128>{{4, 7}}));
}

TEST(Gf128Test, ScatterAddOutOfRangeChangesNothing) {
  std::vector<Gf128> dest = {{1, 1}, {2, 2}, {3, 3}};
  const std::vector<Gf128> before = dest;
  EXPECT_EQ(
      llvm::toString(scatterAdd(dest, {0, 1, 3}, {{1, 0}, {1, 0}, {1, 0}})),
      "index 3 at position 2 is outside [0, 3)");
  EXPECT_EQ(dest, before);
  // Indices are i64: all ones is -1, not a huge unsigned index.
  EXPECT_EQ(llvm::toString(scatterAdd(dest, {~uint64_t(0)}, {{1, 0}})),
            "index -1 at position 0 is outside [0, 3)");
  EXPECT_EQ(dest, before);
}

} // namespace
