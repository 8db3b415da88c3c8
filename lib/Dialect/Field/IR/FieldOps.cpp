//===- FieldOps.cpp - field dialect operations ------------------*- C++ -*-===//

#include "mplang/Dialect/Field/IR/FieldOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::field;

#define GET_OP_CLASSES
#include "mplang/Dialect/Field/IR/FieldOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared rules
//===----------------------------------------------------------------------===//

/// Checks that `what` (of `type`) has the shape `expected`.
static LogicalResult verifyShape(Operation *op, StringRef what,
                                 RankedTensorType type,
                                 ArrayRef<int64_t> expected) {
  if (type.getShape() == expected)
    return success();
  InFlightDiagnostic diag = op->emitOpError() << what << " has shape [";
  llvm::interleaveComma(type.getShape(), diag);
  diag << "] but expects [";
  llvm::interleaveComma(expected, diag);
  return diag << "]";
}

/// Three distinct cells per key need a table of at least three cells.
static LogicalResult verifyOkvsTableSize(Operation *op, int64_t m) {
  if (m < 3)
    return op->emitOpError("an OKVS table needs at least 3 cells, got ") << m;
  return success();
}

/// `words` has the shape of `elements` followed by 2.
static LogicalResult verifyWordsCast(Operation *op, StringRef what,
                                     RankedTensorType words,
                                     RankedTensorType elements) {
  SmallVector<int64_t> expected(elements.getShape());
  expected.push_back(2);
  return verifyShape(op, what, words, expected);
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

LogicalResult FromWordsOp::verify() {
  return verifyWordsCast(*this, "input", getInput().getType(),
                         getResult().getType());
}

LogicalResult ToWordsOp::verify() {
  return verifyWordsCast(*this, "result", getResult().getType(),
                         getInput().getType());
}

LogicalResult SumOp::verify() {
  ArrayRef<int64_t> shape = getInput().getType().getShape();
  uint64_t axis = getAxis();
  if (axis >= shape.size())
    return emitOpError("axis ")
           << axis << " is out of range for an input of rank " << shape.size();
  SmallVector<int64_t> expected(shape);
  expected.erase(expected.begin() + axis);
  return verifyShape(*this, "result", getResult().getType(), expected);
}

LogicalResult AesExpandOp::verify() {
  return verifyShape(
      *this, "result", getResult().getType(),
      {getSeeds().getType().getDimSize(0), static_cast<int64_t>(getLength())});
}

LogicalResult SolveOkvsOp::verify() {
  int64_t n = getKeys().getType().getDimSize(0);
  int64_t m = getM();
  if (failed(verifyShape(*this, "values", getValues().getType(), {n})) ||
      failed(verifyShape(*this, "result", getResult().getType(), {m})) ||
      failed(verifyOkvsTableSize(*this, m)))
    return failure();
  if (m < n)
    return emitOpError("table size m = ")
           << m << " is smaller than the number of keys " << n;
  return success();
}

LogicalResult DecodeOkvsOp::verify() {
  if (failed(verifyOkvsTableSize(*this, getTable().getType().getDimSize(0))))
    return failure();
  return verifyShape(*this, "result", getResult().getType(),
                     {getKeys().getType().getDimSize(0)});
}

LogicalResult LdpcEncodeOp::verify() {
  int64_t m = getM();
  return failure(
      failed(verifyShape(*this, "message", getMessage().getType(),
                         {static_cast<int64_t>(getN())})) ||
      failed(verifyShape(*this, "indptr", getIndptr().getType(), {m + 1})) ||
      failed(verifyShape(*this, "result", getResult().getType(), {m})));
}
