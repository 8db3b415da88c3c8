//===- Okvs.h - 3-hash garbled cuckoo table (OKVS) --------------*- C++ -*-===//
//
// A table P of m cells encodes key/value pairs so that for every key k,
// P[h1(k)] + P[h2(k)] + P[h3(k)] = value(k). The three cells come from AES
// keyed with the seed (see docs/field-kernels.md), so they are independent
// for every table size, unlike the reference's (a xor b) mod m.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_FIELD_OKVS_H
#define MPLANG_CRYPTO_FIELD_OKVS_H

#include "mplang/Crypto/Field/Aes.h"

#include "llvm/Support/Error.h"

#include <array>

namespace mplang::field {

using OkvsCells = std::array<uint32_t, 3>;

/// Largest 2-core (rows left after peeling) the dense fallback eliminates.
constexpr size_t kOkvsMaxCoreRows = 1024;

/// Maps keys to their three distinct cells in a table of `tableSize` cells
/// (3 <= tableSize < 2^32): block j of key k is E_seed({k, j}); h1 and h2 come
/// from the two words of block 0, h3 from the low word of block 1, each scaled
/// to [0, tableSize) by a 64 x 64 -> 128-bit multiply. Collisions are then
/// bumped as in the reference: h2 == h1 -> h2 + 1; h3 in {h1, h2} -> h3 + 1,
/// at most twice (mod tableSize).
class OkvsHasher {
public:
  OkvsHasher(Gf128 seed, size_t tableSize);

  /// cells[i] = the cells of keys[i]; the arrays have equal sizes.
  void getCells(llvm::ArrayRef<uint64_t> keys,
                llvm::MutableArrayRef<OkvsCells> cells,
                Isa isa = bestIsa()) const;

private:
  Aes128 cipher;
  uint64_t tableSize;
};

/// What a successful solve needed, for tests and measurements.
struct OkvsSolveStats {
  /// Rows the peeling left in the 2-core, solved by elimination.
  size_t coreRows = 0;
};

/// field.solve_okvs: fills `table` so that every key decodes to its value;
/// cells no key needs are zero. Fails, leaving `table` untouched, if the
/// sizes disagree, the 2-core is larger than kOkvsMaxCoreRows, or the system
/// has no solution (e.g. a repeated key with two values).
llvm::Error okvsSolve(llvm::ArrayRef<uint64_t> keys,
                      llvm::ArrayRef<Gf128> values, Gf128 seed,
                      llvm::MutableArrayRef<Gf128> table,
                      OkvsSolveStats *stats = nullptr);

/// field.decode_okvs: out[i] = P[h1(keys[i])] + P[h2(keys[i])] +
/// P[h3(keys[i])].
llvm::Error okvsDecode(llvm::ArrayRef<uint64_t> keys,
                       llvm::ArrayRef<Gf128> table, Gf128 seed,
                       llvm::MutableArrayRef<Gf128> out);

} // namespace mplang::field

#endif // MPLANG_CRYPTO_FIELD_OKVS_H
