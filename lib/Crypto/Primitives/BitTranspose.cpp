//===- BitTranspose.cpp - transposing bit matrices ------------------------===//
//
// A bit of output row c is a bit of input column c, so a byte-column of
// 16 input rows, held in one vector, yields 16 bits of 8 output rows
// through 8 movemasks (each takes the top bit of every byte; doubling the
// bytes brings the next bit up). Full 16 x 16-byte tiles get their
// byte-columns from a byte transpose in registers; edges gather bytes one
// by one.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Primitives/BitTranspose.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

using namespace mplang::crypto;

namespace {

struct Layout {
  const uint8_t *in;
  uint8_t *out;
  size_t inStride, outStride; // bytes per row
};

/// Writes the 8 output rows of byte-column `byteColumn` for the `count`
/// (8 or 16) input rows from `row`, whose bytes of that column are
/// `column[0..count)` (zero beyond).
void emitColumn(const Layout &m, const uint8_t *column, size_t count,
                size_t row, size_t byteColumn) {
  uint8_t *dst = m.out + byteColumn * 8 * m.outStride + row / 8;
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

} // namespace

void mplang::crypto::bitTranspose(const uint8_t *in, size_t rows,
                                  size_t columns, uint8_t *out) {
  Layout m{in, out, columns / 8, rows / 8};
  size_t byteColumns = columns / 8;
  for (size_t row = 0; row < rows; row += 16) {
    size_t count = rows - row >= 16 ? 16 : 8;
    size_t byteColumn = 0;
#if defined(__SSE2__)
    if (count == 16)
      for (; byteColumn + 16 <= byteColumns; byteColumn += 16)
        tile(m, row, byteColumn);
#endif
    for (; byteColumn < byteColumns; ++byteColumn)
      gatherColumn(m, count, row, byteColumn);
  }
}
