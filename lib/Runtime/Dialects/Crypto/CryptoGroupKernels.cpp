//===- CryptoGroupKernels.cpp - points, scalars and X25519 keys -----------===//
//
// Batches are PointArray and ByteArray values (CryptoValues.h); a single
// element of an element-wise op pairs with every element of the other
// operand. Points are held as bytes and loaded into per-thread OpenSSL
// scratch points (Group.h). Each element is one OpenSSL call, so batches of
// kHeavyCount or more run on the pool.
//
//===----------------------------------------------------------------------===//

#include "CryptoKernels.h"

#include "mplang/Crypto/Primitives/Group.h"
#include "mplang/Crypto/Primitives/X25519.h"
#include "mplang/Dialect/Crypto/IR/CryptoOps.h"
#include "mplang/Runtime/Dialects/Crypto/CryptoValues.h"

#include <cstring>

using namespace mplang::rt;

namespace {

/// About 0.8 ms of scalar multiplications.
constexpr int64_t kHeavyCount = 16;

using Fn = FnKernel::Fn;

/// A kernel running `fn`, whose errors name the op.
std::unique_ptr<Kernel> makeKernel(Operation *op, int64_t count, Fn fn) {
  std::string name = op->getName().getStringRef().str();
  return std::make_unique<FnKernel>(
      [name, fn = std::move(fn)](llvm::ArrayRef<Value> args,
                                 llvm::MutableArrayRef<Value> results) {
        for (const Value &arg : args)
          if (arg.isAbsent())
            return Status::error(name + ": an operand is absent on this rank");
        Status s = fn(args, results);
        return s.isOk() ? s : Status::error(name + ": " + s.message());
      },
      count >= kHeavyCount);
}

int64_t countOf(mlir::Type type) {
  int64_t count = 1;
  for (int64_t dim : mlir::crypto::batchShapeOf(type))
    count *= dim;
  return count;
}

const PointArray &points(const Value &v) {
  return static_cast<const PointArray &>(*v.getOpaque());
}
const ByteArray &byteElements(const Value &v) {
  return static_cast<const ByteArray &>(*v.getOpaque());
}

/// Scalars and X25519 keys alike: 32 bytes.
using Element = std::array<uint8_t, ByteArray::kWidth>;
static_assert(std::is_same_v<Element, mplang::crypto::Scalar> &&
              std::is_same_v<Element, mplang::crypto::X25519Key>);

Element elementAt(const Value &v, size_t i) {
  const ByteArray &a = byteElements(v);
  Element e;
  std::memcpy(e.data(), a.element(a.size() == 1 ? 0 : i), e.size());
  return e;
}

/// A kernel producing the result's batch of points: element i from
/// `each(args, i, point)`.
template <typename Each>
std::unique_ptr<Kernel> makePointsKernel(Operation *op, Each each) {
  mlir::Type type = op->getResult(0).getType();
  llvm::SmallVector<int64_t, 4> shape(mlir::crypto::batchShapeOf(type));
  size_t count = countOf(type);
  return makeKernel(
      op, count,
      [shape, count, each](llvm::ArrayRef<Value> args,
                           llvm::MutableArrayRef<Value> results) {
        std::vector<mplang::crypto::Point> out(count);
        for (size_t i = 0; i < count; ++i)
          if (llvm::Error err = each(args, i, out[i]))
            return Status::error("element " + llvm::Twine(i) + ": " +
                                 llvm::toString(std::move(err)));
        results[0] =
            Value::opaque(std::make_shared<PointArray>(shape, std::move(out)));
        return Status::ok();
      });
}

/// Element i of a batch, or its only element when it is a single one.
template <typename T> const T &at(const std::vector<T> &batch, size_t i) {
  return batch[batch.size() == 1 ? 0 : i];
}

FailureOr<std::unique_ptr<Kernel>> generator(Operation *op, PlanBuilder &) {
  return makePointsKernel(op,
                          [](llvm::ArrayRef<Value>, size_t,
                             mplang::crypto::Point &out) -> llvm::Error {
                            out = mplang::crypto::generator();
                            return llvm::Error::success();
                          });
}

template <bool Subtract>
FailureOr<std::unique_ptr<Kernel>> addPoints(Operation *op, PlanBuilder &) {
  return makePointsKernel(
      op, [](llvm::ArrayRef<Value> args, size_t i, mplang::crypto::Point &out) {
        return mplang::crypto::addPoints(at(points(args[0]).points(), i),
                                         at(points(args[1]).points(), i),
                                         Subtract, out);
      });
}

/// scalar_mul (scalars, points) and base_mul (scalars; the generator).
FailureOr<std::unique_ptr<Kernel>> mulPoints(Operation *op, PlanBuilder &) {
  return makePointsKernel(
      op, [](llvm::ArrayRef<Value> args, size_t i, mplang::crypto::Point &out) {
        const mplang::crypto::Point *base =
            args.size() > 1 ? &at(points(args[1]).points(), i) : nullptr;
        return mplang::crypto::mulPoint(elementAt(args[0], i), base, out);
      });
}

FailureOr<std::unique_ptr<Kernel>> hashToPoint(Operation *op, PlanBuilder &) {
  return makePointsKernel(op, [](llvm::ArrayRef<Value> args, size_t i,
                                 mplang::crypto::Point &out) {
    const Tensor &in = args[0].getTensor();
    size_t rowBytes = in.numBytes() / in.shape()[0];
    return mplang::crypto::hashToCurve({in.bytes() + i * rowBytes, rowBytes},
                                       mplang::crypto::kHashToPointDst, out);
  });
}

FailureOr<std::unique_ptr<Kernel>> pointFromBytes(Operation *op,
                                                  PlanBuilder &) {
  return makePointsKernel(
      op, [](llvm::ArrayRef<Value> args, size_t i, mplang::crypto::Point &out) {
        return mplang::crypto::decompressPoint(
            args[0].getTensor().bytes() + i * mplang::crypto::kPointBytes, out);
      });
}

/// A ByteArray of the result's kind and shape, element i from
/// `each(args, i, element)`.
template <typename Each>
std::unique_ptr<Kernel> makeBytesKernel(Operation *op, Each each) {
  mlir::Type type = op->getResult(0).getType();
  std::string kind = cryptoKind(type);
  llvm::SmallVector<int64_t, 4> shape(mlir::crypto::batchShapeOf(type));
  size_t count = countOf(type);
  return makeKernel(
      op, count,
      [kind, shape, count, each](llvm::ArrayRef<Value> args,
                                 llvm::MutableArrayRef<Value> results) {
        std::vector<uint8_t> bytes(count * ByteArray::kWidth);
        for (size_t i = 0; i < count; ++i) {
          Element e;
          if (llvm::Error err = each(args, i, e))
            return Status::error("element " + llvm::Twine(i) + ": " +
                                 llvm::toString(std::move(err)));
          std::memcpy(bytes.data() + i * e.size(), e.data(), e.size());
        }
        results[0] = Value::opaque(
            std::make_shared<ByteArray>(kind, shape, std::move(bytes)));
        return Status::ok();
      });
}

FailureOr<std::unique_ptr<Kernel>> randomScalar(Operation *op, PlanBuilder &) {
  return makeBytesKernel(op, [](llvm::ArrayRef<Value>, size_t, Element &out) {
    return mplang::crypto::randomScalar(out);
  });
}

FailureOr<std::unique_ptr<Kernel>> scalarFromBytes(Operation *op,
                                                   PlanBuilder &) {
  return makeBytesKernel(op, [](llvm::ArrayRef<Value> args, size_t i,
                                Element &out) {
    return mplang::crypto::reduceScalar(
        args[0].getTensor().bytes() + i * mplang::crypto::kScalarBytes, out);
  });
}

template <mplang::crypto::ScalarOp Op>
FailureOr<std::unique_ptr<Kernel>> combineScalars(Operation *op,
                                                  PlanBuilder &) {
  return makeBytesKernel(
      op, [](llvm::ArrayRef<Value> args, size_t i, Element &out) {
        return mplang::crypto::combineScalars(elementAt(args[0], i),
                                              elementAt(args[1], i), Op, out);
      });
}

FailureOr<std::unique_ptr<Kernel>> invertScalar(Operation *op, PlanBuilder &) {
  return makeBytesKernel(
      op, [](llvm::ArrayRef<Value> args, size_t i, Element &out) {
        return mplang::crypto::invertScalar(elementAt(args[0], i), out);
      });
}

FailureOr<std::unique_ptr<Kernel>> keygen(Operation *op, PlanBuilder &) {
  return makeBytesKernel(op, [](llvm::ArrayRef<Value>, size_t, Element &out) {
    return mplang::crypto::x25519Keygen(out);
  });
}

FailureOr<std::unique_ptr<Kernel>> publicKey(Operation *op, PlanBuilder &) {
  return makeBytesKernel(
      op, [](llvm::ArrayRef<Value> args, size_t, Element &out) {
        return mplang::crypto::x25519PublicKey(elementAt(args[0], 0), out);
      });
}

FailureOr<std::unique_ptr<Kernel>> keyFromBytes(Operation *op, PlanBuilder &) {
  return makeBytesKernel(
      op, [](llvm::ArrayRef<Value> args, size_t, Element &out) {
        std::memcpy(out.data(), args[0].getTensor().bytes(), out.size());
        return llvm::Error::success();
      });
}

/// Ops returning a byte tensor of the op's result type: `each(args, i, out)`
/// writes element i's `width` bytes.
template <typename Each>
FailureOr<std::unique_ptr<Kernel>> makeTensorResult(Operation *op, size_t width,
                                                    Each each) {
  FailureOr<TensorLayout> layout = resultLayout(op);
  if (failed(layout))
    return failure();
  size_t count = countOf(op->getOperand(op->getNumOperands() - 1).getType());
  return makeKernel(
      op, count,
      [layout = *layout, count, width,
       each](llvm::ArrayRef<Value> args, llvm::MutableArrayRef<Value> results) {
        Tensor out = Tensor::forOverwrite(layout.dtype, layout.shape);
        for (size_t i = 0; i < count; ++i)
          if (llvm::Error err = each(args, i, out.bytes() + i * width))
            return Status::error(llvm::toString(std::move(err)));
        results[0] = Value::tensor(std::move(out));
        return Status::ok();
      });
}

FailureOr<std::unique_ptr<Kernel>> pointToBytes(Operation *op, PlanBuilder &) {
  return makeTensorResult(
      op, mplang::crypto::kPointBytes,
      [](llvm::ArrayRef<Value> args, size_t i, uint8_t *out) {
        mplang::crypto::compressPoint(points(args[0]).points()[i], out);
        return llvm::Error::success();
      });
}

/// scalar_to_bytes and key_to_bytes: the elements as they are held.
FailureOr<std::unique_ptr<Kernel>> elementBytes(Operation *op, PlanBuilder &) {
  return makeTensorResult(
      op, ByteArray::kWidth,
      [](llvm::ArrayRef<Value> args, size_t i, uint8_t *out) {
        std::memcpy(out, byteElements(args[0]).element(i), ByteArray::kWidth);
        return llvm::Error::success();
      });
}

FailureOr<std::unique_ptr<Kernel>> agree(Operation *op, PlanBuilder &) {
  return makeTensorResult(
      op, 32,
      [](llvm::ArrayRef<Value> args, size_t, uint8_t *out) -> llvm::Error {
        mplang::crypto::X25519Key secret;
        if (llvm::Error err = mplang::crypto::x25519Agree(
                elementAt(args[0], 0), elementAt(args[1], 0), secret))
          return err;
        std::memcpy(out, secret.data(), secret.size());
        return llvm::Error::success();
      });
}

} // namespace

void mplang::rt::registerCryptoGroupKernels(KernelRegistry &r) {
  r.add(mlir::crypto::GeneratorOp::getOperationName(), generator);
  r.add(mlir::crypto::PointAddOp::getOperationName(), addPoints<false>);
  r.add(mlir::crypto::PointSubOp::getOperationName(), addPoints<true>);
  r.add(mlir::crypto::ScalarMulOp::getOperationName(), mulPoints);
  r.add(mlir::crypto::BaseMulOp::getOperationName(), mulPoints);
  r.add(mlir::crypto::RandomScalarOp::getOperationName(), randomScalar);
  r.add(mlir::crypto::ScalarFromBytesOp::getOperationName(), scalarFromBytes);
  r.add(mlir::crypto::ScalarToBytesOp::getOperationName(), elementBytes);
  r.add(mlir::crypto::ScalarAddOp::getOperationName(),
        combineScalars<mplang::crypto::ScalarOp::Add>);
  r.add(mlir::crypto::ScalarSubOp::getOperationName(),
        combineScalars<mplang::crypto::ScalarOp::Sub>);
  r.add(mlir::crypto::ScalarProductOp::getOperationName(),
        combineScalars<mplang::crypto::ScalarOp::Mul>);
  r.add(mlir::crypto::ScalarInverseOp::getOperationName(), invertScalar);
  r.add(mlir::crypto::PointToBytesOp::getOperationName(), pointToBytes);
  r.add(mlir::crypto::PointFromBytesOp::getOperationName(), pointFromBytes);
  r.add(mlir::crypto::HashToPointOp::getOperationName(), hashToPoint);
  r.add(mlir::crypto::KeygenOp::getOperationName(), keygen);
  r.add(mlir::crypto::PublicKeyOp::getOperationName(), publicKey);
  r.add(mlir::crypto::AgreeOp::getOperationName(), agree);
  r.add(mlir::crypto::KeyFromBytesOp::getOperationName(), keyFromBytes);
  r.add(mlir::crypto::KeyToBytesOp::getOperationName(), elementBytes);
}
