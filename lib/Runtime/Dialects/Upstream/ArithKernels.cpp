//===- ArithKernels.cpp - arith on scalars and ranked tensors -------------===//

#include "mplang/Runtime/Dialects/Upstream/UpstreamRuntime.h"
#include "mplang/Runtime/Elementwise.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include <cmath>
#include <limits>

using namespace mplang::rt;

namespace {

FailureOr<std::unique_ptr<Kernel>> makeKernel(Operation *op, Compute compute) {
  return makeTensorKernel(op, std::move(compute), /*elementwise=*/true);
}

DType operandDType(Operation *op, unsigned i = 0) {
  return getLayout(op->getOperand(i).getType())->dtype;
}

/// Integer op `f(a, b, status)` on storage type T, element by element.
template <typename F> KernelFactory binaryInt(F f) {
  return [f](Operation *op, PlanBuilder &) {
    DType d = operandDType(op);
    return makeKernel(op, [d, f](llvm::ArrayRef<Value> args, Tensor &out) {
      Status status = Status::ok();
      visitInt(d, [&](auto tag) {
        using T = decltype(tag);
        const Tensor &a = args[0].getTensor(), &b = args[1].getTensor();
        const T *x = a.data<T>(), *y = b.data<T>();
        int64_t sx = strideOver(a, out), sy = strideOver(b, out);
        T *z = out.data<T>();
        for (int64_t i = 0, n = out.numElements(); i < n && status.isOk(); ++i)
          z[i] = d == DType::I1 ? f(x[i * sx], y[i * sy], status) & 1
                                : f(x[i * sx], y[i * sy], status);
      });
      return status;
    });
  };
}

template <typename F> KernelFactory binaryFloat(F f) {
  return [f](Operation *op, PlanBuilder &) {
    DType d = operandDType(op);
    return makeKernel(op, [d, f](llvm::ArrayRef<Value> args, Tensor &out) {
      visitFloat(d, [&](auto tag) {
        using T = decltype(tag);
        const Tensor &a = args[0].getTensor(), &b = args[1].getTensor();
        const T *x = a.data<T>(), *y = b.data<T>();
        int64_t sx = strideOver(a, out), sy = strideOver(b, out);
        T *z = out.data<T>();
        for (int64_t i = 0, n = out.numElements(); i < n; ++i)
          z[i] = f(x[i * sx], y[i * sy]);
      });
      return Status::ok();
    });
  };
}

template <typename T> using Unsigned = std::make_unsigned_t<T>;

/// Wrapping two's-complement arithmetic, as arith defines it.
template <typename T> T wrap(Unsigned<T> v) { return static_cast<T>(v); }

template <typename T> bool divisionFails(T a, T b, bool isSigned, Status &s) {
  if (b == 0) {
    s = Status::error("division by zero");
    return true;
  }
  if (isSigned && b == T(-1) && a == std::numeric_limits<T>::min()) {
    s = Status::error("signed division overflows");
    return true;
  }
  return false;
}

template <typename T> bool shiftFails(T b, Status &s) {
  if (static_cast<Unsigned<T>>(b) >= sizeof(T) * 8) {
    s = Status::error("shift amount " + llvm::Twine(int64_t(b)) +
                      " is not below the bit width");
    return true;
  }
  return false;
}

void registerIntegerOps(KernelRegistry &r) {
  r.add("arith.addi", binaryInt([](auto a, auto b, Status &) {
          using T = decltype(a);
          return wrap<T>(Unsigned<T>(a) + Unsigned<T>(b));
        }));
  r.add("arith.subi", binaryInt([](auto a, auto b, Status &) {
          using T = decltype(a);
          return wrap<T>(Unsigned<T>(a) - Unsigned<T>(b));
        }));
  r.add("arith.muli", binaryInt([](auto a, auto b, Status &) {
          using T = decltype(a);
          // In 64 bits: narrow unsigned operands promote to int, whose
          // product can overflow.
          return wrap<T>(Unsigned<T>(uint64_t(Unsigned<T>(a)) *
                                     uint64_t(Unsigned<T>(b))));
        }));
  r.add("arith.divsi", binaryInt([](auto a, auto b, Status &s) {
          return divisionFails(a, b, true, s) ? 0 : a / b;
        }));
  r.add("arith.remsi", binaryInt([](auto a, auto b, Status &s) {
          return divisionFails(a, b, true, s) ? 0 : a % b;
        }));
  r.add("arith.divui", binaryInt([](auto a, auto b, Status &s) {
          using T = decltype(a);
          return divisionFails(a, b, false, s)
                     ? 0
                     : wrap<T>(Unsigned<T>(a) / Unsigned<T>(b));
        }));
  r.add("arith.remui", binaryInt([](auto a, auto b, Status &s) {
          using T = decltype(a);
          return divisionFails(a, b, false, s)
                     ? 0
                     : wrap<T>(Unsigned<T>(a) % Unsigned<T>(b));
        }));
  r.add("arith.andi",
        binaryInt([](auto a, auto b, Status &) { return decltype(a)(a & b); }));
  r.add("arith.ori",
        binaryInt([](auto a, auto b, Status &) { return decltype(a)(a | b); }));
  r.add("arith.xori",
        binaryInt([](auto a, auto b, Status &) { return decltype(a)(a ^ b); }));
  r.add("arith.shli", binaryInt([](auto a, auto b, Status &s) {
          using T = decltype(a);
          return shiftFails(b, s) ? 0 : wrap<T>(Unsigned<T>(a) << b);
        }));
  r.add("arith.shrsi", binaryInt([](auto a, auto b, Status &s) {
          return shiftFails(b, s) ? 0 : decltype(a)(a >> b);
        }));
  r.add("arith.shrui", binaryInt([](auto a, auto b, Status &s) {
          using T = decltype(a);
          return shiftFails(b, s) ? 0 : wrap<T>(Unsigned<T>(a) >> b);
        }));
  r.add("arith.maxsi",
        binaryInt([](auto a, auto b, Status &) { return std::max(a, b); }));
  r.add("arith.minsi",
        binaryInt([](auto a, auto b, Status &) { return std::min(a, b); }));
  r.add("arith.maxui", binaryInt([](auto a, auto b, Status &) {
          using T = decltype(a);
          return wrap<T>(std::max(Unsigned<T>(a), Unsigned<T>(b)));
        }));
  r.add("arith.minui", binaryInt([](auto a, auto b, Status &) {
          using T = decltype(a);
          return wrap<T>(std::min(Unsigned<T>(a), Unsigned<T>(b)));
        }));
}

void registerFloatOps(KernelRegistry &r) {
  r.add("arith.addf", binaryFloat([](auto a, auto b) { return a + b; }));
  r.add("arith.subf", binaryFloat([](auto a, auto b) { return a - b; }));
  r.add("arith.mulf", binaryFloat([](auto a, auto b) { return a * b; }));
  r.add("arith.divf", binaryFloat([](auto a, auto b) { return a / b; }));
  r.add("arith.remf", binaryFloat([](auto a, auto b) {
          return decltype(a)(std::fmod(a, b));
        }));
  r.add("arith.maxnumf", binaryFloat([](auto a, auto b) {
          return decltype(a)(std::fmax(a, b));
        }));
  r.add("arith.minnumf", binaryFloat([](auto a, auto b) {
          return decltype(a)(std::fmin(a, b));
        }));
  // maximumf/minimumf propagate NaN.
  r.add("arith.maximumf", binaryFloat([](auto a, auto b) {
          return std::isnan(a) || std::isnan(b) ? a + b : std::max(a, b);
        }));
  r.add("arith.minimumf", binaryFloat([](auto a, auto b) {
          return std::isnan(a) || std::isnan(b) ? a + b : std::min(a, b);
        }));
  r.add("arith.negf", [](Operation *op, PlanBuilder &) {
    DType d = operandDType(op);
    return makeKernel(op, [d](llvm::ArrayRef<Value> args, Tensor &out) {
      visitFloat(d, [&](auto tag) {
        using T = decltype(tag);
        const T *x = args[0].getTensor().data<T>();
        for (int64_t i = 0, n = out.numElements(); i < n; ++i)
          out.data<T>()[i] = -x[i];
      });
      return Status::ok();
    });
  });
}

template <typename T> bool compareInt(mlir::arith::CmpIPredicate p, T a, T b) {
  using U = Unsigned<T>;
  switch (p) {
  case mlir::arith::CmpIPredicate::eq:
    return a == b;
  case mlir::arith::CmpIPredicate::ne:
    return a != b;
  case mlir::arith::CmpIPredicate::slt:
    return a < b;
  case mlir::arith::CmpIPredicate::sle:
    return a <= b;
  case mlir::arith::CmpIPredicate::sgt:
    return a > b;
  case mlir::arith::CmpIPredicate::sge:
    return a >= b;
  case mlir::arith::CmpIPredicate::ult:
    return U(a) < U(b);
  case mlir::arith::CmpIPredicate::ule:
    return U(a) <= U(b);
  case mlir::arith::CmpIPredicate::ugt:
    return U(a) > U(b);
  case mlir::arith::CmpIPredicate::uge:
    return U(a) >= U(b);
  }
  return false;
}

template <typename T>
bool compareFloat(mlir::arith::CmpFPredicate p, T a, T b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  using P = mlir::arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse:
    return false;
  case P::OEQ:
    return !unordered && a == b;
  case P::OGT:
    return !unordered && a > b;
  case P::OGE:
    return !unordered && a >= b;
  case P::OLT:
    return !unordered && a < b;
  case P::OLE:
    return !unordered && a <= b;
  case P::ONE:
    return !unordered && a != b;
  case P::ORD:
    return !unordered;
  case P::UEQ:
    return unordered || a == b;
  case P::UGT:
    return unordered || a > b;
  case P::UGE:
    return unordered || a >= b;
  case P::ULT:
    return unordered || a < b;
  case P::ULE:
    return unordered || a <= b;
  case P::UNE:
    return unordered || a != b;
  case P::UNO:
    return unordered;
  case P::AlwaysTrue:
    return true;
  }
  return false;
}

/// Where arith.select's condition and operands advance per output element.
struct SelectStrides {
  int64_t cond, a, b;
};

/// cond ? a : b per element of `words` words of type T, reading both and
/// blending them by a mask: the condition (a protocol's secret choice bit,
/// say) decides no branch and no address.
template <typename T>
Status selectByMask(const Tensor &cond, const Tensor &a, const Tensor &b,
                    const SelectStrides &st, size_t words, Tensor &out) {
  const int8_t *c = cond.data<int8_t>();
  const T *x = reinterpret_cast<const T *>(a.bytes());
  const T *y = reinterpret_cast<const T *>(b.bytes());
  T *o = reinterpret_cast<T *>(out.bytes());
  for (int64_t i = 0, n = out.numElements(); i < n; ++i) {
    T mask = T(0) - T(c[i * st.cond] & 1);
    const T *u = x + i * st.a * words, *v = y + i * st.b * words;
    for (size_t w = 0; w < words; ++w)
      o[i * words + w] = T(v[w] ^ ((u[w] ^ v[w]) & mask));
  }
  return Status::ok();
}

void registerCompareAndSelect(KernelRegistry &r) {
  r.add("arith.cmpi", [](Operation *op, PlanBuilder &) {
    DType d = operandDType(op);
    auto p = cast<mlir::arith::CmpIOp>(op).getPredicate();
    // i1 compares as a 1-bit value: true is -1 when signed.
    bool signedBool = d == DType::I1;
    return makeKernel(
        op, [d, p, signedBool](llvm::ArrayRef<Value> args, Tensor &out) {
          visitInt(d, [&](auto tag) {
            using T = decltype(tag);
            const Tensor &l = args[0].getTensor(), &r = args[1].getTensor();
            const T *x = l.data<T>(), *y = r.data<T>();
            int64_t sx = strideOver(l, out), sy = strideOver(r, out);
            for (int64_t i = 0, n = out.numElements(); i < n; ++i) {
              T a = x[i * sx], b = y[i * sy];
              if (signedBool) {
                a = T(-a);
                b = T(-b);
              }
              out.data<int8_t>()[i] = compareInt(p, a, b);
            }
          });
          return Status::ok();
        });
  });
  r.add("arith.cmpf", [](Operation *op, PlanBuilder &) {
    DType d = operandDType(op);
    auto p = cast<mlir::arith::CmpFOp>(op).getPredicate();
    return makeKernel(op, [d, p](llvm::ArrayRef<Value> args, Tensor &out) {
      visitFloat(d, [&](auto tag) {
        using T = decltype(tag);
        const Tensor &l = args[0].getTensor(), &r = args[1].getTensor();
        const T *x = l.data<T>(), *y = r.data<T>();
        int64_t sx = strideOver(l, out), sy = strideOver(r, out);
        for (int64_t i = 0, n = out.numElements(); i < n; ++i)
          out.data<int8_t>()[i] = compareFloat(p, x[i * sx], y[i * sy]);
      });
      return Status::ok();
    });
  });
  r.add("arith.select", [](Operation *op, PlanBuilder &) {
    size_t width = dtypeSize(operandDType(op, 1));
    return makeKernel(op, [width](llvm::ArrayRef<Value> args, Tensor &out) {
      const Tensor &cond = args[0].getTensor();
      const Tensor &a = args[1].getTensor(), &b = args[2].getTensor();
      SelectStrides st{strideOver(cond, out), strideOver(a, out),
                       strideOver(b, out)};
      // Element sizes are 1, 2, 4, 8 and 16 (GF(2^128)) bytes.
      switch (width) {
      case 1:
        return selectByMask<uint8_t>(cond, a, b, st, 1, out);
      case 2:
        return selectByMask<uint16_t>(cond, a, b, st, 1, out);
      case 4:
        return selectByMask<uint32_t>(cond, a, b, st, 1, out);
      default:
        return selectByMask<uint64_t>(cond, a, b, st, width / 8, out);
      }
    });
  });
}

/// Reads element i of an integer tensor, sign- or zero-extended.
int64_t readInt(const Tensor &t, int64_t i, bool isSigned) {
  return visitInt(t.dtype(), [&](auto tag) -> int64_t {
    using T = decltype(tag);
    T v = t.data<T>()[i];
    if (t.dtype() == DType::I1)
      return isSigned ? -int64_t(v & 1) : int64_t(v & 1);
    return isSigned ? int64_t(v) : int64_t(Unsigned<T>(v));
  });
}

double readFloat(const Tensor &t, int64_t i) {
  return visitFloat(t.dtype(), [&](auto tag) -> double {
    return t.data<decltype(tag)>()[i];
  });
}

void writeInt(Tensor &t, int64_t i, int64_t v) {
  visitInt(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    t.data<T>()[i] = t.dtype() == DType::I1 ? T(v & 1) : T(v);
  });
}

void writeFloat(Tensor &t, int64_t i, double v) {
  visitFloat(t.dtype(), [&](auto tag) { t.data<decltype(tag)>()[i] = v; });
}

enum class CastKind { IntToInt, IntToFloat, FloatToInt, FloatToFloat };

/// Float to integer without C++'s undefined behaviour: arith makes results
/// out of range poison; they saturate here, and NaN gives 0.
int64_t floatToSigned(double v) {
  if (std::isnan(v))
    return 0;
  if (v >= 0x1p63)
    return std::numeric_limits<int64_t>::max();
  if (v < -0x1p63)
    return std::numeric_limits<int64_t>::min();
  return int64_t(v);
}
uint64_t floatToUnsigned(double v) {
  if (!(v > -1.0)) // NaN too
    return 0;
  if (v >= 0x1p64)
    return std::numeric_limits<uint64_t>::max();
  return uint64_t(v);
}

KernelFactory cast(CastKind kind, bool isSigned) {
  return [kind, isSigned](Operation *op, PlanBuilder &) {
    return makeKernel(
        op, [kind, isSigned](llvm::ArrayRef<Value> args, Tensor &out) {
          const Tensor &in = args[0].getTensor();
          for (int64_t i = 0, n = out.numElements(); i < n; ++i) {
            switch (kind) {
            case CastKind::IntToInt:
              writeInt(out, i, readInt(in, i, isSigned));
              break;
            case CastKind::IntToFloat:
              writeFloat(out, i,
                         isSigned ? double(readInt(in, i, true))
                                  : double(uint64_t(readInt(in, i, false))));
              break;
            case CastKind::FloatToInt:
              writeInt(out, i,
                       isSigned ? floatToSigned(readFloat(in, i))
                                : int64_t(floatToUnsigned(readFloat(in, i))));
              break;
            case CastKind::FloatToFloat:
              writeFloat(out, i, readFloat(in, i));
              break;
            }
          }
          return Status::ok();
        });
  };
}

void registerCasts(KernelRegistry &r) {
  r.add("arith.extsi", cast(CastKind::IntToInt, true));
  r.add("arith.extui", cast(CastKind::IntToInt, false));
  r.add("arith.trunci", cast(CastKind::IntToInt, true));
  r.add("arith.index_cast", cast(CastKind::IntToInt, true));
  r.add("arith.index_castui", cast(CastKind::IntToInt, false));
  r.add("arith.sitofp", cast(CastKind::IntToFloat, true));
  r.add("arith.uitofp", cast(CastKind::IntToFloat, false));
  r.add("arith.fptosi", cast(CastKind::FloatToInt, true));
  r.add("arith.fptoui", cast(CastKind::FloatToInt, false));
  r.add("arith.extf", cast(CastKind::FloatToFloat, true));
  r.add("arith.truncf", cast(CastKind::FloatToFloat, true));
  r.add("arith.bitcast", [](Operation *op, PlanBuilder &) {
    return makeKernel(op, [](llvm::ArrayRef<Value> args, Tensor &out) {
      std::memcpy(out.bytes(), args[0].getTensor().bytes(), out.numBytes());
      return Status::ok();
    });
  });
}

} // namespace

void mplang::rt::registerArithKernels(KernelRegistry &r) {
  r.add("arith.constant",
        [](Operation *op, PlanBuilder &) -> FailureOr<std::unique_ptr<Kernel>> {
          Value value;
          auto constant = cast<mlir::arith::ConstantOp>(op);
          if (Status s = valueFromAttribute(constant.getValue(),
                                            constant.getType(), value);
              !s.isOk())
            return op->emitOpError(s.message());
          return std::unique_ptr<Kernel>(
              new FnKernel([value](llvm::ArrayRef<Value>,
                                   llvm::MutableArrayRef<Value> results) {
                results[0] = value;
                return Status::ok();
              }));
        });
  registerIntegerOps(r);
  registerFloatOps(r);
  registerCompareAndSelect(r);
  registerCasts(r);
}
