//===- Rows.h - sorting and membership of short integer rows ----*- C++ -*-===//
//
// A matrix of rows of `width` unsigned integers of `elementBytes` (1, 2, 4 or
// 8) bytes each, row-major in native byte order, as raw bytes. A row packs
// into one integer key of at most 128 bits, element 0 most significant, so
// comparing keys compares rows lexicographically.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_FIELD_ROWS_H
#define MPLANG_CRYPTO_FIELD_ROWS_H

#include "mplang/Support/ParallelFor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace mplang::crypto::field {

struct RowShape {
  size_t width;
  unsigned elementBytes;
};

/// field.sort_rows: `sorted` receives the rows of `rows` in ascending order
/// (equal rows all kept). The two may be the same buffer. Fails unless a row
/// has 1 to 128 bits and both buffers hold whole rows of one size. Large
/// inputs are split among threads by `parallel`.
llvm::Error sortRows(llvm::ArrayRef<uint8_t> rows, RowShape shape,
                     llvm::MutableArrayRef<uint8_t> sorted,
                     ParallelFor parallel = serialFor);

/// field.contains_rows: found[q] = 1 if row q of `queries` is a row of `set`,
/// else 0. Linear time: a hash table of the set's rows, keyed with OS
/// randomness so that chosen rows cannot make it quadratic. Fails as
/// sortRows does, if `found` has not one byte per query, or if the OS gives
/// no randomness.
llvm::Error containsRows(llvm::ArrayRef<uint8_t> set,
                         llvm::ArrayRef<uint8_t> queries, RowShape shape,
                         llvm::MutableArrayRef<uint8_t> found);

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_ROWS_H
