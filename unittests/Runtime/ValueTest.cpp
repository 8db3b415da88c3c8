//===- ValueTest.cpp - tensors, views and unique handles ------------------===//

#include "mplang/Runtime/Value.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace mplang::rt;

namespace {

Tensor iota(int64_t n) {
  Tensor t(DType::I64, {n});
  for (int64_t i = 0; i < n; ++i)
    t.data<int64_t>()[i] = i;
  return t;
}

TEST(ValueTest, ViewSharesBytesUnderAnotherType) {
  Value v = Value::tensor(iota(8));
  Tensor whole = v.getTensor().view(DType::I64, {2, 4});
  EXPECT_EQ(whole.bytes(), v.getTensor().bytes());
  EXPECT_EQ(whole.shape(), (llvm::ArrayRef<int64_t>{2, 4}));
  Tensor tail = v.getTensor().view(DType::I32, {4}, 6 * sizeof(int64_t));
  EXPECT_EQ(tail.numBytes(), 16u);
  EXPECT_EQ(tail.data<int32_t>()[0], 6);
  EXPECT_EQ(tail.data<int32_t>()[2], 7);
}

TEST(ValueTest, ViewKeepsItsBufferAlive) {
  Tensor view = [] {
    Value v = Value::tensor(iota(4));
    return v.getTensor().view(DType::I64, {2}, 2 * sizeof(int64_t));
  }();
  EXPECT_EQ(view.data<int64_t>()[0], 2);
  EXPECT_EQ(view.data<int64_t>()[1], 3);
}

// A view counts the buffer it keeps alive; a copy has a buffer of its own.
TEST(ValueTest, ViewsKnowTheirBuffer) {
  Tensor t = iota(8);
  Tensor half = t.view(DType::I64, {4}, 4 * sizeof(int64_t));
  Tensor quarter = half.view(DType::I64, {2}, 2 * sizeof(int64_t));
  EXPECT_EQ(t.bufferBytes(), 64u);
  EXPECT_EQ(quarter.bufferBytes(), 64u);
  Tensor copy = quarter.copy();
  EXPECT_EQ(copy.bufferBytes(), 16u);
  EXPECT_NE(copy.bytes(), quarter.bytes());
  EXPECT_EQ(copy.data<int64_t>()[1], 7);
}

// Only the one handle to a tensor no view shares may write to it.
TEST(ValueTest, TakeUniqueTensor) {
  Value v = Value::tensor(iota(4));
  Tensor *unique = v.takeUniqueTensor();
  ASSERT_NE(unique, nullptr);
  EXPECT_EQ(unique->bytes(), v.getTensor().bytes());
  {
    Value copy = v;
    EXPECT_EQ(v.takeUniqueTensor(), nullptr);
    EXPECT_EQ(copy.takeUniqueTensor(), nullptr);
  }
  EXPECT_NE(v.takeUniqueTensor(), nullptr);
  {
    Tensor view = v.getTensor().view(DType::I64, {4});
    EXPECT_EQ(v.takeUniqueTensor(), nullptr);
  }
  EXPECT_NE(v.takeUniqueTensor(), nullptr);
  EXPECT_EQ(Value::absent().takeUniqueTensor(), nullptr);
}

} // namespace
