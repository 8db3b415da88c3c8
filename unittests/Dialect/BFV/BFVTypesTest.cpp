//===- BFVTypesTest.cpp - bfv parameters through the C++ API ----*- C++ -*-===//
//
// What the run time reads from a type: the parameter set of any bfv value,
// the security bound, and which rotations a Galois key supports.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/BFV/IR/BFVTypes.h"
#include "mplang/Dialect/BFV/IR/BFVDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::bfv;

namespace {

class BFVTypesTest : public ::testing::Test {
protected:
  BFVTypesTest() { ctx.loadDialect<BFVDialect>(); }

  ParamsAttr params(int64_t n, uint64_t t, ArrayRef<int64_t> qBits) {
    return ParamsAttr::getChecked([&] { return emitError(loc); }, &ctx, n, t,
                                  qBits);
  }

  MLIRContext ctx;
  Builder b{&ctx};
  Location loc = b.getUnknownLoc();
};

TEST_F(BFVTypesTest, EveryTypeExposesItsParameters) {
  ParamsAttr p = params(4096, 1032193, {36, 36, 37});
  ASSERT_TRUE(p);
  EXPECT_EQ(p.getPolyModulusDegree(), 4096);
  EXPECT_EQ(p.getPlainModulus(), 1032193u);
  EXPECT_EQ(p.getCoeffModulusBits(), ArrayRef<int64_t>({36, 36, 37}));
  EXPECT_EQ(p.getRowSize(), 2048);

  auto ct = CiphertextType::get(&ctx, b.getI64Type(), p);
  EXPECT_EQ(getParams(ct), p);
  EXPECT_EQ(getParams(SecretKeyType::get(&ctx, p)), p);
  EXPECT_EQ(getParams(GaloisKeyType::get(&ctx, p, {})), p);
  EXPECT_FALSE(getParams(b.getI64Type()));
  EXPECT_EQ(ct.getNumSlots(), 4096);
  EXPECT_EQ(ct.getPlaintextType().getCiphertextType(), ct);
}

TEST_F(BFVTypesTest, SecurityBounds) {
  EXPECT_EQ(ParamsAttr::getMaxCoeffModulusBits(4096), 109);
  EXPECT_EQ(ParamsAttr::getMaxCoeffModulusBits(8192), 218);
  EXPECT_EQ(ParamsAttr::getMaxCoeffModulusBits(16384), 438);
  EXPECT_EQ(ParamsAttr::getMaxCoeffModulusBits(32768), 0);
}

TEST_F(BFVTypesTest, StandardSets) {
  EXPECT_EQ(ParamsAttr::getStandardCoeffModulusBits(4096),
            SmallVector<int64_t>({36, 36, 37}));
  EXPECT_EQ(ParamsAttr::getStandardCoeffModulusBits(8192),
            SmallVector<int64_t>({43, 43, 44, 44, 44}));
  EXPECT_EQ(ParamsAttr::getStandardCoeffModulusBits(16384),
            SmallVector<int64_t>({48, 48, 48, 49, 49, 49, 49, 49, 49}));
  EXPECT_TRUE(ParamsAttr::getStandardCoeffModulusBits(2048).empty());
  EXPECT_TRUE(ParamsAttr::getStandardCoeffModulusBits(-4096).empty());
}

TEST_F(BFVTypesTest, RejectsInvalidSets) {
  ScopedDiagnosticHandler silence(&ctx, [](Diagnostic &) { return success(); });
  // Batching primes for n = 16384 must be 1 mod 32768; 1032193 is not.
  EXPECT_FALSE(params(16384, 1032193, {48, 48, 48, 49, 49, 49, 49, 49, 49}));
  EXPECT_TRUE(params(16384, 786433, {48, 48, 48, 49, 49, 49, 49, 49, 49}));
  // 2^61 - 1 is prime but above 2^60.
  EXPECT_FALSE(params(4096, (uint64_t(1) << 61) - 1, {36, 36, 37}));
  // 536903681 is a 30-bit batching prime for n = 8192.
  EXPECT_TRUE(params(8192, 536903681, {43, 43, 44, 44, 44}));
  EXPECT_FALSE(params(8192, 536903681, {43, 43, 44, 44, 45}));
}

TEST_F(BFVTypesTest, GaloisKeySteps) {
  ParamsAttr p = params(4096, 1032193, {36, 36, 37});
  auto all = GaloisKeyType::get(&ctx, p, {});
  EXPECT_TRUE(all.hasPowerOfTwoSteps());
  EXPECT_TRUE(all.supportsStep(3));
  EXPECT_TRUE(all.supportsStep(-2047));

  auto few = GaloisKeyType::get(&ctx, p, {-1, 8});
  EXPECT_FALSE(few.hasPowerOfTwoSteps());
  EXPECT_TRUE(few.supportsStep(0));
  EXPECT_TRUE(few.supportsStep(8));
  EXPECT_TRUE(few.supportsStep(2047)); // -1 + 2048: the same automorphism.
  EXPECT_TRUE(few.supportsStep(8 - 2048));
  EXPECT_FALSE(few.supportsStep(1));
}

} // namespace
