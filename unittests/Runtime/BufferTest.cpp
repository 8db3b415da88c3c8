//===- BufferTest.cpp - the large-buffer pool -----------------------------===//

#include "mplang/Support/Buffer.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstring>

using namespace mplang;

namespace {

constexpr size_t kMiB = size_t(1) << 20;

bool allZero(const uint8_t *p, size_t size) {
  return std::all_of(p, p + size, [](uint8_t b) { return b == 0; });
}

// A freed buffer's memory serves the next one that fits, and a zeroed
// buffer is zero whatever it held before.
TEST(BufferTest, ReusesAndZeroes) {
  uint8_t *a = allocateBuffer(6 * kMiB, /*zeroed=*/true);
  ASSERT_TRUE(allZero(a, 6 * kMiB));
  std::memset(a, 0xAB, 6 * kMiB);
  freeBuffer(a, 6 * kMiB);
  uint8_t *b = allocateBuffer(5 * kMiB, /*zeroed=*/false);
  EXPECT_EQ(b, a);
  uint8_t *c = allocateBuffer(3 * kMiB, /*zeroed=*/true);
  EXPECT_TRUE(allZero(c, 3 * kMiB));
  freeBuffer(b, 5 * kMiB);
  freeBuffer(c, 3 * kMiB);
}

// A buffer larger than any free range takes the free pages (moved, with
// their contents) and fresh ones, and zeroes both when asked.
TEST(BufferTest, GrowsFromFreePages) {
  uint8_t *small = allocateBuffer(4 * kMiB, /*zeroed=*/false);
  std::memset(small, 0x5A, 4 * kMiB);
  freeBuffer(small, 4 * kMiB);
  uint8_t *big = allocateBuffer(64 * kMiB, /*zeroed=*/true);
  EXPECT_TRUE(allZero(big, 64 * kMiB));
  std::memset(big, 0x11, 64 * kMiB);
  freeBuffer(big, 64 * kMiB);
  // Freed and merged: one range that serves two halves.
  uint8_t *first = allocateBuffer(32 * kMiB, /*zeroed=*/false);
  uint8_t *second = allocateBuffer(32 * kMiB, /*zeroed=*/false);
  EXPECT_EQ(first[0], 0x11);
  EXPECT_EQ(second[32 * kMiB - 1], 0x11);
  freeBuffer(first, 32 * kMiB);
  freeBuffer(second, 32 * kMiB);
}

// Sizes that are not huge-page multiples, and small buffers from malloc.
TEST(BufferTest, OddSizes) {
  for (size_t size : {size_t(0), size_t(1), kMappedBufferBytes - 1,
                      kMappedBufferBytes, 3 * kMiB + 17}) {
    uint8_t *p = allocateBuffer(size, /*zeroed=*/true);
    ASSERT_NE(p, nullptr);
    EXPECT_TRUE(allZero(p, size)) << size;
    std::memset(p, 0xFF, size);
    freeBuffer(p, size);
  }
}

} // namespace
