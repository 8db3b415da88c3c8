//===- Measure.h - calls that --stats reports on ----------------*- C++ -*-===//
//
// A lowering marks the calls that implement one of its ops (`simp.measure`
// on a func.call, SimpDialect.td); linking counts each callee's rounds of
// messages, and the runtime's statistics total the calls, elements, bytes
// and messages per op (docs/runtime.md, "Statistics").
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_SIMP_IR_MEASURE_H
#define MPLANG_DIALECT_SIMP_IR_MEASURE_H

#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::simp {

/// What a measured call implements.
struct Measure {
  StringRef op;
  int64_t elements = 0;
  /// The callee's rounds of messages, or -1 before linking counted them
  /// (or when they depend on data).
  int64_t rounds = -1;
};

/// Marks `call` as implementing `op` on `elements` elements.
void setMeasure(Operation *call, StringRef op, int64_t elements);
/// Records the rounds of `call`'s callee in its measure.
void setMeasuredRounds(Operation *call, int64_t rounds);
/// The measure of `op`, if it is a measured call.
std::optional<Measure> getMeasure(Operation *op);

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_IR_MEASURE_H
