//===- KeepResults.h - results that stay on their party ---------*- C++ -*-===//
//
// `mplang-run --keep` and `mplang-opt --simp-program-digests=keep=...` name
// results of the global entry; both run `--simp-keep-results` with them, so
// that the digest an operator approves is the digest of the program the
// driver submits.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_SIMP_TRANSFORMS_KEEPRESULTS_H
#define MPLANG_DIALECT_SIMP_TRANSFORMS_KEEPRESULTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <string>
#include <vector>

namespace mlir::simp {

/// (rank, global result index) -> the URI it is kept as on that rank.
using KeptResults = std::map<std::pair<int64_t, unsigned>, std::string>;

/// Parses `--keep` specs: `R:I=URI`, `R:I` or `all` (every result every
/// rank holds); a result without a URI is kept as `defaultURI(I)`, or is an
/// error when `defaultURI` is null. `results` are the global entry's result
/// types. Returns the error, empty on success.
std::string parseKeepSpecs(ArrayRef<std::string> specs, ArrayRef<Type> results,
                           int64_t worldSize,
                           llvm::function_ref<std::string(unsigned)> defaultURI,
                           KeptResults &kept);

/// The `keep` option of `--simp-keep-results` for `kept`: each result as
/// `R:L=URI`, with L its index among the results rank R returns.
std::vector<std::string> localKeepSpecs(ArrayRef<Type> results,
                                        const KeptResults &kept);

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_TRANSFORMS_KEEPRESULTS_H
