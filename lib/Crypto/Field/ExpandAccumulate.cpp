//===- ExpandAccumulate.cpp - dual expand-accumulate encoding ---*- C++ -*-===//

#include "mplang/Crypto/Field/ExpandAccumulate.h"
#include "mplang/Crypto/Field/Aes.h"
#include "mplang/Support/Buffer.h"

#include <algorithm>
#include <vector>

using namespace mplang::crypto::field;
using mplang::BufferArray;

namespace {

uint64_t scale(uint64_t word, uint64_t n) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(word) * n) >>
                               64);
}

/// Outputs per batch: their positions (weight words each) are generated
/// together, then gathered with prefetching.
constexpr uint64_t kBatch = 512;
/// How many positions ahead of the read the prefetch runs.
constexpr uint64_t kAhead = 64;

} // namespace

uint64_t mplang::crypto::field::eaPosition(Gf128 seed, uint64_t n,
                                           uint64_t weight, uint64_t r,
                                           uint64_t k) {
  uint64_t j = r * weight + k;
  Gf128 block = Aes128(kAesExpandKey).encrypt(seed ^ Gf128{j / 2, 0});
  return scale(j % 2 ? block.hi : block.lo, n);
}

void mplang::crypto::field::eaEncode(llvm::ArrayRef<Gf128> noise, size_t width,
                                     Gf128 seed, uint64_t weight,
                                     llvm::MutableArrayRef<Gf128> out) {
  uint64_t n = noise.size() / width, m = out.size() / width;
  // Large buffers lie on huge pages: the reads are random over the whole
  // array, and with 4 KiB pages nearly every one would also miss the TLB.
  BufferArray<Gf128> accMemory(noise.size(), /*zeroed=*/false);
  llvm::MutableArrayRef<Gf128> acc(accMemory.data(), noise.size());
  prefixSum(noise, acc, width);
  Aes128 aes(kAesExpandKey);
  // Batches start at an even word (kBatch is even), so at a block boundary.
  std::vector<Gf128> blocks((kBatch * weight + 1) / 2);
  std::vector<uint64_t> pos(kBatch * weight);
  for (uint64_t r0 = 0; r0 < m; r0 += kBatch) {
    uint64_t rows = std::min<uint64_t>(kBatch, m - r0);
    uint64_t words = rows * weight;
    llvm::MutableArrayRef<Gf128> batch(blocks.data(), (words + 1) / 2);
    aes.encryptCounter(seed, r0 * weight / 2, batch);
    const uint64_t *stream = reinterpret_cast<const uint64_t *>(batch.data());
    // Positions as element offsets of their rows.
    for (uint64_t j = 0; j < words; ++j)
      pos[j] = scale(stream[j], n) * width;
    for (uint64_t j = 0; j < std::min(kAhead, words); ++j)
      __builtin_prefetch(&acc[pos[j]]);
    for (uint64_t r = 0; r < rows; ++r) {
      Gf128 *row = &out[(r0 + r) * width];
      std::fill(row, row + width, Gf128{});
      for (uint64_t k = 0; k < weight; ++k) {
        uint64_t j = r * weight + k;
        if (j + kAhead < words)
          __builtin_prefetch(&acc[pos[j + kAhead]]);
        const Gf128 *in = &acc[pos[j]];
        for (size_t c = 0; c < width; ++c)
          row[c] ^= in[c];
      }
    }
  }
}
