//===- Elementwise.cpp - helpers for element-wise kernels -----------------===//

#include "mplang/Runtime/Elementwise.h"

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
        Tensor view =
            args[0].getTensor().view(layout.dtype, layout.shape, byteOffset);
        // A view of a view (a slice of a slice) is judged against the
        // buffer they share: one under half of it is copied, so that a
        // small tensor never keeps a big buffer alive.
        if (2 * view.numBytes() < view.bufferBytes())
          view = view.copy();
        results[0] = Value::tensor(std::move(view));
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

WindowRuns mplang::rt::windowRuns(llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<int64_t> offsets,
                                  llvm::ArrayRef<int64_t> sizes,
                                  llvm::ArrayRef<int64_t> steps) {
  // The trailing dimensions from the last partial one on, all with unit
  // steps.
  size_t rank = sizes.size(), inner = rank;
  int64_t run = 1;
  if (rank && steps[rank - 1] == 1) {
    inner = rank - 1;
    run = sizes[inner];
    while (inner > 0 && sizes[inner] == shape[inner] && steps[inner - 1] == 1)
      run *= sizes[--inner];
  }
  auto strides = stridesOf(shape);
  int64_t start = 0;
  for (size_t d = 0; d < rank; ++d)
    start += offsets[d] * strides[d];
  return {run, inner, start};
}

void mplang::rt::copyWindow(const Tensor &from, Tensor &to,
                            llvm::ArrayRef<int64_t> offsets,
                            llvm::ArrayRef<int64_t> sizes,
                            llvm::ArrayRef<int64_t> steps, bool scatter) {
  size_t width = dtypeSize(from.dtype());
  const Tensor &big = scatter ? to : from;
  auto bigStrides = stridesOf(big.shape());
  for (int64_t s : sizes)
    if (s == 0)
      return;
  auto [run, inner, start] = windowRuns(big.shape(), offsets, sizes, steps);
  size_t runBytes = run * width;
  // The dimension just outside the runs is walked with a stride; the ones
  // outside it with an index.
  size_t outer = inner ? inner - 1 : 0;
  int64_t walk = inner ? sizes[outer] : 1;
  int64_t walkStride = inner ? steps[outer] * bigStrides[outer] : 0;
  llvm::SmallVector<int64_t, 4> index(outer, 0);
  const uint8_t *in = from.bytes();
  uint8_t *out = to.bytes();
  size_t dense = 0; // bytes of the dense (window) side done
  for (;;) {
    int64_t base = start;
    for (size_t d = 0; d < outer; ++d)
      base += index[d] * steps[d] * bigStrides[d];
    for (int64_t i = 0; i < walk; ++i, dense += runBytes) {
      size_t at = (base + i * walkStride) * width;
      if (scatter)
        std::memcpy(out + at, in + dense, runBytes);
      else
        std::memcpy(out + dense, in + at, runBytes);
    }
    int d = int(outer) - 1;
    for (; d >= 0 && ++index[d] == sizes[d]; --d)
      index[d] = 0;
    if (d < 0)
      break;
  }
}
