//===- RowGather.h - sums of pseudorandomly chosen rows ---------*- C++ -*-===//
//
// Internal. The expanders of the expand-accumulate and expand-convolute
// codes: each output is the sum of `weight` elements of a large vector at
// pseudorandom positions. The reads are random over the whole vector, so
// positions are drawn a batch at a time and the reads prefetched ahead.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_FIELD_ROWGATHER_H
#define MPLANG_LIB_CRYPTO_FIELD_ROWGATHER_H

#include "mplang/Crypto/Field/Gf128.h"
#include "mplang/Support/ParallelFor.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mplang::crypto::field::detail {

/// Output rows per batch of positions; even, so that a batch's words start
/// at an AES block boundary whatever the weight.
constexpr uint64_t kGatherBatch = 512;

/// Fills `pos` with the rows read by output rows [r0, r0 + rows): row r's
/// k-th read at pos[(r - r0) * weight + k]. `pos` holds an even number of
/// words, at least rows * weight, 16-byte aligned: room to draw the
/// positions' AES blocks in place.
using GatherPositions =
    llvm::function_ref<void(uint64_t r0, uint64_t rows, uint64_t *pos)>;

/// One column of a gather: output row r is out[r * outStride], the sum of
/// base[r * outStride] (zero without `base`) and of the src[p * srcStride]
/// at its positions p.
struct GatherColumn {
  const Gf128 *src;
  const Gf128 *base;
  Gf128 *out;
};

/// Computes `rows` output rows of every column, each batch's positions
/// drawn once for all columns; batches are split among threads by
/// `parallel`, so `positions` may be called on several threads at once.
void gatherRows(llvm::ArrayRef<GatherColumn> columns, size_t srcStride,
                size_t outStride, uint64_t rows, uint64_t weight,
                GatherPositions positions, ParallelFor parallel);

/// floor(word * size / 2^64): a 64-bit word scaled to [0, size).
inline uint64_t scaleWord(uint64_t word, uint64_t size) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(word) * size) >>
                               64);
}

} // namespace mplang::crypto::field::detail

#endif // MPLANG_LIB_CRYPTO_FIELD_ROWGATHER_H
