//===- Kernel.h - op kernels and their registry -----------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_KERNEL_H
#define MPLANG_RUNTIME_KERNEL_H

#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringMap.h"
#include <functional>
#include <memory>

namespace mlir {
class Operation;
} // namespace mlir

namespace mplang::rt {

class Invocation;
class PlanBuilder;

/// Runs one op. Built once per op when its region is compiled, so it holds
/// everything it needs (attributes, nested plans) and never looks at the IR
/// while running.
class Kernel {
public:
  virtual ~Kernel();

  /// Synchronous kernels compute their results in place; others start work
  /// and finish their invocation later (messages, nested regions).
  virtual bool isSync() const { return true; }
  /// Heavy synchronous kernels run on the thread pool, not inline.
  virtual bool isHeavy() const { return false; }
  /// Whether an asynchronous kernel is finished from another thread (a
  /// message callback) rather than by the scheduling thread itself (a nested
  /// region). A failed run still waits for the former, never for the latter.
  virtual bool finishesElsewhere() const { return true; }

  /// For synchronous kernels.
  virtual Status compute(llvm::ArrayRef<Value> args,
                         llvm::MutableArrayRef<Value> results) const;
  /// For asynchronous kernels: must end with exactly one `inv.finish`.
  virtual void start(const std::shared_ptr<Invocation> &inv) const;
};

/// Builds the kernel of one op, or reports why it cannot (as an MLIR
/// diagnostic on the op) and fails.
using KernelFactory = std::function<mlir::FailureOr<std::unique_ptr<Kernel>>(
    mlir::Operation *op, PlanBuilder &plans)>;

/// Op name -> kernel factory. Each dialect's runtime package adds its
/// kernels (lib/Runtime/Dialects); `registerAllKernels` (InitAllKernels.h)
/// adds every package's.
class KernelRegistry {
public:
  void add(llvm::StringRef opName, KernelFactory factory) {
    factories[opName] = std::move(factory);
  }
  const KernelFactory *lookup(llvm::StringRef opName) const {
    auto it = factories.find(opName);
    return it == factories.end() ? nullptr : &it->second;
  }

private:
  llvm::StringMap<KernelFactory> factories;
};

/// A kernel from a function computing results from arguments.
class FnKernel : public Kernel {
public:
  using Fn = std::function<Status(llvm::ArrayRef<Value>,
                                  llvm::MutableArrayRef<Value>)>;
  explicit FnKernel(Fn fn, bool heavy = false)
      : fn(std::move(fn)), heavy(heavy) {}
  bool isHeavy() const override { return heavy; }
  Status compute(llvm::ArrayRef<Value> args,
                 llvm::MutableArrayRef<Value> results) const override {
    return fn(args, results);
  }

private:
  Fn fn;
  bool heavy;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_KERNEL_H
