//===- FormatValue.h - values as text, as numpy prints them -----*- C++ -*-===//
//
// How mplang-run prints results and mplang-fetch prints objects.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_FORMATVALUE_H
#define MPLANG_RUNTIME_FORMATVALUE_H

#include "mplang/Runtime/Value.h"

#include "mlir/IR/Types.h"

#include <string>

namespace mplang::rt {

/// Tensors of more elements print summarized unless asked in full.
constexpr int64_t kSummaryThreshold = 1000;
/// How many elements a summarized dimension shows at each end.
constexpr int64_t kSummaryEdgeItems = 3;

/// `value` as text: `42 : i64`, `dense<[1, 2]> : tensor<2xi64>` (every
/// element the same: `dense<0> : tensor<2xi64>`), `<absent>`, or `<kind>`
/// for an opaque object. Tensors print in decimal at every size, booleans as
/// True and False, gf128 elements as 128-bit hex words
/// (0x0000000000000002000000000000043b); above kSummaryThreshold elements,
/// unless `full`, each dimension shows only its first and last elements
/// around `...`, as numpy prints.
std::string formatValue(const Value &value, mlir::Type type, bool full);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_FORMATVALUE_H
