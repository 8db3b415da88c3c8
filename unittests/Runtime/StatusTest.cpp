//===- StatusTest.cpp - codes, StatusOr and MPLANG_RETURN_IF_ERROR --------===//

#include "mplang/Runtime/Status.h"

#include "gtest/gtest.h"
#include <memory>

using namespace mplang::rt;

namespace {

StatusOr<int> half(int n) {
  if (n % 2)
    return Status::invalidArgument(llvm::Twine(n) + " is odd");
  return n / 2;
}

/// Halves twice, returning the first error unchanged.
StatusOr<int> quarter(int n) {
  StatusOr<int> h = half(n);
  MPLANG_RETURN_IF_ERROR(h);
  return half(*h);
}

Status checkEven(int n) {
  MPLANG_RETURN_IF_ERROR(half(n));
  return Status::ok();
}

TEST(StatusTest, CodesRoundTripThroughTheirNames) {
  for (StatusCode code :
       {StatusCode::Ok, StatusCode::Failed, StatusCode::Aborted,
        StatusCode::Cancelled, StatusCode::DeadlineExceeded,
        StatusCode::InvalidArgument, StatusCode::Unavailable,
        StatusCode::PermissionDenied, StatusCode::NotFound})
    EXPECT_EQ(parseStatusCode(statusCodeName(code)), code);
  EXPECT_EQ(parseStatusCode("aborted: rank 0 failed"), std::nullopt);
  EXPECT_EQ(Status::error("x").code(), StatusCode::Failed);
}

TEST(StatusTest, StatusOrHoldsAValueOrAnError) {
  StatusOr<int> ok = half(8);
  ASSERT_TRUE(ok.isOk());
  EXPECT_EQ(*ok, 4);
  EXPECT_TRUE(ok.status().isOk());

  StatusOr<int> odd = half(7);
  EXPECT_FALSE(odd.isOk());
  EXPECT_EQ(odd.status().code(), StatusCode::InvalidArgument);
  EXPECT_EQ(odd.status().message(), "7 is odd");
}

TEST(StatusTest, StatusOrMovesItsValueOut) {
  StatusOr<std::unique_ptr<int>> owned = std::make_unique<int>(5);
  ASSERT_TRUE(owned.isOk());
  EXPECT_EQ(**owned, 5);
  std::unique_ptr<int> taken = *std::move(owned);
  EXPECT_EQ(*taken, 5);
}

TEST(StatusTest, ReturnIfErrorPassesTheFirstErrorOn) {
  EXPECT_EQ(*quarter(12), 3);
  // 6 halves to 3, which is odd: the second step's error.
  EXPECT_EQ(quarter(6).status().message(), "3 is odd");
  EXPECT_EQ(quarter(5).status().message(), "5 is odd");
  EXPECT_TRUE(checkEven(4).isOk());
  Status odd = checkEven(9);
  EXPECT_EQ(odd.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(odd.message(), "9 is odd");
}

} // namespace
