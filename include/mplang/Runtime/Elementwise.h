//===- Elementwise.h - helpers for element-wise kernels ---------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_ELEMENTWISE_H
#define MPLANG_RUNTIME_ELEMENTWISE_H

#include "mplang/Runtime/Kernel.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/IR/Operation.h"
#include <cstdint>
#include <type_traits>

namespace mplang::rt {

// MLIR names the kernel files use unqualified; `Value` stays ours.
using mlir::cast;
using mlir::failed;
using mlir::failure;
using mlir::FailureOr;
using mlir::LogicalResult;
using mlir::Operation;
using mlir::success;

/// Calls `f` with a value of the storage type of integer dtype `d` (i1 is
/// stored as one byte holding 0 or 1).
template <typename F> auto visitInt(DType d, F &&f) {
  switch (dtypeSize(d)) {
  case 1:
    return f(int8_t{});
  case 2:
    return f(int16_t{});
  case 4:
    return f(int32_t{});
  default:
    return f(int64_t{});
  }
}

/// Calls `f` with a value of the storage type of float dtype `d`.
template <typename F> auto visitFloat(DType d, F &&f) {
  if (d == DType::F32)
    return f(float{});
  return f(double{});
}

/// Fails unless every argument holds a tensor.
inline Status requireTensors(llvm::ArrayRef<Value> args) {
  for (auto [i, arg] : llvm::enumerate(args))
    if (!arg.isTensor())
      return Status::error(
          "operand #" + llvm::Twine(i) +
          (arg.isAbsent() ? " is absent on this rank" : " is not a tensor"));
  return Status::ok();
}

/// The layout of `op`'s result `i`, or a diagnostic on `op`.
inline mlir::FailureOr<TensorLayout> resultLayout(mlir::Operation *op,
                                                  unsigned i = 0) {
  std::optional<TensorLayout> layout = getLayout(op->getResult(i).getType());
  if (!layout)
    return op->emitOpError("has a result type the runtime cannot hold "
                           "(dynamic, an unsupported element type, or more "
                           "than 2^40 elements): ")
           << op->getResult(i).getType();
  return *layout;
}

using Compute = std::function<Status(llvm::ArrayRef<Value>, Tensor &)>;

/// A kernel computing one tensor of `op`'s result element type with
/// `compute`, which receives tensors only. The result has the shape of
/// `op`'s result type or, with `elementwise`, of the largest operand: then
/// the op also runs on whole tensors inside linalg bodies, where its static
/// type is a scalar, and one-element operands broadcast.
mlir::FailureOr<std::unique_ptr<Kernel>>
makeTensorKernel(mlir::Operation *op, Compute compute,
                 bool elementwise = false);

/// The kernel of an op whose result holds the bytes of its first operand,
/// from `byteOffset` on, in the same order (reshapes, casts, contiguous
/// slices): the result is a view of the operand, never a copy.
mlir::FailureOr<std::unique_ptr<Kernel>> makeViewKernel(mlir::Operation *op,
                                                        size_t byteOffset = 0);

/// Changes `dest` (a copy of operand `destOperand`, the result) using the
/// operands.
using Update = std::function<Status(llvm::ArrayRef<Value>, Tensor &dest)>;

/// The kernel of an op whose result is operand `destOperand` with some
/// elements changed (insertions, scatters): when the op is that operand's
/// last reader and nothing else shares it, `update` changes it in place,
/// otherwise a copy.
mlir::FailureOr<std::unique_ptr<Kernel>> makeUpdateKernel(mlir::Operation *op,
                                                          unsigned destOperand,
                                                          Update update,
                                                          bool heavy = false);

/// Row-major strides of `shape`.
llvm::SmallVector<int64_t, 4> stridesOf(llvm::ArrayRef<int64_t> shape);

/// How a strided window (offsets, sizes, steps) of a tensor of `shape`
/// splits into runs contiguous both there and in the dense window: runs of
/// `run` elements covering dimensions [inner, rank), the first at element
/// `start` of the tensor. A window of `run` elements is one contiguous run.
struct WindowRuns {
  int64_t run;
  size_t inner;
  int64_t start;
};
WindowRuns windowRuns(llvm::ArrayRef<int64_t> shape,
                      llvm::ArrayRef<int64_t> offsets,
                      llvm::ArrayRef<int64_t> sizes,
                      llvm::ArrayRef<int64_t> steps);

/// Copies the strided window (offsets, sizes, steps) of `from` to the whole
/// of `to` (or, with `scatter`, the whole of `from` into the window of `to`).
void copyWindow(const Tensor &from, Tensor &to, llvm::ArrayRef<int64_t> offsets,
                llvm::ArrayRef<int64_t> sizes, llvm::ArrayRef<int64_t> steps,
                bool scatter);

/// The stride of an element-wise operand over `out`: 0 when it broadcasts.
inline int64_t strideOver(const Tensor &operand, const Tensor &out) {
  return operand.numElements() == out.numElements() ? 1 : 0;
}

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_ELEMENTWISE_H
