//===- RowsTest.cpp - sorting and membership of integer rows --------------===//

#include "mplang/Crypto/Field/Rows.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>
#include <set>
#include <vector>

using namespace mplang::crypto::field;

namespace {

template <typename T> llvm::ArrayRef<uint8_t> bytesOf(const std::vector<T> &v) {
  return {reinterpret_cast<const uint8_t *>(v.data()), v.size() * sizeof(T)};
}

template <typename T>
llvm::MutableArrayRef<uint8_t> bytesOf(std::vector<T> &v) {
  return {reinterpret_cast<uint8_t *>(v.data()), v.size() * sizeof(T)};
}

template <typename T> RowShape shapeOf(size_t width) {
  return {width, sizeof(T)};
}

/// The rows of `rows` sorted by sortRows.
template <typename T>
std::vector<T> sorted(const std::vector<T> &rows, size_t width,
                      mplang::ParallelFor parallel = mplang::serialFor) {
  std::vector<T> out(rows.size());
  if (llvm::Error err =
          sortRows(bytesOf(rows), shapeOf<T>(width), bytesOf(out), parallel))
    ADD_FAILURE() << llvm::toString(std::move(err));
  return out;
}

/// containsRows' answers.
template <typename T>
std::vector<uint8_t> contains(const std::vector<T> &set,
                              const std::vector<T> &queries, size_t width) {
  std::vector<uint8_t> found(queries.size() / width, 7);
  if (llvm::Error err = containsRows(bytesOf(set), bytesOf(queries),
                                     shapeOf<T>(width), found))
    ADD_FAILURE() << llvm::toString(std::move(err));
  return found;
}

TEST(RowsTest, SortsLexicographicallyAsUnsigned) {
  // 0xFFFF is -1 as i16 but the largest element; equal rows are all kept.
  std::vector<int16_t> rows = {2, 1, -1, 0, 0, 7, 2, 1};
  EXPECT_EQ(sorted(rows, 2), (std::vector<int16_t>{0, 7, 2, 1, 2, 1, -1, 0}));
}

TEST(RowsTest, SortsRowsDifferingOnlyInTheLastElement) {
  std::vector<uint32_t> rows = {5, 5, 3, 5, 5, 1, 5, 5, 2};
  EXPECT_EQ(sorted(rows, 3),
            (std::vector<uint32_t>{5, 5, 1, 5, 5, 2, 5, 5, 3}));
}

TEST(RowsTest, SortsOneRowAndEqualRows) {
  std::vector<uint16_t> one = {9, 8, 7};
  EXPECT_EQ(sorted(one, 3), one);
  std::vector<uint8_t> same(5 * 4, 0xAB);
  EXPECT_EQ(sorted(same, 4), same);
}

TEST(RowsTest, SortsExtremeValues) {
  constexpr uint64_t kMax = ~uint64_t(0), kTop = uint64_t(1) << 63;
  std::vector<uint64_t> pairs = {kMax, 0, 0, kMax, 0, 0, 0, 1};
  EXPECT_EQ(sorted(pairs, 2),
            (std::vector<uint64_t>{0, 0, 0, 1, 0, kMax, kMax, 0}));
  std::vector<uint64_t> single = {kMax, 0, kTop, kTop - 1, 1};
  EXPECT_EQ(sorted(single, 1),
            (std::vector<uint64_t>{0, 1, kTop - 1, kTop, kMax}));
}

TEST(RowsTest, SortsFullWidthKeysByTheirFirstElement) {
  // 16 bytes: the first element outweighs all the others.
  std::vector<uint8_t> rows(32, 0xFF);
  rows[0] = 1;
  rows[16] = 0;
  rows[31] = 0;
  std::vector<uint8_t> expected(rows.begin() + 16, rows.end());
  expected.insert(expected.end(), rows.begin(), rows.begin() + 16);
  EXPECT_EQ(sorted(rows, 16), expected);
}

TEST(RowsTest, SortsInPlace) {
  std::vector<uint16_t> rows = {3, 0, 1, 2, 2, 1};
  ASSERT_FALSE(
      bool(sortRows(bytesOf(rows), shapeOf<uint16_t>(2), bytesOf(rows))));
  EXPECT_EQ(rows, (std::vector<uint16_t>{1, 2, 2, 1, 3, 0}));
}

TEST(RowsTest, RejectsBadShapes) {
  std::vector<uint16_t> rows(18), out(18);
  EXPECT_EQ(llvm::toString(
                sortRows(bytesOf(rows), shapeOf<uint16_t>(9), bytesOf(out))),
            "rows: 9 elements of 2 bytes do not pack into a 128-bit key");
  EXPECT_EQ(llvm::toString(
                sortRows(bytesOf(rows), shapeOf<uint16_t>(0), bytesOf(out))),
            "rows: 0 elements of 2 bytes do not pack into a 128-bit key");
  EXPECT_EQ(llvm::toString(sortRows(bytesOf(rows), {1, 3}, bytesOf(out))),
            "rows: 1 elements of 3 bytes do not pack into a 128-bit key");
  EXPECT_EQ(llvm::toString(
                sortRows(bytesOf(rows), shapeOf<uint16_t>(4), bytesOf(out))),
            "rows: the rows hold 36 bytes, not a whole number of 8-byte rows");
  EXPECT_EQ(llvm::toString(sortRows(bytesOf(rows), shapeOf<uint16_t>(2),
                                    bytesOf(out).drop_back(4))),
            "rows: the output holds 32 bytes, the input 36");
  std::vector<uint8_t> found(2);
  EXPECT_EQ(llvm::toString(containsRows(bytesOf(rows), bytesOf(rows),
                                        shapeOf<uint16_t>(3), found)),
            "rows: 2 results for 6 queries");
  EXPECT_EQ(
      llvm::toString(containsRows(bytesOf(rows), bytesOf(rows).take_front(3),
                                  shapeOf<uint16_t>(3), found)),
      "rows: the queries hold 3 bytes, not a whole number of 6-byte "
      "rows");
}

TEST(RowsTest, ContainsHandPicked) {
  // The all-zero row is a member like any other.
  std::vector<uint16_t> set = {1, 2, 3, 4, 0, 0, 3, 4};
  std::vector<uint16_t> queries = {3, 4, 4, 3, 0, 0, 1, 2, 0, 1, 2, 1};
  EXPECT_EQ(contains(set, queries, 2),
            (std::vector<uint8_t>{1, 0, 1, 1, 0, 0}));
  std::vector<uint16_t> noZero = {1, 2};
  EXPECT_EQ(contains(noZero, {0, 0, 1, 2}, 2), (std::vector<uint8_t>{0, 1}));
}

TEST(RowsTest, ContainsExtremeValuesAndEmptySet) {
  constexpr uint64_t kMax = ~uint64_t(0);
  std::vector<uint64_t> set = {kMax, 0};
  EXPECT_EQ(contains(set, {0, kMax, kMax, 0, kMax, kMax}, 2),
            (std::vector<uint8_t>{0, 1, 0}));
  EXPECT_EQ(contains(std::vector<uint64_t>{}, {0, kMax}, 1),
            (std::vector<uint8_t>{0, 0}));
}

/// Rows of `width` random elements below `bound` (0: any value).
template <typename T>
std::vector<T> randomRows(std::mt19937_64 &rng, size_t n, size_t width,
                          uint64_t bound) {
  std::vector<T> rows(n * width);
  for (T &e : rows)
    e = static_cast<T>(bound ? rng() % bound : rng());
  return rows;
}

/// Rows as vectors of unsigned values, which std::sort and std::set order
/// lexicographically.
template <typename T>
std::vector<std::vector<uint64_t>> toReference(const std::vector<T> &rows,
                                               size_t width) {
  using U = std::make_unsigned_t<T>;
  std::vector<std::vector<uint64_t>> out;
  for (size_t r = 0; r < rows.size(); r += width) {
    std::vector<uint64_t> row;
    for (size_t j = 0; j < width; ++j)
      row.push_back(static_cast<U>(rows[r + j]));
    out.push_back(row);
  }
  return out;
}

/// Runs one-item chunks last first: a sort split among threads must not
/// depend on the order in which its parts run.
void reversedFor(size_t n, size_t, mplang::ChunkBody body) {
  for (size_t i = n; i-- > 0;)
    body(i, i + 1);
}

/// Sorts and looks up `n` random rows, checked against std::sort and
/// std::set.
template <typename T>
void checkAgainstReference(size_t width, uint64_t bound, size_t n = 3000) {
  SCOPED_TRACE(testing::Message() << n << " rows of " << width << " x "
                                  << 8 * sizeof(T) << " bits, bound " << bound);
  std::mt19937_64 rng(width * 131 + sizeof(T));
  std::vector<T> rows = randomRows<T>(rng, n, width, bound);
  std::vector<std::vector<uint64_t>> expected = toReference(rows, width);
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(toReference(sorted(rows, width), width), expected);
  EXPECT_EQ(sorted(rows, width, reversedFor), sorted(rows, width));

  // Queries: half taken from the set, half fresh.
  std::vector<T> queries = randomRows<T>(rng, 2000, width, bound);
  for (size_t r = 0; r < 1000; ++r)
    std::copy_n(rows.begin() + (rng() % n) * width, width,
                queries.begin() + r * width);
  std::set<std::vector<uint64_t>> members(expected.begin(), expected.end());
  std::vector<uint8_t> want;
  for (const std::vector<uint64_t> &q : toReference(queries, width))
    want.push_back(members.count(q));
  EXPECT_EQ(contains(rows, queries, width), want);
}

// Enough rows to be sorted by buckets of the top byte: full-range rows, and
// small values whose top byte is the same in every row (one bucket).
TEST(RowsTest, SortsManyRows) {
  for (uint64_t bound : {uint64_t(0), uint64_t(3)}) {
    checkAgainstReference<int16_t>(5, bound, 100000);
    checkAgainstReference<uint64_t>(1, bound, 100000);
    checkAgainstReference<uint32_t>(2, bound, 100000);
    checkAgainstReference<uint8_t>(3, bound, 100000);
  }
}

TEST(RowsTest, MatchesReferenceOnRandomRows) {
  // Full-range values, and small ones that make duplicates and hits.
  for (uint64_t bound : {uint64_t(0), uint64_t(3)}) {
    checkAgainstReference<uint8_t>(16, bound);
    checkAgainstReference<int16_t>(5, bound);
    checkAgainstReference<uint32_t>(3, bound);
    checkAgainstReference<int64_t>(2, bound);
    checkAgainstReference<uint64_t>(1, bound);
    checkAgainstReference<uint16_t>(4, bound);
  }
}

} // namespace
