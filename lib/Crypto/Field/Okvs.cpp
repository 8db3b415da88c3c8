//===- Okvs.cpp - 3-hash garbled cuckoo table -------------------*- C++ -*-===//
//
// Solving peels the key/cell hypergraph: a cell that only one remaining key
// touches can absorb that key's value, so the key is set aside and the rest
// is solved first. Whatever cannot be peeled (the 2-core) goes to dense
// elimination; values are then filled in reverse peeling order.
//
// Every key's cells lie in one bin, so large inputs are first grouped by bin
// and then solved or decoded one bin at a time: a bin's cells stay in cache,
// where a key-by-key pass would fetch three random lines from memory per key.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Field/Okvs.h"
#include "CoreElimination.h"
#include "mplang/Support/Buffer.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <string>
#include <vector>

using namespace mplang::crypto::field;
using mplang::BufferArray;

/// Keys are hashed this many at a time (AES input stays in L1).
static constexpr size_t kHashChunk = 128;
/// How many steps ahead loops prefetch their random accesses.
static constexpr size_t kAhead = 8;
/// Tables of fewer cells are decoded key by key: their lines stay in the
/// last-level cache, and grouping keys by bin costs more than it saves
/// (bench/FieldBench.cpp: 2^18 keys favour key by key, 2^20 bins).
static constexpr size_t kGroupedDecodeCells = size_t(1) << 19;
/// The least keys a thread decodes key by key: some 50 us of work.
static constexpr size_t kDecodeChunk = 2048;

static size_t getBinCount(size_t tableSize) {
  size_t bins = static_cast<size_t>(
      std::sqrt(static_cast<double>(tableSize) / kOkvsBinScale));
  // Correct the floating-point root to floor(sqrt(m / scale)).
  while ((bins + 1) * (bins + 1) * kOkvsBinScale <= tableSize)
    ++bins;
  while (bins > 1 && bins * bins * kOkvsBinScale > tableSize)
    --bins;
  return std::max<size_t>(bins, 1);
}

OkvsHasher::OkvsHasher(Gf128 seed, size_t tableSize) : cipher(seed) {
  assert(tableSize >= 3 && tableSize <= std::numeric_limits<uint32_t>::max() &&
         "OKVS table size out of range");
  size_t bins = getBinCount(tableSize);
  for (size_t j = 0; j <= bins; ++j)
    binStarts.push_back(static_cast<uint32_t>(j * tableSize / bins));
}

/// Calls `fn(i, block)` with the block of every key, kHashChunk at a time.
template <typename Fn>
static void forEachBlock(const OkvsHasher &hasher,
                         llvm::ArrayRef<uint64_t> keys, Isa isa, Fn fn) {
  Gf128 blocks[kHashChunk];
  for (size_t start = 0; start < keys.size(); start += kHashChunk) {
    size_t count = std::min(kHashChunk, keys.size() - start);
    hasher.getBlocks(keys.slice(start, count),
                     llvm::MutableArrayRef<Gf128>(blocks, count), isa);
    for (size_t i = 0; i < count; ++i)
      fn(start + i, blocks[i]);
  }
}

void OkvsHasher::getCells(llvm::ArrayRef<uint64_t> keys,
                          llvm::MutableArrayRef<OkvsCells> cells,
                          Isa isa) const {
  assert(keys.size() == cells.size() && "size mismatch");
  forEachBlock(*this, keys, isa, [&](size_t i, Gf128 block) {
    OkvsSlot slot = getSlot(block);
    for (int h = 0; h < 3; ++h)
      cells[i][h] = getBinStart(slot.bin) + slot.cells[h];
  });
}

/// Keys grouped by bin: the rows of bin j are [start[j], end[j]), in the
/// keys' order, within arrays of getRowCapacity rows; bin[i] is the bin of
/// key i.
struct BinGroups {
  std::vector<size_t> start, end;
  BufferArray<uint16_t> bin;
};

/// Rows to allocate for grouping `n` keys into `bins` bins: each bin gets
/// room for its expected count plus eight standard deviations.
static size_t getRowCapacity(size_t n, size_t bins) {
  double perBin = double(n) / double(bins);
  return bins * (size_t(perBin + 8 * std::sqrt(perBin)) + 16);
}

/// Groups keys by bin, calling `place(row, i, block)` for every key i. The
/// keys are placed as they are hashed, at the bins' expected offsets; only if
/// a bin overflows (never for random keys, but keys chosen against the seed
/// can do it) are the bins counted and the keys hashed and placed again.
template <typename Place>
static BinGroups groupByBin(const OkvsHasher &hasher,
                            llvm::ArrayRef<uint64_t> keys, Place place) {
  size_t numBins = hasher.getNumBins();
  assert(numBins <= UINT16_MAX + 1 && "bins of a table below 2^32 cells");
  size_t binRows = getRowCapacity(keys.size(), numBins) / numBins;
  BinGroups groups{std::vector<size_t>(numBins), std::vector<size_t>(numBins),
                   BufferArray<uint16_t>(keys.size(), /*zeroed=*/false)};
  for (size_t j = 0; j < numBins; ++j)
    groups.start[j] = groups.end[j] = j * binRows;
  bool overflow = false;
  forEachBlock(hasher, keys, bestIsa(), [&](size_t i, Gf128 block) {
    uint32_t bin = hasher.getBin(block);
    groups.bin[i] = static_cast<uint16_t>(bin);
    overflow |= groups.end[bin] == groups.start[bin] + binRows;
    if (!overflow)
      place(groups.end[bin]++, i, block);
  });
  if (!overflow)
    return groups;
  std::fill(groups.end.begin(), groups.end.end(), 0);
  for (size_t i = 0; i < keys.size(); ++i)
    ++groups.end[groups.bin[i]];
  for (size_t j = 0, first = 0; j < numBins; ++j) {
    groups.start[j] = first;
    first += groups.end[j];
    groups.end[j] = groups.start[j];
  }
  forEachBlock(hasher, keys, bestIsa(), [&](size_t i, Gf128 block) {
    place(groups.end[groups.bin[i]]++, i, block);
  });
  return groups;
}

static llvm::Error checkTableSize(size_t tableSize) {
  if (tableSize < 3 || tableSize > std::numeric_limits<uint32_t>::max())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "OKVS table size %zu is outside [3, 2^32 - 1]", tableSize);
  return llvm::Error::success();
}

namespace {
/// A peeled row and the cell that absorbs its value, both within a bin.
struct Peel {
  uint32_t cell;
  uint32_t row;
};

/// Peels one bin at a time, reusing its scratch arrays across bins.
class BinPeeler {
public:
  // A cell joins the queue at most once (when its count reaches one), and
  // the loops write one entry past the end before counting it.
  explicit BinPeeler(size_t maxBinSize)
      : cellRows(maxBinSize), queue(maxBinSize + 1) {}

  /// Appends to `order`, in peeling order, the rows of `cells` (equations
  /// over a bin of `binSize` cells) that peeling solves.
  void peel(llvm::ArrayRef<OkvsCells> cells, uint32_t binSize,
            std::vector<Peel> &order);

private:
  // A cell's live-row count and the XOR of those rows' indices: when the
  // count is one, the XOR is the row itself, so no adjacency lists are needed.
  struct Cell {
    uint32_t rows = 0;
    uint32_t rowXor = 0;
  };
  std::vector<Cell> cellRows;
  std::vector<uint32_t> queue;
};
} // namespace

void BinPeeler::peel(llvm::ArrayRef<OkvsCells> cells, uint32_t binSize,
                     std::vector<Peel> &order) {
  uint32_t n = static_cast<uint32_t>(cells.size());
  std::fill(cellRows.begin(), cellRows.begin() + binSize, Cell());
  for (uint32_t r = 0; r < n; ++r)
    for (uint32_t c : cells[r]) {
      ++cellRows[c].rows;
      cellRows[c].rowXor ^= r;
    }
  // Cells of count one, in peeling order. A queue rather than a stack lets
  // the loop prefetch the cells and rows it will reach kAhead steps later.
  size_t tail = 0;
  for (uint32_t c = 0; c < binSize; ++c) {
    queue[tail] = c;
    tail += cellRows[c].rows == 1;
  }
  for (size_t head = 0; head < tail; ++head) {
    if (head + 2 * kAhead < tail)
      __builtin_prefetch(&cellRows[queue[head + 2 * kAhead]]);
    if (head + kAhead < tail) {
      // Only a hint: the row is stale if the cell's count changes meanwhile.
      uint32_t row = cellRows[queue[head + kAhead]].rowXor;
      __builtin_prefetch(&cells[std::min(row, n - 1)]);
    }
    uint32_t c = queue[head];
    if (cellRows[c].rows != 1)
      continue;
    uint32_t r = cellRows[c].rowXor;
    order.push_back({c, r});
    // Whether a cell reaches count one is a coin toss for the branch
    // predictor, so it is written unconditionally and counted or not (also
    // above).
    for (uint32_t other : cells[r]) {
      cellRows[other].rowXor ^= r;
      queue[tail] = other;
      tail += --cellRows[other].rows == 1;
    }
  }
}

/// Solves the rows of one bin that peeling left (those not in `peeled`) and
/// appends their cells, counted from the start of the table, to `coreValues`
/// as (cell, value) pairs.
static llvm::Error
solveCoreRows(llvm::ArrayRef<OkvsCells> cells, llvm::ArrayRef<Gf128> values,
              llvm::ArrayRef<Peel> peeled, uint32_t firstCell,
              std::vector<std::pair<uint32_t, Gf128>> &coreValues) {
  std::vector<bool> isPeeled(cells.size());
  for (const Peel &peel : peeled)
    isPeeled[peel.row] = true;
  std::vector<OkvsCells> equations;
  std::vector<Gf128> rhs;
  std::vector<uint32_t> columns;
  for (size_t r = 0; r < cells.size(); ++r) {
    if (isPeeled[r])
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
    coreValues.emplace_back(firstCell + columns[i], (*solution)[i]);
  return llvm::Error::success();
}

llvm::Error mplang::crypto::field::okvsSolve(llvm::ArrayRef<uint64_t> keys,
                                             llvm::ArrayRef<Gf128> values,
                                             Gf128 seed,
                                             llvm::MutableArrayRef<Gf128> table,
                                             OkvsSolveStats *stats,
                                             ParallelFor parallel) {
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
  OkvsHasher hasher(seed, m);
  size_t numBins = hasher.getNumBins(), maxBinSize = 0;
  for (size_t j = 0; j < numBins; ++j)
    maxBinSize = std::max<size_t>(maxBinSize, hasher.getBinSize(j));
  // Rows in bin order: each key's cells within its bin and its value.
  size_t capacity = getRowCapacity(n, numBins);
  BufferArray<OkvsCells> rowCells(capacity, /*zeroed=*/false);
  BufferArray<Gf128> rowValues(capacity, /*zeroed=*/false);
  BinGroups groups =
      groupByBin(hasher, keys, [&](size_t row, size_t i, Gf128 block) {
        rowCells[row] = hasher.getSlot(block).cells;
        rowValues[row] = values[i];
      });
  llvm::ArrayRef<size_t> rowStart = groups.start;

  // Peel every bin and solve its core before the table is written, so that a
  // failure leaves it untouched. Bins are independent: each chunk of bins
  // has its own peeler, and bin j's peeling order is kept at the rows of bin
  // j (it has at most as many entries as the bin has rows).
  BufferArray<Peel> order(capacity, /*zeroed=*/false);
  std::vector<size_t> peeled(numBins);
  std::vector<std::vector<std::pair<uint32_t, Gf128>>> coreValues(numBins);
  // Bin j's failure, if it failed: the first in bin order is reported, as
  // by a serial solve, so every bin is solved even after a failure.
  std::vector<std::string> failures(numBins);
  // Peelers (scratch of a bin's size, costly to fault in) pass from chunk to
  // chunk: as many are made as chunks run at once.
  std::mutex peelersMutex;
  std::vector<std::unique_ptr<BinPeeler>> peelers;
  parallel(numBins, 1, [&](size_t first, size_t last) {
    std::unique_ptr<BinPeeler> peeler;
    {
      std::lock_guard<std::mutex> lock(peelersMutex);
      if (!peelers.empty()) {
        peeler = std::move(peelers.back());
        peelers.pop_back();
      }
    }
    if (!peeler)
      peeler = std::make_unique<BinPeeler>(maxBinSize);
    std::vector<Peel> binOrder;
    for (size_t j = first; j < last; ++j) {
      size_t rows = groups.end[j] - rowStart[j];
      llvm::ArrayRef<OkvsCells> cells(rowCells.data() + rowStart[j], rows);
      binOrder.clear();
      peeler->peel(cells, hasher.getBinSize(j), binOrder);
      std::copy(binOrder.begin(), binOrder.end(), order.data() + rowStart[j]);
      peeled[j] = binOrder.size();
      size_t binCore = rows - binOrder.size();
      if (binCore == 0)
        continue;
      if (binCore > kOkvsMaxCoreRows) {
        std::string where =
            numBins == 1
                ? ""
                : (" in bin " + llvm::Twine(j) + " of " + llvm::Twine(numBins))
                      .str();
        failures[j] =
            ("OKVS solve failed: peeling left a 2-core of " +
             llvm::Twine(binCore) + " keys" + where + ", more than the " +
             llvm::Twine(kOkvsMaxCoreRows) +
             " the dense fallback handles; use a larger table (m >= 1.3 n)")
                .str();
      } else if (llvm::Error err = solveCoreRows(
                     cells,
                     llvm::ArrayRef<Gf128>(rowValues.data() + rowStart[j],
                                           rows),
                     binOrder, hasher.getBinStart(j), coreValues[j])) {
        failures[j] = llvm::toString(std::move(err));
      }
    }
    std::lock_guard<std::mutex> lock(peelersMutex);
    peelers.push_back(std::move(peeler));
  });
  for (const std::string &failure : failures)
    if (!failure.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s",
                                     failure.c_str());
  if (stats)
    stats->coreRows =
        n - std::accumulate(peeled.begin(), peeled.end(), size_t(0));

  // In reverse peeling order every other cell of a row is final when the row
  // is reached, and its own cell is still zero.
  parallel(numBins, 1, [&](size_t first, size_t last) {
    for (size_t j = first; j < last; ++j) {
      Gf128 *bin = table.data() + hasher.getBinStart(j);
      std::fill(bin, bin + hasher.getBinSize(j), Gf128());
      for (auto [c, value] : coreValues[j])
        table[c] = value;
      const OkvsCells *cells = rowCells.data() + rowStart[j];
      const Gf128 *binValues = rowValues.data() + rowStart[j];
      const Peel *binOrder = order.data() + rowStart[j];
      for (size_t k = peeled[j]; k-- > 0;) {
        if (k >= kAhead) {
          uint32_t row = binOrder[k - kAhead].row;
          __builtin_prefetch(&binValues[row]);
          __builtin_prefetch(&cells[row]);
        }
        const OkvsCells &c = cells[binOrder[k].row];
        bin[binOrder[k].cell] =
            binValues[binOrder[k].row] ^ bin[c[0]] ^ bin[c[1]] ^ bin[c[2]];
      }
    }
  });
  return llvm::Error::success();
}

llvm::Error mplang::crypto::field::okvsDecode(llvm::ArrayRef<uint64_t> keys,
                                              llvm::ArrayRef<Gf128> table,
                                              Gf128 seed,
                                              llvm::MutableArrayRef<Gf128> out,
                                              ParallelFor parallel) {
  if (out.size() != keys.size())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "OKVS decode: %zu keys but %zu outputs",
                                   keys.size(), out.size());
  if (llvm::Error err = checkTableSize(table.size()))
    return err;
  OkvsHasher hasher(seed, table.size());
  if (table.size() < kGroupedDecodeCells) {
    parallel(keys.size(), kDecodeChunk, [&](size_t begin, size_t end) {
      forEachBlock(hasher, keys.slice(begin, end - begin), bestIsa(),
                   [&](size_t i, Gf128 block) {
                     OkvsSlot slot = hasher.getSlot(block);
                     const Gf128 *cells =
                         table.data() + hasher.getBinStart(slot.bin);
                     const OkvsCells &c = slot.cells;
                     out[begin + i] = cells[c[0]] ^ cells[c[1]] ^ cells[c[2]];
                   });
    });
    return llvm::Error::success();
  }
  // Bin by bin, each bin is read into cache once; key by key, every key
  // would fetch three random lines. The values are computed in place of the
  // blocks, then merged back into the keys' order: each bin's values are in
  // that order already, so the merge reads a few sequential streams.
  BufferArray<Gf128> rows(getRowCapacity(keys.size(), hasher.getNumBins()),
                          /*zeroed=*/false);
  BinGroups groups =
      groupByBin(hasher, keys,
                 [&](size_t row, size_t, Gf128 block) { rows[row] = block; });
  parallel(hasher.getNumBins(), 1, [&](size_t first, size_t last) {
    for (size_t j = first; j < last; ++j) {
      const Gf128 *cells = table.data() + hasher.getBinStart(j);
      uint32_t binSize = hasher.getBinSize(j);
      size_t end = groups.end[j];
      for (size_t r = groups.start[j]; r < end; ++r) {
        if (r + 2 * kAhead < end)
          for (uint32_t c :
               OkvsHasher::getCellsInBin(rows[r + 2 * kAhead], binSize))
            __builtin_prefetch(&cells[c]);
        OkvsCells c = OkvsHasher::getCellsInBin(rows[r], binSize);
        rows[r] = cells[c[0]] ^ cells[c[1]] ^ cells[c[2]];
      }
    }
  });
  std::vector<size_t> next = groups.start;
  for (size_t i = 0; i < keys.size(); ++i)
    out[i] = rows[next[groups.bin[i]]++];
  return llvm::Error::success();
}
