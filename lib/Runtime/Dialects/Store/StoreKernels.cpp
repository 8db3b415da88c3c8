//===- StoreKernels.cpp - store.load and store.save -----------------------===//
//
// The store is the one of the rank running the op, found through its
// communicator: a worker has one store, the simulator one per rank.
//
//===----------------------------------------------------------------------===//

#include "StoreKernel.h"
#include "mplang/Runtime/Dialects/Store/StoreRuntime.h"

#include "mplang/Dialect/Store/IR/StoreOps.h"
#include "mplang/Runtime/Executor.h"

using namespace mplang::rt;

namespace {

using Factory = mlir::FailureOr<std::unique_ptr<Kernel>>;

/// Asynchronous only to reach the rank; it finishes within `start`.
class StoreKernel : public Kernel {
public:
  explicit StoreKernel(StoreCompute compute) : compute(std::move(compute)) {}
  bool isSync() const override { return false; }
  bool finishesElsewhere() const override { return false; }
  void start(const std::shared_ptr<Invocation> &inv) const override {
    int64_t rank = inv->comm().rank();
    std::shared_ptr<ObjectStore> objects = getObjectStore(rank);
    if (!objects)
      return inv->finish(Status::error("rank " + llvm::Twine(rank) +
                                       " has no object store"));
    inv->finish(compute(*objects, inv->args, inv->results));
  }

private:
  StoreCompute compute;
};

} // namespace

std::unique_ptr<Kernel> mplang::rt::makeStoreKernel(StoreCompute compute) {
  return std::make_unique<StoreKernel>(std::move(compute));
}

void mplang::rt::registerStoreKernels(KernelRegistry &r) {
  r.add("store.load", [](mlir::Operation *op, PlanBuilder &) -> Factory {
    auto load = mlir::cast<mlir::store::LoadOp>(op);
    return makeStoreKernel([uri = load.getUri().str(), type = load.getType()](
                               ObjectStore &objects, auto, auto results) {
      return objects.load(uri, type, results[0]);
    });
  });
  r.add("store.save", [](mlir::Operation *op, PlanBuilder &) -> Factory {
    auto save = mlir::cast<mlir::store::SaveOp>(op);
    return makeStoreKernel(
        [uri = save.getUri().str(), type = save.getValue().getType()](
            ObjectStore &objects, auto args, auto) {
          return objects.save(uri, args[0], type);
        });
  });
}
