//===- BFVKernels.cpp - bfv ops on the BFV library ------------------------===//
//
// Every kernel is heavy: even encoding runs NTTs. Each op's context comes
// from the parameters of its types, resolved once at plan time.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/BFV/Evaluator.h"
#include "mplang/Dialect/BFV/IR/BFVOps.h"
#include "mplang/Runtime/Dialects/BFV/BFVRuntime.h"
#include "mplang/Runtime/Dialects/BFV/BFVValues.h"
#include "mplang/Runtime/Elementwise.h"

using namespace mplang::rt;
using mplang::crypto::bfv::ContextPtr;

namespace {

using Args = llvm::ArrayRef<Value>;
using Results = llvm::MutableArrayRef<Value>;

/// The context of the parameter set all of `op`'s bfv types share.
FailureOr<ContextPtr> opContext(Operation *op) {
  mlir::bfv::ParamsAttr params;
  for (mlir::Type type : op->getResultTypes())
    params = params ? params : mlir::bfv::getParams(type);
  for (mlir::Type type : op->getOperandTypes())
    params = params ? params : mlir::bfv::getParams(type);
  if (!params)
    return op->emitOpError("has no bfv type to take parameters from");
  llvm::SmallVector<int> bits(params.getCoeffModulusBits());
  ContextPtr ctx;
  if (Status s = getBFVContext(params.getPolyModulusDegree(),
                               params.getPlainModulus(), bits, ctx);
      !s.isOk())
    return op->emitOpError(s.message());
  return ctx;
}

/// The value in operand `i`, checked to be of kind T and of the op's
/// parameters (a peer may send anything).
template <typename T>
Status getArg(Args args, unsigned i, const mplang::crypto::bfv::Context &ctx,
              const BFVValue<T> *&out) {
  const Value &arg = args[i];
  llvm::StringRef kind = BFVValue<T>::kindName();
  if (arg.isAbsent())
    return Status::error("operand #" + llvm::Twine(i) +
                         " is absent on this rank");
  if (!arg.isOpaque() || arg.getOpaque()->kind() != kind)
    return Status::error("operand #" + llvm::Twine(i) + " is not a " + kind);
  out = static_cast<const BFVValue<T> *>(arg.getOpaque().get());
  if (out->context()->fingerprint() != ctx.fingerprint())
    return Status::error("operand #" + llvm::Twine(i) +
                         " has other BFV parameters than the op");
  return Status::ok();
}

/// The library object in operand `i`, checked as above.
template <typename T>
Status getArg(Args args, unsigned i, const mplang::crypto::bfv::Context &ctx,
              const T *&out) {
  const BFVValue<T> *value = nullptr;
  Status s = getArg(args, i, ctx, value);
  if (s.isOk())
    out = &value->get();
  return s;
}

/// getArg for operands 0, 1, ... in order; stops at the first error.
template <typename... T>
Status getArgs(Args args, const mplang::crypto::bfv::Context &ctx,
               const T *&...out) {
  Status s = Status::ok();
  unsigned i = 0;
  (void(s.isOk() && !(s = getArg(args, i++, ctx, out)).isOk()), ...);
  return s;
}

template <typename T> Value wrap(const ContextPtr &ctx, T object) {
  return Value::opaque(
      std::make_shared<const BFVValue<T>>(ctx, std::move(object)));
}

/// Stores a library result, or turns its error into a run-time error.
template <typename T>
Status store(const ContextPtr &ctx, llvm::Expected<T> result, Value &out) {
  if (!result)
    return Status::error(llvm::toString(result.takeError()));
  out = wrap(ctx, std::move(*result));
  return Status::ok();
}

/// Builds `op`'s kernel from `make(op, ctx)`, a FnKernel::Fn.
template <typename Make> KernelFactory heavy(Make make) {
  return [make](Operation *op,
                PlanBuilder &) -> FailureOr<std::unique_ptr<Kernel>> {
    FailureOr<ContextPtr> ctx = opContext(op);
    if (failed(ctx))
      return failure();
    return std::unique_ptr<Kernel>(
        new FnKernel(make(op, *ctx), /*heavy=*/true));
  };
}

void registerKeyKernels(KernelRegistry &r) {
  r.add("bfv.keygen", heavy([](Operation *, ContextPtr ctx) {
          return [ctx](Args, Results results) -> Status {
            llvm::Expected<mplang::crypto::bfv::KeyGenerator> gen =
                mplang::crypto::bfv::KeyGenerator::create(ctx);
            if (!gen)
              return Status::error(llvm::toString(gen.takeError()));
            results[1] = wrap(ctx, gen->secretKey());
            return store(ctx, gen->createPublicKey(), results[0]);
          };
        }));
  r.add("bfv.make_relin_keys", heavy([](Operation *, ContextPtr ctx) {
          return [ctx](Args args, Results results) {
            const mplang::crypto::bfv::SecretKey *sk = nullptr;
            if (Status s = getArg(args, 0, *ctx, sk); !s.isOk())
              return s;
            return store(
                ctx,
                mplang::crypto::bfv::KeyGenerator(ctx, *sk).createRelinKeys(),
                results[0]);
          };
        }));
  r.add("bfv.make_galois_keys", heavy([](Operation *op, ContextPtr ctx) {
          std::optional<llvm::SmallVector<int64_t>> steps;
          if (auto attr = cast<mlir::bfv::MakeGaloisKeysOp>(op).getSteps())
            steps.emplace(*attr);
          return [ctx, steps](Args args, Results results) {
            const mplang::crypto::bfv::SecretKey *sk = nullptr;
            if (Status s = getArg(args, 0, *ctx, sk); !s.isOk())
              return s;
            mplang::crypto::bfv::KeyGenerator gen(ctx, *sk);
            return store(ctx,
                         steps ? gen.createGaloisKeys(*steps)
                               : gen.createGaloisKeys(),
                         results[0]);
          };
        }));
  r.add("bfv.create_encoder", heavy([](Operation *, ContextPtr ctx) {
          return [ctx](Args, Results results) {
            results[0] = wrap(ctx, mplang::crypto::bfv::BatchEncoder(ctx));
            return Status::ok();
          };
        }));
}

/// Row `row` of an integer matrix (or the whole vector) as slot values:
/// signed types as they are, unsigned ones reduced mod t first.
std::vector<int64_t> slotValues(const Tensor &t, int64_t row, int64_t length,
                                bool isUnsigned, uint64_t plainModulus) {
  std::vector<int64_t> values(length);
  visitInt(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T *in = t.data<T>() + row * length;
    for (int64_t i = 0; i < length; ++i)
      values[i] =
          isUnsigned
              ? int64_t(uint64_t(std::make_unsigned_t<T>(in[i])) % plainModulus)
              : int64_t(in[i]);
  });
  return values;
}

void registerEncodingKernels(KernelRegistry &r) {
  // encode and batch_encode: one plaintext per row (a vector is one row).
  auto encode = heavy([](Operation *op, ContextPtr ctx) {
    auto type = cast<mlir::RankedTensorType>(op->getOperand(0).getType());
    bool isUnsigned = type.getElementType().isUnsignedInteger();
    return [ctx, isUnsigned](Args args, Results results) {
      const mplang::crypto::bfv::BatchEncoder *encoder = nullptr;
      if (Status s = requireTensors(args.take_front()); !s.isOk())
        return s;
      if (Status s = getArg(args, 1, *ctx, encoder); !s.isOk())
        return s;
      const Tensor &in = args[0].getTensor();
      int64_t length = in.shape().back();
      for (size_t row = 0; row < results.size(); ++row) {
        std::vector<int64_t> values = slotValues(in, row, length, isUnsigned,
                                                 ctx->plainModulus().value());
        if (Status s = store(ctx, encoder->encode(values), results[row]);
            !s.isOk())
          return s;
      }
      return Status::ok();
    };
  });
  r.add("bfv.encode", encode);
  r.add("bfv.batch_encode", encode);
  r.add("bfv.decode", heavy([](Operation *op, ContextPtr ctx) {
          TensorLayout layout = *getLayout(op->getResult(0).getType());
          return [ctx, layout](Args args, Results results) {
            const mplang::crypto::bfv::Plaintext *pt = nullptr;
            const mplang::crypto::bfv::BatchEncoder *encoder = nullptr;
            if (Status s = getArgs(args, *ctx, pt, encoder); !s.isOk())
              return s;
            llvm::Expected<std::vector<int64_t>> slots = encoder->decode(*pt);
            if (!slots)
              return Status::error(llvm::toString(slots.takeError()));
            Tensor out(layout.dtype, layout.shape);
            // Each slot is truncated to the element's width; for i1 that
            // is bit 0, so that the byte holds 0 or 1 (docs/runtime.md).
            int64_t mask = layout.dtype == DType::I1 ? 1 : -1;
            visitInt(layout.dtype, [&](auto tag) {
              using T = decltype(tag);
              for (int64_t i = 0; i < out.numElements(); ++i)
                out.data<T>()[i] = T((*slots)[i] & mask);
            });
            results[0] = Value::tensor(std::move(out));
            return Status::ok();
          };
        }));
}

/// An op on operands of kinds A and B with one library object as result:
/// `make(op, ctx)` returns the function from the operands to that result.
template <typename A, typename B, typename Make>
KernelFactory onTwo(Make make) {
  return heavy([make](Operation *op, ContextPtr ctx) {
    auto run = make(op, ctx);
    return [ctx, run](Args args, Results results) {
      const A *a = nullptr;
      const B *b = nullptr;
      if (Status s = getArgs(args, *ctx, a, b); !s.isOk())
        return s;
      return store(ctx, run(*a, *b), results[0]);
    };
  });
}

void registerEncryptionKernels(KernelRegistry &r) {
  r.add("bfv.encrypt", onTwo<mplang::crypto::bfv::Plaintext, BFVPublicKey>(
                           [](Operation *, ContextPtr) {
                             return [](const mplang::crypto::bfv::Plaintext &pt,
                                       const BFVPublicKey &pk) {
                               return encryptorOf(pk).encrypt(pt);
                             };
                           }));
  r.add("bfv.encrypt_symmetric",
        onTwo<mplang::crypto::bfv::Plaintext, BFVSecretKey>(
            [](Operation *, ContextPtr) {
              return [](const mplang::crypto::bfv::Plaintext &pt,
                        const BFVSecretKey &sk) {
                return symmetricEncryptorOf(sk).encrypt(pt);
              };
            }));
  r.add("bfv.sanitize", onTwo<mplang::crypto::bfv::Ciphertext, BFVPublicKey>(
                            [](Operation *, ContextPtr) {
                              return
                                  [](const mplang::crypto::bfv::Ciphertext &ct,
                                     const BFVPublicKey &pk) {
                                    return encryptorOf(pk).sanitize(ct);
                                  };
                            }));
  r.add("bfv.decrypt", onTwo<mplang::crypto::bfv::Ciphertext, BFVSecretKey>(
                           [](Operation *, ContextPtr) {
                             return
                                 [](const mplang::crypto::bfv::Ciphertext &ct,
                                    const BFVSecretKey &sk) {
                                   return decryptorOf(sk).decrypt(ct);
                                 };
                           }));
}

using Result = llvm::Expected<mplang::crypto::bfv::Ciphertext>;
using CtCt = Result (mplang::crypto::bfv::Evaluator::*)(
    const mplang::crypto::bfv::Ciphertext &,
    const mplang::crypto::bfv::Ciphertext &) const;
using CtPt = Result (mplang::crypto::bfv::Evaluator::*)(
    const mplang::crypto::bfv::Ciphertext &,
    const mplang::crypto::bfv::Plaintext &) const;
using PtCt = Result (mplang::crypto::bfv::Evaluator::*)(
    const mplang::crypto::bfv::Plaintext &,
    const mplang::crypto::bfv::Ciphertext &) const;

/// A binary op on ciphertexts and plaintexts; the operand kinds are static.
/// Without `ptCt`, the op commutes and a plaintext lhs swaps with the rhs.
/// With `prepared`, a ciphertext times a plaintext uses the plaintext's
/// prepared form, kept with the value for the next ciphertext it multiplies.
KernelFactory binary(CtCt ctCt, CtPt ctPt, PtCt ptCt = nullptr,
                     bool prepared = false) {
  return heavy([=](Operation *op, ContextPtr ctx) {
    auto isCipher = [&](unsigned i) {
      return mlir::isa<mlir::bfv::CiphertextType>(op->getOperand(i).getType());
    };
    bool lhsCipher = isCipher(0), rhsCipher = isCipher(1);
    return [=, ev = mplang::crypto::bfv::Evaluator(ctx)](Args args,
                                                         Results results) {
      const mplang::crypto::bfv::Ciphertext *ca = nullptr, *cb = nullptr;
      const BFVPlaintext *pa = nullptr, *pb = nullptr;
      Status s =
          lhsCipher ? getArg(args, 0, *ctx, ca) : getArg(args, 0, *ctx, pa);
      if (s.isOk())
        s = rhsCipher ? getArg(args, 1, *ctx, cb) : getArg(args, 1, *ctx, pb);
      if (!s.isOk())
        return s;
      if (ca && cb)
        return store(ctx, (ev.*ctCt)(*ca, *cb), results[0]);
      if (pa && ptCt)
        return store(ctx, (ev.*ptCt)(pa->get(), *cb), results[0]);
      const mplang::crypto::bfv::Ciphertext &ct = ca ? *ca : *cb;
      const BFVPlaintext &pt = pb ? *pb : *pa;
      if (const mplang::crypto::bfv::PreparedPlaintext *p =
              prepared ? preparedOf(pt) : nullptr)
        return store(ctx, ev.mulPlain(ct, *p), results[0]);
      return store(ctx, (ev.*ctPt)(ct, pt.get()), results[0]);
    };
  });
}

void registerEvaluationKernels(KernelRegistry &r) {
  using E = mplang::crypto::bfv::Evaluator;
  r.add("bfv.add", binary(&E::add, &E::addPlain));
  r.add("bfv.sub", binary(&E::sub, &E::subPlain, &E::subFromPlain));
  r.add("bfv.mul", binary(&E::mul, &E::mulPlain, nullptr, /*prepared=*/true));
  using Ct = mplang::crypto::bfv::Ciphertext;
  r.add("bfv.relinearize",
        onTwo<Ct, mplang::crypto::bfv::RelinKeys>(
            [](Operation *, ContextPtr ctx) {
              return [ev = E(ctx)](const Ct &ct,
                                   const mplang::crypto::bfv::RelinKeys &rk) {
                return ev.relinearize(ct, rk);
              };
            }));
  r.add("bfv.mod_switch", heavy([](Operation *op, ContextPtr ctx) {
          auto drop = size_t(cast<mlir::bfv::ModSwitchOp>(op).getDrop());
          return [ctx, drop, ev = E(ctx)](Args args, Results results) {
            const Ct *ct = nullptr;
            if (Status s = getArg(args, 0, *ctx, ct); !s.isOk())
              return s;
            return store(ctx, ev.modSwitch(*ct, drop), results[0]);
          };
        }));
  r.add("bfv.rotate",
        onTwo<Ct, mplang::crypto::bfv::GaloisKeys>(
            [](Operation *op, ContextPtr ctx) {
              auto step = int64_t(cast<mlir::bfv::RotateOp>(op).getSteps());
              return [step, ev = E(ctx)](
                         const Ct &ct,
                         const mplang::crypto::bfv::GaloisKeys &gk) -> Result {
                if (step == 0)
                  return ct;
                return ev.rotateRows(ct, step, gk);
              };
            }));
  r.add("bfv.rotate_columns",
        onTwo<Ct, mplang::crypto::bfv::GaloisKeys>(
            [](Operation *, ContextPtr ctx) {
              return [ev = E(ctx)](const Ct &ct,
                                   const mplang::crypto::bfv::GaloisKeys &gk) {
                return ev.rotateColumns(ct, gk);
              };
            }));
}

} // namespace

void mplang::rt::registerBFVKernels(KernelRegistry &r) {
  registerBFVValueTypes();
  registerKeyKernels(r);
  registerEncodingKernels(r);
  registerEncryptionKernels(r);
  registerEvaluationKernels(r);
}
