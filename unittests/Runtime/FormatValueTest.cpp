//===- FormatValueTest.cpp - results as text ------------------------------===//

#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/Field/IR/FieldTypes.h"
#include "mplang/Runtime/FormatValue.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace mplang::rt;

namespace {

class FormatValueTest : public ::testing::Test {
protected:
  FormatValueTest() { ctx.getOrLoadDialect<mlir::field::FieldDialect>(); }

  mlir::Type tensorType(llvm::ArrayRef<int64_t> shape, mlir::Type element) {
    return mlir::RankedTensorType::get(shape, element);
  }
  mlir::Type i(unsigned width) { return mlir::IntegerType::get(&ctx, width); }

  mlir::MLIRContext ctx;
};

template <typename T>
Value valueOf(DType dtype, llvm::ArrayRef<int64_t> shape,
              std::initializer_list<T> elements) {
  Tensor t(dtype, shape);
  std::memcpy(t.bytes(), elements.begin(), elements.size() * sizeof(T));
  return Value::tensor(std::move(t));
}

Value iota(int64_t n) {
  Tensor t(DType::I64, {n});
  for (int64_t k = 0; k < n; ++k)
    t.data<int64_t>()[k] = k;
  return Value::tensor(std::move(t));
}

TEST_F(FormatValueTest, BooleansPrintAsTrueAndFalse) {
  Value v = valueOf<uint8_t>(DType::I1, {2, 2}, {1, 0, 0, 1});
  EXPECT_EQ(formatValue(v, tensorType({2, 2}, i(1)), false),
            "dense<[[True, False], [False, True]]> : tensor<2x2xi1>");
  EXPECT_EQ(formatValue(valueOf<uint8_t>(DType::I1, {3}, {1, 1, 1}),
                        tensorType({3}, i(1)), false),
            "dense<True> : tensor<3xi1>");
  EXPECT_EQ(formatValue(valueOf<uint8_t>(DType::I1, {}, {0}), i(1), false),
            "False");
}

TEST_F(FormatValueTest, Gf128PrintsAsHexWords) {
  // [lo, hi] = [1083, 2]: the element 2 * 2^64 + 1083.
  Value v = valueOf<uint64_t>(
      DType::GF128, {2}, {1083, 2, 0xffffffffffffffff, 0x0123456789abcdef});
  EXPECT_EQ(
      formatValue(v, tensorType({2}, mlir::field::GF128Type::get(&ctx)), false),
      "dense<[0x0000000000000002000000000000043b, "
      "0x0123456789abcdefffffffffffffffff]> : tensor<2x!field.gf128>");
}

TEST_F(FormatValueTest, IntegersFollowTheirSignedness) {
  Value v = valueOf<int8_t>(DType::I8, {3}, {-1, 0, 127});
  EXPECT_EQ(formatValue(v, tensorType({3}, i(8)), false),
            "dense<[-1, 0, 127]> : tensor<3xi8>");
  mlir::Type u8 = mlir::IntegerType::get(&ctx, 8, mlir::IntegerType::Unsigned);
  EXPECT_EQ(formatValue(v, tensorType({3}, u8), false),
            "dense<[255, 0, 127]> : tensor<3xui8>");
  EXPECT_EQ(formatValue(valueOf<int64_t>(DType::I64, {}, {-42}), i(64), false),
            "-42 : i64");
}

TEST_F(FormatValueTest, FloatsPrintAsMlirWritesThem) {
  Value v = valueOf<double>(DType::F64, {2}, {2.5, -1.0});
  EXPECT_EQ(
      formatValue(v, tensorType({2}, mlir::Float64Type::get(&ctx)), false),
      "dense<[2.500000e+00, -1.000000e+00]> : tensor<2xf64>");
}

// Up to 1000 elements a tensor prints whole, in decimal (MLIR's printer
// would write over 100 in hex); above, each dimension longer than six keeps
// three entries at each end; --print-full prints everything.
TEST_F(FormatValueTest, LargeTensorsAreSummarizedUnlessFull) {
  llvm::StringRef prefix = "dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ";
  std::string whole = formatValue(iota(1000), tensorType({1000}, i(64)), false);
  EXPECT_TRUE(llvm::StringRef(whole).starts_with(prefix));
  EXPECT_TRUE(llvm::StringRef(whole).ends_with(
      ", 996, 997, 998, 999]> : tensor<1000xi64>"));
  EXPECT_EQ(whole.find("..."), std::string::npos);
  EXPECT_EQ(formatValue(iota(1001), tensorType({1001}, i(64)), false),
            "dense<[0, 1, 2, ..., 998, 999, 1000]> : tensor<1001xi64>");
  std::string full = formatValue(iota(1001), tensorType({1001}, i(64)), true);
  EXPECT_TRUE(llvm::StringRef(full).starts_with(prefix));
  EXPECT_TRUE(llvm::StringRef(full).ends_with(
      ", 997, 998, 999, 1000]> : tensor<1001xi64>"));
  EXPECT_EQ(full.find("..."), std::string::npos);
}

TEST_F(FormatValueTest, EmptyAndAbsent) {
  EXPECT_EQ(formatValue(Value::tensor(Tensor(DType::I64, {0})),
                        tensorType({0}, i(64)), false),
            "dense<> : tensor<0xi64>");
  EXPECT_EQ(formatValue(Value::absent(), i(64), false), "<absent>");
}

} // namespace
