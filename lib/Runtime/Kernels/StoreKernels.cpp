//===- StoreKernels.cpp - store.load and store.save -----------------------===//
//
// The store is the one of the rank running the op, found through its
// communicator: a worker has one store, the simulator one per rank.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Store/IR/StoreOps.h"
#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/Kernel.h"
#include "mplang/Runtime/Store/ObjectStore.h"

using namespace mplang::rt;
namespace store = mlir::store;

namespace {

using Factory = mlir::FailureOr<std::unique_ptr<Kernel>>;

/// Asynchronous only to reach the rank; it finishes within `start`.
class StoreKernel : public Kernel {
public:
  StoreKernel(std::string uri, mlir::Type type, bool isLoad)
      : uri(std::move(uri)), type(type), isLoad(isLoad) {}
  bool isSync() const override { return false; }
  bool finishesElsewhere() const override { return false; }
  void start(const std::shared_ptr<Invocation> &inv) const override {
    int64_t rank = inv->comm().rank();
    std::shared_ptr<ObjectStore> objects = getObjectStore(rank);
    if (!objects)
      return inv->finish(Status::error(uri + ": rank " + llvm::Twine(rank) +
                                       " has no object store"));
    inv->finish(isLoad ? objects->load(uri, type, inv->results[0])
                       : objects->save(uri, inv->args[0], type));
  }

private:
  std::string uri;
  mlir::Type type;
  bool isLoad;
};

} // namespace

void mplang::rt::registerStoreKernels(KernelRegistry &r) {
  r.add("store.load", [](mlir::Operation *op, PlanBuilder &) -> Factory {
    auto load = mlir::cast<store::LoadOp>(op);
    return std::unique_ptr<Kernel>(
        new StoreKernel(load.getUri().str(), load.getType(), true));
  });
  r.add("store.save", [](mlir::Operation *op, PlanBuilder &) -> Factory {
    auto save = mlir::cast<store::SaveOp>(op);
    return std::unique_ptr<Kernel>(
        new StoreKernel(save.getUri().str(), save.getValue().getType(), false));
  });
}
