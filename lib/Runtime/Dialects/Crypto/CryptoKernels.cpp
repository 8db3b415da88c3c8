//===- CryptoKernels.cpp - crypto ops on bytes over OpenSSL ---------------===//
//
// Random bytes, hashing, HKDF, AES-GCM and the bit transpose read and
// write tensor buffers as they are: a tensor's bytes are its row-major
// little-endian elements, the dialect's byte representation.
//
//===----------------------------------------------------------------------===//

#include "CryptoKernels.h"

#include "mplang/Crypto/Primitives/AesGcm.h"
#include "mplang/Crypto/Primitives/BitTranspose.h"
#include "mplang/Crypto/Primitives/Hash.h"
#include "mplang/Crypto/Primitives/Random.h"
#include "mplang/Dialect/Crypto/IR/CryptoOps.h"
#include "mplang/Runtime/Dialects/Crypto/CryptoRuntime.h"
#include "mplang/Runtime/Dialects/Crypto/CryptoValues.h"

using namespace mplang::rt;

Status mplang::rt::opError(llvm::StringRef opName, llvm::Error err) {
  if (!err)
    return Status::ok();
  return Status::error(opName + ": " + llvm::toString(std::move(err)));
}

namespace {

/// Input bytes from which a kernel runs on the pool rather than inline
/// (about 50 us of SHA-256 or AES-GCM).
constexpr int64_t kHeavyBytes = 1 << 16;

using ByteCompute = std::function<llvm::Error(llvm::ArrayRef<Value>, Tensor &)>;

/// A kernel computing the op's one tensor result; heavy when it reads at
/// least kHeavyBytes.
FailureOr<std::unique_ptr<Kernel>> makeKernel(Operation *op,
                                              ByteCompute compute) {
  FailureOr<TensorLayout> layout = resultLayout(op);
  if (failed(layout))
    return failure();
  int64_t inputBytes = 0;
  for (mlir::Value operand : op->getOperands())
    if (auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(operand.getType()))
      inputBytes += tensor.getNumElements() *
                    std::max<int64_t>(1, tensor.getElementTypeBitWidth() / 8);
  std::string name = op->getName().getStringRef().str();
  return std::unique_ptr<Kernel>(new FnKernel(
      [layout = *layout, name, compute = std::move(compute)](
          llvm::ArrayRef<Value> args, llvm::MutableArrayRef<Value> results) {
        if (Status s = requireTensors(args); !s.isOk())
          return s;
        Tensor out = Tensor::forOverwrite(layout.dtype, layout.shape);
        if (Status s = opError(name, compute(args, out)); !s.isOk())
          return s;
        results[0] = Value::tensor(std::move(out));
        return Status::ok();
      },
      inputBytes >= kHeavyBytes));
}

llvm::ArrayRef<uint8_t> argBytes(llvm::ArrayRef<Value> args, size_t i) {
  return i < args.size() ? bytesOf(args[i].getTensor())
                         : llvm::ArrayRef<uint8_t>();
}

FailureOr<std::unique_ptr<Kernel>> randomBytes(Operation *op, PlanBuilder &) {
  return makeKernel(op, [](llvm::ArrayRef<Value>, Tensor &out) {
    return mplang::crypto::randomBytes(bytesOf(out));
  });
}

FailureOr<std::unique_ptr<Kernel>> hash(Operation *op, PlanBuilder &) {
  return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
    return mplang::crypto::sha256(argBytes(args, 0), out.bytes());
  });
}

FailureOr<std::unique_ptr<Kernel>> hashBatch(Operation *op, PlanBuilder &) {
  return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
    const Tensor &in = args[0].getTensor();
    size_t rows = in.shape()[0];
    size_t rowBytes = rows ? in.numBytes() / rows : 0;
    return mplang::crypto::sha256Rows(in.bytes(), rows, rowBytes, out.bytes());
  });
}

FailureOr<std::unique_ptr<Kernel>> hkdf(Operation *op, PlanBuilder &) {
  return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
    return mplang::crypto::hkdfSha256(argBytes(args, 0), argBytes(args, 1),
                                      argBytes(args, 2), bytesOf(out));
  });
}

/// Operands (key, nonce, input[, aad]).
template <bool Encrypt>
FailureOr<std::unique_ptr<Kernel>> aesGcm(Operation *op, PlanBuilder &) {
  return makeKernel(
      op, [](llvm::ArrayRef<Value> args, Tensor &out) -> llvm::Error {
        auto f = Encrypt ? mplang::crypto::aesGcmEncrypt
                         : mplang::crypto::aesGcmDecrypt;
        if (llvm::Error err =
                f(argBytes(args, 0), argBytes(args, 1), argBytes(args, 3),
                  argBytes(args, 2), bytesOf(out)))
          return err;
        // An i1 plaintext must hold 0 or 1 in each byte, like every i1 value.
        if (!holdsValidElements(out))
          return llvm::createStringError("the plaintext holds bytes other than "
                                         "0 and 1 for its i1 elements");
        return llvm::Error::success();
      });
}

FailureOr<std::unique_ptr<Kernel>> bitTranspose(Operation *op, PlanBuilder &) {
  return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
    const Tensor &in = args[0].getTensor();
    size_t rows = in.shape()[0];
    size_t columns = rows ? in.numBytes() / rows * 8 : 0;
    mplang::crypto::bitTranspose(in.bytes(), rows, columns, out.bytes());
    return llvm::Error::success();
  });
}

} // namespace

void mplang::rt::registerCryptoKernels(KernelRegistry &registry) {
  registerCryptoValueTypes();
  registry.add(mlir::crypto::RandomBytesOp::getOperationName(), randomBytes);
  registry.add(mlir::crypto::HashOp::getOperationName(), hash);
  registry.add(mlir::crypto::HashBatchOp::getOperationName(), hashBatch);
  registry.add(mlir::crypto::HkdfOp::getOperationName(), hkdf);
  registry.add(mlir::crypto::AesGcmEncryptOp::getOperationName(), aesGcm<true>);
  registry.add(mlir::crypto::AesGcmDecryptOp::getOperationName(),
               aesGcm<false>);
  registry.add(mlir::crypto::BitTransposeOp::getOperationName(), bitTranspose);
  registerCryptoGroupKernels(registry);
}
