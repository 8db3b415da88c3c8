//===- CryptoOps.cpp - crypto dialect operations ----------------*- C++ -*-===//

#include "mplang/Dialect/Crypto/IR/CryptoOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::crypto;

#define GET_OP_CLASSES
#include "mplang/Dialect/Crypto/IR/CryptoOps.cpp.inc"

/// Bytes the runtime stores for a statically shaped tensor (i1 takes one
/// byte per element).
static int64_t byteSize(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  int64_t width = tensor.getElementTypeBitWidth();
  return tensor.getNumElements() * (width == 1 ? 1 : width / 8);
}

static std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [i, dim] : llvm::enumerate(shape))
    text += (i ? ", " : "") + std::to_string(dim);
  return text + "]";
}

static LogicalResult verifyByteCount(Operation *op, StringRef what, Type type,
                                     int64_t expected) {
  int64_t got = byteSize(type);
  if (got != expected)
    return op->emitOpError() << what << " must have " << expected
                             << " bytes, got " << got;
  return success();
}

LogicalResult HashOp::verify() {
  return verifyByteCount(*this, "the digest", getType(), 32);
}

LogicalResult HashBatchOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  if (input.getRank() < 1)
    return emitOpError("input must have rank 1 or more: its rows are the "
                       "slices along the first dimension");
  auto result = cast<RankedTensorType>(getType());
  int64_t rows = input.getDimSize(0);
  if (result.getRank() != 2 || result.getDimSize(0) != rows ||
      byteSize(result) != 32 * rows)
    return emitOpError() << "result must have " << rows
                         << " rows of 32 bytes, one digest per input row "
                            "(e.g. tensor<"
                         << rows << "x32xui8> or tensor<" << rows
                         << "x4xi64>), got " << result;
  return success();
}

LogicalResult HkdfOp::verify() {
  int64_t length = byteSize(getType());
  if (length < 1 || length > 255 * 32)
    return emitOpError() << "output must have 1 to 8160 bytes (255 SHA-256 "
                            "blocks), got "
                         << length;
  return success();
}

static LogicalResult verifyAesGcm(Operation *op, Value key, Value nonce) {
  if (failed(verifyByteCount(op, "the key (AES-256)", key.getType(), 32)) ||
      failed(verifyByteCount(op, "the nonce", nonce.getType(), 12)))
    return failure();
  return success();
}

LogicalResult AesGcmEncryptOp::verify() {
  if (failed(verifyAesGcm(*this, getKey(), getNonce())))
    return failure();
  return verifyByteCount(*this, "the result (input and 16-byte tag)",
                         getType(), byteSize(getInput().getType()) + 16);
}

LogicalResult AesGcmDecryptOp::verify() {
  if (failed(verifyAesGcm(*this, getKey(), getNonce())))
    return failure();
  int64_t input = byteSize(getInput().getType());
  if (input < 16)
    return emitOpError() << "input must hold at least the 16-byte tag, got "
                         << input << " bytes";
  return verifyByteCount(*this, "the result (input without its tag)",
                         getType(), input - 16);
}

LogicalResult AgreeOp::verify() {
  return verifyByteCount(*this, "the shared secret", getType(), 32);
}

LogicalResult KeyFromBytesOp::verify() {
  return verifyByteCount(*this, "the key encoding", getInput().getType(), 32);
}

LogicalResult KeyToBytesOp::verify() {
  return verifyByteCount(*this, "the key encoding", getType(), 32);
}

/// Element-wise batches: equal shapes, or a single element against any.
static LogicalResult verifyBroadcast(Operation *op, Type lhs, Type rhs,
                                     Type result) {
  ArrayRef<int64_t> a = batchShapeOf(lhs), b = batchShapeOf(rhs);
  if (!a.empty() && !b.empty() && a != b)
    return op->emitOpError()
           << "operand batch shapes " << shapeText(a) << " and "
           << shapeText(b) << " differ (a single element combines with any)";
  ArrayRef<int64_t> expected = a.empty() ? b : a;
  if (batchShapeOf(result) != expected)
    return op->emitOpError() << "result batch shape must be "
                             << shapeText(expected) << ", got "
                             << shapeText(batchShapeOf(result));
  return success();
}

LogicalResult HashToPointOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  if (input.getRank() < 1)
    return emitOpError("input must have rank 1 or more: its rows are the "
                       "slices along the first dimension");
  SmallVector<int64_t, 1> expected{input.getDimSize(0)};
  if (batchShapeOf(getType()) != ArrayRef<int64_t>(expected))
    return emitOpError() << "result batch shape must be "
                         << shapeText(expected) << " (one point per row), got "
                         << shapeText(batchShapeOf(getType()));
  return success();
}

LogicalResult PointAddOp::verify() {
  return verifyBroadcast(*this, getLhs().getType(), getRhs().getType(),
                         getType());
}

LogicalResult PointSubOp::verify() {
  return verifyBroadcast(*this, getLhs().getType(), getRhs().getType(),
                         getType());
}

LogicalResult ScalarMulOp::verify() {
  return verifyBroadcast(*this, getScalar().getType(), getPoint().getType(),
                         getType());
}

LogicalResult BaseMulOp::verify() {
  return verifyBroadcast(*this, getScalar().getType(), getScalar().getType(),
                         getType());
}

LogicalResult ScalarAddOp::verify() {
  return verifyBroadcast(*this, getLhs().getType(), getRhs().getType(),
                         getType());
}

LogicalResult ScalarSubOp::verify() {
  return verifyBroadcast(*this, getLhs().getType(), getRhs().getType(),
                         getType());
}

LogicalResult ScalarProductOp::verify() {
  return verifyBroadcast(*this, getLhs().getType(), getRhs().getType(),
                         getType());
}

LogicalResult ScalarInverseOp::verify() {
  return verifyBroadcast(*this, getInput().getType(), getInput().getType(),
                         getType());
}

/// Encodings: the byte tensor is the batch shape and one row of `width`.
static LogicalResult verifyEncoding(Operation *op, Type elements, Type bytes,
                                    int64_t width) {
  SmallVector<int64_t, 4> expected(batchShapeOf(elements));
  expected.push_back(width);
  ArrayRef<int64_t> got = cast<RankedTensorType>(bytes).getShape();
  if (got != ArrayRef<int64_t>(expected))
    return op->emitOpError()
           << "bytes must have shape " << shapeText(expected) << " (the batch "
           << "shape and " << width << " bytes per element), got "
           << shapeText(got);
  return success();
}

LogicalResult PointToBytesOp::verify() {
  return verifyEncoding(*this, getInput().getType(), getType(), 33);
}

LogicalResult PointFromBytesOp::verify() {
  return verifyEncoding(*this, getType(), getInput().getType(), 33);
}

LogicalResult ScalarToBytesOp::verify() {
  return verifyEncoding(*this, getInput().getType(), getType(), 32);
}

LogicalResult ScalarFromBytesOp::verify() {
  return verifyEncoding(*this, getType(), getInput().getType(), 32);
}

LogicalResult BitTransposeOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t rows = input.getDimSize(0);
  int64_t columns = input.getDimSize(1) * input.getElementTypeBitWidth();
  if (result.getDimSize(0) != columns)
    return emitOpError() << "result must have " << columns
                         << " rows, one per input column (bit), got "
                         << result.getDimSize(0);
  int64_t resultBits = result.getDimSize(1) * result.getElementTypeBitWidth();
  if (resultBits != rows)
    return emitOpError() << "result rows must hold " << rows
                         << " bits, one per input row, got " << resultBits;
  return success();
}
