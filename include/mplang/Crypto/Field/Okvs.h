//===- Okvs.h - 3-hash garbled cuckoo table (OKVS) --------------*- C++ -*-===//
//
// A table P of m cells encodes key/value pairs so that for every key k,
// P[h1(k)] + P[h2(k)] + P[h3(k)] = value(k). The three cells come from AES
// keyed with the seed (see docs/field-kernels.md), so they are independent
// for every table size, unlike the reference's (a xor b) mod m, and lie in
// one bin of the table, so that large tables are solved and decoded one
// cache-sized bin at a time.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_FIELD_OKVS_H
#define MPLANG_CRYPTO_FIELD_OKVS_H

#include "mplang/Crypto/Field/Aes.h"
#include "mplang/Support/ParallelFor.h"

#include "llvm/Support/Error.h"

#include <array>
#include <vector>

namespace mplang::crypto::field {

using OkvsCells = std::array<uint32_t, 3>;

/// Largest 2-core (rows left after peeling) of one bin that the dense
/// fallback eliminates.
constexpr size_t kOkvsMaxCoreRows = 1024;

/// A table of m cells is split into max(1, floor(sqrt(m / kOkvsBinScale)))
/// bins of nearly equal size, and each key's three cells lie in one bin, so
/// that solving and decoding work on one cache-sized bin at a time. Bins grow
/// as sqrt(m) because two keys sharing all three cells make a solve fail, and
/// with b bins that happens as often as in an unbinned table of n / b^2 keys:
/// this scale keeps n / b^2 >= kOkvsBinScale / expansion for every m.
constexpr size_t kOkvsBinScale = 4096;

/// A key's bin and its three distinct cells, counted from the bin's first.
struct OkvsSlot {
  uint32_t bin;
  OkvsCells cells;
};

/// Places keys in a table of `tableSize` cells (3 <= tableSize < 2^32). The
/// block E_seed({k, 0}) gives four 32-bit words w0..w3 (w0 the low word of
/// its low half); the bin is floor(w0 * bins / 2^32) and the cells in a bin
/// of s cells are floor(w_i * s / 2^32) for i = 1, 2, 3. Collisions are then
/// bumped as in the reference: h2 == h1 -> h2 + 1; h3 in {h1, h2} -> h3 + 1,
/// at most twice (mod s).
class OkvsHasher {
public:
  OkvsHasher(Gf128 seed, size_t tableSize);

  size_t getNumBins() const { return binStarts.size() - 1; }
  /// The first cell of `bin`; getBinStart(getNumBins()) is the table size.
  uint32_t getBinStart(size_t bin) const { return binStarts[bin]; }
  uint32_t getBinSize(size_t bin) const {
    return binStarts[bin + 1] - binStarts[bin];
  }

  /// blocks[i] = E_seed({keys[i], 0}); the arrays have equal sizes.
  void getBlocks(llvm::ArrayRef<uint64_t> keys,
                 llvm::MutableArrayRef<Gf128> blocks,
                 Isa isa = bestIsa()) const {
    for (size_t i = 0; i < keys.size(); ++i)
      blocks[i] = {keys[i], 0};
    cipher.encrypt(blocks, blocks, isa);
  }
  /// The bin of the key whose block is `block`.
  uint32_t getBin(Gf128 block) const {
    return scale(uint32_t(block.lo), getNumBins());
  }
  /// The slot of the key whose block is `block`.
  OkvsSlot getSlot(Gf128 block) const {
    uint32_t bin = getBin(block);
    return {bin, getCellsInBin(block, getBinSize(bin))};
  }
  /// The cells, within a bin of `binSize` cells, of the key whose block is
  /// `block`.
  static OkvsCells getCellsInBin(Gf128 block, uint32_t binSize) {
    auto next = [&](uint32_t cell) {
      return cell + 1 == binSize ? 0 : cell + 1;
    };
    uint32_t h1 = scale(uint32_t(block.lo >> 32), binSize),
             h2 = scale(uint32_t(block.hi), binSize),
             h3 = scale(uint32_t(block.hi >> 32), binSize);
    if (h2 == h1)
      h2 = next(h2);
    for (int bump = 0; bump < 2 && (h3 == h1 || h3 == h2); ++bump)
      h3 = next(h3);
    return {h1, h2, h3};
  }

  /// cells[i] = the cells of keys[i] counted from the start of the table.
  void getCells(llvm::ArrayRef<uint64_t> keys,
                llvm::MutableArrayRef<OkvsCells> cells,
                Isa isa = bestIsa()) const;

private:
  /// floor(x * size / 2^32): a uniform word to a uniform index below size.
  static uint32_t scale(uint32_t x, uint64_t size) {
    return static_cast<uint32_t>((uint64_t(x) * size) >> 32);
  }

  Aes128 cipher;
  /// floor(j * tableSize / bins) for j = 0 .. bins.
  std::vector<uint32_t> binStarts;
};

/// What a successful solve needed, for tests and measurements.
struct OkvsSolveStats {
  /// Rows the peeling left in 2-cores (all bins), solved by elimination.
  size_t coreRows = 0;
};

/// field.solve_okvs: fills `table` so that every key decodes to its value;
/// cells no key needs are zero. Fails, leaving `table` untouched, if the
/// sizes disagree, a bin's 2-core is larger than kOkvsMaxCoreRows, or the
/// system has no solution (e.g. a repeated key with two values). The bins
/// are solved in chunks split by `parallel`.
llvm::Error okvsSolve(llvm::ArrayRef<uint64_t> keys,
                      llvm::ArrayRef<Gf128> values, Gf128 seed,
                      llvm::MutableArrayRef<Gf128> table,
                      OkvsSolveStats *stats = nullptr,
                      ParallelFor parallel = serialFor);

/// field.decode_okvs: out[i] = P[h1(keys[i])] + P[h2(keys[i])] +
/// P[h3(keys[i])]. The keys of a small table, or else the bins of a large
/// one, are decoded in chunks split by `parallel`.
llvm::Error okvsDecode(llvm::ArrayRef<uint64_t> keys,
                       llvm::ArrayRef<Gf128> table, Gf128 seed,
                       llvm::MutableArrayRef<Gf128> out,
                       ParallelFor parallel = serialFor);

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_OKVS_H
