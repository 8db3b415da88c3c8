//===- MPTypeTest.cpp - the !simp.mp type through its C++ API ---*- C++ -*-===//

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/IR/SimpTypes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::simp;

namespace {

class MPTypeTest : public ::testing::Test {
protected:
  MPTypeTest() { ctx.loadDialect<SimpDialect>(); }

  std::string print(Type type) {
    std::string str;
    llvm::raw_string_ostream os(str);
    type.print(os);
    return str;
  }

  MLIRContext ctx;
  Builder b{&ctx};
};

TEST_F(MPTypeTest, StaticAndDynamicForms) {
  auto held = MPType::get(b.getI32Type(), {0, 2});
  EXPECT_TRUE(held.isStatic());
  EXPECT_TRUE(held.holds(2));
  EXPECT_FALSE(held.holds(1));
  EXPECT_EQ(print(held), "!simp.mp<i32, [0, 2]>");

  auto dynamic = MPType::getDynamic(b.getI32Type());
  EXPECT_TRUE(dynamic.isDynamic());
  EXPECT_FALSE(dynamic.holds(0));
  EXPECT_EQ(print(dynamic), "!simp.mp<i32, ?>");
  EXPECT_NE(held, dynamic);
}

TEST_F(MPTypeTest, ParsePrintRoundTrip) {
  for (StringRef text : {"!simp.mp<tensor<4xi32>, [1]>", "!simp.mp<i1, ?>",
                         "!simp.mp<!simp.mp<i64, [0]>, [0, 1]>"}) {
    Type type = parseType(text, &ctx);
    ASSERT_TRUE(type) << text.str();
    EXPECT_EQ(print(type), text.str());
  }
}

TEST_F(MPTypeTest, RejectsMalformedPartySets) {
  // Silence the diagnostics the parser emits for each bad type.
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  for (StringRef text : {"!simp.mp<i32, []>", "!simp.mp<i32, [1, 0]>",
                         "!simp.mp<i32, [1, 1]>", "!simp.mp<i32, [-1]>"})
    EXPECT_FALSE(parseType(text, &ctx)) << text.str();
}

TEST_F(MPTypeTest, LocalTypeUnwrapsOneLevel) {
  Type i32 = b.getI32Type();
  auto inner = MPType::get(i32, {0});
  auto outer = MPType::get(inner, {0, 1});
  EXPECT_EQ(getLocalType(outer), inner);
  EXPECT_EQ(getLocalType(inner), i32);
  EXPECT_EQ(getLocalType(i32), i32);
}

} // namespace
