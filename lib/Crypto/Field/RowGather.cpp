//===- RowGather.cpp - sums of pseudorandomly chosen rows -------*- C++ -*-===//

#include "RowGather.h"

#include <algorithm>
#include <vector>

using namespace mplang::crypto::field;

/// How many reads ahead of the current one the prefetch runs.
static constexpr uint64_t kAhead = 128;

void detail::gatherRows(llvm::ArrayRef<GatherColumn> columns, size_t srcStride,
                        size_t outStride, uint64_t rows, uint64_t weight,
                        GatherPositions positions) {
  std::vector<uint64_t> pos(kGatherBatch * weight);
  for (uint64_t r0 = 0; r0 < rows; r0 += kGatherBatch) {
    uint64_t batch = std::min<uint64_t>(kGatherBatch, rows - r0);
    uint64_t reads = batch * weight;
    positions(r0, batch, pos.data());
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
}
