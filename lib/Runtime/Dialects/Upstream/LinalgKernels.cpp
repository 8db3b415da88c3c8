//===- LinalgKernels.cpp - linalg on tensors ------------------------------===//
//
// Named ops run natively. The bodies of linalg.map and linalg.reduce are
// element-wise arith code, so they run once on whole tensors (or slices)
// rather than once per element: the arith kernels accept tensors where the
// body's types say scalars.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Dialects/Upstream/UpstreamRuntime.h"
#include "mplang/Runtime/Elementwise.h"
#include "mplang/Runtime/Executor.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include <algorithm>
#include <cstring>
#include <type_traits>

using namespace mplang::rt;

namespace {

using Factory = FailureOr<std::unique_ptr<Kernel>>;
using InvPtr = std::shared_ptr<Invocation>;
using Results = llvm::SmallVector<Value, 2>;

/// `value` as a tensor of `layout`: one-element values are broadcast.
Status fitTo(const Value &value, const TensorLayout &layout, Value &out) {
  if (!value.isTensor())
    return Status::error("the body yields an absent value");
  const Tensor &t = value.getTensor();
  Tensor result(layout.dtype, layout.shape);
  if (t.dtype() != layout.dtype ||
      (t.numElements() != result.numElements() && t.numElements() != 1))
    return Status::error("the body yields a value of the wrong shape");
  size_t width = dtypeSize(t.dtype());
  for (int64_t i = 0; i < result.numElements(); ++i)
    std::memcpy(result.bytes() + i * width,
                t.bytes() + (t.numElements() == 1 ? 0 : i * width), width);
  out = Value::tensor(std::move(result));
  return Status::ok();
}

class BodyKernel : public Kernel {
public:
  BodyKernel(NestedRegion body, TensorLayout layout)
      : body(std::move(body)), layout(std::move(layout)) {}
  bool isSync() const override { return false; }
  bool finishesElsewhere() const override { return false; }

protected:
  NestedRegion body;
  TensorLayout layout;
};

/// linalg.map: the body on the whole input tensors.
class MapKernel : public BodyKernel {
public:
  MapKernel(NestedRegion body, TensorLayout layout, unsigned numInputs)
      : BodyKernel(std::move(body), std::move(layout)), numInputs(numInputs) {}

  void start(const InvPtr &inv) const override {
    auto inputs = llvm::ArrayRef(inv->args).take_front(numInputs);
    inv->executor().runRegion(
        *body.plan, body.frameArgs(inputs, inv->args), inv->context(),
        [this, inv](Status status, Results out) {
          if (status.isOk())
            status = fitTo(out[0], layout, inv->results[0]);
          inv->finish(std::move(status));
        },
        inv.get());
  }

private:
  unsigned numInputs;
};

/// linalg.reduce with one input: folds the body over every slice of the
/// input along the reduced dimensions, in row-major order.
class ReduceKernel : public BodyKernel {
public:
  ReduceKernel(NestedRegion body, TensorLayout layout,
               llvm::ArrayRef<int64_t> dims)
      : BodyKernel(std::move(body), std::move(layout)), dims(dims) {}

  void start(const InvPtr &inv) const override {
    if (Status s = requireTensors(llvm::ArrayRef(inv->args).take_front(2));
        !s.isOk())
      return inv->finish(std::move(s));
    step(inv, inv->args[1], 0);
  }

private:
  void step(const InvPtr &inv, Value acc, int64_t k) const {
    const Tensor &input = inv->args[0].getTensor();
    int64_t count = 1;
    for (int64_t d : dims)
      count *= input.shape()[d];
    if (k == count) {
      inv->results[0] = acc;
      return inv->finish(Status::ok());
    }
    // Slice k: fixed indices on the reduced dimensions, all of the others.
    llvm::SmallVector<int64_t, 4> offsets(input.shape().size(), 0);
    llvm::SmallVector<int64_t, 4> sizes(input.shape());
    llvm::SmallVector<int64_t, 4> steps(input.shape().size(), 1);
    for (int64_t i = dims.size() - 1, rest = k; i >= 0; --i) {
      int64_t d = dims[i];
      offsets[d] = rest % input.shape()[d];
      rest /= input.shape()[d];
      sizes[d] = 1;
    }
    Tensor slice(layout.dtype, layout.shape);
    copyWindow(input, slice, offsets, sizes, steps, false);
    Results blockArgs{Value::tensor(std::move(slice)), acc};
    inv->executor().runRegion(
        *body.plan, body.frameArgs(blockArgs, inv->args), inv->context(),
        [this, inv, k](Status status, Results out) {
          Value next;
          if (status.isOk())
            status = fitTo(out[0], layout, next);
          if (!status.isOk())
            return inv->finish(std::move(status));
          step(inv, next, k + 1);
        },
        inv.get());
  }

  llvm::SmallVector<int64_t> dims;
};

/// Fills `out` element by element from `in` at `offsetOf(out index)`.
void gather(const Tensor &in, Tensor &out,
            llvm::function_ref<int64_t(llvm::ArrayRef<int64_t>)> offsetOf) {
  size_t width = dtypeSize(in.dtype());
  llvm::SmallVector<int64_t, 4> index(out.shape().size(), 0);
  for (int64_t linear = 0; linear < out.numElements(); ++linear) {
    std::memcpy(out.bytes() + linear * width,
                in.bytes() + offsetOf(index) * width, width);
    for (int d = int(index.size()) - 1; d >= 0 && ++index[d] == out.shape()[d];
         --d)
      index[d] = 0;
  }
}

/// `count` copies of the `width`-byte element at `src`, from `dst` on.
void repeat(uint8_t *dst, const uint8_t *src, int64_t count, size_t width) {
  auto fill = [&](auto element) {
    std::memcpy(&element, src, sizeof(element));
    std::fill_n(reinterpret_cast<decltype(element) *>(dst), count, element);
  };
  switch (width) {
  case 1:
    return fill(uint8_t());
  case 2:
    return fill(uint16_t());
  case 4:
    return fill(uint32_t());
  case 8:
    return fill(uint64_t());
  default:
    for (int64_t t = 0; t < count; ++t)
      std::memcpy(dst + t * width, src, width);
  }
}

/// linalg.broadcast of `in` into `out` along the `added` dimensions, by
/// whole runs: the output is [outer][kept run][added tail], so each input
/// run is copied once per outer index and each element repeated over the
/// tail (one value per element for IKNP's masks, one row for its rows).
void broadcast(const Tensor &in, llvm::ArrayRef<int64_t> added,
               Tensor &out) {
  if (out.numElements() == 0)
    return;
  llvm::ArrayRef<int64_t> shape = out.shape();
  auto isAdded = [&](size_t d) { return llvm::is_contained(added, int64_t(d)); };
  size_t end = shape.size();
  int64_t tail = 1; // elements of the trailing added dimensions
  for (; end > 0 && isAdded(end - 1); --end)
    tail *= shape[end - 1];
  int64_t run = 1; // elements of the kept dimensions before them
  for (; end > 0 && !isAdded(end - 1); --end)
    run *= shape[end - 1];
  // The remaining dimensions [0, end) are walked with an odometer.
  llvm::SmallVector<int64_t> inStrides(end, 0); // in runs
  for (size_t d = end, stride = 1; d-- > 0;)
    if (!isAdded(d)) {
      inStrides[d] = stride;
      stride *= shape[d];
    }
  llvm::SmallVector<int64_t> index(end, 0);
  size_t width = dtypeSize(in.dtype());
  int64_t from = 0;
  uint8_t *dst = out.bytes();
  for (int64_t left = out.numElements() / (run * tail); left > 0; --left) {
    const uint8_t *src = in.bytes() + from * run * width;
    if (tail == 1) {
      std::memcpy(dst, src, run * width);
      dst += run * width;
    } else {
      for (int64_t e = 0; e < run; ++e, src += width, dst += tail * width)
        repeat(dst, src, tail, width);
    }
    for (size_t d = end; d-- > 0;) {
      from += inStrides[d];
      if (++index[d] < shape[d])
        break;
      from -= inStrides[d] * shape[d];
      index[d] = 0;
    }
  }
}

/// acc + x * y as linalg computes it: integers wrap (in 64-bit unsigned
/// arithmetic, so that no signed product overflows), floats round.
template <typename T> T multiplyAdd(T acc, T x, T y) {
  if constexpr (std::is_integral_v<T>)
    return T(uint64_t(acc) + uint64_t(x) * uint64_t(y));
  else
    return acc + x * y;
}

/// linalg.matmul: init + lhs x rhs on 2-D tensors.
template <typename T>
void matmul(const Tensor &a, const Tensor &b, const Tensor &c, Tensor &out) {
  int64_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  std::memcpy(out.bytes(), c.bytes(), out.numBytes());
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < k; ++p) {
      T x = a.data<T>()[i * k + p];
      for (int64_t j = 0; j < n; ++j)
        out.data<T>()[i * n + j] =
            multiplyAdd(out.data<T>()[i * n + j], x, b.data<T>()[p * n + j]);
    }
}

Factory makeBody(
    Operation *op, PlanBuilder &plans,
    std::function<std::unique_ptr<Kernel>(NestedRegion, TensorLayout)> make) {
  FailureOr<TensorLayout> layout = resultLayout(op);
  if (failed(layout))
    return failure();
  FailureOr<NestedRegion> body = plans.compileNested(op, op->getRegion(0));
  if (failed(body))
    return failure();
  return make(*body, *layout);
}

} // namespace

void mplang::rt::registerLinalgKernels(KernelRegistry &r) {
  r.add("linalg.fill", [](Operation *op, PlanBuilder &) {
    return makeTensorKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
      out.fill(args[0].getTensor().bytes(), dtypeSize(out.dtype()));
      return Status::ok();
    });
  });
  r.add("linalg.transpose", [](Operation *op, PlanBuilder &) {
    llvm::SmallVector<int64_t> perm(
        cast<mlir::linalg::TransposeOp>(op).getPermutation());
    return makeTensorKernel(
        op, [perm](llvm::ArrayRef<Value> args, Tensor &out) {
          const Tensor &in = args[0].getTensor();
          auto inStrides = stridesOf(in.shape());
          // Output dimension d walks input dimension perm[d].
          gather(in, out, [&](llvm::ArrayRef<int64_t> index) {
            int64_t from = 0;
            for (size_t d = 0; d < index.size(); ++d)
              from += index[d] * inStrides[perm[d]];
            return from;
          });
          return Status::ok();
        });
  });
  r.add("linalg.broadcast", [](Operation *op, PlanBuilder &) {
    llvm::SmallVector<int64_t> added(
        cast<mlir::linalg::BroadcastOp>(op).getDimensions());
    return makeTensorKernel(
        op, [added](llvm::ArrayRef<Value> args, Tensor &out) {
          broadcast(args[0].getTensor(), added, out);
          return Status::ok();
        });
  });
  r.add("linalg.matmul", [](Operation *op, PlanBuilder &) -> Factory {
    FailureOr<TensorLayout> layout = resultLayout(op);
    if (failed(layout) || layout->shape.size() != 2)
      return op->emitOpError("the runtime multiplies 2-D tensors only");
    DType d = layout->dtype;
    return makeTensorKernel(op, [d](llvm::ArrayRef<Value> args, Tensor &out) {
      const Tensor &a = args[0].getTensor(), &b = args[1].getTensor(),
                   &c = args[2].getTensor();
      if (isFloat(d))
        visitFloat(d, [&](auto tag) { matmul<decltype(tag)>(a, b, c, out); });
      else
        visitInt(d, [&](auto tag) { matmul<decltype(tag)>(a, b, c, out); });
      return Status::ok();
    });
  });
  r.add("linalg.map", [](Operation *op, PlanBuilder &plans) {
    unsigned numInputs = cast<mlir::linalg::MapOp>(op).getInputs().size();
    return makeBody(
        op, plans, [numInputs](NestedRegion body, TensorLayout layout) {
          return std::unique_ptr<Kernel>(
              new MapKernel(std::move(body), std::move(layout), numInputs));
        });
  });
  r.add("linalg.reduce", [](Operation *op, PlanBuilder &plans) -> Factory {
    auto reduce = cast<mlir::linalg::ReduceOp>(op);
    if (reduce.getInputs().size() != 1)
      return op->emitOpError("the runtime reduces one input at a time");
    llvm::SmallVector<int64_t> dims(reduce.getDimensions());
    llvm::sort(dims);
    return makeBody(op, plans, [dims](NestedRegion body, TensorLayout layout) {
      return std::unique_ptr<Kernel>(
          new ReduceKernel(std::move(body), std::move(layout), dims));
    });
  });
}
