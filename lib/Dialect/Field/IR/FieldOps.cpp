//===- FieldOps.cpp - field dialect operations ------------------*- C++ -*-===//

#include "mplang/Dialect/Field/IR/FieldOps.h"
#include "mplang/Crypto/Field/ExpandConvolute.h"

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

/// `words` has the shape of `elements` followed by the number of its words
/// in 128 bits.
static LogicalResult verifyWordsCast(Operation *op, StringRef what,
                                     RankedTensorType words,
                                     RankedTensorType elements) {
  SmallVector<int64_t> expected(elements.getShape());
  expected.push_back(128 / words.getElementTypeBitWidth());
  return verifyShape(op, what, words, expected);
}

/// A row of `type` (an N x K integer matrix) must pack into a 128-bit key.
static LogicalResult verifyRowWidth(Operation *op, RankedTensorType type) {
  int64_t width = type.getDimSize(1);
  unsigned bits = type.getElementTypeBitWidth();
  if (width >= 1 && width <= 128 / bits)
    return success();
  return op->emitOpError("row width ")
         << width << " of " << bits << "-bit elements is not in [1, "
         << 128 / bits << "]: a row must pack into a 128-bit key";
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

/// solve_okvs and try_solve_okvs: `n` values for the `n` keys, a table of
/// `m >= n` cells.
template <typename SolveOp> static LogicalResult verifyOkvsSolve(SolveOp op) {
  int64_t n = op.getKeys().getType().getDimSize(0);
  int64_t m = op.getM();
  if (failed(verifyShape(op, "values", op.getValues().getType(), {n})) ||
      failed(verifyShape(op, "result", op.getResult().getType(), {m})) ||
      failed(verifyOkvsTableSize(op, m)))
    return failure();
  if (m < n)
    return op.emitOpError("table size m = ")
           << m << " is smaller than the number of keys " << n;
  return success();
}

LogicalResult SolveOkvsOp::verify() { return verifyOkvsSolve(*this); }

LogicalResult TrySolveOkvsOp::verify() { return verifyOkvsSolve(*this); }

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

LogicalResult ScatterAddOp::verify() {
  return failure(failed(verifyShape(*this, "values", getValues().getType(),
                                    getIndices().getType().getShape())) ||
                 failed(verifyShape(*this, "result", getResult().getType(),
                                    getDest().getType().getShape())));
}

LogicalResult SortRowsOp::verify() {
  return verifyRowWidth(*this, getInput().getType());
}

LogicalResult ContainsRowsOp::verify() {
  RankedTensorType set = getSet().getType(), queries = getQueries().getType();
  if (set.getElementType() != queries.getElementType())
    return emitOpError("queries have element type ")
           << queries.getElementType() << " but the set has "
           << set.getElementType();
  if (failed(verifyShape(*this, "queries", queries,
                         {queries.getDimSize(0), set.getDimSize(1)})) ||
      failed(verifyRowWidth(*this, set)))
    return failure();
  return verifyShape(*this, "result", getResult().getType(),
                     {queries.getDimSize(0)});
}

/// A code encodes a vector or the columns of a matrix; the kernels' batch
/// buffers grow with the expander's weight.
static LogicalResult verifyEncoding(Operation *op, RankedTensorType noise,
                                    uint64_t weight) {
  if (noise.getRank() != 1 && noise.getRank() != 2)
    return op->emitOpError("noise must be a vector or a matrix, got rank ")
           << noise.getRank();
  if (weight > kMaxExpanderWeight)
    return op->emitOpError("weight ")
           << weight << " is above the largest supported, "
           << kMaxExpanderWeight;
  return success();
}

LogicalResult EaEncodeOp::verify() {
  RankedTensorType noise = getNoise().getType();
  if (failed(verifyEncoding(*this, noise, getWeight())))
    return failure();
  if (noise.getDimSize(0) == 0)
    return emitOpError("noise has no elements to encode");
  SmallVector<int64_t> expected(noise.getShape());
  expected[0] = getM();
  return verifyShape(*this, "result", getResult().getType(), expected);
}

LogicalResult ExConvEncodeOp::verify() {
  RankedTensorType noise = getNoise().getType();
  if (failed(verifyEncoding(*this, noise, getWeight())))
    return failure();
  int64_t n = noise.getDimSize(0), m = getM();
  if (m >= n)
    return emitOpError("m = ")
           << m << " leaves none of the noise's " << n << " rows to convolve";
  uint64_t regular = mplang::crypto::field::exConvRegular(getWeight());
  if (uint64_t(n - m) < regular)
    return emitOpError("the ")
           << n - m << " parity rows are fewer than the weight's " << regular
           << " regular positions";
  if (getBand() > mplang::crypto::field::kMaxExConvBand)
    return emitOpError("band ")
           << getBand() << " is above the largest supported, "
           << mplang::crypto::field::kMaxExConvBand;
  SmallVector<int64_t> expected(noise.getShape());
  expected[0] = m;
  return verifyShape(*this, "result", getResult().getType(), expected);
}
