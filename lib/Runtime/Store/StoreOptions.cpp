//===- StoreOptions.cpp - the object store's flags ------------------------===//

#include "mplang/Runtime/CommandLine.h"
#include "mplang/Runtime/Store/ObjectStore.h"

#include "llvm/Support/FileSystem.h"

using namespace mplang::rt;
namespace cl = llvm::cl;

namespace {
constexpr char kDataRoot[] = "data-root", kMaxMiB[] = "store-max-mib",
               kTtl[] = "store-ttl";

struct CLOptions {
  explicit CLOptions(cl::OptionCategory &category)
      : dataRoot(kDataRoot,
                 cl::desc("The directory of each party's fs:// objects (with "
                          "mplang-run, rank R's is DIR/rankR); without it "
                          "programs have no file access"),
                 cl::value_desc("DIR"), cl::cat(category)),
        maxMiB(kMaxMiB, cl::desc("Bytes of mem:// objects held at once (MiB)"),
               cl::init(ObjectStoreOptions().maxMemoryBytes >> 20),
               cl::cat(category)),
        ttl(kTtl,
            cl::desc("Seconds a mem:// object is kept after it was saved"),
            cl::init(ObjectStoreOptions().memoryTtlSeconds),
            cl::cat(category)) {}

  cl::opt<std::string> dataRoot;
  cl::opt<uint64_t> maxMiB;
  cl::opt<unsigned> ttl;
};
} // namespace

void ObjectStoreOptions::registerCLOptions(cl::OptionCategory &category) {
  flags::registerOnce<CLOptions>(category);
}

StatusOr<ObjectStoreOptions> ObjectStoreOptions::createFromCLOptions() {
  const CLOptions &o = flags::registered<CLOptions>();
  MPLANG_RETURN_IF_ERROR(
      flags::checkPositive({{&o.maxMiB, o.maxMiB}, {&o.ttl, o.ttl}}));
  const std::string &root = o.dataRoot;
  if (!root.empty() && !llvm::sys::fs::is_directory(root))
    return Status::invalidArgument("--data-root '" + root +
                                   "' is not a directory");
  return ObjectStoreOptions{root, o.maxMiB << 20, o.ttl};
}

void ObjectStoreOptions::appendArgs(std::vector<std::string> &args) const {
  if (!dataRoot.empty())
    flags::append(args, kDataRoot, dataRoot);
  flags::append(args, kMaxMiB, llvm::Twine(maxMemoryBytes >> 20));
  flags::append(args, kTtl, llvm::Twine(memoryTtlSeconds));
}
