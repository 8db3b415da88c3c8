//===- BitTranspose.cpp - transposing bit matrices ------------------------===//
//
// A bit of output row c is a bit of input column c, so a byte-column of
// 16 input rows, held in one vector, yields 16 bits of 8 output rows
// through 8 movemasks (each takes the top bit of every byte; doubling the
// bytes brings the next bit up). Full 16 x 16-byte tiles get their
// byte-columns from a byte transpose in registers; edges gather bytes one
// by one. Output rows are long when there are many input rows, and writing
// two bytes into each of 128 rows a power of two apart would evict them from
// the cache one another; with more than 512 rows, blocks of 512 rows x 128
// columns therefore go to a small buffer first, then out in whole 64-byte
// lines (2^20 x 128 bits: 157 ms -> 20 ms).
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Primitives/BitTranspose.h"

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

using namespace mplang::crypto;

namespace {

/// Where a block reads and writes: `out` holds the output rows of byte
/// columns from `firstByteColumn` on.
struct Layout {
  const uint8_t *in;
  uint8_t *out;
  size_t inStride, outStride; // bytes per row
  size_t firstByteColumn;
};

/// Writes the 8 output rows of byte-column `byteColumn` for the `count`
/// (8 or 16) input rows from `row`, whose bytes of that column are
/// `column[0..count)` (zero beyond).
void emitColumn(const Layout &m, const uint8_t *column, size_t count,
                size_t row, size_t byteColumn) {
  uint8_t *dst =
      m.out + (byteColumn - m.firstByteColumn) * 8 * m.outStride + row / 8;
#if defined(__SSE2__)
  __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(column));
  for (int bit = 7; bit >= 0; --bit) {
    uint16_t mask = _mm_movemask_epi8(v);
    std::memcpy(dst + bit * m.outStride, &mask, count / 8);
    v = _mm_add_epi8(v, v);
  }
#else
  for (int bit = 0; bit < 8; ++bit) {
    uint16_t mask = 0;
    for (size_t i = 0; i < count; ++i)
      mask |= uint16_t((column[i] >> bit) & 1) << i;
    uint8_t le[2] = {uint8_t(mask), uint8_t(mask >> 8)};
    std::memcpy(dst + bit * m.outStride, le, count / 8);
  }
#endif
}

/// Gathers a byte-column of `count` rows one byte at a time.
void gatherColumn(const Layout &m, size_t count, size_t row,
                  size_t byteColumn) {
  uint8_t column[16] = {};
  for (size_t i = 0; i < count; ++i)
    column[i] = m.in[(row + i) * m.inStride + byteColumn];
  emitColumn(m, column, count, row, byteColumn);
}

#if defined(__SSE2__)
unsigned reverse4(unsigned x) {
  return ((x & 1) << 3) | ((x & 2) << 1) | ((x & 4) >> 1) | ((x & 8) >> 3);
}

/// The 16 x 16-byte tile at (`row`, `byteColumn`). Four rounds of
/// interleaving pairs of vectors move the byte of (vector v, position p) to
/// (reverse4(p), reverse4(v)); loading row reverse4(k) into vector k thus
/// leaves byte-column c in vector reverse4(c), its rows in order.
void tile(const Layout &m, size_t row, size_t byteColumn) {
  __m128i a[16], b[16];
  for (unsigned k = 0; k < 16; ++k)
    a[k] = _mm_loadu_si128(reinterpret_cast<const __m128i *>(
        m.in + (row + reverse4(k)) * m.inStride + byteColumn));
  for (int round = 0; round < 4; ++round) {
    for (unsigned i = 0; i < 8; ++i) {
      b[i] = _mm_unpacklo_epi8(a[2 * i], a[2 * i + 1]);
      b[i + 8] = _mm_unpackhi_epi8(a[2 * i], a[2 * i + 1]);
    }
    std::memcpy(a, b, sizeof(a));
  }
  alignas(16) uint8_t column[16];
  for (unsigned c = 0; c < 16; ++c) {
    _mm_store_si128(reinterpret_cast<__m128i *>(column), a[reverse4(c)]);
    emitColumn(m, column, 16, row, byteColumn + c);
  }
}
#endif

/// Byte columns [first, end) of the `rows` rows `m` reads.
void transposeBlock(const Layout &m, size_t rows, size_t first, size_t end) {
  for (size_t row = 0; row < rows; row += 16) {
    size_t count = rows - row >= 16 ? 16 : 8;
    size_t byteColumn = first;
#if defined(__SSE2__)
    if (count == 16)
      for (; byteColumn + 16 <= end; byteColumn += 16)
        tile(m, row, byteColumn);
#endif
    for (; byteColumn < end; ++byteColumn)
      gatherColumn(m, count, row, byteColumn);
  }
}

} // namespace

void mplang::crypto::bitTranspose(const uint8_t *in, size_t rows,
                                  size_t columns, uint8_t *out) {
  constexpr size_t kBlockRows = 512, kBlockByteColumns = 16;
  alignas(64) uint8_t buffer[kBlockByteColumns * 8 * kBlockRows / 8];
  size_t inStride = columns / 8, outStride = rows / 8;
  // Blocks of columns in the outer loop: the output rows of one block are
  // finished before the next (256 rows of 2^20 bits: 55-88 -> 36
  // ms). Output rows of at most a line each are adjacent: written directly.
  for (size_t first = 0; first < inStride; first += kBlockByteColumns) {
    size_t end = std::min(inStride, first + kBlockByteColumns);
    if (rows <= kBlockRows) {
      transposeBlock({in, out, inStride, outStride, 0}, rows, first, end);
      continue;
    }
    for (size_t row = 0; row < rows; row += kBlockRows) {
      size_t count = std::min(kBlockRows, rows - row);
      transposeBlock({in + row * inStride, buffer, inStride, count / 8, first},
                     count, first, end);
      for (size_t c = 0; c < (end - first) * 8; ++c)
        std::memcpy(out + (first * 8 + c) * outStride + row / 8,
                    buffer + c * (count / 8), count / 8);
    }
  }
}
