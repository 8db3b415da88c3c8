//===- ExpandConvolute.cpp - dual expand-convolute encoding -----*- C++ -*-===//

#include "mplang/Crypto/Field/ExpandConvolute.h"
#include "Kernels.h"
#include "RowGather.h"
#include "mplang/Crypto/Field/Aes.h"
#include "mplang/Support/Buffer.h"

#include <algorithm>
#include <cassert>
#include <vector>

using namespace mplang::crypto::field;
using mplang::BufferArray;

namespace {

/// The stream of the expander's positions; passes 1 and 2 draw from
/// streams 1 and 2.
constexpr uint64_t kExpanderStream = 3;

/// Coefficient words are drawn this many rows at a time (a multiple of 4,
/// so that chunks start at a block boundary), and stay in the L1 cache.
constexpr uint64_t kCoefficientChunk = 2048;

/// Rows the vector pass leaves to the portable one at the start, where a
/// row's window reaches before row 0 (at least 25 rows, a multiple of 4).
constexpr uint64_t kVectorStart = 32;

Gf128 streamBase(Gf128 seed, uint64_t stream) {
  return seed ^ Gf128 { 0, stream };
}

/// Pass rows [from, to) one at a time: x[j] = in[j] + its terms, which
/// read x; coeff[i] is row from + i's word.
void convolveRows(const Gf128 *in, Gf128 *x, uint64_t band,
                  const uint32_t *coeff, uint64_t from, uint64_t to) {
  for (uint64_t j = from; j < to; ++j) {
    uint32_t c = coeff[j - from];
    Gf128 acc = in[j];
    if (j > band)
      acc ^= x[j - band - 1];
    // Masks rather than branches: the bits are coin flips.
    for (uint64_t l = 1, reach = std::min(band, j); l <= reach; ++l) {
      uint64_t mask = -static_cast<uint64_t>((c >> (l - 1)) & 1);
      acc.lo ^= x[j - l].lo & mask;
      acc.hi ^= x[j - l].hi & mask;
    }
    x[j] = acc;
  }
}

/// One convolution pass over the p elements of `in` into x (which may be
/// `in`).
void convolve(const Gf128 *in, Gf128 *x, uint64_t p, Gf128 seed, uint64_t pass,
              uint64_t band, const Aes128 &aes, Isa isa) {
  bool vector = isa == Isa::Avx512 && band == kExConvFastBand;
  std::vector<Gf128> blocks(kCoefficientChunk / 4);
  for (uint64_t j0 = 0; j0 < p; j0 += kCoefficientChunk) {
    uint64_t end = std::min(p, j0 + kCoefficientChunk);
    aes.encryptCounter(streamBase(seed, pass), j0 / 4,
                       {blocks.data(), (end - j0 + 3) / 4}, isa);
    const uint32_t *coeff = reinterpret_cast<const uint32_t *>(blocks.data());
    uint64_t j = j0;
    if (vector) {
      uint64_t start = std::max(j0, kVectorStart);
      if (start < end) {
        convolveRows(in, x, band, coeff, j0, start);
        uint64_t stop = start + (end - start) / 4 * 4;
        detail::exConvAvx512(in, x, coeff + (start - j0), start, stop);
        j = stop;
      }
    }
    convolveRows(in, x, band, coeff + (j - j0), j, end);
  }
}

} // namespace

uint32_t mplang::crypto::field::exConvCoefficients(Gf128 seed, unsigned pass,
                                                   uint64_t j) {
  Gf128 block =
      Aes128(kAesExpandKey).encrypt(streamBase(seed, pass) ^ Gf128{j / 4, 0});
  uint64_t word = j % 4 < 2 ? block.lo : block.hi;
  return static_cast<uint32_t>(word >> (32 * (j % 2)));
}

uint64_t mplang::crypto::field::exConvPosition(Gf128 seed, uint64_t p,
                                               uint64_t weight, uint64_t r,
                                               uint64_t k) {
  uint64_t j = r * weight + k;
  Gf128 block =
      Aes128(kAesExpandKey)
          .encrypt(streamBase(seed, kExpanderStream) ^ Gf128{j / 2, 0});
  uint64_t word = j % 2 ? block.hi : block.lo;
  uint64_t regular = exConvRegular(weight), segment = p / regular;
  return k < regular ? k * segment + detail::scaleWord(word, segment)
                     : detail::scaleWord(word, p);
}

namespace {

/// Convolves column c's p parity elements from inputs[c] into parity[c]
/// (which may be inputs[c]), then computes the m outputs of every column of
/// `out` from `base` (both rows of `width`, which may be the same).
void convolveAndExpand(llvm::ArrayRef<const Gf128 *> inputs,
                       llvm::ArrayRef<Gf128 *> parity, const Gf128 *base,
                       Gf128 *out, size_t width, uint64_t m, uint64_t p,
                       Gf128 seed, uint64_t weight, uint64_t band, Isa isa,
                       mplang::ParallelFor parallel) {
  assert(isSupported(isa) && "ISA not supported by this CPU");
  uint64_t regular = exConvRegular(weight), segment = p / regular;
  assert(m >= 1 && regular <= p && band >= 1 && band <= kMaxExConvBand &&
         "bad code dimensions");
  Aes128 aes(kAesExpandKey);
  // A column's passes run in order, columns are independent.
  parallel(width, 1, [&](size_t first, size_t last) {
    for (size_t c = first; c < last; ++c) {
      convolve(inputs[c], parity[c], p, seed, 1, band, aes, isa);
      convolve(parity[c], parity[c], p, seed, 2, band, aes, isa);
    }
  });
  std::vector<detail::GatherColumn> columns;
  for (size_t c = 0; c < width; ++c)
    columns.push_back({parity[c], base + c, out + c});
  // A batch's positions serve every column, whose rows then share cache
  // lines of `out`.
  detail::gatherRows(
      columns, 1, width, m, weight,
      [&](uint64_t r0, uint64_t rows, uint64_t *pos) {
        // The blocks are drawn into `pos` and scaled word by word in place.
        uint64_t words = rows * weight;
        aes.encryptCounter(streamBase(seed, kExpanderStream), r0 * weight / 2,
                           {reinterpret_cast<Gf128 *>(pos), (words + 1) / 2},
                           isa);
        for (uint64_t r = 0, j = 0; r < rows; ++r) {
          for (uint64_t k = 0; k < regular; ++k, ++j)
            pos[j] = k * segment + detail::scaleWord(pos[j], segment);
          for (uint64_t k = regular; k < weight; ++k, ++j)
            pos[j] = detail::scaleWord(pos[j], p);
        }
      },
      parallel);
}

} // namespace

void mplang::crypto::field::exConvEncode(llvm::ArrayRef<Gf128> noise,
                                         size_t width, Gf128 seed,
                                         uint64_t weight, uint64_t band,
                                         llvm::MutableArrayRef<Gf128> out,
                                         Isa isa, ParallelFor parallel) {
  uint64_t n = noise.size() / width, m = out.size() / width, p = n - m;
  // Column by column, each convolved column is contiguous: the expander
  // reads it at random, so it should be as small as possible (it then fits
  // in the last-level cache at RR22 PSI's 2^20 size) and lie on huge pages.
  BufferArray<Gf128> parity(p * width, /*zeroed=*/false);
  std::vector<const Gf128 *> inputs;
  std::vector<Gf128 *> columns;
  for (size_t c = 0; c < width; ++c) {
    Gf128 *x = parity.data() + c * p;
    const Gf128 *in = noise.data() + m * width;
    if (width > 1) {
      for (uint64_t j = 0; j < p; ++j)
        x[j] = in[j * width + c];
      in = x;
    }
    inputs.push_back(in);
    columns.push_back(x);
  }
  convolveAndExpand(inputs, columns, noise.data(), out.data(), width, m, p,
                    seed, weight, band, isa, parallel);
}

void mplang::crypto::field::exConvEncodeInPlace(
    llvm::MutableArrayRef<Gf128> vector, uint64_t m, Gf128 seed,
    uint64_t weight, uint64_t band, Isa isa, ParallelFor parallel) {
  // Output r reads element r and the parity part, which it never writes.
  Gf128 *x = vector.data() + m;
  convolveAndExpand(x, x, vector.data(), vector.data(), 1, m, vector.size() - m,
                    seed, weight, band, isa, parallel);
}
