//===- FieldKernels.cpp - field dialect ops over the MPLangField library --===//
//
// A gf128 tensor's buffer is an array of field::Gf128 as is (16-byte
// little-endian elements), so kernels hand tensor buffers to the library
// without converting them.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Dialects/Field/FieldRuntime.h"
#include "mplang/Runtime/Elementwise.h"
#include "mplang/Runtime/Parallel.h"

#include "mplang/Crypto/Field/ExpandAccumulate.h"
#include "mplang/Crypto/Field/ExpandConvolute.h"
#include "mplang/Crypto/Field/Ldpc.h"
#include "mplang/Crypto/Field/Okvs.h"
#include "mplang/Crypto/Field/Random.h"
#include "mplang/Crypto/Field/Rows.h"
#include "mplang/Dialect/Field/IR/FieldOps.h"

#include <cstring>

using namespace mplang::rt;
using mplang::crypto::field::Gf128;

namespace {

/// Work (element-wise op equivalents) from which a kernel runs on the pool,
/// the element count at which arith kernels move there.
constexpr int64_t kHeavyWork = 1 << 16;
/// Per-key cost of OKVS relative to a field multiply (about 1 ns), measured
/// at n = 2^20 (docs/field-kernels.md): 130 ns to solve, 30 ns to decode.
constexpr int64_t kSolveCost = 130, kDecodeCost = 30;
/// Per-row cost of sorting and of a set look-up, measured likewise.
constexpr int64_t kSortCost = 30, kContainsCost = 20;
/// The least work (as kHeavyWork) of a chunk a kernel splits off for
/// another thread: some 50 us, against a few us to hand it over.
constexpr int64_t kChunkWork = 1 << 15;

/// A kernel whose heaviness follows the whole op's work rather than the
/// size of its result: a sum or a syndrome reads much more than it writes,
/// and OKVS costs far more per element than arith.
class FieldKernel : public Kernel {
public:
  FieldKernel(std::unique_ptr<Kernel> inner, bool heavy)
      : inner(std::move(inner)), heavy(heavy) {}
  bool isHeavy() const override { return heavy; }
  Status compute(llvm::ArrayRef<Value> args,
                 llvm::MutableArrayRef<Value> results) const override {
    return inner->compute(args, results);
  }

private:
  std::unique_ptr<Kernel> inner;
  bool heavy;
};

using FieldCompute =
    std::function<llvm::Error(llvm::ArrayRef<Value>, Tensor &)>;

/// `compute` as a kernel's computation: library errors become run-time
/// errors naming the op.
auto namingErrors(Operation *op, FieldCompute compute) {
  return
      [name = op->getName().getStringRef().str(),
       compute = std::move(compute)](llvm::ArrayRef<Value> args, Tensor &out) {
        if (llvm::Error err = compute(args, out))
          return Status::error(name + ": " + llvm::toString(std::move(err)));
        return Status::ok();
      };
}

/// The kernel of `op` computing its result with `compute`.
FailureOr<std::unique_ptr<Kernel>> makeFieldKernel(Operation *op, int64_t work,
                                                   FieldCompute compute) {
  FailureOr<std::unique_ptr<Kernel>> inner =
      makeTensorKernel(op, namingErrors(op, std::move(compute)));
  if (failed(inner))
    return failure();
  return std::unique_ptr<Kernel>(
      new FieldKernel(std::move(*inner), work >= kHeavyWork));
}

int64_t countOf(mlir::Value v) {
  return cast<mlir::ShapedType>(v.getType()).getNumElements();
}

llvm::ArrayRef<Gf128> elements(const Value &v) {
  const Tensor &t = v.getTensor();
  return {t.data<Gf128>(), size_t(t.numElements())};
}

llvm::MutableArrayRef<Gf128> elements(Tensor &t) {
  return {t.data<Gf128>(), size_t(t.numElements())};
}

/// Keys and CSR indices: 64-bit integers of any signedness.
llvm::ArrayRef<uint64_t> words(const Value &v) {
  const Tensor &t = v.getTensor();
  return {t.data<uint64_t>(), size_t(t.numElements())};
}

/// from_words and to_words: the same bytes under another type.
FailureOr<std::unique_ptr<Kernel>> castWords(Operation *op, PlanBuilder &) {
  return makeViewKernel(op);
}

/// F(a, b, out), out being an operand the op reads last (the kernels allow
/// exact aliasing) or else a new tensor: a protocol's sums and products of
/// large vectors then take no fresh memory.
template <auto F>
FailureOr<std::unique_ptr<Kernel>> binary(Operation *op, PlanBuilder &) {
  FailureOr<TensorLayout> layout = resultLayout(op);
  if (failed(layout))
    return failure();
  return std::unique_ptr<Kernel>(new FnKernel(
      [layout = *layout](llvm::ArrayRef<Value> args,
                         llvm::MutableArrayRef<Value> results) -> Status {
        if (Status s = requireTensors(args); !s.isOk())
          return s;
        for (unsigned i : {0u, 1u})
          if (Tensor *dest = args[i].takeUniqueTensor()) {
            F(elements(args[0]), elements(args[1]), elements(*dest));
            results[0] = args[i];
            return Status::ok();
          }
        Tensor out = Tensor::forOverwrite(layout.dtype, layout.shape);
        F(elements(args[0]), elements(args[1]), elements(out));
        results[0] = Value::tensor(std::move(out));
        return Status::ok();
      },
      countOf(op->getResult(0)) >= kHeavyWork));
}

/// mplang::crypto::field::mul without its overloads and ISA argument, for
/// `binary`.
void mulArrays(llvm::ArrayRef<Gf128> a, llvm::ArrayRef<Gf128> b,
               llvm::MutableArrayRef<Gf128> out) {
  mplang::crypto::field::mul(a, b, out);
}

/// In place when the op reads the tensor last.
FailureOr<std::unique_ptr<Kernel>> scale(Operation *op, PlanBuilder &) {
  return makeUpdateKernel(
      op, 0,
      [](llvm::ArrayRef<Value> args, Tensor &dest) {
        mplang::crypto::field::mulScalar(elements(dest), elements(args[1])[0],
                                         elements(dest));
        return Status::ok();
      },
      countOf(op->getResult(0)) >= kHeavyWork);
}

FailureOr<std::unique_ptr<Kernel>> sum(Operation *op, PlanBuilder &) {
  auto sumOp = cast<mlir::field::SumOp>(op);
  auto shape = cast<mlir::ShapedType>(sumOp.getInput().getType()).getShape();
  uint64_t axis = sumOp.getAxis();
  size_t outer = 1, length = shape[axis], inner = 1;
  for (int64_t dim : shape.take_front(axis))
    outer *= dim;
  for (int64_t dim : shape.drop_front(axis + 1))
    inner *= dim;
  return makeFieldKernel(
      op, countOf(sumOp.getInput()),
      [outer, length, inner](llvm::ArrayRef<Value> args, Tensor &out) {
        llvm::ArrayRef<Gf128> in = elements(args[0]);
        llvm::MutableArrayRef<Gf128> sums = elements(out);
        for (size_t o = 0; o < outer; ++o) {
          llvm::ArrayRef<Gf128> block = in.slice(o * length * inner);
          // Summing along the last axis adds contiguous runs; otherwise
          // whole rows of `inner` elements are added at once.
          if (inner == 1) {
            sums[o] = mplang::crypto::field::xorSum(block.take_front(length));
            continue;
          }
          llvm::MutableArrayRef<Gf128> row = sums.slice(o * inner, inner);
          for (size_t a = 0; a < length; ++a)
            mplang::crypto::field::add(row, block.slice(a * inner, inner), row);
        }
        return llvm::Error::success();
      });
}

/// Fresh OS randomness per execution, expanded with AES-CTR.
FailureOr<std::unique_ptr<Kernel>> osRandom(Operation *op, PlanBuilder &) {
  return makeFieldKernel(
      op, countOf(op->getResult(0)),
      [](llvm::ArrayRef<Value>, Tensor &out) -> llvm::Error {
        llvm::Expected<mplang::crypto::field::Prg> prg =
            mplang::crypto::field::Prg::fromOs();
        if (!prg)
          return prg.takeError();
        // Whole blocks go straight into the tensor; a short tail (narrow
        // integer tensors) takes the front of one more block.
        size_t whole = out.numBytes() / 16, tail = out.numBytes() % 16;
        prg->fill({reinterpret_cast<Gf128 *>(out.bytes()), whole});
        if (tail) {
          Gf128 last;
          prg->fill(last);
          std::memcpy(out.bytes() + 16 * whole, &last, tail);
        }
        // i1 is stored one byte per element, holding 0 or 1.
        if (out.dtype() == DType::I1)
          for (size_t i = 0; i < out.numBytes(); ++i)
            out.bytes()[i] &= 1;
        return llvm::Error::success();
      });
}

/// Seeds are expanded in chunks, each on its own rows of the output.
FailureOr<std::unique_ptr<Kernel>> aesExpand(Operation *op, PlanBuilder &) {
  auto expand = cast<mlir::field::AesExpandOp>(op);
  size_t length = expand.getLength();
  bool feedForward = expand.getFeedForward();
  size_t grain = std::max<size_t>(1, kChunkWork / length);
  return makeFieldKernel(
      op, countOf(op->getResult(0)),
      [=](llvm::ArrayRef<Value> args, Tensor &out) {
        llvm::ArrayRef<Gf128> seeds = elements(args[0]);
        llvm::MutableArrayRef<Gf128> blocks = elements(out);
        parallelFor(seeds.size(), grain, [&](size_t first, size_t last) {
          mplang::crypto::field::aesExpand(
              seeds.slice(first, last - first), length,
              blocks.slice(first * length, (last - first) * length),
              feedForward);
        });
        return llvm::Error::success();
      });
}

/// mplang::crypto::field::okvsSolve on the pool, without statistics, for
/// `okvs`.
llvm::Error solveTable(llvm::ArrayRef<uint64_t> keys,
                       llvm::ArrayRef<Gf128> values, Gf128 seed,
                       llvm::MutableArrayRef<Gf128> table) {
  return mplang::crypto::field::okvsSolve(keys, values, seed, table,
                                          /*stats=*/nullptr, parallelFor);
}

/// try_solve_okvs: the table, all zeros when this seed cannot solve the
/// system (mplang::crypto::field::okvsSolve leaves it untouched then), and
/// whether it could.
class TrySolveKernel : public Kernel {
public:
  TrySolveKernel(llvm::SmallVector<int64_t, 4> tableShape, bool heavy)
      : tableShape(std::move(tableShape)), heavy(heavy) {}
  bool isHeavy() const override { return heavy; }
  Status compute(llvm::ArrayRef<Value> args,
                 llvm::MutableArrayRef<Value> results) const override {
    if (Status s = requireTensors(args); !s.isOk())
      return s;
    Tensor table(DType::GF128, tableShape), ok(DType::I1, {});
    llvm::Error err = solveTable(words(args[0]), elements(args[1]),
                                 elements(args[2])[0], elements(table));
    ok.data<int8_t>()[0] = !err;
    llvm::consumeError(std::move(err));
    results[0] = Value::tensor(std::move(table));
    results[1] = Value::tensor(std::move(ok));
    return Status::ok();
  }

private:
  llvm::SmallVector<int64_t, 4> tableShape;
  bool heavy;
};

FailureOr<std::unique_ptr<Kernel>> trySolveOkvs(Operation *op, PlanBuilder &) {
  FailureOr<TensorLayout> table = resultLayout(op);
  if (failed(table))
    return failure();
  return std::unique_ptr<Kernel>(new TrySolveKernel(
      table->shape, kSolveCost * countOf(op->getOperand(0)) >= kHeavyWork));
}

/// mplang::crypto::field::okvsDecode on the pool, for `okvs`.
llvm::Error decodeTable(llvm::ArrayRef<uint64_t> keys,
                        llvm::ArrayRef<Gf128> table, Gf128 seed,
                        llvm::MutableArrayRef<Gf128> out) {
  return mplang::crypto::field::okvsDecode(keys, table, seed, out, parallelFor);
}

/// solve_okvs and decode_okvs: (keys, values or table, seed), costing
/// `Cost` per key.
template <auto F, int64_t Cost>
FailureOr<std::unique_ptr<Kernel>> okvs(Operation *op, PlanBuilder &) {
  return makeFieldKernel(op, Cost * countOf(op->getOperand(0)),
                         [](llvm::ArrayRef<Value> args, Tensor &out) {
                           return F(words(args[0]), elements(args[1]),
                                    elements(args[2])[0], elements(out));
                         });
}

FailureOr<std::unique_ptr<Kernel>> ldpcEncode(Operation *op, PlanBuilder &) {
  return makeFieldKernel(
      op, countOf(op->getOperand(1)) + countOf(op->getResult(0)),
      [](llvm::ArrayRef<Value> args, Tensor &out) {
        return mplang::crypto::field::ldpcEncode(
            elements(args[0]), words(args[1]), words(args[2]), elements(out));
      });
}

/// In place when the op is its destination's last reader (GGM puncturing
/// updates a few nodes of each big level); the copy otherwise is O(N).
FailureOr<std::unique_ptr<Kernel>> scatterAdd(Operation *op, PlanBuilder &) {
  return makeUpdateKernel(
      op, 0,
      namingErrors(op,
                   [](llvm::ArrayRef<Value> args, Tensor &dest) {
                     return mplang::crypto::field::scatterAdd(
                         elements(dest), words(args[1]), elements(args[2]));
                   }),
      countOf(op->getResult(0)) >= kHeavyWork);
}

FailureOr<std::unique_ptr<Kernel>> prefixSum(Operation *op, PlanBuilder &) {
  return makeFieldKernel(op, countOf(op->getResult(0)),
                         [](llvm::ArrayRef<Value> args, Tensor &out) {
                           mplang::crypto::field::prefixSum(elements(args[0]),
                                                            elements(out));
                           return llvm::Error::success();
                         });
}

llvm::ArrayRef<uint8_t> bytesOf(const Value &v) {
  const Tensor &t = v.getTensor();
  return {t.bytes(), t.numBytes()};
}

/// The row shape of a 2-D integer operand.
mplang::crypto::field::RowShape rowShapeOf(mlir::Value v) {
  auto type = cast<mlir::ShapedType>(v.getType());
  return {size_t(type.getDimSize(1)), type.getElementTypeBitWidth() / 8};
}

FailureOr<std::unique_ptr<Kernel>> sortRows(Operation *op, PlanBuilder &) {
  mlir::Value input = op->getOperand(0);
  mplang::crypto::field::RowShape shape = rowShapeOf(input);
  return makeFieldKernel(
      op, kSortCost * cast<mlir::ShapedType>(input.getType()).getDimSize(0),
      [shape](llvm::ArrayRef<Value> args, Tensor &out) {
        return mplang::crypto::field::sortRows(bytesOf(args[0]), shape,
                                               {out.bytes(), out.numBytes()},
                                               parallelFor);
      });
}

FailureOr<std::unique_ptr<Kernel>> containsRows(Operation *op, PlanBuilder &) {
  mplang::crypto::field::RowShape shape = rowShapeOf(op->getOperand(0));
  auto rows = [&](unsigned i) {
    return cast<mlir::ShapedType>(op->getOperand(i).getType()).getDimSize(0);
  };
  // i1 results are one byte per element, 0 or 1: what the library writes.
  return makeFieldKernel(op, kContainsCost * (rows(0) + rows(1)),
                         [shape](llvm::ArrayRef<Value> args, Tensor &out) {
                           return mplang::crypto::field::containsRows(
                               bytesOf(args[0]), bytesOf(args[1]), shape,
                               {out.bytes(), out.numBytes()});
                         });
}

/// An output costs `weight` random reads of the accumulated noise.
FailureOr<std::unique_ptr<Kernel>> eaEncode(Operation *op, PlanBuilder &) {
  auto encode = cast<mlir::field::EaEncodeOp>(op);
  auto noise = cast<mlir::ShapedType>(encode.getNoise().getType());
  size_t width = noise.getRank() == 2 ? noise.getDimSize(1) : 1;
  uint64_t weight = encode.getWeight();
  return makeFieldKernel(
      op, countOf(encode.getNoise()) + weight * countOf(encode.getResult()),
      [width, weight](llvm::ArrayRef<Value> args, Tensor &out) {
        mplang::crypto::field::eaEncode(elements(args[0]), width,
                                        elements(args[1])[0], weight,
                                        elements(out), parallelFor);
        return llvm::Error::success();
      });
}

/// Weight of a convolution term relative to an element-wise op: the band's
/// masked additions run a register of rows at a time.
constexpr int64_t kConvolutionCost = 4;

/// Two convolution passes over the parity rows, then `weight` random reads
/// per output. A vector the op is the last reader of is encoded in place
/// and the result is a view of its first m elements: no scratch and no
/// result buffer, the largest allocations of a silent VOLE.
FailureOr<std::unique_ptr<Kernel>> exConvEncode(Operation *op, PlanBuilder &) {
  auto encode = cast<mlir::field::ExConvEncodeOp>(op);
  auto noise = cast<mlir::ShapedType>(encode.getNoise().getType());
  size_t width = noise.getRank() == 2 ? noise.getDimSize(1) : 1;
  uint64_t m = encode.getM(), weight = encode.getWeight(),
           band = encode.getBand();
  FailureOr<TensorLayout> layout = resultLayout(op);
  if (failed(layout))
    return failure();
  int64_t work = kConvolutionCost * countOf(encode.getNoise()) +
                 weight * countOf(encode.getResult());
  return std::unique_ptr<Kernel>(new FnKernel(
      [layout = *layout, width, m, weight,
       band](llvm::ArrayRef<Value> args,
             llvm::MutableArrayRef<Value> results) -> Status {
        if (Status s = requireTensors(args); !s.isOk())
          return s;
        Gf128 seed = elements(args[1])[0];
        if (Tensor *vector =
                width == 1 ? args[0].takeUniqueTensor() : nullptr) {
          mplang::crypto::field::exConvEncodeInPlace(
              elements(*vector), m, seed, weight, band,
              mplang::crypto::field::bestIsa(), parallelFor);
          results[0] =
              Value::tensor(vector->view(layout.dtype, layout.shape, 0));
          return Status::ok();
        }
        Tensor out = Tensor::forOverwrite(layout.dtype, layout.shape);
        mplang::crypto::field::exConvEncode(
            elements(args[0]), width, seed, weight, band, elements(out),
            mplang::crypto::field::bestIsa(), parallelFor);
        results[0] = Value::tensor(std::move(out));
        return Status::ok();
      },
      work >= kHeavyWork));
}

} // namespace

void mplang::rt::registerFieldKernels(KernelRegistry &registry) {
  registerFieldValueTypes();
  registry.add(mlir::field::FromWordsOp::getOperationName(), castWords);
  registry.add(mlir::field::ToWordsOp::getOperationName(), castWords);
  registry.add(mlir::field::AddOp::getOperationName(),
               binary<mplang::crypto::field::add>);
  registry.add(mlir::field::MulOp::getOperationName(), binary<mulArrays>);
  registry.add(mlir::field::ScaleOp::getOperationName(), scale);
  registry.add(mlir::field::SumOp::getOperationName(), sum);
  registry.add(mlir::field::RandomOp::getOperationName(), osRandom);
  registry.add(mlir::field::AesExpandOp::getOperationName(), aesExpand);
  registry.add(mlir::field::SolveOkvsOp::getOperationName(),
               okvs<solveTable, kSolveCost>);
  registry.add(mlir::field::TrySolveOkvsOp::getOperationName(), trySolveOkvs);
  registry.add(mlir::field::DecodeOkvsOp::getOperationName(),
               okvs<decodeTable, kDecodeCost>);
  registry.add(mlir::field::LdpcEncodeOp::getOperationName(), ldpcEncode);
  registry.add(mlir::field::ScatterAddOp::getOperationName(), scatterAdd);
  registry.add(mlir::field::PrefixSumOp::getOperationName(), prefixSum);
  registry.add(mlir::field::SortRowsOp::getOperationName(), sortRows);
  registry.add(mlir::field::ContainsRowsOp::getOperationName(), containsRows);
  registry.add(mlir::field::EaEncodeOp::getOperationName(), eaEncode);
  registry.add(mlir::field::ExConvEncodeOp::getOperationName(), exConvEncode);
}
