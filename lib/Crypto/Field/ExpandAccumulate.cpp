//===- ExpandAccumulate.cpp - dual expand-accumulate encoding ---*- C++ -*-===//

#include "mplang/Crypto/Field/ExpandAccumulate.h"
#include "RowGather.h"
#include "mplang/Crypto/Field/Aes.h"
#include "mplang/Support/Buffer.h"

#include <vector>

using namespace mplang::crypto::field;
using mplang::BufferArray;

uint64_t mplang::crypto::field::eaPosition(Gf128 seed, uint64_t n,
                                           uint64_t weight, uint64_t r,
                                           uint64_t k) {
  uint64_t j = r * weight + k;
  Gf128 block = Aes128(kAesExpandKey).encrypt(seed ^ Gf128{j / 2, 0});
  return detail::scaleWord(j % 2 ? block.hi : block.lo, n);
}

void mplang::crypto::field::eaEncode(llvm::ArrayRef<Gf128> noise, size_t width,
                                     Gf128 seed, uint64_t weight,
                                     llvm::MutableArrayRef<Gf128> out,
                                     ParallelFor parallel) {
  uint64_t n = noise.size() / width;
  // Large buffers lie on huge pages: the reads are random over the whole
  // array, and with 4 KiB pages nearly every one would also miss the TLB.
  BufferArray<Gf128> accMemory(noise.size(), /*zeroed=*/false);
  llvm::MutableArrayRef<Gf128> acc(accMemory.data(), noise.size());
  prefixSum(noise, acc, width);
  Aes128 aes(kAesExpandKey);
  std::vector<detail::GatherColumn> columns;
  for (size_t c = 0; c < width; ++c)
    columns.push_back({acc.data() + c, /*base=*/nullptr, out.data() + c});
  detail::gatherRows(
      columns, width, width, out.size() / width, weight,
      [&](uint64_t r0, uint64_t rows, uint64_t *pos) {
        // The blocks are drawn into `pos` and scaled word by word in place.
        uint64_t words = rows * weight;
        aes.encryptCounter(seed, r0 * weight / 2,
                           {reinterpret_cast<Gf128 *>(pos), (words + 1) / 2});
        for (uint64_t j = 0; j < words; ++j)
          pos[j] = detail::scaleWord(pos[j], n);
      },
      parallel);
}
