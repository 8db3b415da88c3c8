//===- Elementwise.cpp - helpers for element-wise kernels -----------------===//

#include "Elementwise.h"

#include <cstring>

using namespace mplang::rt;

/// Tensors at least this large run on the thread pool.
static constexpr int64_t kHeavyElements = 1 << 16;

mlir::FailureOr<std::unique_ptr<Kernel>>
mplang::rt::makeTensorKernel(mlir::Operation *op, Compute compute,
                             bool elementwise) {
  mlir::FailureOr<TensorLayout> layout = resultLayout(op);
  if (mlir::failed(layout))
    return mlir::failure();
  int64_t elements = 1;
  for (int64_t dim : layout->shape)
    elements *= dim;
  return std::unique_ptr<Kernel>(new FnKernel(
      [layout = *layout, compute = std::move(compute),
       elementwise](llvm::ArrayRef<Value> args,
                    llvm::MutableArrayRef<Value> results) -> Status {
        if (Status s = requireTensors(args); !s.isOk())
          return s;
        llvm::ArrayRef<int64_t> shape = layout.shape;
        if (elementwise && !args.empty()) {
          const Tensor *widest = &args[0].getTensor();
          for (const Value &arg : args.drop_front()) {
            const Tensor &t = arg.getTensor();
            if (t.numElements() != widest->numElements() &&
                t.numElements() != 1 && widest->numElements() != 1)
              return Status::error("operand shapes differ");
            if (t.numElements() > widest->numElements())
              widest = &t;
          }
          shape = widest->shape();
        }
        Tensor out(layout.dtype, shape);
        if (Status s = compute(args, out); !s.isOk())
          return s;
        results[0] = Value::tensor(std::move(out));
        return Status::ok();
      },
      elements >= kHeavyElements));
}

mlir::FailureOr<std::unique_ptr<Kernel>>
mplang::rt::makeViewKernel(mlir::Operation *op, size_t byteOffset) {
  mlir::FailureOr<TensorLayout> layout = resultLayout(op);
  if (mlir::failed(layout))
    return mlir::failure();
  return std::unique_ptr<Kernel>(new FnKernel(
      [layout = *layout, byteOffset](llvm::ArrayRef<Value> args,
                                     llvm::MutableArrayRef<Value> results) {
        if (Status s = requireTensors(args.take_front()); !s.isOk())
          return s;
        results[0] = Value::tensor(
            args[0].getTensor().view(layout.dtype, layout.shape, byteOffset));
        return Status::ok();
      }));
}

mlir::FailureOr<std::unique_ptr<Kernel>>
mplang::rt::makeUpdateKernel(mlir::Operation *op, unsigned destOperand,
                             Update update, bool heavy) {
  mlir::FailureOr<TensorLayout> layout = resultLayout(op);
  if (mlir::failed(layout))
    return mlir::failure();
  return std::unique_ptr<Kernel>(new FnKernel(
      [layout = *layout, destOperand, update = std::move(update)](
          llvm::ArrayRef<Value> args,
          llvm::MutableArrayRef<Value> results) -> Status {
        if (Status s = requireTensors(args); !s.isOk())
          return s;
        if (Tensor *dest = args[destOperand].takeUniqueTensor()) {
          if (Status s = update(args, *dest); !s.isOk())
            return s;
          results[0] = args[destOperand];
          return Status::ok();
        }
        const Tensor &from = args[destOperand].getTensor();
        Tensor out = Tensor::forOverwrite(layout.dtype, layout.shape);
        std::memcpy(out.bytes(), from.bytes(), out.numBytes());
        if (Status s = update(args, out); !s.isOk())
          return s;
        results[0] = Value::tensor(std::move(out));
        return Status::ok();
      },
      heavy));
}

llvm::SmallVector<int64_t, 4>
mplang::rt::stridesOf(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int i = int(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

void mplang::rt::copyWindow(const Tensor &from, Tensor &to,
                            llvm::ArrayRef<int64_t> offsets,
                            llvm::ArrayRef<int64_t> sizes,
                            llvm::ArrayRef<int64_t> steps, bool scatter) {
  size_t width = dtypeSize(from.dtype());
  const Tensor &big = scatter ? to : from;
  auto bigStrides = stridesOf(big.shape());
  int64_t count = 1;
  for (int64_t s : sizes)
    count *= s;
  llvm::SmallVector<int64_t, 4> index(sizes.size(), 0);
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t offset = 0;
    for (size_t d = 0; d < sizes.size(); ++d)
      offset += (offsets[d] + index[d] * steps[d]) * bigStrides[d];
    if (scatter)
      std::memcpy(to.bytes() + offset * width, from.bytes() + linear * width,
                  width);
    else
      std::memcpy(to.bytes() + linear * width, from.bytes() + offset * width,
                  width);
    for (int d = int(sizes.size()) - 1; d >= 0 && ++index[d] == sizes[d]; --d)
      index[d] = 0;
  }
}
