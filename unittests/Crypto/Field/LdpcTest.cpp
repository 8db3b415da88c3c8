//===- LdpcTest.cpp - LDPC syndrome encoding ------------------------------===//

#include "mplang/Crypto/Field/Ldpc.h"
#include "FieldTestUtil.h"

#include <vector>

using namespace mplang::crypto::field;

namespace {

const std::vector<Gf128> kMessage = {{1, 10}, {2, 20}, {4, 40}, {8, 80}};

// Upstream mplang's field.ldpc_encode example.
TEST(LdpcTest, ReferenceExample) {
  std::vector<Gf128> syndrome(3);
  ASSERT_FALSE(bool(
      ldpcEncode(kMessage, {0, 1, 1, 2, 3, 0, 3}, {0, 2, 5, 7}, syndrome)));
  EXPECT_EQ(syndrome, (std::vector<Gf128>{{3, 30}, {14, 108}, {9, 90}}));
}

TEST(LdpcTest, EmptyRowIsZero) {
  std::vector<Gf128> syndrome(2, {5, 5});
  ASSERT_FALSE(bool(ldpcEncode(kMessage, {2}, {0, 0, 1}, syndrome)));
  EXPECT_EQ(syndrome, (std::vector<Gf128>{{0, 0}, {4, 40}}));
}

TEST(LdpcTest, MalformedCsrIsAnError) {
  std::vector<Gf128> syndrome(2);
  EXPECT_EQ(llvm::toString(ldpcEncode(kMessage, {0, 1}, {0, 2}, syndrome)),
            "ldpc: indptr has 2 entries, expected rows + 1 = 3");
  EXPECT_EQ(llvm::toString(ldpcEncode(kMessage, {0, 1}, {0, 2, 1}, syndrome)),
            "ldpc: indptr decreases at row 1");
  EXPECT_EQ(llvm::toString(ldpcEncode(kMessage, {0, 1}, {0, 1, 3}, syndrome)),
            "ldpc: indptr must run from 0 to at most the 2 indices");
  EXPECT_EQ(llvm::toString(ldpcEncode(kMessage, {0, 4}, {0, 1, 2}, syndrome)),
            "ldpc: column 4 is outside the 4-element message");
}

} // namespace
