//===- RowGather.cpp - sums of pseudorandomly chosen rows -------*- C++ -*-===//

#include "RowGather.h"

#include <algorithm>
#include <vector>

using namespace mplang::crypto::field;

/// How many reads ahead of the current one the prefetch runs.
static constexpr uint64_t kAhead = 128;

void detail::gatherRows(llvm::ArrayRef<GatherColumn> columns, size_t srcStride,
                        size_t outStride, uint64_t rows, uint64_t weight,
                        GatherPositions positions, ParallelFor parallel) {
  uint64_t batches = (rows + kGatherBatch - 1) / kGatherBatch;
  parallel(batches, 1, [&](size_t first, size_t last) {
    // Gf128 elements: an even number of words, 16-byte aligned.
    std::vector<Gf128> posMemory((kGatherBatch * weight + 1) / 2);
    uint64_t *pos = reinterpret_cast<uint64_t *>(posMemory.data());
    for (uint64_t r0 = first * kGatherBatch;
         r0 < std::min(rows, last * kGatherBatch); r0 += kGatherBatch) {
      uint64_t batch = std::min<uint64_t>(kGatherBatch, rows - r0);
      uint64_t reads = batch * weight;
      positions(r0, batch, pos);
      for (uint64_t j = 0; j < reads; ++j)
        pos[j] *= srcStride;
      for (const GatherColumn &column : columns) {
        const Gf128 *src = column.src;
        for (uint64_t j = 0; j < std::min(kAhead, reads); ++j)
          __builtin_prefetch(src + pos[j]);
        for (uint64_t r = 0, j = 0; r < batch; ++r) {
          uint64_t at = (r0 + r) * outStride;
          Gf128 sum = column.base ? column.base[at] : Gf128{};
          for (uint64_t k = 0; k < weight; ++k, ++j) {
            if (j + kAhead < reads)
              __builtin_prefetch(src + pos[j + kAhead]);
            sum ^= src[pos[j]];
          }
          column.out[at] = sum;
        }
      }
    }
  });
}
