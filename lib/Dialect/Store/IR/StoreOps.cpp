//===- StoreOps.cpp - store dialect operations ------------------*- C++ -*-===//

#include "mplang/Dialect/Store/IR/StoreOps.h"
#include "mplang/Dialect/Store/IR/StoreURI.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::store;

#define GET_OP_CLASSES
#include "mplang/Dialect/Store/IR/StoreOps.cpp.inc"

/// Whether the store has a format for `type`: .npy for statically shaped
/// tensors and scalars, the serialized form for BFV objects.
static bool isStorable(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.hasStaticShape();
  if (isa<IntegerType, FloatType, IndexType>(type))
    return true;
  return type.getDialect().getNamespace() == "bfv";
}

static LogicalResult verifyObject(Operation *op, StringRef uri, Type type) {
  ObjectURI parsed;
  std::string error;
  if (!parseObjectURI(uri, parsed, error))
    return op->emitOpError() << error;
  if (!isStorable(type))
    return op->emitOpError()
           << "cannot store a value of type " << type
           << ": expected a statically shaped tensor, a scalar or a BFV "
              "object (inside a simp.pcall body, on rank-local values)";
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyObject(*this, getUri(), getResult().getType());
}

LogicalResult SaveOp::verify() {
  return verifyObject(*this, getUri(), getValue().getType());
}

/// A CSV file: an `fs://` URI.
static LogicalResult verifyCsvFile(Operation *op, StringRef uri) {
  ObjectURI parsed;
  std::string error;
  if (!parseObjectURI(uri, parsed, error))
    return op->emitOpError() << error;
  if (parsed.scheme != Scheme::File)
    return op->emitOpError() << "reads and writes CSV files: '" << uri
                             << "' is not an fs:// URI";
  return success();
}

/// A 1-D tensor of `length` elements (any length if negative).
static bool isVector(Type type, int64_t length) {
  auto tensor = cast<RankedTensorType>(type);
  return tensor.getRank() == 1 && tensor.hasStaticShape() &&
         (length < 0 || tensor.getDimSize(0) == length);
}

static LogicalResult verifyDigest(Operation *op, Type digest) {
  if (!isVector(digest, 4))
    return op->emitOpError() << "takes the file's SHA-256 as tensor<4xi64>";
  return success();
}

LogicalResult CsvRowsOp::verify() { return verifyCsvFile(*this, getUri()); }

LogicalResult CsvKeysOp::verify() {
  if (failed(verifyCsvFile(*this, getUri())))
    return failure();
  if (getColumns().empty())
    return emitOpError() << "needs at least one key column";
  llvm::StringSet<> seen;
  for (Attribute column : getColumns())
    if (!seen.insert(cast<StringAttr>(column).getValue()).second)
      return emitOpError() << "names column '"
                           << cast<StringAttr>(column).getValue()
                           << "' twice";
  if (!isVector(getKey().getType(), -1) ||
      getKey().getType().getDimSize(0) < 16)
    return emitOpError() << "takes a key of at least 16 bytes";
  auto keys = getKeys().getType();
  if (keys.getRank() != 2 || !keys.hasStaticShape() || keys.getDimSize(1) != 2)
    return emitOpError() << "gives keys as tensor<Cx2xi64>";
  if (!isVector(getUsed().getType(), keys.getDimSize(0)))
    return emitOpError() << "gives one 'used' flag per row of keys";
  return verifyDigest(*this, getDigest().getType());
}

LogicalResult CsvSelectOp::verify() {
  if (failed(verifyCsvFile(*this, getUri())) ||
      failed(verifyCsvFile(*this, getTo())))
    return failure();
  if (getUri() == getTo())
    return emitOpError() << "would overwrite the file it reads";
  if (!isVector(getMask().getType(), -1))
    return emitOpError() << "takes a 1-D mask";
  return verifyDigest(*this, getDigest().getType());
}
