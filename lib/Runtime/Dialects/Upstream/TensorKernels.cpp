//===- TensorKernels.cpp - tensor dialect ops on dense tensors ------------===//

#include "mplang/Runtime/Dialects/Upstream/UpstreamRuntime.h"
#include "mplang/Runtime/Elementwise.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include <cstring>

using namespace mplang::rt;
using mlir::StringRef;

namespace {

using Factory = FailureOr<std::unique_ptr<Kernel>>;
Factory makeKernel(Operation *op, Compute compute) {
  return makeTensorKernel(op, std::move(compute));
}

int64_t scalarIndex(const Value &v) { return v.getTensor().data<int64_t>()[0]; }

/// The window of a slice op: static sizes and strides, and offsets that are
/// static or (ShapedType::kDynamic) operands read when the kernel runs; or
/// a diagnostic.
template <typename SliceOp>
LogicalResult getWindow(SliceOp op, llvm::SmallVector<int64_t, 4> &offsets,
                        llvm::SmallVector<int64_t, 4> &sizes,
                        llvm::SmallVector<int64_t, 4> &steps) {
  if (!op.getSizes().empty() || !op.getStrides().empty())
    return op->emitOpError("the runtime needs static sizes and strides");
  offsets.assign(op.getStaticOffsets().begin(), op.getStaticOffsets().end());
  sizes.assign(op.getStaticSizes().begin(), op.getStaticSizes().end());
  steps.assign(op.getStaticStrides().begin(), op.getStaticStrides().end());
  return success();
}

/// `offsets` with each dynamic entry replaced by the next of `values`.
llvm::SmallVector<int64_t, 4> resolveOffsets(llvm::ArrayRef<int64_t> offsets,
                                             llvm::ArrayRef<Value> values) {
  llvm::SmallVector<int64_t, 4> resolved(offsets);
  for (int64_t &offset : resolved)
    if (mlir::ShapedType::isDynamic(offset)) {
      offset = scalarIndex(values.front());
      values = values.drop_front();
    }
  return resolved;
}

/// Why the window does not lie inside a tensor of `shape`, or "". MLIR's
/// verifier accepts such static windows (they are undefined behaviour), so
/// the kernel checks them when it runs, like tensor.extract's indices.
std::string windowError(llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<int64_t> offsets,
                        llvm::ArrayRef<int64_t> sizes,
                        llvm::ArrayRef<int64_t> steps) {
  for (size_t d = 0; d < shape.size(); ++d) {
    if (sizes[d] < 0)
      return ("size " + llvm::Twine(sizes[d]) + " of dimension " +
              llvm::Twine(d) + " is negative")
          .str();
    if (sizes[d] == 0)
      continue;
    // In 128 bits: offset + (size - 1) * stride cannot overflow.
    __int128 last = __int128(offsets[d]) + __int128(sizes[d] - 1) * steps[d];
    if (offsets[d] < 0 || steps[d] < 1 || last >= shape[d])
      return ("slice of dimension " + llvm::Twine(d) + " (offset " +
              llvm::Twine(offsets[d]) + ", size " + llvm::Twine(sizes[d]) +
              ", stride " + llvm::Twine(steps[d]) +
              ") is out of bounds for its size " + llvm::Twine(shape[d]))
          .str();
  }
  return "";
}

/// The kernel of a slice op that copies the window between its operand and
/// result (`scatter`: into the result, which is operand 1 updated).
template <typename SliceOp> Factory sliceKernel(Operation *op, bool scatter) {
  auto slice = cast<SliceOp>(op);
  llvm::SmallVector<int64_t, 4> offsets, sizes, steps;
  if (failed(getWindow(slice, offsets, sizes, steps)))
    return failure();
  // Dynamic offsets follow the source (and the destination).
  unsigned firstOffset = scatter ? 2 : 1;
  auto copy = [=](llvm::ArrayRef<Value> args, Tensor &out) {
    llvm::SmallVector<int64_t, 4> at =
        resolveOffsets(offsets, args.drop_front(firstOffset));
    const Tensor &big = scatter ? out : args[0].getTensor();
    std::string error = windowError(big.shape(), at, sizes, steps);
    if (!error.empty())
      return Status::error(error);
    copyWindow(args[0].getTensor(), out, at, sizes, steps, scatter);
    return Status::ok();
  };
  if (scatter)
    return makeUpdateKernel(op, 1, copy);
  return makeKernel(op, copy);
}

/// Ops whose result has the bytes of their first operand in the same order.
Factory sameBytes(Operation *op, PlanBuilder &) { return makeViewKernel(op); }

/// The byte offset of a window of a tensor of `shape` and `dtype` if the
/// window is one contiguous run holding at least half of the tensor (a
/// smaller view would keep too much memory alive), else nothing.
std::optional<size_t> contiguousRun(DType dtype, llvm::ArrayRef<int64_t> shape,
                                    llvm::ArrayRef<int64_t> offsets,
                                    llvm::ArrayRef<int64_t> sizes,
                                    llvm::ArrayRef<int64_t> steps) {
  if (!windowError(shape, offsets, sizes, steps).empty())
    return std::nullopt;
  int64_t count = 1, total = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    count *= sizes[i];
    total *= shape[i];
  }
  WindowRuns runs = windowRuns(shape, offsets, sizes, steps);
  if (runs.run != count || 2 * count < total)
    return std::nullopt;
  return size_t(runs.start) * dtypeSize(dtype);
}

Status checkIndices(llvm::ArrayRef<Value> indices,
                    llvm::ArrayRef<int64_t> shape, int64_t &linear) {
  linear = 0;
  for (auto [i, v] : llvm::enumerate(indices)) {
    int64_t index = scalarIndex(v);
    if (index < 0 || index >= shape[i])
      return Status::error("index " + llvm::Twine(index) +
                           " is out of bounds for dimension " + llvm::Twine(i) +
                           " of size " + llvm::Twine(shape[i]));
    linear = linear * shape[i] + index;
  }
  return Status::ok();
}

} // namespace

void mplang::rt::registerTensorKernels(KernelRegistry &r) {
  r.add("tensor.empty", [](Operation *op, PlanBuilder &) {
    return makeKernel(
        op, [](llvm::ArrayRef<Value>, Tensor &) { return Status::ok(); });
  });
  r.add("tensor.splat", [](Operation *op, PlanBuilder &) {
    return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
      out.fill(args[0].getTensor().bytes(), dtypeSize(out.dtype()));
      return Status::ok();
    });
  });
  r.add("tensor.from_elements", [](Operation *op, PlanBuilder &) {
    return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
      size_t width = dtypeSize(out.dtype());
      for (auto [i, arg] : llvm::enumerate(args))
        std::memcpy(out.bytes() + i * width, arg.getTensor().bytes(), width);
      return Status::ok();
    });
  });
  r.add("tensor.extract", [](Operation *op, PlanBuilder &) {
    return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
      const Tensor &t = args[0].getTensor();
      int64_t linear;
      if (Status s = checkIndices(args.drop_front(), t.shape(), linear);
          !s.isOk())
        return s;
      size_t width = dtypeSize(t.dtype());
      std::memcpy(out.bytes(), t.bytes() + linear * width, width);
      return Status::ok();
    });
  });
  r.add("tensor.insert", [](Operation *op, PlanBuilder &) {
    return makeUpdateKernel(
        op, 1, [](llvm::ArrayRef<Value> args, Tensor &dest) {
          int64_t linear;
          if (Status s = checkIndices(args.drop_front(2), dest.shape(), linear);
              !s.isOk())
            return s;
          size_t width = dtypeSize(dest.dtype());
          std::memcpy(dest.bytes() + linear * width,
                      args[0].getTensor().bytes(), width);
          return Status::ok();
        });
  });
  for (StringRef name : {"tensor.collapse_shape", "tensor.expand_shape",
                         "tensor.reshape", "tensor.bitcast", "tensor.cast"})
    r.add(name, sameBytes);
  r.add("tensor.dim", [](Operation *op, PlanBuilder &) {
    return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
      auto shape = args[0].getTensor().shape();
      int64_t dim = scalarIndex(args[1]);
      if (dim < 0 || dim >= int64_t(shape.size()))
        return Status::error("tensor.dim index out of range");
      out.data<int64_t>()[0] = shape[dim];
      return Status::ok();
    });
  });
  r.add("tensor.extract_slice", [](Operation *op, PlanBuilder &) -> Factory {
    auto slice = cast<mlir::tensor::ExtractSliceOp>(op);
    llvm::SmallVector<int64_t, 4> offsets, sizes, steps;
    if (failed(getWindow(slice, offsets, sizes, steps)))
      return failure();
    std::optional<TensorLayout> source = getLayout(slice.getSourceType());
    if (source && slice.getOffsets().empty())
      if (std::optional<size_t> offset = contiguousRun(
              source->dtype, source->shape, offsets, sizes, steps))
        return makeViewKernel(op, *offset);
    return sliceKernel<mlir::tensor::ExtractSliceOp>(op, /*scatter=*/false);
  });
  r.add("tensor.insert_slice", [](Operation *op, PlanBuilder &) {
    return sliceKernel<mlir::tensor::InsertSliceOp>(op, /*scatter=*/true);
  });
  r.add("tensor.concat", [](Operation *op, PlanBuilder &) {
    int64_t dim = cast<mlir::tensor::ConcatOp>(op).getDim();
    return makeKernel(op, [dim](llvm::ArrayRef<Value> args, Tensor &out) {
      llvm::SmallVector<int64_t, 4> offsets(out.shape().size(), 0);
      llvm::SmallVector<int64_t, 4> steps(out.shape().size(), 1);
      for (const Value &arg : args) {
        const Tensor &part = arg.getTensor();
        copyWindow(part, out, offsets, part.shape(), steps, true);
        offsets[dim] += part.shape()[dim];
      }
      return Status::ok();
    });
  });
}
