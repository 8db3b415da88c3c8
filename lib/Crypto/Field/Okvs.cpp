//===- Okvs.cpp - 3-hash garbled cuckoo table -------------------*- C++ -*-===//
//
// Solving peels the key/cell hypergraph: a cell that only one remaining key
// touches can absorb that key's value, so the key is set aside and the rest
// is solved first. Whatever cannot be peeled (the 2-core) goes to dense
// elimination; values are then filled in reverse peeling order.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Field/Okvs.h"
#include "CoreElimination.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <vector>

using namespace mplang::field;

/// Keys are hashed and decoded this many at a time (AES input stays in L1).
static constexpr size_t kHashChunk = 128;
/// How many steps ahead the solver prefetches its random accesses.
static constexpr size_t kAhead = 8;

namespace {
/// A peeled row and the cell that absorbs its value.
struct Peel {
  uint32_t cell;
  uint32_t row;
};
} // namespace

OkvsHasher::OkvsHasher(Gf128 seed, size_t tableSize)
    : cipher(seed), tableSize(tableSize) {
  assert(tableSize >= 3 && tableSize <= std::numeric_limits<uint32_t>::max() &&
         "OKVS table size out of range");
}

void OkvsHasher::getCells(llvm::ArrayRef<uint64_t> keys,
                          llvm::MutableArrayRef<OkvsCells> cells,
                          Isa isa) const {
  assert(keys.size() == cells.size() && "size mismatch");
  auto scale = [&](uint64_t x) {
    return static_cast<uint32_t>(
        (static_cast<unsigned __int128>(x) * tableSize) >> 64);
  };
  auto next = [&](uint32_t cell) {
    return cell + 1 == tableSize ? 0 : cell + 1;
  };
  Gf128 blocks[2 * kHashChunk];
  for (size_t start = 0; start < keys.size(); start += kHashChunk) {
    size_t count = std::min(kHashChunk, keys.size() - start);
    for (size_t i = 0; i < count; ++i) {
      blocks[2 * i] = {keys[start + i], 0};
      blocks[2 * i + 1] = {keys[start + i], 1};
    }
    llvm::MutableArrayRef<Gf128> chunk(blocks, 2 * count);
    cipher.encrypt(chunk, chunk, isa);
    for (size_t i = 0; i < count; ++i) {
      uint32_t h1 = scale(blocks[2 * i].lo), h2 = scale(blocks[2 * i].hi),
               h3 = scale(blocks[2 * i + 1].lo);
      if (h2 == h1)
        h2 = next(h2);
      for (int bump = 0; bump < 2 && (h3 == h1 || h3 == h2); ++bump)
        h3 = next(h3);
      cells[start + i] = {h1, h2, h3};
    }
  }
}

static llvm::Error checkTableSize(size_t tableSize) {
  if (tableSize < 3 || tableSize > std::numeric_limits<uint32_t>::max())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "OKVS table size %zu is outside [3, 2^32 - 1]", tableSize);
  return llvm::Error::success();
}

/// Solves the rows left after peeling (those of `peeled` false) and writes
/// their cells into `coreValues` as (cell, value) pairs.
static llvm::Error
solveCoreRows(llvm::ArrayRef<OkvsCells> cells, llvm::ArrayRef<Gf128> values,
              const std::vector<bool> &peeled, size_t coreRows,
              std::vector<std::pair<uint32_t, Gf128>> &coreValues) {
  if (coreRows > kOkvsMaxCoreRows)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "OKVS solve failed: peeling left a 2-core of %zu keys, more than the "
        "%zu the dense fallback handles; use a larger table (m >= 1.3 n)",
        coreRows, kOkvsMaxCoreRows);
  std::vector<OkvsCells> equations;
  std::vector<Gf128> rhs;
  std::vector<uint32_t> columns;
  for (size_t r = 0; r < cells.size(); ++r) {
    if (peeled[r])
      continue;
    equations.push_back(cells[r]);
    rhs.push_back(values[r]);
    columns.insert(columns.end(), cells[r].begin(), cells[r].end());
  }
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  for (OkvsCells &equation : equations)
    for (uint32_t &c : equation)
      c = static_cast<uint32_t>(
          std::lower_bound(columns.begin(), columns.end(), c) -
          columns.begin());
  llvm::Expected<std::vector<Gf128>> solution =
      detail::solveCore(equations, rhs, columns.size());
  if (!solution)
    return solution.takeError();
  for (size_t i = 0; i < columns.size(); ++i)
    coreValues.emplace_back(columns[i], (*solution)[i]);
  return llvm::Error::success();
}

llvm::Error mplang::field::okvsSolve(llvm::ArrayRef<uint64_t> keys,
                                     llvm::ArrayRef<Gf128> values, Gf128 seed,
                                     llvm::MutableArrayRef<Gf128> table,
                                     OkvsSolveStats *stats) {
  size_t n = keys.size(), m = table.size();
  if (values.size() != n)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "OKVS solve: %zu keys but %zu values", n,
                                   values.size());
  if (llvm::Error err = checkTableSize(m))
    return err;
  if (n > std::numeric_limits<uint32_t>::max())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "OKVS solve: %zu keys exceed 2^32 - 1", n);
  std::vector<OkvsCells> cells(n);
  OkvsHasher(seed, m).getCells(keys, cells);

  // A cell's live-row count and the XOR of those rows' indices: when the
  // count is one, the XOR is the row itself, so no adjacency lists are needed.
  struct Cell {
    uint32_t rows = 0;
    uint32_t rowXor = 0;
  };
  std::vector<Cell> cellRows(m);
  for (uint32_t r = 0; r < n; ++r)
    for (uint32_t c : cells[r]) {
      ++cellRows[c].rows;
      cellRows[c].rowXor ^= r;
    }
  // Cells of count one, in peeling order. A queue rather than a stack lets
  // the loop prefetch the cells and rows it will reach kAhead steps later.
  std::vector<uint32_t> queue;
  queue.reserve(m);
  for (uint32_t c = 0; c < m; ++c)
    if (cellRows[c].rows == 1)
      queue.push_back(c);
  std::vector<Peel> order;
  order.reserve(n);
  for (size_t head = 0; head < queue.size(); ++head) {
    if (head + 2 * kAhead < queue.size())
      __builtin_prefetch(&cellRows[queue[head + 2 * kAhead]]);
    if (head + kAhead < queue.size()) {
      // Only a hint: the row is stale if the cell's count changes meanwhile.
      uint32_t row = cellRows[queue[head + kAhead]].rowXor;
      __builtin_prefetch(&cells[std::min<size_t>(row, n - 1)]);
    }
    uint32_t c = queue[head];
    if (cellRows[c].rows != 1)
      continue;
    uint32_t r = cellRows[c].rowXor;
    order.push_back({c, r});
    for (uint32_t other : cells[r]) {
      cellRows[other].rowXor ^= r;
      if (--cellRows[other].rows == 1)
        queue.push_back(other);
    }
  }

  std::vector<std::pair<uint32_t, Gf128>> coreValues;
  size_t coreRows = n - order.size();
  if (coreRows > 0) {
    std::vector<bool> peeled(n);
    for (const Peel &peel : order)
      peeled[peel.row] = true;
    if (llvm::Error err =
            solveCoreRows(cells, values, peeled, coreRows, coreValues))
      return err;
  }
  if (stats)
    stats->coreRows = coreRows;

  std::fill(table.begin(), table.end(), Gf128());
  for (auto [c, value] : coreValues)
    table[c] = value;
  // In reverse peeling order every other cell of a row is final when the row
  // is reached, and its own cell is still zero.
  for (size_t k = order.size(); k-- > 0;) {
    if (k >= 2 * kAhead)
      __builtin_prefetch(&cells[order[k - 2 * kAhead].row]);
    if (k >= kAhead) {
      uint32_t row = order[k - kAhead].row;
      __builtin_prefetch(&values[row]);
      for (uint32_t c : cells[row])
        __builtin_prefetch(&table[c]);
    }
    const OkvsCells &rowCells = cells[order[k].row];
    table[order[k].cell] = values[order[k].row] ^ table[rowCells[0]] ^
                           table[rowCells[1]] ^ table[rowCells[2]];
  }
  return llvm::Error::success();
}

llvm::Error mplang::field::okvsDecode(llvm::ArrayRef<uint64_t> keys,
                                      llvm::ArrayRef<Gf128> table, Gf128 seed,
                                      llvm::MutableArrayRef<Gf128> out) {
  if (out.size() != keys.size())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "OKVS decode: %zu keys but %zu outputs",
                                   keys.size(), out.size());
  if (llvm::Error err = checkTableSize(table.size()))
    return err;
  OkvsHasher hasher(seed, table.size());
  OkvsCells cells[kHashChunk];
  for (size_t start = 0; start < keys.size(); start += kHashChunk) {
    size_t count = std::min(kHashChunk, keys.size() - start);
    hasher.getCells(keys.slice(start, count),
                    llvm::MutableArrayRef<OkvsCells>(cells, count));
    for (size_t i = 0; i < count; ++i)
      out[start + i] =
          table[cells[i][0]] ^ table[cells[i][1]] ^ table[cells[i][2]];
  }
  return llvm::Error::success();
}
