//===- Elementwise.h - helpers for element-wise kernels ---------*- C++ -*-===//

#ifndef MPLANG_LIB_RUNTIME_KERNELS_ELEMENTWISE_H
#define MPLANG_LIB_RUNTIME_KERNELS_ELEMENTWISE_H

#include "mplang/Runtime/Kernel.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/IR/Operation.h"
#include <cstdint>
#include <type_traits>

namespace mplang::rt {

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
      return Status::error("operand #" + llvm::Twine(i) +
                           (arg.isAbsent() ? " is absent on this rank"
                                           : " is not a tensor"));
  return Status::ok();
}

/// The layout of `op`'s result `i`, or a diagnostic on `op`.
inline mlir::FailureOr<TensorLayout> resultLayout(mlir::Operation *op,
                                                  unsigned i = 0) {
  std::optional<TensorLayout> layout = getLayout(op->getResult(i).getType());
  if (!layout)
    return op->emitOpError("has a result type mplang-run does not support: ")
           << op->getResult(i).getType();
  return *layout;
}

} // namespace mplang::rt

#endif // MPLANG_LIB_RUNTIME_KERNELS_ELEMENTWISE_H
