//===- CoreElimination.cpp - dense solve of an OKVS 2-core ------*- C++ -*-===//

#include "CoreElimination.h"

#include <utility>

using namespace mplang::crypto::field;

llvm::Expected<std::vector<Gf128>>
detail::solveCore(llvm::ArrayRef<OkvsCells> equations,
                  llvm::ArrayRef<Gf128> rhs, size_t numColumns) {
  size_t rows = equations.size(), words = (numColumns + 63) / 64;
  std::vector<uint64_t> matrix(rows * words);
  std::vector<Gf128> sums(rhs.begin(), rhs.end());
  auto row = [&](size_t r) { return matrix.data() + r * words; };
  auto bit = [&](size_t r, size_t c) {
    return (row(r)[c / 64] >> (c % 64)) & 1;
  };
  for (size_t r = 0; r < rows; ++r)
    for (uint32_t c : equations[r])
      row(r)[c / 64] ^= uint64_t(1) << (c % 64);

  // Gauss-Jordan: after the loop, pivot row i has a single pivot column and
  // otherwise only free columns, which stay zero.
  std::vector<uint32_t> pivotColumns;
  for (size_t c = 0; c < numColumns && pivotColumns.size() < rows; ++c) {
    size_t rank = pivotColumns.size(), pivot = rank;
    while (pivot < rows && !bit(pivot, c))
      ++pivot;
    if (pivot == rows)
      continue;
    std::swap_ranges(row(pivot), row(pivot) + words, row(rank));
    std::swap(sums[pivot], sums[rank]);
    // Rows at or below the pivot are zero left of column c.
    for (size_t r = 0; r < rows; ++r) {
      if (r == rank || !bit(r, c))
        continue;
      for (size_t w = c / 64; w < words; ++w)
        row(r)[w] ^= row(rank)[w];
      sums[r] ^= sums[rank];
    }
    pivotColumns.push_back(static_cast<uint32_t>(c));
  }
  for (size_t r = pivotColumns.size(); r < rows; ++r)
    if (sums[r] != Gf128())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "OKVS solve failed: the equations of the %zu-row 2-core are "
          "inconsistent: keys that share all three cells (retry with another "
          "seed), a key repeated with different values, or more keys than "
          "the table holds",
          rows);
  std::vector<Gf128> cells(numColumns);
  for (size_t i = 0; i < pivotColumns.size(); ++i)
    cells[pivotColumns[i]] = sums[i];
  return cells;
}
